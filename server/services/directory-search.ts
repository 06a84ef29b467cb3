import { FACT_FILTER_KEYS, OPEN_FILTERS, OPEN_KEY, SITE_FILTERS, type SiteFilters } from '#shared/filters.ts';
import { byDistance, distanceMiles } from '#shared/geo.ts';
import type { StatusClosure } from '#shared/opening-status.ts';
import type { SearchSite, SiteSearchAnswer } from '#shared/schemas/site-search.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { isStepFree, speaks, welcomesWalkIns } from '#shared/site-facts.ts';
import { foldText, searchSites, searchTextCache } from '#shared/site-search.ts';
import { computeStatuses, type Statuses } from '#shared/site-statuses.ts';
import type { CachedResponse } from './response-cache.ts';

/**
 * The public search (docs/product.md R700–R708): the locations page's own rules — `searchSites`, the
 * predicates `filterSites` and `filterByOpening` apply (an item's id, `welcomesWalkIns`, `isStepFree`,
 * `speaks`, the opening from `computeStatuses`), `distanceMiles` as `byDistance` orders by it — run on
 * the server over the cached directory, so that a browser receives one page of sites and the counts
 * instead of every site.
 *
 * At state scale (docs/decisions/068-search-at-state-scale.md):
 * - the directory is parsed once per cached version, its statuses once per (closures, agency minute);
 * - the sites and counts of one (filters, name search) are found in ONE pass: a site that fails no
 *   choice is listed and counted under every filter; a site that fails exactly one choice is counted
 *   only under that choice's filter (what the options of that filter would leave with every other
 *   choice kept); a site failing two is in no count (R705);
 * - those selections and whole answers are memoised in bounded least-recently-used memos, which live
 *   with the directory's version and are emptied when the closures or the agency minute change (R706);
 * - a page of "nearest first" keeps only the nearest `offset + limit` sites instead of sorting all (R707).
 */

export interface DirectorySearch {
  filters: SiteFilters;
  q: string | undefined;
  near: { lat: number; lng: number } | undefined;
  offset: number;
  limit: number;
}

/** The sites of one (filters, name search), in the list's order, and the counts per filter option. */
interface Selection {
  matching: Site[];
  counts: SiteSearchAnswer['counts'];
}

/** At most this many selections, holding at most this many sites between them (references, not copies). */
export const SELECTION_MEMO_ENTRIES = 256;
export const SELECTION_MEMO_SITES = 2_000_000;
/** At most this many whole answers (each one page: a few KB). */
export const ANSWER_MEMO_ENTRIES = 2_000;

/**
 * A least-recently-used memo bounded by entries and by a weight per entry (Map keeps insertion order:
 * a hit moves the key to the end, the oldest are at the start).
 */
export class Memo<V> {
  private readonly entries = new Map<string, { value: V; weight: number }>();
  private weight = 0;
  constructor(
    private readonly maxEntries: number,
    private readonly maxWeight = Number.POSITIVE_INFINITY,
  ) {}
  get size() {
    return this.entries.size;
  }
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }
  set(key: string, value: V, weight = 1) {
    const old = this.entries.get(key);
    if (old) {
      this.weight -= old.weight;
      this.entries.delete(key);
    }
    this.entries.set(key, { value, weight });
    this.weight += weight;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.weight <= this.maxWeight) break;
      if (oldest === key) break;
      this.entries.delete(oldest);
      this.weight -= entry.weight;
    }
  }
  clear() {
    this.entries.clear();
    this.weight = 0;
  }
}

/** One cached version of the directory, parsed once, with what the searches of that version share. */
interface Directory {
  sites: Site[];
  textOf: (site: Site) => string;
  /** closures' ETag | agency minute | time zone of `statuses` and of the memos' contents. */
  stamp: string;
  statuses: Statuses | undefined;
  selections: Memo<Selection>;
  answers: Memo<SiteSearchAnswer>;
}
const directories = new WeakMap<CachedResponse, Directory>();

