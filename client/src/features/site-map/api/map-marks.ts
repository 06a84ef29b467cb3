import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '#client/lib/api.ts';
import { apiPaths } from '#shared/api-paths.ts';
import { preloadKeys } from '#shared/app-data.ts';
import type { SiteMapAnswer } from '#shared/schemas/site-search.ts';
import type { Site } from '#shared/schemas/sites.ts';

/**
 * The map of a large directory asks the server (docs/product.md R730–R736,
 * docs/decisions/071-map-groups-from-the-server.md): the total, the sites without a position and the
 * bounds of a search first, then the groups and sites of each view.
 */

/** A view the map asks for: west, south, east, north in degrees and a whole zoom. */
export interface MapViewQuery {
  bounds: [number, number, number, number];
  zoom: number;
}

/** `search` (filters and name search, no paging) with the view's keys, coordinates to about a metre. */
export function mapMarksPath(search: string, view?: MapViewQuery): string {
  const params = new URLSearchParams(search);
  if (view) {
    const [west, south, east, north] = view.bounds.map((value) => String(Math.round(value * 1e5) / 1e5));
    params.set('west', west!);
    params.set('south', south!);
    params.set('east', east!);
    params.set('north', north!);
    params.set('zoom', String(view.zoom));
  }
  const query = params.toString();
  return query ? `${apiPaths.searchMap}?${query}` : apiPaths.searchMap;
}

/** GET /api/search/map for a view (or none: the total, the unplaced and the bounds only). */
export function getMapMarks(search: string, view: MapViewQuery | undefined, signal?: AbortSignal) {
  return api<SiteMapAnswer>(mapMarksPath(search, view), { signal });
}

/** The total, the sites without a position and the bounds of a search (R736): what the page knows before the map. */
export function useMapSummary(search: string | undefined) {
  return useQuery({
    queryKey: preloadKeys.searchMap(search ?? ''),
    queryFn: ({ signal }) => getMapMarks(search ?? '', undefined, signal),
    enabled: search !== undefined,
    placeholderData: keepPreviousData,
    // A search answer is memoised on the server; the page keeps it while the visitor stays.
    staleTime: 60_000,
  });
}

/**
 * One site's details for its popup (R735): GET /api/sites/{id} under the site page's own cache key
 * (`preloadKeys.site`, the key of `useSite` in features/sites/api/get-site.ts, which a feature may not
 * import: docs/architecture.md §2.2), so a site opened on the map is already loaded on its page and the
 * other way round.
 */
export function useMapSite(id: number) {
  return useQuery({
    queryKey: preloadKeys.site(id),
    queryFn: ({ signal }) => api<Site>(apiPaths.site(id), { signal }),
    retry: 1,
  });
}
