import { agencyMoment } from '#shared/agency-time.ts';
import {
  DIET_KEY,
  FACT_FILTER_KEYS,
  OPEN_FILTERS,
  OPEN_KEY,
  type OpenFilter,
  SITE_FILTERS,
  type SiteFilters,
} from '#shared/filters.ts';
import { byDistance, distanceMiles, milesAtLeast } from '#shared/geo.ts';
import { minutesOf } from '#shared/hours.ts';
import { type MapGroups, type MapView, mapGroups } from '#shared/map-grouping.ts';
import { MAP_GROUP_MAX_ZOOM, MAP_MARKS_MAX, MAP_ZOOM_MAX } from '#shared/map-groups.ts';
import { type Dish, dietMarksOffered, servesDietToday, shownDish, type TodaysMenus } from '#shared/menus.ts';
import { hoursOn, type StatusClosure } from '#shared/opening-status.ts';
import type { MapMark, SearchSite, SiteMapAnswer, SiteSearchAnswer } from '#shared/schemas/site-search.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { hasPosition } from '#shared/site-display.ts';
import { isStepFree, speaks, welcomesWalkIns } from '#shared/site-facts.ts';
import { foldText, searchTextCache } from '#shared/site-search.ts';
import { computeStatuses } from '#shared/site-statuses.ts';
import { arrayInSteps, type CachedResponse, entryFor } from './response-cache.ts';
import {
  addBit,
  type Bits,
  bitsOf,
  countBoth,
  countOf,
  eachBit,
  emptyBits,
  firstOfBoth,
  type Grid,
  gridBuilder,
  gridNearest,
  intersect,
  type NameIndex,
  namedBits,
  nameIndexBuilder,
  removeBit,
} from './search-index.ts';

export { type NameIndex, namedSites, nameIndex } from './search-index.ts';

/**
 * The public search (docs/product.md R700–R711): the locations page's own rules — `searchSites` (over
 * an index of the folded texts, `namedSites`), the predicates `filterSites` and `filterByOpening` apply (an item's id, `welcomesWalkIns`, `isStepFree`,
 * `speaks`, the opening from `computeStatuses`), `distanceMiles` as `byDistance` orders by it — run on
 * the server over the cached directory, so that a browser receives one page of sites and the counts
 * instead of every site.
 *
 * At state scale (docs/decisions/068-search-at-state-scale.md):
 * - the directory is parsed and folded once per cached version, its statuses once per (closures,
 *   agency minute), in steps (`createDirectorySearch`, R708);
 * - the sites and counts of one (filters, name search) are found in ONE pass: a site that fails no
 *   choice is listed and counted under every filter; a site that fails exactly one choice is counted
 *   only under that choice's filter (what the options of that filter would leave with every other
 *   choice kept); a site failing two is in no count (R705);
 * - those selections and whole answers are memoised in bounded least-recently-used memos, which live
 *   with one (directory version, closures version, agency minute), so none outlives its truth (R706);
 * - a page of "nearest first" keeps only the nearest `offset + limit` sites instead of sorting all (R707).
 *
 * The diet filter and each row's dish (R685–R689) come from today's dishes (`GET /api/menus/today`'s
 * cached answer), with `servesDietToday` and `shownDish` as the page runs them; a new version of that
 * answer (a menu written, a new agency day) is a new preparation like a new directory.
 */

export interface DirectorySearch {
  filters: SiteFilters;
  q: string | undefined;
  near: { lat: number; lng: number } | undefined;
  offset: number;
  limit: number;
  /** `site`: each row carries the site's whole public record, as a list row draws it (R716). */
  include?: 'site' | undefined;
}

/** The sites of one (filters, name search), in the list's order, and the counts per filter option. */
interface Selection {
  matching: Site[];
  /** The matching sites' positions in the list; undefined when every site matches. */
  bits?: Bits | undefined;
  counts: SiteSearchAnswer['counts'];
}

/** At most this many selections, holding at most this many sites between them (references, not copies). */
export const SELECTION_MEMO_ENTRIES = 256;
export const SELECTION_MEMO_SITES = 2_000_000;
/** At most this many whole answers (each one page: a few KB). */
export const ANSWER_MEMO_ENTRIES = 2_000;
/**
 * At most this many map indexes (one per selection the map was asked for), holding at most this many
 * placed sites between them: an index costs about 1 KB per site (a k-d tree per zoom level), so the
 * indexes of one version stay under about 100 MB (docs/decisions/071-map-groups-from-the-server.md).
 */
export const MAP_MEMO_ENTRIES = 64;
export const MAP_MEMO_SITES = 100_000;

/** What the map of a search is asked for: its filters and name search, and a view (R730–R733). */
export interface DirectoryMapSearch {
  filters: SiteFilters;
  q: string | undefined;
  view: { bounds: MapView; zoom: number } | undefined;
}

