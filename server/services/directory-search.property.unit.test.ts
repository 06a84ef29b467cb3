/**
 * docs/product.md R750–R754: the search's indexes (sites per option as bit sets, the name search's
 * words, the grid for nearest first) give exactly the answer of the plain computation — the shared
 * rules run over every site, each filter's counts from its own pass — over random directories and
 * random queries: the same sites in the same order, the same miles, total, and counts with their
 * options in the same order (the answer's bytes).
 */
import { describe, expect, it } from 'vitest';
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
import { DIET_MARKS, type Dish, servesDietToday } from '#shared/menus.ts';
import type { SiteSearchAnswer } from '#shared/schemas/site-search.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { isStepFree, welcomesWalkIns } from '#shared/site-facts.ts';
import { searchSites } from '#shared/site-search.ts';
import { computeStatuses } from '#shared/site-statuses.ts';
import { createDirectorySearch, type DirectorySearch } from './directory-search.ts';
import { type CachedResponse, jsonArrayBody } from './response-cache.ts';
import { addBit, emptyBits, gridBuilder, gridNearest, hasBit } from './search-index.ts';

const NOW = Date.parse('2026-11-24T20:15:00Z');
const TIME_ZONE = 'America/Los_Angeles';

/** A small deterministic generator (the same directories on every run). */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const int = (below: number) => Math.floor(next() * below);
  const pick = <T>(items: readonly T[]) => items[int(items.length)]!;
  const some = <T>(items: readonly T[], chance: number) => items.filter(() => next() < chance);
  return { next, int, pick, some };
}

const WORDS = [
  'Mission',
  'Café',
  'misión',
  'Senior',
  'Lunch',
  'Club',
  'Sunset',
  'Excelsior',
  '華埠',
  '午餐',
  'Ñandú',
  'Bayview',
  'St',
  'Ave',
  'Self-Help',
  'Kitchen',
  'A',
  'Center',
];
const LANGUAGES = ['en', 'es', 'yue', 'cmn', 'vi', 'tl'];

function directory(seed: number): { sites: Site[]; dishes: Record<string, Dish[]> } {
  const r = random(seed);
  const count = 40 + r.int(560);
  const items = SITE_FILTERS.map((filter, list) =>
    Array.from({ length: 2 + r.int(8) }, (_, i) => ({
      id: list * 100 + i + 1,
      name: `${r.pick(WORDS)} ${r.pick(WORDS)}`,
      translations: {},
      ...(filter.siteKey === 'CovidStatuses' ? { closesSite: r.next() < 0.3 } : {}),
    })),
  );
  const ids = Array.from({ length: count }, (_, i) => i + 1).sort(() => r.next() - 0.5);
  // Few distinct positions, so equal distances (ties) are common.
  const spots = Array.from({ length: 1 + r.int(count) }, () => ({
    lat: 37 + r.int(400) / 100,
    lng: -123 + r.int(400) / 100,
  }));
  const sites = ids.map((id) => {
    const spot = r.next() < 0.08 ? undefined : r.pick(spots);
    const site = {
      id,
      name: `${r.pick(WORDS)} ${r.pick(WORDS)} ${r.int(50)}`,
      translations:
        r.next() < 0.3
          ? { es: { name: `${r.pick(WORDS)} ${r.pick(WORDS)}` }, zh: { name: r.pick(WORDS) } }
          : {},
      address: `${r.int(3000)} ${r.pick(WORDS)} ${r.pick(['St', 'Ave', 'Blvd'])}`,
      lat: spot?.lat ?? null,
      lng: spot?.lng ?? null,
      Hours: r.some([0, 1, 2, 3, 4, 5, 6], 0.6).map((day) => ({
        day,
        open: r.pick(['08:00', '11:00', '12:00', '16:00']),
        close: r.pick(['12:30', '13:00', '19:00', '23:00']),
      })),
      ...Object.fromEntries(SITE_FILTERS.map((filter, list) => [filter.siteKey, r.some(items[list]!, 0.25)])),
      facts:
        r.next() < 0.2
          ? null
          : {
              ...(r.next() < 0.5 ? { walkIns: r.next() < 0.5 } : {}),
              ...(r.next() < 0.5 ? { reservation: r.pick(['not_needed', 'required']) } : {}),
              ...(r.next() < 0.5 ? { stepFree: r.next() < 0.6 } : {}),
              ...(r.next() < 0.7 ? { languages: r.some(LANGUAGES, 0.4).sort(() => r.next() - 0.5) } : {}),
            },
    };
    return site as unknown as Site;
  });
  const dishes: Record<string, Dish[]> = {};
  for (const site of sites)
    if (r.next() < 0.3)
      dishes[String(site.id)] = Array.from({ length: 1 + r.int(3) }, () => ({
        name: r.pick(WORDS),
        translations: {},
        diets: r.some(DIET_MARKS, 0.3),
      })) as Dish[];
  return { sites, dishes };
}

