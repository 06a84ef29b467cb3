import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ApiError, api, httpErrorMessage } from '#client/lib/api.ts';
import { apiPaths } from '#shared/api-paths.ts';
import { preloadKeys } from '#shared/app-data.ts';
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

/**
 * A large directory's list (docs/product.md R716–R719): the pages of GET /api/search for one query
 * (`directorySearchQuery`), the first embedded by the server, each "Show more" the next. A new query
 * keeps the rows of the last one on screen until its answer arrives (no empty flash between filters).
 * `query` null: the directory is sent whole, nothing is asked.
 */
export function useSearchedSites(query: string | null) {
  return useInfiniteQuery({
    queryKey: preloadKeys.search(query ?? ''),
    queryFn: ({ pageParam, signal }) => searchPage(query ?? '', pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) =>
      last.offset + last.sites.length < last.total ? last.offset + last.sites.length : undefined,
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * The rows of the searched pages so far, in the list's order, and what the list needs to page them
 * (SitesList `paged`): the total, the server's miles, "Show more". Undefined while nothing arrived or
 * when the directory is sent whole (`onServer` false).
 */
export function usePagedSites(
  searched: ReturnType<typeof useSearchedSites>,
  onServer: boolean,
): {
  sites: Site[] | undefined;
  paged: PagedList | undefined;
  dishOf: ((site: Site) => Dish | undefined) | undefined;
} {
  const answers = onServer ? searched.data?.pages : undefined;
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
      more: () => void fetchNextPage(),
      loadingMore: isFetchingNextPage,
    };
  }, [answers, fetchNextPage, isFetchingNextPage]);
  return { sites, paged, dishOf };
}
