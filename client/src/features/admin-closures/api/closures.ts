import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { afterAdminWrite } from '#client/lib/after-admin-write.ts';
import { api } from '#client/lib/api.ts';
import { apiPaths } from '#shared/api-paths.ts';
import type { Closure } from '../model/closures.ts';

const CLOSURES = apiPaths.closures;
const closurePath = apiPaths.closure;

/** Every closure query the staff screens hold: all of them are refreshed after any change. */
const closuresRoot = ['admin', 'closures'] as const;
const closuresKey = (siteId?: number) => [...closuresRoot, siteId ?? 'all'] as const;

/** Current and upcoming closures (of one site, all-sites ones included, when `siteId` is given). */
export function useClosures(siteId?: number, enabled = true) {
  return useQuery({
    queryKey: closuresKey(siteId),
    queryFn: ({ signal }) =>
      api<Closure[]>(siteId === undefined ? CLOSURES : apiPaths.siteClosures(siteId), { signal }),
    enabled,
    staleTime: 0,
  });
}

function useAfterClosureWrite() {
  const client = useQueryClient();
  return async () => {
    await Promise.all([client.invalidateQueries({ queryKey: closuresRoot }), afterAdminWrite(client)]);
  };
}

export function useAddClosure() {
  const after = useAfterClosureWrite();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => api<Closure>(CLOSURES, { method: 'POST', body }),
    onSuccess: after,
  });
}

/** Several closures in a row (the chosen holidays): one POST each, stopping at the first failure. */
export function useAddClosures() {
  const after = useAfterClosureWrite();
  return useMutation({
    mutationFn: async (bodies: Record<string, unknown>[]) => {
      const added: Closure[] = [];
      for (const body of bodies) added.push(await api<Closure>(CLOSURES, { method: 'POST', body }));
      return added;
    },
    onSettled: after,
  });
}

/**
 * Takes a closure off: DELETE it, or, when it names other sites too and only `siteId` should be
 * freed, PATCH its siteIds without that site.
 */
export function useRemoveClosure(siteId?: number) {
  const after = useAfterClosureWrite();
  return useMutation({
    mutationFn: async (closure: Closure) => {
      const others = closure.siteIds.filter((id) => id !== siteId);
      if (siteId !== undefined && !closure.allSites && others.length > 0) {
        await api<Closure>(closurePath(closure.id), { method: 'PATCH', body: { siteIds: others } });
      } else {
        await api<void>(closurePath(closure.id), { method: 'DELETE' });
      }
    },
    onSuccess: after,
  });
}
