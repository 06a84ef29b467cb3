import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '#testing/factories.ts';
import { createTestApp, fakeClientDist, signInRoles, type TestContext } from './helpers.ts';

/**
 * The cost of an anonymous /sites address with choices is bounded (docs/decisions/031, product
 * R300–R302): one render per normalised address and minute, kept until a directory write or the
 * agency's next day; over PAGE_RENDERS_AT_ONCE or a client's PAGE_RENDERS_PER_CLIENT the plain /sites
 * page is answered instead. The renderer stands in for dist/server/entry-server.js and shows the
 * address it rendered; `app.pageRenders.rendered` counts the renders.
 */
const FAKE_RENDERER = `
export function render({ url, language, data }) {
  const names = (data.queries ?? []).flatMap((q) => Array.isArray(q.data) ? q.data.map((s) => s.name ?? '') : []);
  return { html: '<h1>' + language + ' ' + url + '</h1><p>' + names.join('|') + '</p>', title: 'T', description: 'D' };
}
`;
const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta name="description" content="x" /><title>x</title><!--app-data-->' +
  '</head><body><div id="root"></div><noscript><!--noscript-->x</noscript></body></html>';

let ctx: TestContext;
let admin: string;
let clock = Date.parse('2026-11-26T20:00:30Z');

beforeAll(async () => {
  const dist = fakeClientDist(TEMPLATE, FAKE_RENDERER);
  ctx = await createTestApp(
    {
      CLIENT_DIST: path.join(dist, 'client'),
      PAGE_RENDERS_AT_ONCE: '2',
      PAGE_RENDERS_PER_CLIENT: '3',
      AGENCY_TIME_ZONE: 'America/Los_Angeles',
    },
    { now: () => new Date(clock) },
  );
  admin = (await signInRoles(ctx)).admin.cookie;
});
afterAll(() => ctx.close());

let clients = 0;
/** A client address of its own for each test, so the per-client counts do not mix. */
const newClient = () => {
  clients += 1;
  return `192.0.2.${clients}`;
};
const get = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, remoteAddress, headers });
const root = (body: string) => /<div id="root">([\s\S]*?)<\/div>/.exec(body)?.[1] ?? '';
const appData = (body: string) =>
  JSON.parse(/<script id="app-data" type="application\/json">([\s\S]*?)<\/script>/.exec(body)![1]!);
const rendered = () => ctx.app.pageRenders.rendered;

describe('a /sites address with choices is rendered once per normalised address', () => {
  it('unknown parameters and spaces around the name search make no new render', async () => {
    const client = newClient();
    const before = rendered();
    const first = await get('/sites?q=cafe&utm_source=mail', client);
    const second = await get('/sites?x=1&q=%20cafe%20&y=2', client);
    expect(rendered()).toBe(before + 1);
    expect(second.body).toBe(first.body);
    expect(root(first.body)).toContain('en /sites?q=cafe');
    expect(appData(first.body).renderedFor).toBe('/sites?q=cafe');
    expect(first.headers['cache-control']).toBe('no-store');
  });

  it('a near text is looked up first: a ZIP+4 or another spelling of a neighborhood is the same page', async () => {
    const client = newClient();
    const before = rendered();
    const zip = await get('/sites?near=94110', client);
    const zip4 = await get('/sites?near=94110-1234', client);
    expect(rendered()).toBe(before + 1);
    expect(zip4.body).toBe(zip.body);
    expect(appData(zip4.body).renderedFor).toBe('/sites?near=94110');

    const other = newClient();
    await get('/sites?near=chinatown', other);
    const again = await get('/sites?near=%20CHINATOWN,%20San%20Francisco', other);
    expect(rendered()).toBe(before + 2);
    expect(appData(again.body).renderedFor).toBe('/sites?near=Chinatown');
  });

  it('a 10,000-character name search is capped: two that differ after the cap are one page', async () => {
    const client = newClient();
    const before = rendered();
    const long = 'a'.repeat(9_999);
    const one = await get(`/sites?q=${long}b`, client);
    const two = await get(`/sites?q=${long}c`, client);
    expect(rendered()).toBe(before + 1);
    expect(two.body).toBe(one.body);
    expect(root(one.body)).toContain(`en /sites?q=${'a'.repeat(200)}</h1>`);
  });

  it('a page is rendered again after a directory write, the next minute and the agency’s next day', async () => {
    const client = newClient();
    const url = '/sites?q=kitchen';
    await get(url, client);
    const before = rendered();
    await get(url, client);
    expect(rendered()).toBe(before);

    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/sites',
      headers: { cookie: admin },
      payload: buildSite({ name: 'Fresh Write Kitchen' }),
    });
    expect(created.statusCode).toBe(201);
    const afterWrite = await get(url, newClient());
    expect(rendered()).toBe(before + 1);
    expect(root(afterWrite.body)).toContain('Fresh Write Kitchen');

    clock += 60_000;
    const nextMinute = await get(url, newClient());
    expect(rendered()).toBe(before + 2);
    expect(appData(nextMinute.body).config.renderedAt).toBe(Math.floor(clock / 60_000) * 60_000);

    clock += 86_400_000;
    await get(url, newClient());
    expect(rendered()).toBe(before + 3);
  });

  it('a signed-in request gets the same page as anyone: nothing of the user is in it', async () => {
    const url = '/sites?q=signed';
    const anonymous = await get(url, newClient());
    const before = rendered();
    const signedIn = await get(url, newClient(), { cookie: admin });
    expect(rendered()).toBe(before);
    expect(signedIn.body).toBe(anonymous.body);
    expect(signedIn.headers['set-cookie']).toBeUndefined();
    expect(signedIn.headers.vary).toContain('Cookie');
  });
});

