import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '#testing/factories.ts';
import { LISTENER_APPLICATION_NAME } from '../services/change-notifier.ts';
import { testBackend } from './databases.ts';
import { createTestApp, signInRoles, TEST_SECRET, type TestContext } from './helpers.ts';
import { eventually, type ServerProcess, startServerProcess } from './processes.ts';

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

// Several server processes share one PostgreSQL: a write through one is seen at once through another.
if (testBackend() === 'postgres') {
  describe('across server processes (PostgreSQL LISTEN/NOTIFY)', () => {
    let first: ServerProcess | undefined;
    let second: ServerProcess | undefined;
    afterAll(async () => {
      await Promise.all([first?.stop(), second?.stop()]);
    });

    it('a second server process serves fresh data right after a write through the first, and back', async () => {
      // The data-version backstop checks only once a minute here: freshness within the test comes from NOTIFY.
      const env = {
        DATABASE_URL: ctx.database.url!,
        SESSION_SECRET: TEST_SECRET,
        LOG_LEVEL: 'warn',
        CACHE_VERSION_CHECK_MS: '60000',
      };
      [first, second] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
      await Promise.all([first.ready(), second.ready()]);
      const a = first;
      const b = second;
      // Both processes listen before anything is written (each opens its listener once, at start-up;
      // on connecting it drops its cache, which would hide a missing NOTIFY). Three listeners: theirs
      // and the in-process app's that created the site below.
      const listeners = async () =>
        Number(
          (
            await ctx.database.pool!.query(
              'select count(*) from pg_stat_activity where datname = current_database() and application_name = $1',
              [LISTENER_APPLICATION_NAME],
            )
          ).rows[0].count,
        );
      await eventually(async () => ((await listeners()) >= 3 ? true : undefined), 10_000, 'three listeners');

      const existing = await createSite({ name: 'Named Before' });
      const read = (server: ServerProcess, url: string, etag?: string) =>
        fetch(`${server.base}${url}`, { headers: etag ? { 'if-none-match': etag } : {} });
      const write = (server: ServerProcess, method: string, url: string, body?: object) =>
        fetch(`${server.base}${url}`, {
          method,
          headers: body ? { cookie: admin, 'content-type': 'application/json' } : { cookie: admin },
          body: body ? JSON.stringify(body) : undefined,
        });
      /** Primes `server`'s cache with `url` and answers its ETag (a 304 proves the bytes are cached). */
      const cached = async (server: ServerProcess, url: string) => {
        const response = await read(server, url);
        await response.arrayBuffer();
        const etag = response.headers.get('etag')!;
        expect((await read(server, url, etag)).status).toBe(304);
        return etag;
      };
      /** Waits (bounded) until `server` answers `url` with new content; answers that content. */
      const fresh = (server: ServerProcess, url: string, etag: string) =>
        eventually(
          async () => {
            const response = await read(server, url, etag);
            return response.status === 200 ? await response.json() : undefined;
          },
          5_000,
          `fresh ${url} from ${server.base}`,
        );

      // Through the first, read through the second.
      const listTag = await cached(b, '/api/sites');
      const siteTag = await cached(b, `/api/sites/${existing.id}`);
      const created = await write(a, 'POST', '/api/sites', buildSite({ name: 'Written Through The First' }));
      expect(created.status).toBe(201);
      const site = (await created.json()) as { id: number };
      const renamed = await write(a, 'PATCH', `/api/sites/${existing.id}`, {
        name: 'Renamed Through The First',
      });
      expect(renamed.status).toBe(200);
      expect(((await fresh(b, '/api/sites', listTag)) as { id: number }[]).map((s) => s.id)).toContain(
        site.id,
      );
      expect(((await fresh(b, `/api/sites/${existing.id}`, siteTag)) as { name: string }).name).toBe(
        'Renamed Through The First',
      );

      // And the other way: a delete through the second is gone from the first.
      const backTag = await cached(a, '/api/sites');
      expect((await write(b, 'DELETE', `/api/sites/${site.id}`)).status).toBe(204);
      expect(((await fresh(a, '/api/sites', backTag)) as { id: number }[]).map((s) => s.id)).not.toContain(
        site.id,
      );
      expect((await read(a, `/api/sites/${site.id}`)).status).toBe(404);
    }, 120_000);
  });
}
