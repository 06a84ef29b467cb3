import { parseId } from './ids.ts';
import { type DietMark, type Dish, isDietMark, servesDietToday } from './menus.ts';
import {
  type ListFilterKey,
  REFERENCE_LIST_NAMES,
  REFERENCE_LISTS,
  type ReferenceListName,
  type SiteListKey,
} from './reference-lists.ts';
import type { ReferenceItem } from './schemas/reference-lists.ts';
import {
  isSpokenLanguage,
  isStepFree,
  type SiteFacts,
  SPOKEN_LANGUAGE_CODES,
  speaks,
  welcomesWalkIns,
} from './site-facts.ts';

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

/**
 * The filters by the site facts people choose by (docs/product.md R530–R534): walk-ins welcome and a
 * step-free entrance (`/sites?walkins=1&stepfree=1`, only ever '1'), and a language staff speak by its
 * code (`speaks=yue`, a code of SPOKEN_LANGUAGES). Written after the lists and the opening filter.
 */
export const WALK_INS_KEY = 'walkins';
export const STEP_FREE_KEY = 'stepfree';
export const SPEAKS_KEY = 'speaks';
/** The facts' filters in their one order in the URL. */
export const FACT_FILTER_KEYS = [WALK_INS_KEY, STEP_FREE_KEY, SPEAKS_KEY] as const;
export type FactFilterKey = (typeof FACT_FILTER_KEYS)[number];

/**
 * "Menu today" (docs/product.md R686): one diet mark (`diet=vegetarian`), a dish carrying it on the
 * site's menu today. Written last, after the facts' filters.
 */
export const DIET_KEY = 'diet';

export type SiteFilters = Partial<Record<FilterKey, number>> & {
  open?: OpenFilter;
  walkins?: true;
  stepfree?: true;
  /** A spoken language's code (SPOKEN_LANGUAGES). */
  speaks?: string;
  /** A diet mark (shared/menus.ts dietMarksOffered). */
  diet?: DietMark;
};
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
  if (params.get(WALK_INS_KEY) === '1') filters.walkins = true;
  if (params.get(STEP_FREE_KEY) === '1') filters.stepfree = true;
  const language = params.get(SPEAKS_KEY);
  if (isSpokenLanguage(language)) filters.speaks = language;
  const diet = params.get(DIET_KEY);
  if (isDietMark(diet)) filters.diet = diet;
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
  for (const key of FACT_FILTER_KEYS) params.delete(key);
  params.delete(DIET_KEY);
  for (const key of FILTER_KEYS) {
    const id = filters[key];
    if (id !== undefined) params.set(key, String(id));
  }
  if (filters.open) params.set(OPEN_KEY, filters.open);
  if (filters.walkins) params.set(WALK_INS_KEY, '1');
  if (filters.stepfree) params.set(STEP_FREE_KEY, '1');
  if (filters.speaks) params.set(SPEAKS_KEY, filters.speaks);
  if (filters.diet) params.set(DIET_KEY, filters.diet);
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

/** Sets or clears the diet filter (undefined clears it). */
export function setDietFilter(filters: SiteFilters, diet: DietMark | undefined): SiteFilters {
  const next = { ...filters };
  if (diet === undefined) delete next.diet;
  else next.diet = diet;
  return next;
}

/** Sets or clears one of the facts' filters: `walkins` and `stepfree` take true, `speaks` a code. */
export function setFactFilter<K extends FactFilterKey>(
  filters: SiteFilters,
  key: K,
  value: SiteFilters[K] | undefined,
): SiteFilters {
  const next = { ...filters };
  if (value === undefined || value === '') delete next[key];
  else next[key] = value;
  return next;
}

export function hasActiveFilters(filters: SiteFilters): boolean {
  return (
    filters.open !== undefined ||
    filters.diet !== undefined ||
    FILTER_KEYS.some((key) => filters[key] !== undefined) ||
    FACT_FILTER_KEYS.some((key) => filters[key] !== undefined)
  );
}

type FilterableSite = Record<SiteListKey, readonly Pick<ReferenceItem, 'id'>[]> & {
  facts?: SiteFacts | null;
};

/**
 * The sites that match every active filter (AND); no active filter keeps every site. The facts'
 * filters keep only sites known to match (an unknown fact is not a yes). One pass, a check per site
 * that does not grow with the number of sites.
 */
export function filterSites<S extends FilterableSite>(sites: readonly S[], filters: SiteFilters): S[] {
  const active = SITE_FILTERS.filter((filter) => filters[filter.key] !== undefined);
  const { walkins, stepfree, speaks: language } = filters;
  if (active.length === 0 && !walkins && !stepfree && !language) return sites.slice();
  return sites.filter(
    (site) =>
      (!walkins || welcomesWalkIns(site.facts)) &&
      (!stepfree || isStepFree(site.facts)) &&
      (!language || speaks(site.facts, language)) &&
      active.every((filter) => site[filter.siteKey].some((item) => item.id === filters[filter.key])),
  );
}

/** The codes of the languages at least one site lists, in SPOKEN_LANGUAGES order (the "Staff speak" choices). */
export function spokenLanguagesOf(sites: readonly { facts?: SiteFacts | null }[]): string[] {
  const listed = new Set<string>();
  for (const site of sites) for (const code of site.facts?.languages ?? []) listed.add(code);
  return SPOKEN_LANGUAGE_CODES.filter((code) => listed.has(code));
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

/**
 * The sites with a dish carrying `diet` on their menu today (docs/product.md R686), given each site's
 * dishes of today (TodaysMenus, read once for the whole list by the caller). No diet keeps every site.
 * Linear, like the opening filter; the page and GET /api/search both run it (R701).
 */
export function filterByDiet<S extends { id: number }>(
  sites: readonly S[],
  diet: DietMark | undefined,
  dishesOf: (id: number) => readonly Dish[] | undefined,
): S[] {
  if (!diet) return sites as S[];
  return sites.filter((site) => servesDietToday(dishesOf(site.id), diet));
}