describe('over the limits, the plain /sites page is answered', () => {
  it('while PAGE_RENDERS_AT_ONCE renders are in progress', async () => {
    const client = newClient();
    const slots = [ctx.app.pageRenders.acquire(), ctx.app.pageRenders.acquire()];
    expect(slots.every(Boolean)).toBe(true);
    expect(ctx.app.pageRenders.acquire()).toBeNull();
    const before = rendered();
    const busy = await get('/sites?q=busy&population=1', client);
    expect(busy.statusCode).toBe(200);
    expect(rendered()).toBe(before);
    expect(root(busy.body)).toContain('en /sites</h1>');
    const data = appData(busy.body);
    expect(data.renderedFor).toBe('/sites');
    expect(data.config.renderedAt).toBeUndefined();
    // The list is in the plain page: usable without scripts.
    expect(data.queries.map((query: { key: string[] }) => query.key[0])).toContain('sites');

    for (const release of slots) release!();
    const free = await get('/sites?q=busy&population=1', client);
    expect(rendered()).toBe(before + 1);
    expect(root(free.body)).toContain('en /sites?q=busy&population=1</h1>');
  });

  it('past PAGE_RENDERS_PER_CLIENT a client gets the plain page; its pages already rendered and other clients do not', async () => {
    const client = '198.51.100.7';
    const before = rendered();
    for (const q of ['one', 'two', 'three']) await get(`/sites?q=${q}`, client);
    expect(rendered()).toBe(before + 3);
    const over = await get('/sites?q=four', client);
    expect(over.statusCode).toBe(200);
    expect(root(over.body)).toContain('en /sites</h1>');
    expect(rendered()).toBe(before + 3);
    expect(ctx.app.pageRenders.plain).toBeGreaterThan(0);
    // A page kept in the render cache costs nothing: still sent rendered.
    expect(root((await get('/sites?q=one', client)).body)).toContain('en /sites?q=one</h1>');
    // Another client is not held back.
    expect(root((await get('/sites?q=four', newClient())).body)).toContain('en /sites?q=four</h1>');
  });

  it('an IPv6 client is counted by its /64', async () => {
    const before = rendered();
    for (const [i, q] of ['v1', 'v2', 'v3'].entries()) await get(`/sites?q=${q}`, `2001:db8:7:7::${i + 1}`);
    expect(rendered()).toBe(before + 3);
    const sameNetwork = await get('/sites?q=v4', '2001:db8:7:7:ffff::1');
    expect(root(sameNetwork.body)).toContain('en /sites</h1>');
    const otherNetwork = await get('/sites?q=v4', '2001:db8:7:8::1');
    expect(root(otherNetwork.body)).toContain('en /sites?q=v4</h1>');
  });
});
