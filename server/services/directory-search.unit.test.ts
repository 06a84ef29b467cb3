/**
 * docs/product.md R706–R708: the search's memo stays within its bounds and forgets the least recently
 * used first; a page of "nearest first" is exactly that page of the shared `byDistance` order; a new
 * version of a large directory is prepared in steps while the version before answers.
 */
import { describe, expect, it } from 'vitest';
import { SITE_FILTERS } from '#shared/filters.ts';
import { byDistance, distanceMiles, milesAtLeast } from '#shared/geo.ts';
import { MAP_MARKS_MAX } from '#shared/map-groups.ts';
import type { SiteMapAnswer, SiteSearchAnswer } from '#shared/schemas/site-search.ts';
import { searchSites, searchTextOf } from '#shared/site-search.ts';
import { createDirectorySearch, Memo, namedSites, nameIndex, nearestFirst } from './directory-search.ts';
import { type CachedResponse, jsonArrayBody } from './response-cache.ts';

describe('the search memo (R706)', () => {
  it('keeps at most its entries and forgets the least recently used', () => {
    const memo = new Memo<number>(2);
    memo.set('a', 1);
    memo.set('b', 2);
    expect(memo.get('a')).toBe(1);
    memo.set('c', 3);
    expect(memo.get('b')).toBeUndefined();
    expect(memo.get('a')).toBe(1);
    expect(memo.get('c')).toBe(3);
    expect(memo.size).toBe(2);
  });

  it('keeps the weight of its entries within the bound, keeping a new heavy one alone', () => {
    const memo = new Memo<string>(10, 100);
    memo.set('a', 'a', 60);
    memo.set('b', 'b', 30);
    memo.set('c', 'c', 20);
    expect(memo.get('a')).toBeUndefined();
    expect([memo.get('b'), memo.get('c')]).toEqual(['b', 'c']);
    memo.set('d', 'd', 500);
    expect(memo.size).toBe(1);
    expect(memo.get('d')).toBe('d');
    memo.clear();
    expect(memo.size).toBe(0);
  });

  it('keeps an answer offered a second time, not one offered once, and remembers four times its entries of keys', () => {
    const memo = new Memo<number>(2);
    memo.setIfAskedBefore('a', 1);
    expect(memo.get('a')).toBeUndefined();
    memo.setIfAskedBefore('a', 1);
    expect(memo.get('a')).toBe(1);
    // 'b' offered once, then eight other keys: 'b' is forgotten, so its next offer is a first one again.
    memo.setIfAskedBefore('b', 2);
    for (const key of ['c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']) memo.setIfAskedBefore(key, 0);
    memo.setIfAskedBefore('b', 2);
    expect(memo.get('b')).toBeUndefined();
    memo.setIfAskedBefore('b', 2);
    expect(memo.get('b')).toBe(2);
    expect(memo.size).toBe(2);
  });
});

describe('nearest first (R707)', () => {
  /** Deterministic points, many at equal distances (a grid), some without a position. */
  const sites = Array.from({ length: 400 }, (_, id) =>
    id % 37 === 0
      ? { id, lat: null, lng: null }
      : { id, lat: 37.7 + (id % 9) * 0.01, lng: -122.5 + ((id * 7) % 11) * 0.01 },
  );
  const from = { lat: 37.74, lng: -122.45 };

  it('gives the same sites, miles and order as sorting every site, ties and all', () => {
    for (const count of [0, 1, 5, 20, 60, 99])
      expect(nearestFirst(sites, from, count), `count ${count}`).toEqual(
        byDistance(sites, from).slice(0, count),
      );
  });

  it('gives the same page over scattered points, the latitude bound never dropping a nearer site', () => {
    let state = 7;
    const next = () => {
      state = (state * 1664525 + 1013904223) >>> 0;
      return state / 2 ** 32;
    };
    const scattered = Array.from({ length: 3000 }, (_, id) => ({
      id,
      lat: 32 + next() * 10,
      lng: -124 + next() * 10,
    }));
    for (const point of [
      { lat: 37.77, lng: -122.42 },
      { lat: 34.05, lng: -118.24 },
      { lat: 41.9, lng: -114.1 },
    ]) {
      for (const count of [1, 20, 60])
        expect(nearestFirst(scattered, point, count)).toEqual(byDistance(scattered, point).slice(0, count));
      for (const site of scattered.slice(0, 500))
        expect(milesAtLeast(point, site.lat)).toBeLessThanOrEqual(distanceMiles(point, site) + 1e-9);
    }
  });

  it('puts sites without a position last, in the list’s order, when the page reaches them', () => {
    const few = sites.slice(0, 80);
    expect(nearestFirst(few, from, 19)).toEqual(byDistance(few, from).slice(0, 19));
    expect(nearestFirst(few, from, 80).slice(-3)).toEqual(byDistance(few, from).slice(-3));
  });
});

