import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#client/lib/api.ts';
import { apiPaths } from '#shared/api-paths.ts';
import { preloadKeys } from '#shared/app-data.ts';
import type { ReferenceItem, ReferenceListName } from '#shared/schemas/reference-lists.ts';

/** Keys start with the list's API name, so whoever edits a list can invalidate `[list]`. */
export const referenceListKeys = {
  all: (list: ReferenceListName) => [list] as const,
  list: (list: ReferenceListName) => preloadKeys.list(list),
};

/** GET /api/{list}: one of the five reference lists (nutrition partners, populations, …), by name. */
function getReferenceList(list: ReferenceListName, signal?: AbortSignal) {
  return api<ReferenceItem[]>(apiPaths.list(list), { signal });
}

export function referenceListQuery(list: ReferenceListName) {
  return queryOptions({
    queryKey: referenceListKeys.list(list),
    queryFn: ({ signal }) => getReferenceList(list, signal),
  });
}

export function useReferenceList(list: ReferenceListName) {
  return useQuery(referenceListQuery(list));
}