/** The map of one selection: its groups (built once), how many sites have or lack a position, their bounds. */
interface MapIndex {
  groups: MapGroups<Site & { lat: number; lng: number }>;
  total: number;
  unplaced: number;
  bounds: SiteMapAnswer['bounds'];
}

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
  /**
   * Keeps `value` only if `key` was offered before: a key asked once (a new point, a new name — most
   * of a state's visitors) is not kept, so one-off answers do not push out the ones asked again, nor
   * make garbage for the collector; the keys offered are remembered, up to four times `maxEntries`.
   */
  setIfAskedBefore(key: string, value: V, weight = 1) {
    if (this.asked.delete(key)) {
      this.set(key, value, weight);
      return;
    }
    this.asked.add(key);
    if (this.asked.size > this.maxEntries * 4)
      for (const oldest of this.asked) {
        this.asked.delete(oldest);
        break;
      }
  }
  private readonly asked = new Set<string>();
  clear() {
    this.entries.clear();
    this.asked.clear();
    this.weight = 0;
  }
}

type Opening = (id: number) => { now: boolean; today: boolean } | undefined;

/** A site's opening as flags: open now, open today, and whether it has a status at all. */
const OPEN_NOW = 1;
const OPEN_TODAY = 2;
/** Each opening filter's flag. */
const OPEN_FLAG: Record<OpenFilter, number> = { now: OPEN_NOW, today: OPEN_TODAY };
const KNOWN = 4;
/** The four openings a site can have, by their flags (now and today) — shared, never changed. */
const OPENINGS = [0, 1, 2, 3].map((flags) =>
  Object.freeze({ now: (flags & OPEN_NOW) !== 0, today: (flags & OPEN_TODAY) !== 0 }),
);

function flagsOf(opening: { now: boolean; today: boolean } | undefined): number {
  if (!opening) return 0;
  return KNOWN | (opening.now ? OPEN_NOW : 0) | (opening.today ? OPEN_TODAY : 0);
}

function openingIn(openings: Uint8Array, position: number | undefined) {
  if (position === undefined) return undefined;
  const flags = openings[position]!;
  return flags & KNOWN ? OPENINGS[flags & 3] : undefined;
}
/** A site's dishes of today (R688), or undefined when it serves none. */
type DishesOf = (id: number) => readonly Dish[] | undefined;

/** The filters in one fixed order, and the name search as its folded words: one key per meaning. */
function selectionKey(filters: SiteFilters, q: string | undefined): string {
  const words = q ? foldText(q).split(' ').filter(Boolean) : [];
  const keys = [
    ...SITE_FILTERS.map((filter) => filter.key),
    OPEN_KEY,
    ...FACT_FILTER_KEYS,
    DIET_KEY,
  ] as const;
  return JSON.stringify([keys.map((key) => filters[key as keyof SiteFilters] ?? null), words]);
}

/** One choice of the query: the filter it belongs to and whether a site passes it. */
interface Choice {
  key: keyof SiteFilters;
  passes: (site: Site) => boolean;
}

/** The choices in force, with the same tests (and the same truthiness) as `filterSites` and `filterByOpening`. */
function choicesOf(filters: SiteFilters, opening: Opening, dishesOf: DishesOf): Choice[] {
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
  const diet = filters.diet;
  if (diet) choices.push({ key: DIET_KEY, passes: (site) => servesDietToday(dishesOf(site.id), diet) });
  return choices;
}

/**
 * The options of one filter a site carries (a list's item ids, `now`/`today`, `yes`, a language's
 * code), each counted once per site, in the counts' fixed order of filters.
 */
function counters(opening: Opening, dishesOf: DishesOf) {
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
    [
      DIET_KEY,
      (site, count) => {
        const dishes = dishesOf(site.id);
        if (dishes) for (const mark of dietMarksOffered()) if (servesDietToday(dishes, mark)) count(mark);
      },
    ],
  );
  return list;
}

/**
 * The listed sites and every filter's counts in one pass over the named sites (R705), fed a site at a
 * time so that a large directory's first selection can be made in steps.
 */
