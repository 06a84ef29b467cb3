import { useQuery } from '@tanstack/react-query';
import { ApiError, api, httpErrorMessage } from '#client/lib/api.ts';
import { apiPaths } from '#shared/api-paths.ts';
import { preloadKeys } from '#shared/app-data.ts';
import type { Site } from '#shared/schemas/sites.ts';

export const sitesKeys = {
  all: ['sites'] as const,
  // The server embeds these two in the page under the same keys (shared/app-data.ts).
  list: () => preloadKeys.sites,
  detail: (id: number) => preloadKeys.site(id),
};

/** GET /api/sites. A non-OK answer becomes an ApiError carrying that message, and is logged. */
async function getSites(signal?: AbortSignal): Promise<Site[]> {
  try {
    return await api<Site[]>(apiPaths.sites, { signal });
  } catch (error) {
    const failure =
      error instanceof ApiError ? new ApiError(error.status, httpErrorMessage(error.status)) : error;
    console.error(failure);
    throw failure;
  }
}

/**
 * Every site, alphabetical (the server's order); the server's embedded copy is already in the cache.
 * `enabled` false: not asked (a large directory's pages ask for one page of rows instead, R716).
 */
export function useSites(enabled = true) {
  return useQuery({ queryKey: sitesKeys.list(), queryFn: ({ signal }) => getSites(signal), enabled });
}
