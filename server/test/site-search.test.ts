/**
 * docs/product.md R700–R703: the public search answers what the locations page's own rules give for
 * the same query — the same sites in the same order, the total, paging — and counts per filter option
 * that never disagree with the list; bad paging or a lone coordinate is a 422.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FACT_FILTER_KEYS,
  filterByOpening,
  filterSites,
  filtersFromSearchParams,
  OPEN_FILTERS,
  SITE_FILTERS,
  type SiteFilters,
} from '#shared/filters.ts';
import { byDistance } from '#shared/geo.ts';
import type { StatusClosure } from '#shared/opening-status.ts';
import type { SiteSearchAnswer } from '#shared/schemas/site-search.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { isStepFree, welcomesWalkIns } from '#shared/site-facts.ts';
import { searchFromSearchParams, searchSites } from '#shared/site-search.ts';
import { computeStatuses } from '#shared/site-statuses.ts';
import { seedDemoData } from '../db/seed/demo.ts';
import { createTestApp, type TestContext } from './helpers.ts';

const TIME_ZONE = 'America/Los_Angeles';
/** A Tuesday at 12:15 on the agency's clock: lunch is being served at many sites. */
const NOW = new Date('2026-11-24T20:15:00Z');

let ctx: TestContext;
let sites: Site[];
let closures: StatusClosure[];

beforeAll(async () => {
  ctx = await createTestApp({ AGENCY_TIME_ZONE: TIME_ZONE }, { now: () => NOW });
  await seedDemoData(ctx.database.db);
  sites = (await ctx.app.inject({ method: 'GET', url: '/api/sites' })).json();
  closures = (await ctx.app.inject({ method: 'GET', url: '/api/closures' })).json();
});
afterAll(() => ctx.close());

async function search(query: string): Promise<SiteSearchAnswer> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/search?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** What the locations page lists for the same address, from the whole list, by the shared rules. */
function pageList(query: string, near?: { lat: number; lng: number }): number[] {
  const params = new URLSearchParams(query);
  const filters = filtersFromSearchParams(params);
  const statuses = computeStatuses(sites, closures, NOW.getTime(), TIME_ZONE);
  const listed = filterByOpening(
    searchSites(filterSites(sites, filters), searchFromSearchParams(params).q),
    filters.open,
    (id) => statuses.opening(id),
  );
  return (near ? byDistance(listed, near).map((entry) => entry.site) : listed).map((site) => site.id);
}

/**
 * The whole answer the page's rules give, computed the plain way: each filter's counts from its own
 * pass over the sites every other choice leaves (R703), the page cut from the whole ordered list.
 */
