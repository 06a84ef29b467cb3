import { filtersToSearchParams, type SiteFilters } from './filters.ts';
import type { LatLng } from './geo.ts';
import { searchToSearchParams } from './site-search.ts';

/**
 * A large directory's list asks the server for its rows (docs/product.md R716–R719): the page and the
 * browser build the same GET /api/search query for the same choices with this one function, so that
 * the page the server rendered and the browser's query cache hold the same answer under the same key.
 * Pure and small: the public first bundle imports it.
 */

/** The rows one answer brings, and each "Show more" adds (R717). */
export const SEARCH_LIST_PAGE = 25;

const roundDegrees = (value: number) => Math.round(value * 10_000) / 10_000;

/** A point rounded to about 10 m, as the search is asked it: a phone's position changes by metres, the answer stays memoised. */
export function searchPoint(origin: LatLng): LatLng {
  return { lat: roundDegrees(origin.lat), lng: roundDegrees(origin.lng) };
}

/**
 * The query of GET /api/search (without `offset`) for the page's filters and name search, nearest first
 * from `origin` (the visitor's position or the near box's place; the near text itself is not sent),
 * each row with its whole site (`include=site`).
 */
export function directorySearchQuery(
  filters: SiteFilters,
  q: string | undefined,
  origin: LatLng | null | undefined,
): string {
  const params = filtersToSearchParams(filters, searchToSearchParams(q ? { q } : {}));
  if (origin) {
    const point = searchPoint(origin);
    params.set('lat', String(point.lat));
    params.set('lng', String(point.lng));
  }
  params.set('limit', String(SEARCH_LIST_PAGE));
  params.set('include', 'site');
  return params.toString();
}

/**
 * The query of GET /api/search/map for the page's filters and name search (docs/product.md R730): the
 * map shows every matching site whatever the list's order or how many rows it shows.
 */
export function directoryMapQuery(filters: SiteFilters, q: string | undefined): string {
  return filtersToSearchParams(filters, searchToSearchParams(q ? { q } : {})).toString();
}
