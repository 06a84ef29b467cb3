/**
 * The response cache cannot go deaf (docs/decisions/036-a-cache-that-cannot-go-deaf.md): a change is
 * served fresh even when nobody announced it (the data-version backstop), when the LISTEN connection
 * was silently dropped by the network (heartbeat, reconnect, /readyz 503 meanwhile), and after a
 * restore announced with `npm run db:changed`. Waits are bounded polls; nothing measures speed.
 */
import { spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '#testing/factories.ts';
import { readDataVersion } from '../services/data-version.ts';
import { testBackend } from './databases.ts';
import { createTestApp, signInRoles, TEST_SECRET, type TestContext } from './helpers.ts';
import { eventually, repoRoot, type ServerProcess, startServerProcess } from './processes.ts';
import { TcpProxy } from './tcp-proxy.ts';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  // The in-process app checks the data version before every cached answer.
  ctx = await createTestApp({ CACHE_VERSION_CHECK_MS: '0' });
  admin = (await signInRoles(ctx)).admin.cookie;
});
afterAll(() => ctx.close());

const createSite = async (name: string) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/sites',
    headers: { cookie: admin },
    payload: buildSite({ name }),
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number };
};

/** What a restore does to a running process's data: other rows and an older data version, no NOTIFY. */
const restoreBehindItsBack = async (id: number, name: string, token: string) => {
  await ctx.database.db.transaction(async (tx) => {
    // pg_restore loads data before it creates the triggers: no trigger fires.
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`update sites set name = ${name} where id = ${id}`);
    await tx.execute(sql`update data_version set token = ${token}::uuid where id = 1`);
  });
};

describe('the data-version backstop', () => {
  it('a change written straight into the database, announced by nobody, is served fresh', async () => {
    const site = await createSite('Before The Hand Edit');
    const url = `/api/sites/${site.id}`;
    const first = await ctx.app.inject({ method: 'GET', url });
    expect(first.json().name).toBe('Before The Hand Edit');
    // Cached: the same bytes again.
    expect((await ctx.app.inject({ method: 'GET', url })).headers.etag).toBe(first.headers.etag);

    await ctx.database.db.execute(sql`update sites set name = 'Edited By Hand' where id = ${site.id}`);
    expect((await ctx.app.inject({ method: 'GET', url })).json().name).toBe('Edited By Hand');
  });

  it('a restored database (an older data version, no trigger fired) is noticed too', async () => {
    const older = await readDataVersion(ctx.database.db);
    const site = await createSite('Before The Restore');
    const url = `/api/sites/${site.id}`;
    expect((await ctx.app.inject({ method: 'GET', url })).json().name).toBe('Before The Restore');
    await restoreBehindItsBack(site.id, 'As In The Backup', older);
    expect((await ctx.app.inject({ method: 'GET', url })).json().name).toBe('As In The Backup');
  });
});

// Needs PostgreSQL: LISTEN/NOTIFY, a server process of its own and a proxy in front of the database.
if (testBackend() === 'postgres') {
  describe('the change listener of a server process (PostgreSQL)', () => {
    let proxy: TcpProxy;
    let server: ServerProcess;

    beforeAll(async () => {
      const direct = new URL(ctx.database.url!);
      proxy = new TcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
      await proxy.listen();
      const proxied = new URL(direct);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(proxy.port);
      // Every connection of the process goes through the proxy. Heartbeats are fast here; the
      // data-version backstop checks only once a minute, so within the test freshness comes from the
      // listener alone.
      server = await startServerProcess({
        DATABASE_URL: proxied.toString(),
        SESSION_SECRET: TEST_SECRET,
        CHANGE_HEARTBEAT_MS: '300',
        CHANGE_HEARTBEAT_TIMEOUT_MS: '1000',
        CACHE_VERSION_CHECK_MS: '60000',
      });
      await server.ready();
      await eventually(
        () => (proxy.listeners >= 1 ? true : undefined),
        20_000,
        'the listener through the proxy',
      );
    });
    afterAll(async () => {
      await server?.stop();
      await proxy?.close();
    });

    /**
     * Creates a site through the server process itself: its cache is dropped before the answer leaves,
     * and no notification of it can arrive later and drop the cache the test primes next.
     */
    const createThroughServer = async (name: string) => {
      const response = await fetch(`${server.base}/api/sites`, {
        method: 'POST',
        headers: { cookie: admin, 'content-type': 'application/json' },
        body: JSON.stringify(buildSite({ name })),
      });
      expect(response.status).toBe(201);
      return (await response.json()) as { id: number };
    };
    const read = (url: string, etag?: string) =>
      fetch(`${server.base}${url}`, { headers: etag ? { 'if-none-match': etag } : {} });
    /** Primes the process's cache with `url`; answers its ETag (a 304 proves the bytes are cached). */
    const cached = async (url: string) => {
      const response = await read(url);
      await response.arrayBuffer();
      const etag = response.headers.get('etag')!;
      expect((await read(url, etag)).status).toBe(304);
      return etag;
    };
    const nameFrom = (url: string, etag: string, timeoutMs: number) =>
      eventually(
        async () => {
          const response = await read(url, etag);
          return response.status === 200 ? ((await response.json()) as { name: string }).name : undefined;
        },
        timeoutMs,
        `fresh ${url}`,
      );

    it('a LISTEN connection silently dropped by the network is noticed: /readyz answers 503 until it reconnects, then reads are fresh', async () => {
      const site = await createThroughServer('Open As Before');
      const url = `/api/sites/${site.id}`;
      const etag = await cached(url);

      // A NAT or firewall forgets the connection: nothing passes on it any more, nothing closes it.
      expect(proxy.blackHoleListeners()).toBeGreaterThanOrEqual(1);
      const renamed = await ctx.app.inject({
        method: 'PATCH',
        url,
        headers: { cookie: admin },
        payload: { name: 'Closed Since The Drop' },
      });
      expect(renamed.statusCode).toBe(200);

      const notReady = await eventually(
        async () => {
          const response = await fetch(`${server.base}/readyz`);
          return response.status === 503 ? ((await response.json()) as { message: string }) : undefined;
        },
        30_000,
        '/readyz answering 503 while the listener is dead',
      );
      expect(notReady.message).toMatch(/change listener/);
      await server.ready(180_000);
      expect(await nameFrom(url, etag, 60_000)).toBe('Closed Since The Drop');
    }, 180_000);

    it('after a restore behind its back, `npm run db:changed` makes the process read afresh', async () => {
      const older = await readDataVersion(ctx.database.db);
      const site = await createThroughServer('Before The Restore');
      const url = `/api/sites/${site.id}`;
      const etag = await cached(url);
      await restoreBehindItsBack(site.id, 'As In The Backup', older);
      // Nobody told the process yet: it still answers from its cache.
      expect((await read(url, etag)).status).toBe(304);

      const command = spawn(process.execPath, ['--import', 'tsx', 'scripts/db-changed.ts'], {
        cwd: repoRoot,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          DATABASE_URL: ctx.database.url!,
          ENV_FILE: '/dev/null',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      command.stdout!.on('data', (chunk) => (output += chunk));
      command.stderr!.on('data', (chunk) => (output += chunk));
      const code = await new Promise<number | null>((resolve) => command.once('exit', resolve));
      expect(code, output).toBe(0);
      expect(output).toMatch(/told the data changed/);
      expect(await nameFrom(url, etag, 10_000)).toBe('As In The Backup');
    }, 60_000);
  });
}