function cached(body: string, etag: string, runs?: number[]): CachedResponse {
  const raw = Buffer.from(body);
  return { raw, etag, ...(runs ? { runs } : {}), encoded: async () => raw };
}

/** The list as the cache keeps it: assembled in runs of a few sites. */
function cachedList(sites: Site[], etag: string): CachedResponse {
  const body = jsonArrayBody();
  for (let i = 0; i < sites.length; i += 7)
    body.append(sites.slice(i, i + 7).map((site) => JSON.stringify(site)));
  const { raw, runs } = body.finish();
  return cached(raw.toString(), etag, [...runs!]);
}

/** The answer computed the plain way: the shared rules over every site, one pass per filter's counts. */
function plainAnswer(
  sites: Site[],
  dishes: Record<string, Dish[]>,
  opening: (id: number) => { now: boolean; today: boolean } | undefined,
  search: DirectorySearch,
) {
  const dishesOf = (id: number) => dishes[String(id)];
  const { filters } = search;
  const named = searchSites(sites, search.q);
  const listedBy = (rest: SiteFilters) =>
    filterByDiet(filterByOpening(filterSites(named, rest), rest.open, opening), rest.diet, dishesOf);
  const leftBy = (drop: keyof SiteFilters) => {
    const rest = { ...filters };
    delete rest[drop];
    return listedBy(rest);
  };
  const tally = (list: Site[], options: (site: Site) => string[]) => {
    const counts: Record<string, number> = {};
    for (const site of list) for (const option of options(site)) counts[option] = (counts[option] ?? 0) + 1;
    return counts;
  };
  const counts: SiteSearchAnswer['counts'] = {};
  for (const filter of SITE_FILTERS)
    counts[filter.key] = tally(leftBy(filter.key), (site) =>
      site[filter.siteKey].map((item) => String(item.id)),
    );
  counts.open = tally(leftBy('open'), (site) => OPEN_FILTERS.filter((open) => opening(site.id)?.[open]));
  const [walkins, stepfree, speaks] = FACT_FILTER_KEYS;
  counts[walkins] = tally(leftBy(walkins), (site) => (welcomesWalkIns(site.facts) ? ['yes'] : []));
  counts[stepfree] = tally(leftBy(stepfree), (site) => (isStepFree(site.facts) ? ['yes'] : []));
  counts[speaks] = tally(leftBy(speaks), (site) => site.facts?.languages ?? []);
  counts[DIET_KEY] = tally(leftBy(DIET_KEY), (site) =>
    DIET_MARKS.filter((mark) => servesDietToday(dishesOf(site.id), mark)),
  );
  const listed = listedBy(filters);
  const ordered = search.near
    ? byDistance(listed, search.near)
    : listed.map((site) => ({ site, miles: undefined }));
  return {
    total: listed.length,
    sites: ordered
      .slice(search.offset, search.offset + search.limit)
      .map(({ site, miles }) => [site.id, miles === undefined ? null : Math.round(miles * 100) / 100]),
    counts: JSON.stringify(counts),
  };
}

function randomSearch(r: ReturnType<typeof random>, sites: Site[]): DirectorySearch {
  const filters: SiteFilters = {};
  const chance = 0.25;
  for (const [list, filter] of SITE_FILTERS.entries())
    if (r.next() < chance) filters[filter.key] = list * 100 + 1 + r.int(10);
  if (r.next() < chance) filters.open = r.pick(OPEN_FILTERS);
  if (r.next() < chance) filters.walkins = true;
  if (r.next() < chance) filters.stepfree = true;
  if (r.next() < chance) filters.speaks = r.pick(LANGUAGES);
  if (r.next() < chance) filters.diet = r.pick(DIET_MARKS);
  const site = r.pick(sites);
  const word = r.pick([...site.name.split(' '), ...site.address.split(' '), r.pick(WORDS)]);
  const q =
    r.next() < 0.5
      ? undefined
      : r.pick([
          word,
          word.slice(r.int(word.length)),
          word.slice(0, 1 + r.int(word.length)).toUpperCase(),
          `${word} ${r.pick(WORDS)}`,
          `  ${r.pick(WORDS)}   ${word.slice(1)} `,
          'nowhere at all',
          'e',
        ]);
  const near = r.next() < 0.5 ? { lat: 36 + r.next() * 6, lng: -124 + r.next() * 6 } : undefined;
  return {
    filters,
    q,
    near,
    offset: r.pick([0, 0, 0, 5, 20, 60]),
    limit: 1 + r.int(30),
  };
}