describe('the name search over the joined texts (R705)', () => {
  const partner = (name: string) => ({ name });
  const sites = [
    {
      id: 1,
      name: 'Mission Senior Café',
      address: '1 Mission St',
      NutritionPartners: [partner('Self-Help')],
    },
    { id: 2, name: 'Sunset Lunch', address: '2 Irving St', NutritionPartners: [] },
    {
      id: 3,
      name: 'Chinatown Lunch',
      translations: { es: { name: 'Almuerzo de Chinatown' }, zh: { name: '華埠午餐' } },
      address: '3 Stockton St',
      NutritionPartners: [partner('Mission Neighborhood Centers')],
    },
    { id: 4, name: 'Mission Café', address: '4 Ocean Ave', NutritionPartners: [] },
    { id: 5, name: 'Excelsior Kitchen', address: '5 Mission St', NutritionPartners: [] },
  ];
  const names = nameIndex(sites.map(searchTextOf));

  it('finds exactly the sites searchSites finds, in the list’s order', () => {
    for (const q of [
      undefined,
      '',
      'mission',
      'MISSION cafe',
      'café mission',
      'lunch',
      '華埠',
      'almuerzo',
      'st 5',
      'mission st',
      'self-help mission',
      'nowhere',
      'ave\nmission',
      '  ',
    ])
      expect(
        namedSites(sites, names, q).map((site) => site.id),
        String(q),
      ).toEqual(searchSites(sites, q).map((site) => site.id));
  });
});

