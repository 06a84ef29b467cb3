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

/** The address's count of rows shown (`/sites?shown=50`, docs/product.md R721): the link "Show more" follows without JavaScript. */
export const SHOWN_KEY = 'shown';

/** At most this many rows in one page the server renders (R722): 20 answers of the search. */
export const SHOWN_MAX = 500;

/**
 * The pages of rows an address asks to show: `shown` rounded up to whole pages, at least 1 and at most
 * SHOWN_MAX's; a value that is not a number, or less than 1, is ignored (1 page), as the page ignores
 * any value it does not know. The server renders these pages and the browser starts with them.
 */
export function shownPages(params: URLSearchParams): number {
  const pages = Math.ceil(Number(params.get(SHOWN_KEY)) / SEARCH_LIST_PAGE);
  return pages > 1 ? Math.min(pages, SHOWN_MAX / SEARCH_LIST_PAGE) : 1;
}

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