function directoryOf(entry: CachedResponse): Directory {
  let directory = directories.get(entry);
  if (!directory) {
    directory = {
      sites: JSON.parse(entry.raw.toString()) as Site[],
      textOf: searchTextCache<Site>(),
      stamp: '',
      statuses: undefined,
      selections: new Memo(SELECTION_MEMO_ENTRIES, SELECTION_MEMO_SITES),
      answers: new Memo(ANSWER_MEMO_ENTRIES),
    };
    directories.set(entry, directory);
  }
  return directory;
}

/**
 * Statuses computed once per (directory, closures, agency minute), as the page computes them once a
 * minute; a new stamp empties the memos, whose answers carry the opening.
 */
function statusesAt(
  directory: Directory,
  closuresEntry: CachedResponse,
  now: number,
  timeZone: string,
): Statuses {
  const minute = Math.floor(now / 60_000);
  const stamp = `${closuresEntry.etag}|${minute}|${timeZone}`;
  if (directory.stamp === stamp && directory.statuses) return directory.statuses;
  const closures = JSON.parse(closuresEntry.raw.toString()) as StatusClosure[];
  directory.statuses = computeStatuses(directory.sites, closures, minute * 60_000, timeZone);
  directory.stamp = stamp;
  directory.selections.clear();
  directory.answers.clear();
  return directory.statuses;
}

type Opening = (id: number) => { now: boolean; today: boolean } | undefined;

/** The filters in one fixed order, and the name search as its folded words: one key per meaning. */
function selectionKey(filters: SiteFilters, q: string | undefined): string {
  const words = q ? foldText(q).split(' ').filter(Boolean) : [];
  const keys = [...SITE_FILTERS.map((filter) => filter.key), OPEN_KEY, ...FACT_FILTER_KEYS] as const;
  return JSON.stringify([keys.map((key) => filters[key as keyof SiteFilters] ?? null), words]);
}

/** One choice of the query: the filter it belongs to and whether a site passes it. */
interface Choice {
  key: keyof SiteFilters;
  passes: (site: Site) => boolean;
}

/** The choices in force, with the same tests (and the same truthiness) as `filterSites` and `filterByOpening`. */
function choicesOf(filters: SiteFilters, opening: Opening): Choice[] {
  const choices: Choice[] = [];
  for (const filter of SITE_FILTERS) {
    const id = filters[filter.key];
    if (id !== undefined)
      choices.push({
        key: filter.key,
        passes: (site) => site[filter.siteKey].some((item) => item.id === id),
      });
  }
  const [walkins, stepfree, speaksKey] = FACT_FILTER_KEYS;
  if (filters.walkins) choices.push({ key: walkins, passes: (site) => welcomesWalkIns(site.facts) });
  if (filters.stepfree) choices.push({ key: stepfree, passes: (site) => isStepFree(site.facts) });
  const language = filters.speaks;
  if (language) choices.push({ key: speaksKey, passes: (site) => speaks(site.facts, language) });
  const open = filters.open;
  if (open) choices.push({ key: 'open', passes: (site) => opening(site.id)?.[open] === true });
  return choices;
}

/**
 * The options of one filter a site carries (a list's item ids, `now`/`today`, `yes`, a language's
 * code), each counted once per site, in the counts' fixed order of filters.
 */
function counters(opening: Opening) {
  const [walkins, stepfree, speaksKey] = FACT_FILTER_KEYS;
  const list: [string, (site: Site, count: (option: string) => void) => void][] = SITE_FILTERS.map(
    (filter) => [
      filter.key,
      (site, count) => {
        for (const item of site[filter.siteKey]) count(String(item.id));
      },
    ],
  );
  list.push(
    [
      'open',
      (site, count) => {
        for (const open of OPEN_FILTERS) if (opening(site.id)?.[open]) count(open);
      },
    ],
    [walkins, (site, count) => welcomesWalkIns(site.facts) && count('yes')],
    [stepfree, (site, count) => isStepFree(site.facts) && count('yes')],
    [
      speaksKey,
      (site, count) => {
        for (const code of site.facts?.languages ?? []) count(code);
      },
    ],
  );
  return list;
}