function selection(filters: SiteFilters, opening: Opening, dishesOf: DishesOf) {
  const choices = choicesOf(filters, opening, dishesOf);
  const tallies = counters(opening, dishesOf).map(([key, add]) => {
    const counts: Record<string, number> = {};
    const count = (option: string) => {
      counts[option] = (counts[option] ?? 0) + 1;
    };
    return { key, counts, add: (site: Site) => add(site, count) };
  });
  const byKey = new Map(tallies.map((tally) => [tally.key, tally]));
  const matching: Site[] = [];
  return {
    add(site: Site) {
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
    },
    finish(): Selection {
      const counts: SiteSearchAnswer['counts'] = {};
      for (const tally of tallies) counts[tally.key] = tally.counts;
      return { matching, counts };
    },
  };
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
    // A site whose latitude alone puts it farther than the farthest kept cannot enter (a margin for
    // rounding, so that a tie is always measured).
    if (
      kept.length === count &&
      typeof site.lat === 'number' &&
      milesAtLeast(from, site.lat) > kept[count - 1]!.order + 1e-6
    )
      continue;
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

/** Sites handled per step of a preparation, between which the event loop is given back. */
export const PREPARE_STEP = 500;

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * One version of the directory, parsed, folded and indexed once (the statuses are per minute, below):
 * its sites in the list's order, the name search's words, the sites carrying each list item and fact,
 * and the grid of their positions (docs/product.md R750–R754).
 */
interface Parsed {
  sites: Site[];
  names: NameIndex;
  /** Per filter key (a list's, walk-ins, step-free, staff speak): each option's value → its sites. */
  options: Map<string, Map<unknown, Bits>>;
  grid: Grid;
  /** A site's id → its position in the list. */
  positionOf: Map<number, number>;
}

/**
 * One (directory, closures, agency minute, time zone): what its answers are computed from, and their
 * memos — carried over from the minute before when no site's opening and not the date changed.
 */
interface Prepared {
  key: string;
  sites: Site[];
  names: NameIndex;
  closuresEtag: string;
  menusEtag: string;
  /** Today's dishes by site (R688). */
  dishesOf: DishesOf;
  timeZone: string;
  today: string;
  /** The agency's minute of the day the openings are of. */
  minutes: number;
  /** The closures in force, as parsed (a minute's new openings are computed with them). */
  closures: StatusClosure[];
  /** Per position in the list: OPEN_NOW, OPEN_TODAY, KNOWN flags (`openingOf`). */
  openings: Uint8Array;
  /**
   * Today's minutes at which a site's opening can change (an interval of its hours opening or
   * closing), each with the positions of those sites: the next minute recomputes only them.
   */
  schedule: Map<number, number[]>;
  /** The list's index (R750–R754), and the sites open now / today and serving each diet mark. */
  parsed: Parsed;
  openBits: Map<unknown, Bits>;
  dietBits: Map<unknown, Bits>;
  /** What no filter and no name search gives: every site and the unfiltered counts. */
  everything: Selection;
  selections: Memo<Selection>;
  /** Whole answers as ready bytes: JSON made, and compressed, once per memoised answer. */
  answers: Memo<CachedResponse>;
  /** The map's index of a selection, by the selection's key (R732). */
  maps: Memo<MapIndex>;
}

export interface SearchInput {
  sites: () => Promise<CachedResponse>;
  closures: () => Promise<CachedResponse>;
  /** GET /api/menus/today's cached answer: the diet filter and each row's dish (R685–R689). */
  menus: () => Promise<CachedResponse>;
  now: number;
  timeZone: string;
}

/** The value of `promise` if it has already settled (within this turn's microtasks), else undefined. */
async function ifSettled<T>(promise: Promise<T>): Promise<{ value: T } | undefined> {
  return Promise.race([promise.then((value) => ({ value })), yieldToLoop().then(() => undefined)]);
}

/**
 * The search over one server's cached directory (R700–R708). A new version of the directory (after a
 * write), of the closures, or a new agency minute is prepared in steps of PREPARE_STEP sites — parsed
 * a run of the cached array at a time, folded for the name search, its statuses computed by
 * `computeStatuses`, the unfiltered selection made — giving the event loop back between steps. While
 * that runs, a directory larger than one step is searched in the version before it (for the seconds
 * a state-wide rebuild takes); a smaller one, or the first, is waited for, so a small directory is
 * always searched as it is now (R708).
 */
export function createDirectorySearch(options: { step?: number } = {}) {
  const step = options.step ?? PREPARE_STEP;
  const parsedVersions = new WeakMap<CachedResponse, Promise<Parsed>>();
  let current: { prepared: Prepared; order: number } | undefined;
  let preparing: { key: string; done: Promise<Prepared> } | undefined;
  let started = 0;

  async function parse(entry: CachedResponse): Promise<Parsed> {
    const sites: Site[] = [];
    const textOf = searchTextCache<Site>();
    const names = nameIndexBuilder();
    const grid = gridBuilder();
    const positionOf = new Map<number, number>();
    // Each option's sites, as positions first (the list's length is known only at the end).
    const positions = new Map<string, Map<unknown, number[]>>();
    const note = (key: string, value: unknown, position: number) => {
      let byValue = positions.get(key);
      if (!byValue) {
        byValue = new Map();
        positions.set(key, byValue);
      }
      const list = byValue.get(value);
      if (!list) byValue.set(value, [position]);
      else if (list[list.length - 1] !== position) list.push(position);
    };
    const [walkins, stepfree, speaksKey] = FACT_FILTER_KEYS;
    for await (const part of arrayInSteps<Site>(entry, step)) {
      for (const site of part) {
        const position = sites.length;
        sites.push(site);
        positionOf.set(site.id, position);
        names.add(textOf(site));
        grid.add(site);
        for (const filter of SITE_FILTERS)
          for (const item of site[filter.siteKey]) note(filter.key, item.id, position);
        if (welcomesWalkIns(site.facts)) note(walkins, true, position);
        if (isStepFree(site.facts)) note(stepfree, true, position);
        for (const code of site.facts?.languages ?? []) note(speaksKey, code, position);
      }
    }
    const options = new Map<string, Map<unknown, Bits>>();
    for (const [key, byValue] of positions) {
      const bitsByValue = new Map<unknown, Bits>();
      for (const [value, list] of byValue) bitsByValue.set(value, bitsOf(list, sites.length));
      options.set(key, bitsByValue);
      await yieldToLoop();
    }
    const made = { sites, names: names.finish(), options, grid: grid.finish(), positionOf };
    await yieldToLoop();
    return made;
  }

  async function prepare(
    key: string,
    sitesEntry: CachedResponse,
    closuresEntry: CachedResponse,
    menusEntry: CachedResponse,
    minute: number,
    timeZone: string,
  ): Promise<Prepared> {
    let parsing = parsedVersions.get(sitesEntry);
    if (!parsing) {
      parsing = parse(sitesEntry);
      parsedVersions.set(sitesEntry, parsing);
      parsing.catch(() => parsedVersions.delete(sitesEntry));
    }
    const parsed = await parsing;
    const { sites, names } = parsed;
    const before = current?.prepared;
    const moment = agencyMoment(minute * 60_000, timeZone);
    // The same directory, closures, dishes, zone and date as the version before.
    const sameDay =
      before !== undefined &&
      before.sites === sites &&
      before.closuresEtag === closuresEntry.etag &&
      before.menusEtag === menusEntry.etag &&
      before.timeZone === timeZone &&
      before.today === moment.date;
    // Later in that day: only the sites whose hours open or close in between can have another
    // opening (R706, R708).
    if (sameDay && moment.minutes > before!.minutes)
      return laterTheSameDay(before!, key, minute, moment.minutes);
    const closures = JSON.parse(closuresEntry.raw.toString()) as StatusClosure[];
    const dishes = (JSON.parse(menusEntry.raw.toString()) as TodaysMenus).sites;
    const dishesOf: DishesOf = (id) => dishes[String(id)];
    const openings = new Uint8Array(sites.length);
    const schedule = new Map<number, number[]>();
    const openBits = new Map<unknown, Bits>(OPEN_FILTERS.map((open) => [open, emptyBits(sites.length)]));
    const dietBits = new Map<unknown, Bits>(
      dietMarksOffered().map((mark) => [mark, emptyBits(sites.length)]),
    );
    const today = moment.date;
    // The same day (a minute that went back): its memos hold if no site's opening moved.
    let unchanged = sameDay;
    for (let from = 0; from < sites.length; from += step) {
      const part = sites.slice(from, from + step);
      const statuses = computeStatuses(part, closures, minute * 60_000, timeZone);
      part.forEach((site, i) => {
        const position = from + i;
        const flags = flagsOf(statuses.opening(site.id));
        openings[position] = flags;
        for (const open of OPEN_FILTERS) if (flags & OPEN_FLAG[open]) addBit(openBits.get(open)!, position);
        for (const { open, close } of hoursOn(site.Hours, today))
          for (const at of [minutesOf(open), minutesOf(close)]) {
            const atMinute = schedule.get(at);
            if (!atMinute) schedule.set(at, [position]);
            else if (atMinute[atMinute.length - 1] !== position) atMinute.push(position);
          }
        const served = dishesOf(site.id);
        if (served)
          for (const mark of dietMarksOffered())
            if (servesDietToday(served, mark)) addBit(dietBits.get(mark)!, position);
        if (unchanged) unchanged = before!.openings[position] === flags;
      });
      await yieldToLoop();
    }
    if (unchanged)
      // Every answer would be the same bytes: the memos carry over to this minute (R706).
      return { ...before!, key, minutes: moment.minutes, schedule };
    const openingOf = (id: number) => openingIn(openings, parsed.positionOf.get(id));
    // The unfiltered selection (every first visit asks it), made in steps too.
    const all = selection({}, openingOf, dishesOf);
    for (let from = 0; from < sites.length; from += step) {
      for (const site of sites.slice(from, from + step)) all.add(site);
      await yieldToLoop();
    }
    const everything = all.finish();
    return {
      key,
      sites,
      names,
      closuresEtag: closuresEntry.etag,
      menusEtag: menusEntry.etag,
      dishesOf,
      timeZone,
      today,
      minutes: moment.minutes,
      closures,
      openings,
      schedule,
      parsed,
      openBits,
      dietBits,
      ...memosFrom(everything),
    };
  }

  /**
   * A later minute of the same day: the sites whose hours open or close after the prepared minute and
   * up to this one get their opening from `computeStatuses` anew; every other site's is the same. The
   * memos carry over when none moved; otherwise the open filter's sets and the unfiltered counts are
   * updated (the rest of the counts do not depend on the minute) and the memos start anew.
   */
  async function laterTheSameDay(
    before: Prepared,
    key: string,
    minute: number,
    minutes: number,
  ): Promise<Prepared> {
    const moving = new Set<number>();
    for (let at = before.minutes + 1; at <= minutes; at++)
      for (const position of before.schedule.get(at) ?? []) moving.add(position);
    const moved = [...moving];
    const { sites } = before;
    let openings: Uint8Array | undefined;
    for (let from = 0; from < moved.length; from += step) {
      const part = moved.slice(from, from + step);
      const statuses = computeStatuses(
        part.map((position) => sites[position]!),
        before.closures,
        minute * 60_000,
        before.timeZone,
      );
      for (const position of part) {
        const flags = flagsOf(statuses.opening(sites[position]!.id));
        if (flags === before.openings[position]) continue;
        openings ??= before.openings.slice();
        openings[position] = flags;
      }
      if (from + step < moved.length) await yieldToLoop();
    }
    if (!openings) return { ...before, key, minutes };
    const openBits = new Map<unknown, Bits>();
    for (const open of OPEN_FILTERS) {
      const bits = before.openBits.get(open)!.slice();
      for (const position of moved) {
        if (openings[position]! & OPEN_FLAG[open]) addBit(bits, position);
        else removeBit(bits, position);
      }
      openBits.set(open, bits);
    }
    const opened = openings;
    const openCount: Record<string, number> = {};
    for (let position = 0; position < sites.length; position++)
      for (const open of OPEN_FILTERS)
        if (opened[position]! & OPEN_FLAG[open]) openCount[open] = (openCount[open] ?? 0) + 1;
    const everything: Selection = {
      matching: before.everything.matching,
      counts: { ...before.everything.counts, [OPEN_KEY]: openCount },
    };
    return {
      ...before,
      key,
      minutes,
      openings,
      openBits,
      ...memosFrom(everything),
    };
  }

  /** The preparation of `key`, started once; the newest one started becomes current when done. */
  function ensure(key: string, make: () => Promise<Prepared>): Promise<Prepared> {
    if (current?.prepared.key === key) return Promise.resolve(current.prepared);
    if (preparing?.key === key) return preparing.done;
    const order = ++started;
    const done = make().then(
      (prepared) => {
        if (!current || current.order < order) current = { prepared, order };
        if (preparing?.key === key) preparing = undefined;
        return prepared;
      },
      (error: unknown) => {
        if (preparing?.key === key) preparing = undefined;
        throw error;
      },
    );
    preparing = { key, done };
    return done;
  }

  async function preparedFor(input: SearchInput): Promise<Prepared> {
    const minute = Math.floor(input.now / 60_000);
    const both = Promise.all([input.sites(), input.closures(), input.menus()]);
    const start = ([sitesEntry, closuresEntry, menusEntry]: [
      CachedResponse,
      CachedResponse,
      CachedResponse,
    ]) => {
      const key = `${sitesEntry.etag}|${closuresEntry.etag}|${menusEntry.etag}|${minute}|${input.timeZone}`;
      return ensure(key, () => prepare(key, sitesEntry, closuresEntry, menusEntry, minute, input.timeZone));
    };
    const previous = current?.prepared;
    // A directory of one step or less, or none prepared yet: search it as it is now.
    if (!previous || previous.sites.length <= step) return start(await both);
    const settled = await ifSettled(both);
    if (!settled) {
      // The cached list is being rebuilt after a write: the version before it answers meanwhile.
      both.then(start).catch(() => {});
      return previous;
    }
    const next = start(settled.value);
    next.catch(() => {});
    return (await ifSettled(next))?.value ?? previous;
  }

  return {
    /** The answer's bytes, ready to send (`reply.sendCached`: ETag, pre-compressed). */
    async search(input: SearchInput, search: DirectorySearch): Promise<CachedResponse> {
      return answer(await preparedFor(input), search);
    },
    /** The map's answer for a view, as ready bytes like `search` (R730–R733). */
    async searchMap(input: SearchInput, search: DirectoryMapSearch): Promise<CachedResponse> {
      return mapAnswer(await preparedFor(input), search);
    },
  };
}

/** A version's new memos (R706), holding its unfiltered selection (every first visit asks it). */
function memosFrom(everything: Selection) {
  const selections = new Memo<Selection>(SELECTION_MEMO_ENTRIES, SELECTION_MEMO_SITES);
  selections.set(selectionKey({}, undefined), everything, Math.max(1, everything.matching.length));
  return {
    everything,
    selections,
    answers: new Memo<CachedResponse>(ANSWER_MEMO_ENTRIES),
    maps: new Memo<MapIndex>(MAP_MEMO_ENTRIES, MAP_MEMO_SITES),
  };
}

/** The sites and counts of a (filters, name search), made once and memoised (R705, R706). */
function selectionOf(prepared: Prepared, filters: SiteFilters, q: string | undefined): Selection {
  const key = selectionKey(filters, q);
  let made = prepared.selections.get(key);
  if (!made) {
    made = indexedSelection(prepared, filters, q);
    prepared.selections.setIfAskedBefore(key, made, Math.max(1, made.matching.length));
  }
  return made;
}

/** The map index of a selection: built once per selection and version, kept in a bounded memo (R732). */
function mapIndexOf(prepared: Prepared, filters: SiteFilters, q: string | undefined): MapIndex {
  const key = selectionKey(filters, q);
  const memoised = prepared.maps.get(key);
  if (memoised) return memoised;
  const { matching } = selectionOf(prepared, filters, q);
  const placed = matching.filter(hasPosition);
  let bounds: SiteMapAnswer['bounds'] = null;
  for (const site of placed) {
    if (!bounds) bounds = [site.lng, site.lat, site.lng, site.lat];
    else {
      if (site.lng < bounds[0]) bounds[0] = site.lng;
      if (site.lat < bounds[1]) bounds[1] = site.lat;
      if (site.lng > bounds[2]) bounds[2] = site.lng;
      if (site.lat > bounds[3]) bounds[3] = site.lat;
    }
  }
  const index: MapIndex = {
    groups: mapGroups(placed),
    total: placed.length,
    unplaced: matching.length - placed.length,
    bounds,
  };
  prepared.maps.set(key, index, Math.max(1, placed.length));
  return index;
}

/**
 * The marks of a view: the groups and single sites at its zoom, or — when that would be more than
 * MAP_MARKS_MAX (a wide view at street level) — those of the closest zoom out that holds no more
 * (R733). Each zoom out at least halves the view's width in pixels, so this ends within a few levels.
 * A group's zoom is where it comes apart, and never the view's own zoom or less, so that choosing a
 * group of a coarser zoom still zooms in (each level in halves the view, until its sites fit).
 */
function marksOf(index: MapIndex, view: { bounds: MapView; zoom: number }): MapMark[] {
  for (let zoom = view.zoom; ; zoom -= 1) {
    const marks = index.groups.marksIn(view.bounds, Math.min(zoom, MAP_GROUP_MAX_ZOOM));
    if (marks.length <= MAP_MARKS_MAX || zoom <= 0)
      return marks.slice(0, MAP_MARKS_MAX).map((mark): MapMark => {
        // A group of a coarser zoom (the bound) still zooms in from the view: one level at least.
        if (mark.kind === 'group')
          return {
            ...mark,
            zoom: Math.min(MAP_ZOOM_MAX, Math.max(index.groups.expansionZoom(mark.id), view.zoom + 1)),
          };
        const site = mark.place;
        const names = nameTranslations(site);
        return {
          kind: 'site',
          id: site.id,
          name: site.name,
          ...(names ? { translations: names } : {}),
          address: site.address,
          lat: site.lat,
          lng: site.lng,
        };
      });
    // Past the last grouping zoom every zoom gives the same marks: go straight to the last one.
    if (zoom > MAP_GROUP_MAX_ZOOM) zoom = MAP_GROUP_MAX_ZOOM;
  }
}

/** The map's answer for a view, memoised as bytes with the search's answers (R732). */
function mapAnswer(prepared: Prepared, search: DirectoryMapSearch): CachedResponse {
  const view = search.view;
  const answerKey = `map|${selectionKey(search.filters, search.q)}|${view ? `${view.bounds.join(',')},${view.zoom}` : ''}`;
  const memoised = prepared.answers.get(answerKey);
  if (memoised) return memoised;
  const index = mapIndexOf(prepared, search.filters, search.q);
  const result: SiteMapAnswer = {
    total: index.total,
    unplaced: index.unplaced,
    bounds: index.bounds,
    marks: view ? marksOf(index, view) : [],
  };
  // The keys in the order of SiteMapAnswerSchema, as its serializer would write them.
  const entry = entryFor(JSON.stringify(result));
  prepared.answers.setIfAskedBefore(answerKey, entry);
  return entry;
}

/** One page of the answer from a prepared directory, memoised as bytes (R706). */
function answer(prepared: Prepared, search: DirectorySearch): CachedResponse {
  const opening: Opening = (id) => openingIn(prepared.openings, prepared.parsed.positionOf.get(id));
  const key = selectionKey(search.filters, search.q);
  const answerKey = `${key}|${search.near ? `${search.near.lat},${search.near.lng}` : ''}|${search.offset}|${search.limit}|${search.include ?? ''}`;
  const memoised = prepared.answers.get(answerKey);
  if (memoised) return memoised;

  const made = selectionOf(prepared, search.filters, search.q);
  const { matching, counts } = made;
  const end = search.offset + search.limit;
  const page = search.near
    ? nearestPage(prepared, made, search.near, Math.min(end, matching.length)).slice(search.offset)
    : matching.slice(search.offset, end).map((site) => ({ site, miles: undefined }));
  const result: SiteSearchAnswer = {
    today: prepared.today,
    total: matching.length,
    offset: search.offset,
    limit: search.limit,
    sites: page.map(({ site, miles }) => {
      const listed = row(
        site,
        miles,
        opening(site.id),
        shownDish(prepared.dishesOf(site.id), search.filters.diet),
      );
      return search.include === 'site' ? { ...listed, site } : listed;
    }),
    counts,
  };
  // The keys in the order of SiteSearchAnswerSchema, as its serializer would write them.
  const entry = entryFor(JSON.stringify(result));
  prepared.answers.setIfAskedBefore(answerKey, entry);
  return entry;
}

/**
 * The nearest `count` of a selection (R707, R753): from the grid, unless the page is long or most of
 * the selection (then `nearestFirst`, which sorts them all with `byDistance`).
 */
function nearestPage(prepared: Prepared, made: Selection, near: { lat: number; lng: number }, count: number) {
  if (count > 1000 || count * 4 >= made.matching.length) return nearestFirst(made.matching, near, count);
  return gridNearest(prepared.parsed.grid, made.bits, near, count).map(({ position, miles }) => ({
    site: prepared.sites[position]!,
    miles,
  }));
}

/** The sites each option of a filter leaves (R750): a list's items, the facts, the opening, the diet marks. */
function optionSets(prepared: Prepared, key: string): Map<unknown, Bits> {
  if (key === OPEN_KEY) return prepared.openBits;
  if (key === DIET_KEY) return prepared.dietBits;
  return prepared.parsed.options.get(key) ?? new Map();
}

/** The sites a choice leaves, by the same test as `choicesOf` (an unknown value leaves none). */
function choiceSets(prepared: Prepared, filters: SiteFilters): { key: string; bits: Bits }[] {
  const size = prepared.sites.length;
  const none = emptyBits(size);
  const sets: { key: string; bits: Bits }[] = [];
  const from = (key: string, value: unknown) => optionSets(prepared, key).get(value);
  for (const filter of SITE_FILTERS) {
    const id = filters[filter.key];
    if (id !== undefined) sets.push({ key: filter.key, bits: from(filter.key, id) ?? none });
  }
  const [walkins, stepfree, speaksKey] = FACT_FILTER_KEYS;
  if (filters.walkins) sets.push({ key: walkins, bits: from(walkins, true) ?? none });
  if (filters.stepfree) sets.push({ key: stepfree, bits: from(stepfree, true) ?? none });
  if (filters.speaks) sets.push({ key: speaksKey, bits: from(speaksKey, filters.speaks) ?? none });
  if (filters.open) sets.push({ key: OPEN_KEY, bits: from(OPEN_KEY, filters.open) ?? none });
  const diet = filters.diet;
  if (diet) {
    let bits = from(DIET_KEY, diet);
    if (!bits) {
      // A mark no longer offered: its sites by the page's own test.
      bits = emptyBits(size);
      prepared.sites.forEach((site, position) => {
        if (servesDietToday(prepared.dishesOf(site.id), diet)) addBit(bits!, position);
      });
    }
    sets.push({ key: DIET_KEY, bits });
  }
  return sets;
}

/** How many words of a count per option one site's pass costs about as much as (measured at 100,000 sites). */
const MEMBER_PASS_WORDS = 64;

/**
 * One filter's counts over the sites `over` (R751): a pass over those sites with the filter's own
 * counter when they are few, else one count per option of the filter (the sites in both sets), the
 * options in the order such a pass would first meet them, so the answer's bytes are the same.
 */
function tally(
  prepared: Prepared,
  key: string,
  add: (site: Site, count: (option: string) => void) => void,
  over: Members,
): Record<string, number> {
  const sets = optionSets(prepared, key);
  const { sites } = prepared;
  // A site's counter costs about as much as an option's count over MEMBER_PASS_WORDS words of 32 sites.
  if (over.size * MEMBER_PASS_WORDS <= sets.size * over.bits.length) {
    const counts: Record<string, number> = {};
    const count = (option: string) => {
      counts[option] = (counts[option] ?? 0) + 1;
    };
    for (const position of over.positions()) add(sites[position]!, count);
    return counts;
  }
  const found: { option: string; count: number; first: number }[] = [];
  for (const [value, bits] of sets) {
    const count = countBoth(bits, over.bits);
    if (count > 0)
      found.push({
        option: typeof value === 'boolean' ? 'yes' : String(value),
        count,
        first: firstOfBoth(bits, over.bits),
      });
  }
  // Options first met at the same site: in the order the site's counter names them.
  const named = new Map<number, string[]>();
  const rank = (position: number, option: string) => {
    let order = named.get(position);
    if (!order) {
      const options: string[] = [];
      add(sites[position]!, (name) => options.push(name));
      named.set(position, options);
      order = options;
    }
    return order.indexOf(option);
  };
  found.sort((a, b) => a.first - b.first || rank(a.first, a.option) - rank(b.first, b.option));
  const counts: Record<string, number> = {};
  for (const { option, count } of found) counts[option] = count;
  return counts;
}

/**
 * The sites and counts of one (filters, name search) from the indexes (R750–R752), exactly what the
 * one pass of `selection` gives (R705): the named sites passing every choice are listed and counted
 * under every filter without a choice; a filter with a choice counts the named sites passing every
 * other choice; a filter whose sites are the whole directory keeps the unfiltered counts.
 */
function indexedSelection(prepared: Prepared, filters: SiteFilters, q: string | undefined): Selection {
  const named = namedBits(prepared.parsed.names, q);
  const chosen = choiceSets(prepared, filters);
  const allBut = chosen.map((_, skip) =>
    chosen.reduce<Bits | undefined>(
      (sites, choice, i) => (i === skip ? sites : intersect(sites, choice.bits)),
      named,
    ),
  );
  const bits = chosen.length > 0 ? intersect(allBut[0], chosen[0]!.bits) : named;
  // Each set's size and positions are found once, however many filters count over it.
  const members = new Map<Bits, Members>();
  const membersOf = (set: Bits) => {
    let made = members.get(set);
    if (!made) {
      made = membersIn(set);
      members.set(set, made);
    }
    return made;
  };
  const counts: SiteSearchAnswer['counts'] = {};
  const opening: Opening = (id) => openingIn(prepared.openings, prepared.parsed.positionOf.get(id));
  for (const [key, add] of counters(opening, prepared.dishesOf)) {
    const at = chosen.findIndex((choice) => choice.key === key);
    const over = at >= 0 ? allBut[at] : bits;
    counts[key] = over ? tally(prepared, key, add, membersOf(over)) : prepared.everything.counts[key]!;
  }
  const matching = bits
    ? membersOf(bits)
        .positions()
        .map((position) => prepared.sites[position]!)
    : prepared.sites.slice();
  return { matching, bits, counts };
}

/** A set of sites with its size, and its positions in the list's order when asked (once). */
interface Members {
  bits: Bits;
  size: number;
  positions(): readonly number[];
}

function membersIn(bits: Bits): Members {
  let positions: number[] | undefined;
  return {
    bits,
    size: countOf(bits),
    positions() {
      if (!positions) {
        const found: number[] = [];
        eachBit(bits, (position) => found.push(position));
        positions = found;
      }
      return positions;
    },
  };
}

function row(
  site: Site,
  miles: number | undefined,
  open: { now: boolean; today: boolean } | undefined,
  dish: Dish | undefined,
): SearchSite {
  const names = nameTranslations(site);
  return {
    id: site.id,
    name: site.name,
    ...(names ? { translations: names } : {}),
    address: site.address,
    lat: site.lat ?? null,
    lng: site.lng ?? null,
    ...(miles !== undefined ? { miles: Math.round(miles * 100) / 100 } : {}),
    openNow: open?.now ?? false,
    openToday: open?.today ?? false,
    ...(dish ? { dish } : {}),
  };
}

/** A site's names in Spanish and Chinese, only those it has (undefined when none). */
function nameTranslations(site: Site): SearchSite['translations'] {
  const { es, zh } = site.translations ?? {};
  const names = {
    ...(es?.name ? { es: { name: es.name } } : {}),
    ...(zh?.name ? { zh: { name: zh.name } } : {}),
  };
  return Object.keys(names).length ? names : undefined;
}
