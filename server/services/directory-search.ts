import {
  DIET_KEY,
  FACT_FILTER_KEYS,
  filterByDiet,
  filterByOpening,
  filterSites,
  OPEN_FILTERS,
  SITE_FILTERS,
  type SiteFilters,
} from '#shared/filters.ts';
import { byDistance } from '#shared/geo.ts';
import { type Dish, dietMarksOffered, servesDietToday, shownDish, type TodaysMenus } from '#shared/menus.ts';
import type { StatusClosure } from '#shared/opening-status.ts';
import type { SearchSite, SiteSearchAnswer } from '#shared/schemas/site-search.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { isStepFree, welcomesWalkIns } from '#shared/site-facts.ts';
import { searchSites, searchTextCache } from '#shared/site-search.ts';
import { computeStatuses, type Statuses } from '#shared/site-statuses.ts';
import type { CachedResponse } from './response-cache.ts';

/**
 * The public search (docs/product.md R700–R703): the locations page's own rules — `filterSites`,
 * `searchSites`, `filterByOpening` with `computeStatuses`, `byDistance` — run on the server over the
 * cached directory, so that a browser receives one page of sites and the counts instead of every site.
 * Linear in the number of sites: one pass per filter for the counts, none of them nested.
 */

export interface DirectorySearch {
  filters: SiteFilters;
  q: string | undefined;
  near: { lat: number; lng: number } | undefined;
  offset: number;
  limit: number;
}

/** The directory parsed once per cached version of its answer, with its folded search text. */
interface Parsed {
  sites: Site[];
  textOf: (site: Site) => string;
}
const parsedLists = new WeakMap<CachedResponse, Parsed>();

function parsedSites(entry: CachedResponse): Parsed {
  let parsed = parsedLists.get(entry);
  if (!parsed) {
    parsed = { sites: JSON.parse(entry.raw.toString()) as Site[], textOf: searchTextCache<Site>() };
    parsedLists.set(entry, parsed);
  }
  return parsed;
}

/** Today's dishes parsed once per cached version of their answer (one per agency day and write). */
const parsedMenus = new WeakMap<CachedResponse, TodaysMenus>();

function todaysDishes(entry: CachedResponse): (id: number) => Dish[] | undefined {
  let parsed = parsedMenus.get(entry);
  if (!parsed) {
    parsed = JSON.parse(entry.raw.toString()) as TodaysMenus;
    parsedMenus.set(entry, parsed);
  }
  const { sites } = parsed;
  return (id) => sites[String(id)];
}

/** Statuses computed once per (directory, closures, agency minute), as the page computes them once a minute. */
const statusMemo = new WeakMap<CachedResponse, { key: string; statuses: Statuses }>();

function statusesAt(
  sitesEntry: CachedResponse,
  sites: readonly Site[],
  closuresEntry: CachedResponse,
  now: number,
  timeZone: string,
): Statuses {
  const minute = Math.floor(now / 60_000);
  const key = `${closuresEntry.etag}|${minute}|${timeZone}`;
  const memo = statusMemo.get(sitesEntry);
  if (memo?.key === key) return memo.statuses;
  const closures = JSON.parse(closuresEntry.raw.toString()) as StatusClosure[];
  const statuses = computeStatuses(sites, closures, minute * 60_000, timeZone);
  statusMemo.set(sitesEntry, { key, statuses });
  return statuses;
}

/** How many sites of `sites` carry each option of a count: `add` names the options of one site. */
function tally<S>(sites: readonly S[], add: (site: S, count: (option: string) => void) => void) {
  const counts: Record<string, number> = {};
  const count = (option: string) => {
    counts[option] = (counts[option] ?? 0) + 1;
  };
  for (const site of sites) add(site, count);
  return counts;
}

export function searchDirectory(
  input: {
    sites: CachedResponse;
    closures: CachedResponse;
    /** GET /api/menus/today's answer: the diet filter and each row's dish (R685–R688). */
    menus: CachedResponse;
    now: number;
    timeZone: string;
  },
  search: DirectorySearch,
): SiteSearchAnswer {
  const { sites: all, textOf } = parsedSites(input.sites);
  const statuses = statusesAt(input.sites, all, input.closures, input.now, input.timeZone);
  const opening = (id: number) => statuses.opening(id);
  const dishesOf = todaysDishes(input.menus);
  const { filters } = search;
  const named = searchSites(all, search.q, textOf);
  const without = (drop: (keyof SiteFilters)[]) => {
    const rest = { ...filters };
    for (const key of drop) delete rest[key];
    return rest;
  };
  // The page's order of filters: the lists and facts, the opening, then the menu of today (R686).
  const pass = (chosen: SiteFilters) =>
    filterByDiet(filterByOpening(filterSites(named, chosen), chosen.open, opening), chosen.diet, dishesOf);
  // The sites every choice but one leaves: what that one's options are counted over.
  const leftBy = (drop: keyof SiteFilters) => pass(without([drop]));

  const counts: SiteSearchAnswer['counts'] = {};
  for (const filter of SITE_FILTERS)
    counts[filter.key] = tally(leftBy(filter.key), (site, count) => {
      for (const item of site[filter.siteKey]) count(String(item.id));
    });
  counts.open = tally(leftBy('open'), (site, count) => {
    for (const open of OPEN_FILTERS) if (opening(site.id)?.[open]) count(open);
  });
  const [walkins, stepfree, speaks] = FACT_FILTER_KEYS;
  counts[walkins] = tally(leftBy(walkins), (site, count) => welcomesWalkIns(site.facts) && count('yes'));
  counts[stepfree] = tally(leftBy(stepfree), (site, count) => isStepFree(site.facts) && count('yes'));
  counts[speaks] = tally(leftBy(speaks), (site, count) => {
    for (const code of site.facts?.languages ?? []) count(code);
  });
  counts[DIET_KEY] = tally(leftBy(DIET_KEY), (site, count) => {
    const dishes = dishesOf(site.id);
    if (dishes) for (const mark of dietMarksOffered()) if (servesDietToday(dishes, mark)) count(mark);
  });

  const matching = pass(filters);
  const ordered = search.near
    ? byDistance(matching, search.near)
    : matching.map((site) => ({ site, miles: undefined }));
  const page = ordered.slice(search.offset, search.offset + search.limit);
  return {
    today: statuses.today,
    total: matching.length,
    offset: search.offset,
    limit: search.limit,
    sites: page.map(({ site, miles }) =>
      row(site, miles, opening(site.id), shownDish(dishesOf(site.id), filters.diet)),
    ),
    counts,
  };
}

function row(
  site: Site,
  miles: number | undefined,
  open: { now: boolean; today: boolean } | undefined,
  dish: Dish | undefined,
): SearchSite {
  const { es, zh } = site.translations ?? {};
  const names = {
    ...(es?.name ? { es: { name: es.name } } : {}),
    ...(zh?.name ? { zh: { name: zh.name } } : {}),
  };
  return {
    id: site.id,
    name: site.name,
    ...(Object.keys(names).length ? { translations: names } : {}),
    address: site.address,
    lat: site.lat ?? null,
    lng: site.lng ?? null,
    ...(miles !== undefined ? { miles: Math.round(miles * 100) / 100 } : {}),
    openNow: open?.now ?? false,
    openToday: open?.today ?? false,
    ...(dish ? { dish } : {}),
  };
}
