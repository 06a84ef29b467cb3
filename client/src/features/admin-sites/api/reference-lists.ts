import { useQueries } from '@tanstack/react-query';
import { api } from '#client/lib/api.ts';
import { apiPaths } from '#shared/api-paths.ts';
import {
  REFERENCE_LIST_NAMES,
  type ReferenceItem,
  type ReferenceListName,
} from '#shared/schemas/reference-lists.ts';

/** The five lists the site form offers as checklists; fetched each time the form opens. */
export function useReferenceLists() {
  const results = useQueries({
    queries: REFERENCE_LIST_NAMES.map((list) => ({
      queryKey: ['admin', 'lists', list] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => api<ReferenceItem[]>(apiPaths.list(list), { signal }),
      staleTime: 0,
    })),
  });
  const items = Object.fromEntries(
    REFERENCE_LIST_NAMES.map((list, index) => [list, results[index]?.data]),
  ) as Record<ReferenceListName, ReferenceItem[] | undefined>;
  return {
    items,
    pending: results.some((r) => r.isPending),
    error: results.find((r) => r.error)?.error ?? null,
    refetch: () => Promise.all(results.map((r) => r.refetch())),
  };
}
