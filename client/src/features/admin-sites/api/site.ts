import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { afterAdminWrite } from '#client/lib/after-admin-write.ts';
import { ApiError, api } from '#client/lib/api.ts';
import { apiPaths } from '#shared/api-paths.ts';
import type { Site } from '#shared/schemas/sites.ts';

export const adminSiteKey = (id: number) => ['admin', 'sites', id] as const;

/**
 * The site being edited, always fetched fresh when the form opens and never refetched behind the
 * admin's back: the form is rebuilt only when this data changes, i.e. on open and on 'Reload'.
 */
export function useAdminSite(id: number | undefined) {
  return useQuery({
    queryKey: adminSiteKey(id ?? 0),
    queryFn: ({ signal }) => api<Site>(apiPaths.site(id!), { signal }),
    enabled: id !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnMount: 'always',
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });
}

/** POST /api/sites or PATCH /api/sites/{id} with the version (409 when stale). */
export function useSaveSite(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      id === undefined
        ? api<Site>(apiPaths.sites, { method: 'POST', body })
        : api<Site>(apiPaths.site(id), { method: 'PATCH', body }),
    onSuccess: () => afterAdminWrite(client),
  });
}

/** DELETE /api/sites/{id}?version= (409 when someone changed it since it was loaded). */
export function useDeleteSite(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (version: number) =>
      api<void>(`${apiPaths.site(id)}?version=${version}`, { method: 'DELETE' }),
    onSuccess: () => afterAdminWrite(client),
  });
}
