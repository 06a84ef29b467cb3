import { useQueries } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { ApiError, api, httpErrorMessage } from '#client/lib/api.ts';
import { apiPaths } from '#shared/api-paths.ts';
import { preloadKeys } from '#shared/app-data.ts';
import { SEARCH_LIST_PAGE } from '#shared/directory-query.ts';
import type { Dish } from '#shared/menus.ts';
import type { SiteSearchAnswer } from '#shared/schemas/site-search.ts';
import type { Site } from '#shared/schemas/sites.ts';
import type { PagedList } from '../components/sites-list.tsx';

/** GET /api/search from `offset`; a non-OK answer becomes an ApiError carrying that message, and is logged. */
async function searchPage(query: string, offset: number, signal?: AbortSignal): Promise<SiteSearchAnswer> {
  try {
    return await api<SiteSearchAnswer>(`${apiPaths.search}?${query}&offset=${offset}`, { signal });
  } catch (error) {
    const failure =
      error instanceof ApiError ? new ApiError(error.status, httpErrorMessage(error.status)) : error;
    console.error(failure);
    throw failure;
  }
}

/** A large directory's list so far, as the screens read it (the shape of a query's result). */
export interface SearchedSites {
  /** The answers of the pages asked for so far, in order; undefined until the first one is known. */
  data: SiteSearchAnswer[] | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  isFetching: boolean;
  refetch: () => void;
  /** Asks for the next page (each "Show more"). */
  fetchNextPage: () => void;
  isFetchingNextPage: boolean;
}

/**
 * A large directory's list (docs/product.md R716–R719): the pages of GET /api/search for one query
 * (`directorySearchQuery`), each a query of its own keyed by its offset — the first embedded by the
 * server — each "Show more" one more. A new query keeps the pages of the last one on screen until its
 * first page arrives (no empty flash between filters). `query` null: the directory is sent whole,
 * nothing is asked. `start`: the pages the address asks for (`shownPages`, R721), which the server
 * rendered and embedded, so the browser starts with the same rows.
 */
export function useSearchedSites(query: string | null, start = 1): SearchedSites {
  const [asked, setAsked] = useState({ query, pages: start });
  const pages = asked.query === query ? asked.pages : start;
  const results = useQueries({
    queries:
      query === null
        ? []
        : Array.from({ length: pages }, (_, page) => ({
            queryKey: preloadKeys.search(query, page * SEARCH_LIST_PAGE),
            queryFn: ({ signal }: { signal: AbortSignal }) =>
              searchPage(query, page * SEARCH_LIST_PAGE, signal),
          })),
  });
  // The pages known from the first on: a page after one still coming is not shown yet.
  const known: SiteSearchAnswer[] = [];
  for (const result of results) {
    if (!result.data) break;
    known.push(result.data);
  }
  // The same array while the same answers are known (answers are immutable): rows are not rebuilt.
  const same = useRef<SiteSearchAnswer[]>([]);
  if (known.length !== same.current.length || known.some((answer, index) => answer !== same.current[index]))
    same.current = known;
  const count = known.length;
  const current = count > 0 ? same.current : undefined;
  // The last query's pages while a new query's first page is on its way.
  const shown = useRef<SiteSearchAnswer[] | undefined>(undefined);
  if (current) shown.current = current;
  const first = results[0];
  const fetchNextPage = useCallback(() => setAsked({ query, pages: pages + 1 }), [query, pages]);
  const refetch = useCallback(() => {
    for (const result of results) if (result.isError) void result.refetch();
  }, [results]);
  return {
    data: current ?? shown.current,
    isPending: !current && !shown.current && (first?.isPending ?? true),
    isError: results.some((result) => result.isError),
    error: results.find((result) => result.error)?.error ?? null,
    isFetching: results.some((result) => result.isFetching),
    refetch,
    fetchNextPage,
    isFetchingNextPage: pages > 1 && count < pages && !results.slice(count).some((result) => result.isError),
  };
}

/**
 * The rows of the searched pages so far, in the list's order, and what the list needs to page them
 * (SitesList `paged`): the total, the server's miles, "Show more", each row's dish. Undefined while
 * nothing arrived or when the directory is sent whole (`onServer` false).
 */
export function usePagedSites(
  searched: SearchedSites,
  onServer: boolean,
): {
  sites: Site[] | undefined;
  paged: PagedList | undefined;
  dishOf: ((site: Site) => Dish | undefined) | undefined;
} {
  const answers = onServer ? searched.data : undefined;
  const { fetchNextPage, isFetchingNextPage } = searched;
  const sites = useMemo(
    () => answers?.flatMap((answer) => answer.sites.flatMap((row) => (row.site ? [row.site] : []))),
    [answers],
  );
  // Each row's dish of today as the server chose it for the query (the diet asked for first, R685).
  const dishOf = useMemo(() => {
    if (!answers) return undefined;
    const dishes = new Map<number, Dish>();
    for (const answer of answers)
      for (const row of answer.sites) if (row.dish) dishes.set(row.id, row.dish as Dish);
    return (site: Site) => dishes.get(site.id);
  }, [answers]);
  const paged = useMemo(() => {
    if (!answers) return undefined;
    const miles = new Map<number, number>();
    for (const answer of answers)
      for (const row of answer.sites) if (row.miles !== undefined) miles.set(row.id, row.miles);
    return {
      total: answers[0]?.total ?? 0,
      milesOf: (site: Site) => miles.get(site.id),
      more: fetchNextPage,
      loadingMore: isFetchingNextPage,
    };
  }, [answers, fetchNextPage, isFetchingNextPage]);
  return { sites, paged, dishOf };
}
