import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { afterAdminWrite } from '#client/lib/after-admin-write.ts';
import { ApiError, api } from '#client/lib/api.ts';
import { apiPaths, apiRoutes, fillPath } from '#shared/api-paths.ts';
import type { ReferenceItem, ReferenceListName } from '#shared/schemas/reference-lists.ts';

/** One generic client for the five lists (docs/architecture.md §4.2): only the list name varies. */
const adminItemKey = (list: ReferenceListName, id: number) => ['admin', list, id] as const;

/** The item being edited: fetched fresh when the form opens, refetched only on 'Reload'. */
export function useReferenceItem(list: ReferenceListName, id: number | undefined) {
  return useQuery({
    queryKey: adminItemKey(list, id ?? 0),
    queryFn: ({ signal }) => api<ReferenceItem>(apiPaths.listItem(list, id!), { signal }),
    enabled: id !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnMount: 'always',
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });
}

/** POST /api/{list} or PATCH /api/{list}/{id} with the version (409 when stale). */
export function useSaveReferenceItem(list: ReferenceListName, id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      id === undefined
        ? api<ReferenceItem>(apiPaths.list(list), { method: 'POST', body })
        : api<ReferenceItem>(apiPaths.listItem(list, id), { method: 'PATCH', body }),
    onSuccess: () => afterAdminWrite(client),
  });
}

/** How many sites use the item, asked just before deleting it (docs/product.md R59). */
export function fetchUsage(list: ReferenceListName, id: number) {
  return api<{ sites: number }>(fillPath(apiRoutes.listItemUsage(list), { id }));
}

/** DELETE /api/{list}/{id}?version= — the item leaves every site that used it. */
export function useDeleteReferenceItem(list: ReferenceListName, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (version: number) =>
      api<void>(`${apiPaths.listItem(list, id)}?version=${version}`, { method: 'DELETE' }),
    onSuccess: () => afterAdminWrite(client),
  });
}