describe('the indexed search against the plain computation (R750–R754)', () => {
  it('gives the same answer, counts in the same order, over random directories and queries', async () => {
    for (let seed = 1; seed <= 24; seed++) {
      const { sites, dishes } = directory(seed);
      const search = createDirectorySearch({ step: 64 });
      const list = cachedList(sites, `"s${seed}"`);
      const closures = cached('[]', '"c"');
      const menus = cached(JSON.stringify({ date: '2026-11-24', sites: dishes }), `"m${seed}"`);
      const input = {
        sites: async () => list,
        closures: async () => closures,
        menus: async () => menus,
        now: NOW,
        timeZone: TIME_ZONE,
      };
      const statuses = computeStatuses(sites, [], NOW, TIME_ZONE);
      const r = random(seed * 7919);
      for (let i = 0; i < 60; i++) {
        const query = randomSearch(r, sites);
        const answer = JSON.parse((await search.search(input, query)).raw.toString()) as SiteSearchAnswer;
        const expected = plainAnswer(sites, dishes, (id) => statuses.opening(id), query);
        const context = `seed ${seed}, query ${JSON.stringify(query)}`;
        expect(answer.total, context).toBe(expected.total);
        expect(
          answer.sites.map((row) => [row.id, row.miles ?? null]),
          context,
        ).toEqual(expected.sites);
        expect(JSON.stringify(answer.counts), context).toBe(expected.counts);
      }
    }
  });
});

describe('the minutes of a day (R706, R708)', () => {
  it('gives the plain answer at every minute asked, recomputing only the sites whose hours open or close in between', async () => {
    for (let seed = 1; seed <= 6; seed++) {
      const { sites, dishes } = directory(seed);
      const r = random(seed * 31);
      // A walk through one day, and one through the night daylight saving time ends (an hour twice).
      const day = seed % 2 === 0 ? '2026-11-24' : '2026-11-01';
      const closures = [
        {
          id: 1,
          startDate: day,
          endDate: day,
          reason: 'Staff training',
          siteIds: sites.filter(() => r.next() < 0.1).map((site) => site.id),
          allSites: false,
        },
        {
          id: 2,
          startDate: '2026-12-25',
          endDate: '2026-12-25',
          reason: 'Holiday',
          siteIds: [],
          allSites: true,
        },
      ];
      const search = createDirectorySearch({ step: 100_000 });
      const list = cachedList(sites, `"s${seed}"`);
      const closed = cached(JSON.stringify(closures), `"c${seed}"`);
      const menus = cached(JSON.stringify({ date: day, sites: dishes }), `"m${seed}"`);
      // From 23:30 the day before (UTC−8 or −7) through the day: to the hours' own minutes (11:00,
      // 12:30 …), to the minute before one, a minute on, or 1 to 45 minutes on.
      const HALF_HOUR = 1_800_000;
      let now = Date.parse(`${day}T06:30:00Z`);
      const end = now + 26 * 3_600_000;
      while (now < end) {
        const kind = r.int(4);
        if (kind === 0) now = (Math.floor(now / HALF_HOUR) + 1) * HALF_HOUR;
        else if (kind === 1) now = (Math.floor((now + 60_000) / HALF_HOUR) + 1) * HALF_HOUR - 60_000;
        else if (kind === 2) now += 60_000;
        else now += (1 + r.int(45)) * 60_000;
        const input = {
          sites: async () => list,
          closures: async () => closed,
          menus: async () => menus,
          now,
          timeZone: TIME_ZONE,
        };
        const statuses = computeStatuses(sites, closures, now, TIME_ZONE);
        for (const query of [
          { filters: { open: 'now' as const }, q: undefined, near: undefined, offset: 0, limit: 50 },
          { filters: { open: 'today' as const }, q: undefined, near: undefined, offset: 0, limit: 50 },
          { filters: {}, q: undefined, near: undefined, offset: 0, limit: 50 },
          randomSearch(r, sites),
        ]) {
          const answer = JSON.parse((await search.search(input, query)).raw.toString()) as SiteSearchAnswer;
          const expected = plainAnswer(sites, dishes, (id) => statuses.opening(id), query);
          const context = `seed ${seed}, ${new Date(now).toISOString()}, query ${JSON.stringify(query)}`;
          expect(answer.total, context).toBe(expected.total);
          expect(
            answer.sites.map((row) => [row.id, row.miles ?? null]),
            context,
          ).toEqual(expected.sites);
          expect(
            answer.sites.map((row) => [row.openNow, row.openToday]),
            context,
          ).toEqual(
            answer.sites.map((row) => [
              statuses.opening(row.id)?.now ?? false,
              statuses.opening(row.id)?.today ?? false,
            ]),
          );
          expect(JSON.stringify(answer.counts), context).toBe(expected.counts);
        }
      }
    }
  });
});

