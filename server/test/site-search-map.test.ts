/**
 * docs/product.md R730–R734: the map of a search — for the same filters and name search as GET
 * /api/search, the groups and single sites of one view at one zoom, whose counts add up to the matching
 * sites with a position; the sites without one counted apart; the bounds of them all; bad views refused
 * with codes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAP_GROUP_MAX_ZOOM, MAP_MARKS_MAX } from '#shared/map-groups.ts';
import type { MapMark, SiteMapAnswer, SiteSearchAnswer } from '#shared/schemas/site-search.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { hasPosition } from '#shared/site-display.ts';
import { buildSite } from '#testing/factories.ts';
import { seedDemoData } from '../db/seed/demo.ts';
import { createTestApp, signInRoles, type TestContext } from './helpers.ts';

const TIME_ZONE = 'America/Los_Angeles';
/** A Tuesday at 12:15 on the agency's clock: lunch is being served at many sites. */
const NOW = new Date('2026-11-24T20:15:00Z');
const WORLD = 'west=-180&south=-85&east=180&north=85';
/** A name with markup, and a site without a position. */
const MARKUP = '<img src=x onerror=alert(1)> Soup & "Bread"';

let ctx: TestContext;
let sites: Site[];

beforeAll(async () => {
  ctx = await createTestApp({ AGENCY_TIME_ZONE: TIME_ZONE }, { now: () => NOW });
  await seedDemoData(ctx.database.db);
  const { admin } = await signInRoles(ctx);
  for (const site of [
    buildSite({ name: MARKUP, lat: 37.78, lng: -122.41 }),
    buildSite({ name: 'Nowhere Kitchen', lat: null, lng: null }),
  ]) {
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/sites',
      payload: site,
      headers: { cookie: admin.cookie },
    });
    expect(made.statusCode, made.body).toBe(201);
  }
  sites = (await ctx.app.inject({ method: 'GET', url: '/api/sites' })).json();
});
afterAll(() => ctx.close());

async function map(query: string): Promise<SiteMapAnswer> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/search/map?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function search(query: string): Promise<SiteSearchAnswer> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/search?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Every matching site's id, from the search's pages. */
async function searchIds(query: string): Promise<number[]> {
  const ids: number[] = [];
  for (let offset = 0; ; offset += 100) {
    const answer = await search(`${query}&limit=100&offset=${offset}`);
    ids.push(...answer.sites.map((site) => site.id));
    if (offset + 100 >= answer.total) return ids;
  }
}

const countOf = (marks: MapMark[]) =>
  marks.reduce((sum, mark) => sum + (mark.kind === 'group' ? mark.count : 1), 0);

