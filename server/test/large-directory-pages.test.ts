import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppData, preloadKeys } from '#shared/app-data.ts';
import {
  directoryMapQuery,
  directorySearchQuery,
  SEARCH_LIST_PAGE,
  SHOWN_MAX,
} from '#shared/directory-query.ts';
import { filtersFromSearchParams } from '#shared/filters.ts';
import type { SiteSearchAnswer } from '#shared/schemas/site-search.ts';
// biome-ignore lint/style/noRestrictedImports: the benchmarks' seeder (no alias) makes the synthetic sites the 10,000-site journeys run on
import { seedBenchData } from '../../bench/seed.ts';
import { seedDemoData } from '../db/seed/demo.ts';
import { createTestApp, type TestContext } from './helpers.ts';

/**
 * docs/product.md R716–R719: a directory too large to send whole is searched on the server. Every page
 * says so in its settings; the locations page and the home page embed the first page of GET
 * /api/search (`include=site`) for their address — under the key the browser builds with the same
 * function — instead of the list; each row carries its whole public site. A small directory is sent
 * whole as before. Rendered with the real renderer (client/src/entry-server.tsx).
 */
const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta name="description" content="x" /><title>x</title><!--app-data-->' +
  '</head><body><div id="root"></div><noscript><!--noscript-->x</noscript></body></html>';

/** Enough synthetic sites for a list above 300 KB. */
const LARGE = 400;

function renderingDist(): string {
  const dist = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'meals-dist-'));
  fs.mkdirSync(path.join(dist, 'client'));
  fs.mkdirSync(path.join(dist, 'server'));
  fs.writeFileSync(path.join(dist, 'client', 'index.html'), TEMPLATE);
  const real = pathToFileURL(path.resolve(import.meta.dirname, '../../client/src/entry-server.tsx')).href;
  fs.writeFileSync(path.join(dist, 'server', 'entry-server.js'), `export { render } from '${real}';\n`);
  return path.join(dist, 'client');
}

const appDataOf = (body: string): AppData =>
  JSON.parse(/<script id="app-data" type="application\/json">([\s\S]*?)<\/script>/.exec(body)![1]!);
const root = (body: string) => /<div id="root">([\s\S]*)<\/div><noscript>/.exec(body)?.[1] ?? '';
const keyOf = (key: readonly unknown[]) => JSON.stringify(key);
/** The sites the HTML lists, in its order (each row links its site once or more). */
const rowIds = (body: string) => [
  ...new Set([...root(body).matchAll(/href="\/sites\/(\d+)"/g)].map((m) => Number(m[1]))),
];
/** "Show more" as the server renders it: a link (its href, its words), if any. */
const moreLink = (body: string) => {
  const found = /<a href="([^"]*)" class="button button--secondary"[^>]*>([^<]*)<\/a>/.exec(root(body));
  return found ? { href: found[1]!.replaceAll('&amp;', '&'), words: found[2] } : undefined;
};
const embeddedOffsets = (body: string) =>
  (appDataOf(body).queries ?? []).flatMap((entry) => (entry.key[0] === 'search' ? [entry.key[2]] : []));

