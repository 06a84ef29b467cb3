import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { afterAdminWrite } from '#client/lib/after-admin-write.ts';
import { api } from '#client/lib/api.ts';
import { apiPaths } from '#shared/api-paths.ts';
import type { HolidayDecision, HolidayOccurrence } from '#shared/schemas/closures.ts';
import type { Closure } from '../model/closures.ts';

const CLOSURES = apiPaths.closures;
const closurePath = apiPaths.closure;

/** Every closure query the staff screens hold: all of them are refreshed after any change. */
const closuresRoot = ['admin', 'closures'] as const;
const closuresKey = (siteId?: number) => [...closuresRoot, siteId ?? 'all'] as const;

/**
 * Current and upcoming closures staff recorded (of one site, all-sites ones included, when `siteId` is
 * given). The agency's holidays in the same answer are left out: they are computed, and decided on in
 * the holiday calendar (`useHolidays`).
 */
export function useClosures(siteId?: number, enabled = true) {
  return useQuery({
    queryKey: closuresKey(siteId),
    queryFn: async ({ signal }) =>
      (
        await api<(Closure & { holiday?: unknown })[]>(
          siteId === undefined ? CLOSURES : apiPaths.siteClosures(siteId),
          { signal },
        )
      ).filter((closure) => closure.holiday === undefined),
    enabled,
    staleTime: 0,
  });
}

/** The agency's holidays of the next twelve months with staff's decisions (docs/product.md R441). */
export function useHolidays() {
  return useQuery({
    queryKey: [...closuresRoot, 'holidays'],
    queryFn: ({ signal }) => api<HolidayOccurrence[]>(apiPaths.holidays, { signal }),
    staleTime: 0,
  });
}

/** Records staff's decision on one occurrence (the whole decision, with the version last read). */
export function useDecideHoliday() {
  const after = useAfterClosureWrite();
  return useMutation({
    mutationFn: ({ occurrence, decision }: { occurrence: HolidayOccurrence; decision: HolidayDecision }) =>
      api<HolidayOccurrence>(apiPaths.holiday(occurrence.key, occurrence.date), {
        method: 'PUT',
        body: { ...decision, version: occurrence.version },
      }),
    onSettled: after,
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