function plainAnswer(query: string): Omit<SiteSearchAnswer, 'today'> {
  const params = new URLSearchParams(query);
  const filters = filtersFromSearchParams(params);
  const statuses = computeStatuses(sites, closures, NOW.getTime(), TIME_ZONE);
  const opening = (id: number) => statuses.opening(id);
  const named = searchSites(sites, searchFromSearchParams(params).q);
  const leftBy = (drop: keyof SiteFilters) => {
    const rest = { ...filters };
    delete rest[drop];
    return filterByOpening(filterSites(named, rest), drop === 'open' ? undefined : filters.open, opening);
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
  // No site here has a menu, so no diet is served today (with menus: server/test/todays-menus.test.ts).
  counts.diet = tally(leftBy('diet'), () => []);
  const listed = filterByOpening(filterSites(named, filters), filters.open, opening);
  const lat = params.get('lat');
  const lng = params.get('lng');
  const ordered =
    lat && lng
      ? byDistance(listed, { lat: Number(lat), lng: Number(lng) })
      : listed.map((site) => ({ site, miles: undefined }));
  const offset = Number(params.get('offset') ?? 0);
  const limit = Number(params.get('limit') ?? 20);
  return {
    total: listed.length,
    offset,
    limit,
    sites: ordered.slice(offset, offset + limit).map(({ site, miles }) => ({
      id: site.id,
      name: site.name,
      ...(site.translations?.es?.name || site.translations?.zh?.name
        ? {
            translations: {
              ...(site.translations?.es?.name ? { es: { name: site.translations.es.name } } : {}),
              ...(site.translations?.zh?.name ? { zh: { name: site.translations.zh.name } } : {}),
            },
          }
        : {}),
      address: site.address,
      lat: site.lat ?? null,
      lng: site.lng ?? null,
      ...(miles !== undefined ? { miles: Math.round(miles * 100) / 100 } : {}),
      openNow: opening(site.id)?.now ?? false,
      openToday: opening(site.id)?.today ?? false,
    })),
    counts,
  };
}

async function everyPage(query: string): Promise<number[]> {
  const ids: number[] = [];
  for (let offset = 0; ; offset += 7) {
    const answer = await search(`${query}&limit=7&offset=${offset}`);
    ids.push(...answer.sites.map((site) => site.id));
    if (offset + 7 >= answer.total) return ids;
  }
}

describe('the public search (R700–R703)', () => {
  it('answers the first page of every site, by the list’s order, with the total', async () => {
    const answer = await search('');
    expect(answer.total).toBe(sites.length);
    expect(answer.sites.map((site) => site.id)).toEqual(pageList('').slice(0, 20));
    expect(answer).toMatchObject({ offset: 0, limit: 20, today: '2026-11-24' });
    expect(sites.length).toBeGreaterThan(20);
  });

  it('gives the page’s sites for filters, open now, a name and a point, page after page', async () => {
    const population = sites.find((site) => site.Populations.length)!.Populations[0]!.id;
    const near = { lat: 37.7749, lng: -122.4194 };
    for (const [query, point] of [
      [`population=${population}`, undefined],
      ['open=now', undefined],
      ['open=today&walkins=1', undefined],
      ['q=center', undefined],
      [`population=${population}&lat=${near.lat}&lng=${near.lng}`, near],
    ] as const) {
      const expected = pageList(query, point);
      expect(await everyPage(query), query).toEqual(expected);
      expect((await search(query)).total, query).toBe(expected.length);
    }
  });

  it('orders by distance from the point, each row with its miles', async () => {
    const answer = await search('lat=37.7749&lng=-122.4194&limit=100');
    const miles = answer.sites.filter((site) => site.miles !== undefined).map((site) => site.miles!);
    expect(miles.length).toBeGreaterThan(5);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
  });

  it('counts, for each filter option, exactly the sites choosing it would list', async () => {
    const base = 'open=today';
    const answer = await search(base);
    const population = Object.entries(answer.counts.population!);
    expect(population.length).toBeGreaterThan(1);
    for (const [id, count] of population)
      expect((await search(`${base}&population=${id}`)).total, `population ${id}`).toBe(count);
    for (const [open, count] of Object.entries(answer.counts.open!))
      expect((await search(`open=${open}`)).total, `open=${open}`).toBe(count);
    for (const [code, count] of Object.entries(answer.counts.speaks!))
      expect((await search(`${base}&speaks=${code}`)).total, `speaks=${code}`).toBe(count);
  });

  it('marks each row open now and open today as the page would', async () => {
    const statuses = computeStatuses(sites, closures, NOW.getTime(), TIME_ZONE);
    const answer = await search('limit=100');
    for (const row of answer.sites) {
      expect(row.openNow, row.name).toBe(statuses.opening(row.id)!.now);
      expect(row.openToday, row.name).toBe(statuses.opening(row.id)!.today);
    }
    expect(answer.sites.some((row) => row.openNow)).toBe(true);
    expect(answer.sites.some((row) => !row.openToday)).toBe(true);
  });

  it('answers, counts included, exactly what the plain computation gives, asked once or again (R705–R707)', async () => {
    const population = sites.find((site) => site.Populations.length)!.Populations[0]!.id;
    const service = sites.find((site) => site.Services.length)!.Services[0]!.id;
    const queries = [
      '',
      'open=now',
      'open=today&walkins=1',
      'stepfree=1&speaks=es',
      `population=${population}&service=${service}`,
      `population=${population}&open=today&stepfree=1`,
      'q=center',
      'q=CENTER  ',
      'q=senior&open=today',
      'lat=37.7749&lng=-122.4194',
      'lat=37.7749&lng=-122.4194&offset=3&limit=4',
      `lat=37.75&lng=-122.45&population=${population}&limit=2`,
      'offset=7&limit=5',
      'offset=500',
    ];
    for (const round of [1, 2])
      for (const query of queries) {
        const { today, ...answer } = await search(query);
        expect(answer, `${query} (round ${round})`).toEqual(plainAnswer(query));
        expect(JSON.stringify(answer.counts), query).toBe(JSON.stringify(plainAnswer(query).counts));
      }
  });

  it('sends a memoised answer as ready bytes with its ETag, 304 when the client has them (R706)', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/api/search?open=today&limit=3' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/api/search?open=today&limit=3',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    const other = await ctx.app.inject({ method: 'GET', url: '/api/search?open=today&limit=4' });
    expect(other.headers.etag).not.toBe(etag);
  });

  it('refuses bad paging and a lone coordinate with codes, and ignores keys it does not know', async () => {
    for (const [query, path, code] of [
      ['limit=0', 'limit', 'out_of_range'],
      ['limit=101', 'limit', 'out_of_range'],
      ['offset=-1', 'offset', 'out_of_range'],
      ['limit=many', 'limit', 'not_a_number'],
      ['lat=37.7', 'lng', 'both_coordinates'],
      ['lat=99&lng=0', 'lat', 'out_of_range'],
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/search?${query}` });
      expect(response.statusCode, query).toBe(422);
      expect(response.json().errors, query).toContainEqual(expect.objectContaining({ path, code }));
    }
    expect((await search('population=abc&open=later&unknown=1')).total).toBe(sites.length);
  });
});