describe('a large directory', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ CLIENT_DIST: renderingDist(), LOG_LEVEL: 'error' });
    await seedBenchData(ctx.database.db, LARGE);
  }, 120_000);
  afterAll(() => ctx.close());

  const get = async (url: string) => {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    return response;
  };

  it('is said to be searched on the server on every page, whichever the visitor lands on', async () => {
    for (const page of ['/', '/sites', '/about', '/partners'])
      expect(appDataOf((await get(page)).body).config.searchOnServer, page).toBe(true);
  });

  it('/sites embeds the first page of rows for its address under the browser’s key, not the list', async () => {
    const address = 'population=1';
    const page = await get(`/sites?${address}`);
    const data = appDataOf(page.body);
    const params = new URLSearchParams(address);
    const query = directorySearchQuery(filtersFromSearchParams(params), undefined, undefined);
    const keys = (data.queries ?? []).map((entry) => keyOf(entry.key));
    expect(keys).not.toContain(keyOf(preloadKeys.sites));
    expect(keys).not.toContain(keyOf(preloadKeys.todaysMenus));
    const embedded = data.queries?.find((entry) => keyOf(entry.key) === keyOf(preloadKeys.search(query, 0)));
    // The same answer the browser's next request gets.
    const asked: SiteSearchAnswer = (await get(`/api/search?${query}&offset=0`)).json();
    expect(embedded?.data).toEqual(asked);
    expect(asked.total).toBeGreaterThan(SEARCH_LIST_PAGE);
    expect(asked.sites).toHaveLength(SEARCH_LIST_PAGE);
    // The HTML lists those rows and says how many match in all.
    const html = root(page.body);
    for (const row of asked.sites) expect(html).toContain(`/sites/${row.id}"`);
    expect(html).toContain(`${asked.total} sites found`);
    expect(html).toMatch(new RegExp(`${SEARCH_LIST_PAGE} of ${asked.total}`));
  });

  it('without JavaScript, Show more is a link to the same address showing 25 rows more (R721–R722)', async () => {
    const first = await get('/sites?population=1');
    const link = moreLink(first.body);
    expect(link).toEqual({ href: '/sites?population=1&shown=50', words: 'Show 25 more sites' });
    // Followed: rows 1–50 in the list's order, the first 25 as before, the next as the search's second page.
    const followed = await get(link!.href);
    const rows = rowIds(followed.body);
    const query = directorySearchQuery({ population: 1 }, undefined, undefined);
    const second: SiteSearchAnswer = (await get(`/api/search?${query}&offset=25`)).json();
    expect(rows).toHaveLength(50);
    expect(rows.slice(0, 25)).toEqual(rowIds(first.body));
    expect(rows.slice(25)).toEqual(second.sites.map((row) => row.id));
    expect(root(followed.body)).toMatch(new RegExp(`50 of ${second.total}`));
    // The browser starts with the two pages rendered, each under its own key, and the link goes on.
    expect(embeddedOffsets(followed.body)).toEqual([0, 25]);
    expect(moreLink(followed.body)?.href).toBe('/sites?population=1&shown=75');
    // The home page's link leads to the locations page, which lists the same rows by name.
    expect(moreLink((await get('/')).body)?.href).toBe('/sites?shown=50');
    // In the reader's language.
    const spanish = moreLink((await get('/sites?lng=es&population=1')).body);
    expect(spanish).toEqual({
      href: '/sites?lng=es&population=1&shown=50',
      words: 'Mostrar 25 comedores más',
    });
  });

  it('reads shown as whole pages of rows, ignores what is not a number and caps it at 500', async () => {
    const plain = rowIds((await get('/sites')).body);
    for (const shown of ['abc', '-30', '0', '', '25', '1.5e'])
      expect(rowIds((await get(`/sites?shown=${shown}`)).body), shown).toEqual(plain);
    // 30 asks for a second page: 50 rows, written as such in the page's address.
    const thirty = await get('/sites?shown=30');
    expect(rowIds(thirty.body)).toHaveLength(50);
    expect(appDataOf(thirty.body).renderedFor).toBe('/sites?shown=50');
    // Huge: SHOWN_MAX rows at most (here the 400 there are), 20 answers, no link past them.
    const huge = await get(`/sites?shown=${'9'.repeat(40)}`);
    expect(rowIds(huge.body)).toHaveLength(LARGE);
    expect(embeddedOffsets(huge.body)).toHaveLength(SHOWN_MAX / SEARCH_LIST_PAGE);
    expect(appDataOf(huge.body).renderedFor).toBe(`/sites?shown=${SHOWN_MAX}`);
    expect(moreLink(huge.body)).toBeUndefined();
  });

  it('embeds the map’s summary for the address under the browser’s key, as GET /api/search/map answers it (R738)', async () => {
    for (const [page, address] of [
      ['/sites', 'population=1&q=lunch'],
      ['/sites', ''],
      ['/', ''],
    ] as const) {
      const data = appDataOf((await get(address ? `${page}?${address}` : page)).body);
      const params = new URLSearchParams(address);
      const search = directoryMapQuery(filtersFromSearchParams(params), params.get('q') ?? undefined);
      const embedded = data.queries?.find(
        (entry) => keyOf(entry.key) === keyOf(preloadKeys.searchMap(search)),
      );
      const asked = (await get(search ? `/api/search/map?${search}` : '/api/search/map')).json();
      expect(embedded?.data, `${page}?${address}`).toEqual(asked);
      expect(asked.total, `${page}?${address}`).toBeGreaterThan(0);
    }
  });

  it('a page kept for every visitor is compressed as hard as brotli and gzip allow, once (R720)', async () => {
    for (const [encoding, best] of [
      [
        'br',
        (raw: Buffer) =>
          zlib.brotliCompressSync(raw, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          }),
      ],
      ['gzip', (raw: Buffer) => zlib.gzipSync(raw, { level: 9 })],
    ] as const) {
      const sent = await ctx.app.inject({
        method: 'GET',
        url: '/sites',
        headers: { 'accept-encoding': encoding },
      });
      expect(sent.headers['content-encoding']).toBe(encoding);
      const raw =
        encoding === 'br' ? zlib.brotliDecompressSync(sent.rawPayload) : zlib.gunzipSync(sent.rawPayload);
      expect(raw.toString()).toContain('id="app-data"');
      expect(sent.rawPayload.length, encoding).toBe(best(raw).length);
    }
  });

  it('the home page embeds the first rows by name', async () => {
    const data = appDataOf((await get('/')).body);
    const query = directorySearchQuery({}, undefined, undefined);
    const embedded = data.queries?.find((entry) => keyOf(entry.key) === keyOf(preloadKeys.search(query, 0)));
    const first = embedded?.data as SiteSearchAnswer | undefined;
    expect(first?.total).toBe(LARGE);
    const names = first?.sites.map((row) => row.name) ?? [];
    expect(names).toHaveLength(SEARCH_LIST_PAGE);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('include=site: each row carries the site as GET /api/sites/{id} answers it', async () => {
    const answer: SiteSearchAnswer = (
      await get('/api/search?limit=3&include=site&lat=37.76&lng=-122.41')
    ).json();
    expect(answer.sites).toHaveLength(3);
    for (const row of answer.sites) {
      const site = (await get(`/api/sites/${row.id}`)).json();
      expect(row.site).toEqual(site);
      expect(row.miles).toBeTypeOf('number');
    }
    const plain: SiteSearchAnswer = (await get('/api/search?limit=3')).json();
    for (const row of plain.sites) expect(row.site).toBeUndefined();
  });

  it('refuses an include it does not know, with its code', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/search?include=everything' });
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain('invalid_choice');
  });
});

describe('a small directory', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ CLIENT_DIST: renderingDist(), LOG_LEVEL: 'error' });
    await seedDemoData(ctx.database.db);
  });
  afterAll(() => ctx.close());

  it('is sent whole and filtered in the browser, as before', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/sites' });
    const data = appDataOf(response.body);
    expect(data.config.searchOnServer).toBeUndefined();
    const keys = (data.queries ?? []).map((entry) => keyOf(entry.key));
    expect(keys).toContain(keyOf(preloadKeys.sites));
    expect(keys.some((key) => key.startsWith('["search"'))).toBe(false);
    // `shown` means nothing to a list sent whole: the address is rendered without it.
    const shown = await ctx.app.inject({ method: 'GET', url: '/sites?shown=50&population=1' });
    expect(appDataOf(shown.body).renderedFor).toBe('/sites?population=1');
  });
});