describe('the map of a search (R730–R734)', () => {
  it('agrees with the search: placed plus unplaced is its total, the bounds hold every placed site', async () => {
    const population = sites.find((site) => site.Populations.length)!.Populations[0]!.id;
    for (const query of ['', `population=${population}`, 'open=now', 'q=kitchen', 'q=no-such-name']) {
      const answer = await map(query);
      const ids = await searchIds(query);
      expect(answer.total + answer.unplaced, query).toBe(ids.length);
      const placed = sites.filter((site) => ids.includes(site.id) && hasPosition(site));
      expect(answer.total, query).toBe(placed.length);
      expect(answer.marks, query).toEqual([]);
      if (placed.length === 0) expect(answer.bounds, query).toBeNull();
      else
        expect(answer.bounds, query).toEqual([
          Math.min(...placed.map((site) => site.lng!)),
          Math.min(...placed.map((site) => site.lat!)),
          Math.max(...placed.map((site) => site.lng!)),
          Math.max(...placed.map((site) => site.lat!)),
        ]);
    }
    expect((await map('q=nowhere')).unplaced).toBe(1);
  });

  it('gives groups and single sites whose counts add up to the total at every zoom', async () => {
    const { total } = await map('');
    expect(total).toBeGreaterThan(20);
    let grouped = false;
    for (let zoom = 0; zoom <= MAP_GROUP_MAX_ZOOM + 1; zoom += 1) {
      const { marks } = await map(`${WORLD}&zoom=${zoom}`);
      expect(countOf(marks), `zoom ${zoom}`).toBe(total);
      expect(marks.length).toBeLessThanOrEqual(MAP_MARKS_MAX);
      for (const mark of marks)
        if (mark.kind === 'group') {
          grouped = true;
          expect(mark.count).toBeGreaterThan(1);
          expect(mark.zoom, `zoom ${zoom}`).toBeGreaterThan(zoom);
          expect(mark.zoom).toBeLessThanOrEqual(MAP_GROUP_MAX_ZOOM);
        }
    }
    expect(grouped).toBe(true);
    // Past the last grouping every site has its own mark, north to south.
    const { marks } = await map(`${WORLD}&zoom=${MAP_GROUP_MAX_ZOOM + 1}`);
    expect(marks.every((mark) => mark.kind === 'site')).toBe(true);
    const lats = marks.map((mark) => mark.lat);
    expect(lats).toEqual([...lats].sort((a, b) => b - a));
  });

  it('answers a group’s zoom with its parts: zooming in splits it into marks that add up to it', async () => {
    const { marks } = await map(`${WORLD}&zoom=10`);
    const group = marks.find((mark) => mark.kind === 'group');
    expect(group).toBeDefined();
    if (group?.kind !== 'group') return;
    const around = `west=${group.lng - 0.5}&south=${group.lat - 0.5}&east=${group.lng + 0.5}&north=${group.lat + 0.5}`;
    const inner = await map(`${around}&zoom=${group.zoom}`);
    expect(inner.marks.length).toBeGreaterThan(1);
  });

  it('gives a view only its own marks, across the antimeridian too', async () => {
    const view = { west: -122.45, south: 37.74, east: -122.4, north: 37.79 };
    const inView = (site: Site, west: number, east: number) =>
      hasPosition(site) &&
      site.lat >= view.south &&
      site.lat <= view.north &&
      (west <= east ? site.lng >= west && site.lng <= east : site.lng >= west || site.lng <= east);
    const zoom = MAP_GROUP_MAX_ZOOM + 1;
    const { marks } = await map(
      `west=${view.west}&south=${view.south}&east=${view.east}&north=${view.north}&zoom=${zoom}`,
    );
    const expected = sites.filter((site) => inView(site, view.west, view.east)).map((site) => site.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(marks.map((mark) => mark.id).sort()).toEqual(expected.sort());
    // West above east: everything but the strip between them.
    const across = await map(
      `west=${view.east}&south=${view.south}&east=${view.west}&north=${view.north}&zoom=${zoom}`,
    );
    const outside = sites.filter((site) => inView(site, view.east, view.west)).map((site) => site.id);
    expect(across.marks.map((mark) => mark.id).sort()).toEqual(outside.sort());
    expect(outside.some((id) => expected.includes(id))).toBe(false);
    // Far from every site: no marks, the same total.
    const empty = await map(`west=10&south=10&east=11&north=11&zoom=12`);
    expect(empty.marks).toEqual([]);
    expect(empty.total).toBe((await map('')).total);
  });

  it('names a single site with its name as text, markup and all, and its names only', async () => {
    const answer = await ctx.app.inject({
      method: 'GET',
      url: `/api/search/map?q=soup&${WORLD}&zoom=${MAP_GROUP_MAX_ZOOM + 1}`,
    });
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    const { marks, total } = answer.json() as SiteMapAnswer;
    expect(total).toBe(1);
    expect(marks).toEqual([
      {
        kind: 'site',
        id: expect.any(Number),
        name: MARKUP,
        address: expect.any(String),
        lat: 37.78,
        lng: -122.41,
      },
    ]);
    const translated = sites.find((site) => hasPosition(site) && site.translations?.es?.name);
    if (translated) {
      const { marks: named } = await map(
        `west=${translated.lng! - 0.0001}&south=${translated.lat! - 0.0001}&east=${translated.lng! + 0.0001}&north=${translated.lat! + 0.0001}&zoom=${MAP_GROUP_MAX_ZOOM + 1}`,
      );
      const mark = named.find((one) => one.id === translated.id);
      expect(mark).toMatchObject({ translations: { es: { name: translated.translations!.es!.name } } });
      expect(Object.keys(mark!)).not.toContain('Hours');
    }
  });

  it('follows the filters: a list item and open now change the groups, which add up to the new total', async () => {
    const all = await map(`${WORLD}&zoom=11`);
    const population = sites.find((site) => site.Populations.length)!.Populations[0]!.id;
    for (const query of [`population=${population}`, 'open=now', 'open=now&q=center']) {
      const filtered = await map(`${query}&${WORLD}&zoom=11`);
      const placed = (await searchIds(query)).filter((id) =>
        hasPosition(sites.find((site) => site.id === id)!),
      );
      expect(filtered.total, query).toBe(placed.length);
      expect(countOf(filtered.marks), query).toBe(placed.length);
      expect(filtered.total, query).toBeLessThan(all.total);
      expect(filtered.marks, query).not.toEqual(all.marks);
    }
  });

  it('sends a memoised answer as ready bytes with its ETag, 304 when the client has them', async () => {
    const url = `/api/search/map?open=today&${WORLD}&zoom=9`;
    const first = await ctx.app.inject({ method: 'GET', url });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    const again = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    const other = await ctx.app.inject({ method: 'GET', url: url.replace('zoom=9', 'zoom=18') });
    expect(other.headers.etag).not.toBe(etag);
  });

  it('refuses a bad or partial view with codes, and ignores keys it does not know', async () => {
    for (const [query, path, code] of [
      [`${WORLD}`, 'zoom', 'required'],
      ['west=-123&zoom=3', 'north', 'required'],
      [`${WORLD}&zoom=21`, 'zoom', 'out_of_range'],
      [`${WORLD}&zoom=2.5`, 'zoom', 'not_a_number'],
      [`${WORLD}&zoom=far`, 'zoom', 'not_a_number'],
      ['west=-181&south=0&east=0&north=1&zoom=3', 'west', 'out_of_range'],
      ['west=0&south=-91&east=1&north=1&zoom=3', 'south', 'out_of_range'],
      ['west=0&south=2&east=1&north=1&zoom=3', 'north', 'out_of_range'],
      ['west=x&south=0&east=1&north=1&zoom=3', 'west', 'not_a_number'],
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/search/map?${query}` });
      expect(response.statusCode, query).toBe(422);
      expect(response.json().errors, query).toContainEqual(expect.objectContaining({ path, code }));
    }
    expect((await map('population=abc&open=later&unknown=1')).total).toBe((await map('')).total);
  });
});