describe('the grid (R753)', () => {
  it('gives byDistance’s page of any subset of the sites, ties in the list’s order', () => {
    const r = random(99);
    const spots = Array.from({ length: 300 }, () => ({
      lat: 30 + r.int(2000) / 100,
      lng: -125 + r.int(2000) / 100,
    }));
    const sites = Array.from({ length: 3000 }, (_, id) =>
      r.next() < 0.05 ? { id, lat: null, lng: null } : { id, ...r.pick(spots) },
    );
    const builder = gridBuilder();
    for (const site of sites) builder.add(site);
    const grid = builder.finish();
    for (let round = 0; round < 40; round++) {
      const members = emptyBits(sites.length);
      const chance = r.pick([1, 0.5, 0.05, 0.005]);
      sites.forEach((_, position) => {
        if (r.next() < chance) addBit(members, position);
      });
      const from = { lat: 28 + r.next() * 24, lng: -127 + r.next() * 24 };
      const subset = sites.filter((_, position) => hasBit(members, position));
      for (const count of [1, 7, 40, 200])
        expect(
          gridNearest(grid, members, from, count).map(({ position, miles }) => [sites[position]!.id, miles]),
        ).toEqual(
          byDistance(subset, from)
            .slice(0, count)
            .map(({ site, miles }) => [site.id, miles]),
        );
    }
  });

  it('gives the same in a dense city of many cells, from any point: inside, on a cell’s edge or corner, outside', () => {
    const r = random(7);
    // 20,000 sites in a city (lat 37.70–37.82, lng −122.52 to −122.36), some sharing a building.
    const sites = Array.from({ length: 20_000 }, (_, id) =>
      r.next() < 0.02
        ? { id, lat: null, lng: null }
        : { id, lat: 37.7 + r.int(12_000) / 100_000, lng: -122.52 + r.int(800) / 5_000 },
    );
    const builder = gridBuilder();
    for (const site of sites) builder.add(site);
    const grid = builder.finish();
    expect(grid.side).toBeGreaterThan(10);
    /** A line of the grid's frame: a cell's edge. */
    const edge = (step: number, start: number) => start + r.int(grid.side + 1) * step;
    for (let round = 0; round < 30; round++) {
      const chance = r.pick([1, 0.3, 0.01]);
      const members = emptyBits(sites.length);
      sites.forEach((_, position) => {
        if (r.next() < chance) addBit(members, position);
      });
      const kind = round % 4;
      const from =
        kind === 0
          ? { lat: 37.7 + r.next() * 0.12, lng: -122.52 + r.next() * 0.16 }
          : kind === 1
            ? { lat: edge(grid.latStep, grid.south), lng: edge(grid.lngStep, grid.west) }
            : kind === 2
              ? { lat: edge(grid.latStep, grid.south), lng: -122.52 + r.next() * 0.16 }
              : { lat: 37.5 + r.next() * 0.5, lng: -122.8 + r.next() * 0.6 };
      const subset = sites.filter((_, position) => hasBit(members, position));
      for (const count of [1, 25, 120])
        expect(
          gridNearest(grid, members, from, count).map(({ position, miles }) => [sites[position]!.id, miles]),
          JSON.stringify({ round, from, count }),
        ).toEqual(
          byDistance(subset, from)
            .slice(0, count)
            .map(({ site, miles }) => [site.id, miles]),
        );
    }
  });
});
