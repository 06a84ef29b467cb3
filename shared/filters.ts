import { parseId } from './ids.ts';
import {
  type ListFilterKey,
  REFERENCE_LIST_NAMES,
  REFERENCE_LISTS,
  type ReferenceListName,
  type SiteListKey,
} from './reference-lists.ts';
import type { ReferenceItem } from './schemas/reference-lists.ts';

/** A filter of the locations page: its query key, the list it picks from, and that list's key on a site. */
export type SiteFilter = {
  [L in ReferenceListName]: {
    key: (typeof REFERENCE_LISTS)[L]['filterKey'];
    list: L;
    siteKey: (typeof REFERENCE_LISTS)[L]['siteKey'];
  };
}[ReferenceListName];

/**
 * The filters of the locations page (docs/product.md R19–R21), one per reference list in the
 * registry's order: each is unset or one id, cleared by its "All …" option or its own Clear button
 * (docs/product.md R134), active filters combine with AND, and the state lives in the URL
 * (`/sites?population=3&service=2`).
 */
export const SITE_FILTERS: readonly SiteFilter[] = REFERENCE_LIST_NAMES.map(
  (list) =>
    ({ key: REFERENCE_LISTS[list].filterKey, list, siteKey: REFERENCE_LISTS[list].siteKey }) as SiteFilter,
);

type FilterKey = ListFilterKey;

/** 'now': sites open at this moment; 'today': sites that are open, or still to open, today (agency clock). */
export type OpenFilter = 'now' | 'today';
export const OPEN_FILTERS: readonly OpenFilter[] = ['now', 'today'];
/** The query key of the opening filter: `/sites?open=now`. */
export const OPEN_KEY = 'open';

export type SiteFilters = Partial<Record<FilterKey, number>> & { open?: OpenFilter };
export const FILTER_KEYS: readonly FilterKey[] = SITE_FILTERS.map((filter) => filter.key);

/** Reads the filters from a query string; anything that is not a positive id is ignored. */
export function filtersFromSearchParams(params: URLSearchParams): SiteFilters {
  const filters: SiteFilters = {};
  for (const key of FILTER_KEYS) {
    const id = parseId(params.get(key));
    if (id !== undefined) filters[key] = id;
  }
  const open = params.get(OPEN_KEY);
  if (open && (OPEN_FILTERS as readonly string[]).includes(open)) filters.open = open as OpenFilter;
  return filters;
}

/**
 * Writes the filters into a copy of `base`, keeping its other parameters (such as `lng`), in the fixed
 * order of SITE_FILTERS so one filter state always has one URL.
 */
export function filtersToSearchParams(
  filters: SiteFilters,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of FILTER_KEYS) params.delete(key);
  params.delete(OPEN_KEY);
  for (const key of FILTER_KEYS) {
    const id = filters[key];
    if (id !== undefined) params.set(key, String(id));
  }
  if (filters.open) params.set(OPEN_KEY, filters.open);
  return params;
}

/** Choosing an option sets the filter; no option (the "All …" option, or Clear) clears it. */
export function setFilter(filters: SiteFilters, key: FilterKey, id: number | undefined): SiteFilters {
  const next = { ...filters };
  if (id === undefined) delete next[key];
  else next[key] = id;
  return next;
}

/** Sets or clears the opening filter (undefined clears it). */
export function setOpenFilter(filters: SiteFilters, open: OpenFilter | undefined): SiteFilters {
  const next = { ...filters };
  if (open === undefined) delete next.open;
  else next.open = open;
  return next;
}

export function hasActiveFilters(filters: SiteFilters): boolean {
  return filters.open !== undefined || FILTER_KEYS.some((key) => filters[key] !== undefined);
}

type FilterableSite = Record<SiteListKey, readonly Pick<ReferenceItem, 'id'>[]>;

/** The sites that match every active filter (AND); no active filter keeps every site. */
export function filterSites<S extends FilterableSite>(sites: readonly S[], filters: SiteFilters): S[] {
  const active = SITE_FILTERS.filter((filter) => filters[filter.key] !== undefined);
  return sites.filter((site) =>
    active.every((filter) => site[filter.siteKey].some((item) => item.id === filters[filter.key])),
  );
}

/**
 * The sites that pass the opening filter, given whether each is open now / today at one agency moment
 * (computed once for the whole list by the caller). No opening filter keeps every site. Linear.
 */
export function filterByOpening<S extends { id: number }>(
  sites: readonly S[],
  open: OpenFilter | undefined,
  opening: (id: number) => { now: boolean; today: boolean } | undefined,
): S[] {
  if (!open) return sites as S[];
  return sites.filter((site) => opening(site.id)?.[open] === true);
}