describe('a new version of the directory (R708)', () => {
  const site = (id: number) => ({
    id,
    name: `Site ${id}`,
    address: `${id} Main St`,
    lat: 37.7 + id / 1000,
    lng: -122.4,
    Hours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '23:59' })),
    ...Object.fromEntries(SITE_FILTERS.map((filter) => [filter.siteKey, []])),
    facts: {},
  });
  /** A cached answer of `count` sites, assembled in runs of two, as the cache assembles the list. */
  const version = (count: number, etag: string): CachedResponse => {
    const body = jsonArrayBody();
    const sites = Array.from({ length: count }, (_, i) => JSON.stringify(site(i + 1)));
    for (let i = 0; i < sites.length; i += 2) body.append(sites.slice(i, i + 2));
    const { raw, runs } = body.finish();
    return { raw, etag, runs, encoded: async () => raw };
  };
  const closures: CachedResponse = { raw: Buffer.from('[]'), etag: '"c"', encoded: async () => closures.raw };
  const menus: CachedResponse = {
    raw: Buffer.from('{"date":"2026-11-24","sites":{}}'),
    etag: '"m"',
    encoded: async () => menus.raw,
  };
  const query = { filters: {}, q: undefined, near: undefined, offset: 0, limit: 20 };
  const input = (sites: () => Promise<CachedResponse>) => ({
    sites,
    closures: async () => closures,
    menus: async () => menus,
    now: Date.parse('2026-11-24T20:15:00Z'),
    timeZone: 'America/Los_Angeles',
  });
  /** Gives the event loop back until `done` holds (a bounded number of turns, no clock). */
  const turns = async (done: () => Promise<boolean>) => {
    for (let turn = 0; turn < 10_000; turn++) {
      if (await done()) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
    throw new Error('never happened');
  };

  it('waits for the first version, parsed a run at a time, with every site and its opening', async () => {
    const search = createDirectorySearch({ step: 2 });
    const entry = await search.search(
      input(async () => version(7, '"v1"')),
      query,
    );
    const answer = JSON.parse(entry.raw.toString()) as SiteSearchAnswer;
    expect(answer.total).toBe(7);
    expect(answer.sites.map((row) => row.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(answer.sites.every((row) => row.openNow && row.openToday)).toBe(true);
    expect(answer.counts.open).toEqual({ now: 7, today: 7 });
  });

  it('answers a large directory from the version before while the new one is rebuilt and prepared', async () => {
    const search = createDirectorySearch({ step: 2 });
    const total = async (sites: () => Promise<CachedResponse>) =>
      (JSON.parse((await search.search(input(sites), query)).raw.toString()) as { total: number }).total;
    const first = version(5, '"v1"');
    expect(await total(async () => first)).toBe(5);
    // The list is being rebuilt: the version before answers.
    let rebuilt!: (entry: CachedResponse) => void;
    const rebuilding = new Promise<CachedResponse>((resolve) => {
      rebuilt = resolve;
    });
    expect(await total(() => rebuilding)).toBe(5);
    rebuilt(version(9, '"v2"'));
    await turns(async () => (await total(() => rebuilding)) === 9);
  });

  it('keeps the memoised answer into the next minute when no opening moved, not when one did (R706)', async () => {
    // One step: every minute is prepared before it answers, so what is compared is the new minute's.
    const search = createDirectorySearch({ step: 100 });
    const list = version(5, '"v1"');
    const at = (iso: string) => ({ ...input(async () => list), now: Date.parse(iso) });
    const first = await search.search(at('2026-11-24T20:15:00Z'), query);
    // Asked a second time, the answer is kept (a first ask is not: R706).
    const noon = await search.search(at('2026-11-24T20:15:00Z'), query);
    expect(noon).not.toBe(first);
    expect(noon.raw).toEqual(first.raw);
    expect(await search.search(at('2026-11-24T20:15:00Z'), query)).toBe(noon);
    // A minute later every site is still open: the very same bytes, memoised.
    expect(await search.search(at('2026-11-24T20:16:00Z'), query)).toBe(noon);
    // At 23:59 the sites have closed (open 00:00–23:59): a new answer, as the page would show.
    const closing = await search.search(at('2026-11-25T07:59:00Z'), query);
    expect(closing).not.toBe(noon);
    const closed = JSON.parse(closing.raw.toString()) as SiteSearchAnswer;
    expect(closed.sites.some((row) => row.openNow)).toBe(false);
  });

  it('searches a directory of one step or less as it is now, at once', async () => {
    const search = createDirectorySearch({ step: 100 });
    const total = async (sites: () => Promise<CachedResponse>) =>
      (JSON.parse((await search.search(input(sites), query)).raw.toString()) as { total: number }).total;
    expect(await total(async () => version(5, '"v1"'))).toBe(5);
    expect(await total(async () => version(6, '"v2"'))).toBe(6);
  });
});

describe('the map of a search (R730–R733)', () => {
  /** `count` sites scattered over about 2 × 2 km, every tenth without a position. */
  const version = (count: number, etag: string): CachedResponse => {
    let state = 11;
    const next = () => {
      state = (state * 1664525 + 1013904223) >>> 0;
      return state / 2 ** 32;
    };
    const sites = Array.from({ length: count }, (_, i) => ({
      id: i + 1,
      name: `Site ${i + 1}`,
      address: `${i + 1} Main St`,
      lat: i % 10 === 9 ? null : 37.76 + next() * 0.02,
      lng: i % 10 === 9 ? null : -122.43 + next() * 0.02,
      Hours: [],
      ...Object.fromEntries(SITE_FILTERS.map((filter) => [filter.siteKey, []])),
      facts: {},
    }));
    const raw = Buffer.from(JSON.stringify(sites));
    return { raw, etag, encoded: async () => raw };
  };
  const closures: CachedResponse = { raw: Buffer.from('[]'), etag: '"c"', encoded: async () => closures.raw };
  const menus: CachedResponse = {
    raw: Buffer.from('{"date":"2026-11-24","sites":{}}'),
    etag: '"m"',
    encoded: async () => menus.raw,
  };
  const input = (entry: CachedResponse) => ({
    sites: async () => entry,
    closures: async () => closures,
    menus: async () => menus,
    now: Date.parse('2026-11-24T20:15:00Z'),
    timeZone: 'America/Los_Angeles',
  });
  const WORLD: [number, number, number, number] = [-180, -85, 180, 85];
  const answerOf = (entry: CachedResponse) => JSON.parse(entry.raw.toString()) as SiteMapAnswer;
  const countOf = (answer: SiteMapAnswer) =>
    answer.marks.reduce((sum, mark) => sum + (mark.kind === 'group' ? mark.count : 1), 0);

  it('answers a view that would hold more than the bound with the groups of a zoom out, every site counted', async () => {
    const search = createDirectorySearch({ step: 5_000 });
    const list = version(2_000, '"v1"');
    for (const zoom of [20, 18, 17, 16, 15, 14]) {
      const answer = answerOf(
        await search.searchMap(input(list), { filters: {}, q: undefined, view: { bounds: WORLD, zoom } }),
      );
      expect(answer).toMatchObject({ total: 1_800, unplaced: 200 });
      expect(answer.marks.length, `zoom ${zoom}`).toBeLessThanOrEqual(MAP_MARKS_MAX);
      expect(countOf(answer), `zoom ${zoom}`).toBe(1_800);
    }
    // At street level over the whole city: more than the bound, so groups.
    const street = answerOf(
      await search.searchMap(input(list), { filters: {}, q: undefined, view: { bounds: WORLD, zoom: 20 } }),
    );
    expect(street.marks.some((mark) => mark.kind === 'group')).toBe(true);
    // Choosing one of those groups still zooms in from the view.
    const at19 = answerOf(
      await search.searchMap(input(list), { filters: {}, q: undefined, view: { bounds: WORLD, zoom: 19 } }),
    );
    for (const mark of at19.marks) if (mark.kind === 'group') expect(mark.zoom).toBe(20);
  });

  it('keeps an answer as the same bytes, and answers a new version of the directory anew', async () => {
    const search = createDirectorySearch({ step: 5_000 });
    const view = { filters: {}, q: undefined, view: { bounds: WORLD, zoom: 12 } };
    const once = await search.searchMap(input(version(50, '"v1"')), view);
    const first = await search.searchMap(input(version(50, '"v1"')), view);
    expect(first.raw).toEqual(once.raw);
    expect(await search.searchMap(input(version(50, '"v1"')), view)).toBe(first);
    const next = answerOf(await search.searchMap(input(version(60, '"v2"')), view));
    expect(next.total + next.unplaced).toBe(60);
  });
});
