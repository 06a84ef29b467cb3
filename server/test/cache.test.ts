import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../testing/factories.ts';
import { buildApp } from '../app.ts';
import { openPostgres } from '../db/client.ts';
import { testBackend } from './databases.ts';
import { createTestApp, signInRoles, TEST_SECRET, type TestContext } from './helpers.ts';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  const clientDist = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'meals-client-'));
  fs.writeFileSync(
    path.join(clientDist, 'index.html'),
    '<!doctype html><html><head><!--app-data--></head><body></body></html>',
  );
  ctx = await createTestApp({ CLIENT_DIST: clientDist });
  admin = (await signInRoles(ctx)).admin.cookie;
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });
const createSite = async (overrides = {}) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/sites',
    headers: { cookie: admin },
    payload: buildSite(overrides),
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; name: string; version: number };
};

describe('public reads from the response cache', () => {
  it('answers 304 to a matching If-None-Match, and a write changes the ETag and the content at once', async () => {
    await createSite();
    const first = await get('/api/sites');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect((await get('/api/sites', { 'if-none-match': etag })).statusCode).toBe(304);

    const site = await createSite({ name: 'Fresh After Write' });
    const after = await get('/api/sites', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json().map((s: { id: number }) => s.id)).toContain(site.id);

    const one = await get(`/api/sites/${site.id}`);
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/sites/${site.id}`,
      headers: { cookie: admin },
      payload: { name: 'Renamed At Once' },
    });
    expect(patched.statusCode).toBe(200);
    const again = await get(`/api/sites/${site.id}`, { 'if-none-match': one.headers.etag as string });
    expect(again.statusCode).toBe(200);
    expect(again.json().name).toBe('Renamed At Once');
  });

  it('a list item write is seen at once in the list and inside the sites', async () => {
    const item = await ctx.app.inject({
      method: 'POST',
      url: '/api/populations',
      headers: { cookie: admin },
      payload: { name: 'Cached Population' },
    });
    const id = item.json().id as number;
    const site = await createSite({ PopulationIds: [id] });
    expect((await get('/api/populations')).json().map((p: { name: string }) => p.name)).toContain(
      'Cached Population',
    );
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/populations/${id}`,
      headers: { cookie: admin },
      payload: { name: 'Renamed Population' },
    });
    expect((await get('/api/populations')).json().map((p: { name: string }) => p.name)).toContain(
      'Renamed Population',
    );
    expect((await get(`/api/sites/${site.id}`)).json().Populations).toEqual([
      expect.objectContaining({ id, name: 'Renamed Population' }),
    ]);
  });

  it('sends compact JSON, compressed when the client accepts it, and only then', async () => {
    for (let i = 0; i < 5; i++) await createSite();
    const plain = await get('/api/sites');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).not.toMatch(/" : /);
    const br = await get('/api/sites', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get('/api/sites', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });

  it('embeds the sites list in the list pages, escaped so no markup can close the data block', async () => {
    const site = await createSite({ name: '</script><script>alert(1)</script>' });
    const page = await get('/sites?population=1');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const block = /<script id="app-data" type="application\/json">([\s\S]*?)<\/script>/.exec(page.body);
    expect(block).not.toBeNull();
    expect(block![1]).not.toContain('<');
    const data = JSON.parse(block![1]!);
    expect(data.config.mapTileUrl).toBeTruthy();
    const sites = data.queries.find((q: { key: unknown[] }) => q.key.join() === 'sites,list');
    expect(sites.data.map((s: { id: number; name: string }) => s.name)).toContain(site.name);
    const other = await get('/about');
    expect(
      JSON.parse(/<script id="app-data" type="application\/json">([\s\S]*?)<\/script>/.exec(other.body)![1]!)
        .queries,
    ).toEqual([]);
  });
});

// Several processes share one PostgreSQL: a write through one is seen at once through another.
if (testBackend() === 'postgres') {
  describe('across server processes (PostgreSQL LISTEN/NOTIFY)', () => {
    it('a second app serves fresh data right after a write through the first', async () => {
      const second = openPostgres(ctx.database.url!, { max: 3 });
      const other = await buildApp(ctx.config, { database: second, secret: TEST_SECRET });
      await other.ready();
      try {
        // Over real HTTP, as a load balancer would reach it.
        const address = await other.listen({ port: 0, host: '127.0.0.1' });
        const read = (headers: Record<string, string> = {}) => fetch(`${address}/api/sites`, { headers });
        const before = await read();
        const etag = before.headers.get('etag')!;
        await before.arrayBuffer();
        // Give the second process's listener time to connect (it does so once, at start-up).
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect((await read({ 'if-none-match': etag })).status).toBe(304);

        const generation = other.responseCache.generation;
        const site = await createSite({ name: 'Written Through The First' });
        // The NOTIFY reaches the other process within moments; wait for it (bounded), not for a clock.
        for (let i = 0; i < 100 && other.responseCache.generation === generation; i++) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(other.responseCache.generation).toBeGreaterThan(generation);
        const fresh = await read({ 'if-none-match': etag });
        expect(fresh.status).toBe(200);
        expect(((await fresh.json()) as { id: number }[]).map((s) => s.id)).toContain(site.id);
      } finally {
        await other.close();
        await second.close();
      }
    });
  });
}
