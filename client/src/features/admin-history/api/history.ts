import { useQueries, useQuery } from '@tanstack/react-query';
import { api } from '#client/lib/api.ts';
import { apiPaths } from '#shared/api-paths.ts';
import { REFERENCE_LIST_NAMES, REFERENCE_LISTS, type ReferenceListName } from '#shared/reference-lists.ts';
import { HISTORY_PAGE_SIZE, type HistoryEntry, type RestoredVersion } from '#shared/schemas/history.ts';
import type { ReferenceItem } from '#shared/schemas/reference-lists.ts';

/** Whose history a screen shows: a site, or an item of one of the reference lists. */
export type HistoryRecord =
  | { kind: 'site'; id: number }
  | { kind: 'item'; list: ReferenceListName; id: number };

/** The record's fields the screen needs: its name (the heading) and its version (the restore's lock). */
export interface RecordHead {
  id: number;
  name: string;
  version: number;
}

export const historyPaths = (record: HistoryRecord) =>
  record.kind === 'site'
    ? {
        record: apiPaths.site(record.id),
        history: apiPaths.siteHistory(record.id),
        restore: (historyId: number) => apiPaths.siteHistoryRestore(record.id, historyId),
        form: `/sites/${record.id}/edit`,
      }
    : {
        record: apiPaths.listItem(record.list, record.id),
        history: apiPaths.listItemHistory(record.list, record.id),
        restore: (historyId: number) => apiPaths.listItemHistoryRestore(record.list, record.id, historyId),
        form: `/${REFERENCE_LISTS[record.list].adminSegment}/${record.id}/edit`,
      };

/** The same key as the forms' "Last updated" line, so a restore refreshes both. */
export const historyKey = (path: string) => ['admin', 'history', path] as const;
export const recordKey = (path: string) => ['admin', 'history-record', path] as const;

export function useHistory(path: string) {
  return useQuery({
    queryKey: historyKey(path),
    queryFn: ({ signal }) => api<HistoryEntry[]>(path, { signal }),
    staleTime: 0,
  });
}

/**
 * The entries older than `before` (an entry shown), newest first, a page of HISTORY_PAGE_SIZE
 * (docs/product.md R744); fewer than a page means none is left.
 */
export function olderHistory(path: string, before: number) {
  return api<HistoryEntry[]>(`${path}?before=${before}`);
}
export { HISTORY_PAGE_SIZE };

export function useRecordHead(path: string) {
  return useQuery({
    queryKey: recordKey(path),
    queryFn: ({ signal }) => api<RecordHead>(path, { signal }),
    staleTime: 0,
  });
}

/**
 * The five lists, to name a site's list items in the reader's language: the same queries as the site
 * form's checklists (their key), so opening the history from the form fetches nothing new.
 */
export function useListItems(enabled: boolean) {
  const results = useQueries({
    queries: REFERENCE_LIST_NAMES.map((list) => ({
      queryKey: ['admin', 'lists', list] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => api<ReferenceItem[]>(apiPaths.list(list), { signal }),
      staleTime: 0,
      enabled,
    })),
  });
  return Object.fromEntries(
    REFERENCE_LIST_NAMES.map((list, index) => [list, results[index]?.data]),
  ) as Partial<Record<ReferenceListName, ReferenceItem[] | undefined>>;
}

/** POST …/history/{historyId}/restore with the version the screen shows (docs/product.md R562). */
export function restoreVersion(path: string, version: number) {
  return api<RestoredVersion<RecordHead>>(path, { method: 'POST', body: { version } });
}