/** The listed sites and every filter's counts in one pass over the named sites (R705). */
function select(
  directory: Directory,
  filters: SiteFilters,
  q: string | undefined,
  opening: Opening,
): Selection {
  const named = searchSites(directory.sites, q, directory.textOf);
  const choices = choicesOf(filters, opening);
  const tallies = counters(opening).map(([key, add]) => {
    const counts: Record<string, number> = {};
    const count = (option: string) => {
      counts[option] = (counts[option] ?? 0) + 1;
    };
    return { key, counts, add: (site: Site) => add(site, count) };
  });
  const byKey = new Map(tallies.map((tally) => [tally.key, tally]));
  const matching: Site[] = [];
  for (const site of named) {
    let failed: Choice | undefined;
    let failures = 0;
    for (const choice of choices) {
      if (choice.passes(site)) continue;
      failed = choice;
      failures += 1;
      if (failures > 1) break;
    }
    if (failures === 0) {
      matching.push(site);
      for (const tally of tallies) tally.add(site);
    } else if (failures === 1) byKey.get(failed!.key)?.add(site);
  }
  const counts: SiteSearchAnswer['counts'] = {};
  for (const tally of tallies) counts[tally.key] = tally.counts;
  return { matching, counts };
}

/**
 * `byDistance(sites, from).slice(0, count)` without sorting every site: the nearest `count` kept in
 * order as the distances come (equal distances in the list's order, sites without a position last in
 * the list's order, exactly as the stable sort gives them). Falls back to `byDistance` for long pages.
 */
export function nearestFirst<S extends { lat?: number | null; lng?: number | null }>(
  sites: readonly S[],
  from: { lat: number; lng: number },
  count: number,
): { site: S; miles: number | undefined }[] {
  if (count > 1000 || count * 4 >= sites.length) return byDistance(sites, from).slice(0, count);
  const kept: { site: S; miles: number | undefined; order: number }[] = [];
  if (count <= 0) return kept;
  for (const site of sites) {
    const miles =
      typeof site.lat === 'number' && typeof site.lng === 'number'
        ? distanceMiles(from, { lat: site.lat, lng: site.lng })
        : undefined;
    const order = miles ?? Number.POSITIVE_INFINITY;
    // A later site ties after every kept site at its distance, so it enters only if strictly nearer.
    if (kept.length === count && !(order < kept[count - 1]!.order)) continue;
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (kept[middle]!.order <= order) low = middle + 1;
      else high = middle;
    }
    kept.splice(low, 0, { site, miles, order });
    if (kept.length > count) kept.pop();
  }
  return kept.map(({ site, miles }) => ({ site, miles }));
}

export function searchDirectory(
  input: { sites: CachedResponse; closures: CachedResponse; now: number; timeZone: string },
  search: DirectorySearch,
): SiteSearchAnswer {
  const directory = directoryOf(input.sites);
  const statuses = statusesAt(directory, input.closures, input.now, input.timeZone);
  const opening: Opening = (id) => statuses.opening(id);
  const key = selectionKey(search.filters, search.q);
  const answerKey = `${key}|${search.near ? `${search.near.lat},${search.near.lng}` : ''}|${search.offset}|${search.limit}`;
  const memoised = directory.answers.get(answerKey);
  if (memoised) return memoised;

  let selection = directory.selections.get(key);
  if (!selection) {
    selection = select(directory, search.filters, search.q, opening);
    directory.selections.set(key, selection, Math.max(1, selection.matching.length));
  }
  const { matching, counts } = selection;
  const end = search.offset + search.limit;
  const page = search.near
    ? nearestFirst(matching, search.near, Math.min(end, matching.length)).slice(search.offset)
    : matching.slice(search.offset, end).map((site) => ({ site, miles: undefined }));
  const answer: SiteSearchAnswer = {
    today: statuses.today,
    total: matching.length,
    offset: search.offset,
    limit: search.limit,
    sites: page.map(({ site, miles }) => row(site, miles, opening(site.id))),
    counts,
  };
  directory.answers.set(answerKey, answer);
  return answer;
}

function row(
  site: Site,
  miles: number | undefined,
  open: { now: boolean; today: boolean } | undefined,
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
  };
}
