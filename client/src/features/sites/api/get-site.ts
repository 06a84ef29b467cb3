import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '#client/lib/api.ts';
import { apiPaths } from '#shared/api-paths.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { sitesKeys } from './get-sites.ts';

/** GET /api/sites/{id}. */
export function getSite(id: number, signal?: AbortSignal) {
  return api<Site>(apiPaths.site(id), { signal });
}

export function isNotFound(error: unknown) {
  return error instanceof ApiError && error.status === 404;
}

/**
 * One site. While it loads, the row already in the sites list (when the visitor came from it) is shown,
 * so the page appears at once. A 404 is an answer, not a glitch: it is not retried.
 */
export function useSite(id: number | undefined) {
  const client = useQueryClient();
  return useQuery({
    queryKey: sitesKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getSite(id!, signal),
    enabled: id !== undefined,
    placeholderData: () => client.getQueryData<Site[]>(sitesKeys.list())?.find((site) => site.id === id),
    retry: (failures, error) => !isNotFound(error) && failures < 1,
  });
}
