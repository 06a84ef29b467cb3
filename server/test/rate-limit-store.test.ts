import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openPostgres, rowsOf } from '../db/client.ts';
import { countHit, databaseRateLimitStore, sweepExpired } from '../plugins/rate-limit-store.ts';
import {
  createTestApp,
  createTestDatabase,
  createUser,
  PASSWORD,
  TEST_SECRET,
  type TestContext,
} from './helpers.ts';

const MAX = 4;

/** Rows of the rate_limits table, by key. */
async function counters(database: Database) {
  const result = await database.db.execute(sql`select key, hits from rate_limits order by key`);
  return rowsOf<{ key: string; hits: number }>(result);
}

describe('two server processes on one database', () => {
  let first: TestContext;
  let secondApp: Awaited<ReturnType<typeof buildApp>>;
  let secondDatabase: Database;
  let dataDir: string;

  beforeAll(async () => {
    first = await createTestApp({ RATE_LIMIT_AUTH_MAX: String(MAX) });
    // The second process has its own connections to the same database (PostgreSQL), or the same
    // embedded database (PGlite lives in one process).
    secondDatabase = first.database.url ? openPostgres(first.database.url, { max: 2 }) : first.database;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meals-second-'));
    secondApp = await buildApp(loadConfig({ ...envOf(first), DATA_DIR: dataDir }), {
      database: secondDatabase,
      secret: TEST_SECRET,
    });
    await secondApp.ready();
  });
  afterAll(async () => {
    await secondApp.close();
    if (secondDatabase !== first.database) await secondDatabase.close();
    await first.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('share the login limit: attempts alternating between them get 429 after RATE_LIMIT_AUTH_MAX in all', async () => {
    const user = await createUser(first);
    const apps = [first.app, secondApp];
    const statuses: number[] = [];
    for (let i = 0; i <= MAX; i++) {
      const response = await apps[i % 2]!.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: i === MAX ? PASSWORD : 'wrong-password-1' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array(MAX).fill(422), 429]);
  });

  it('share the forgot-password and reset limits too, each counted on its own', async () => {
    const apps = [first.app, secondApp];
    const forgot: number[] = [];
    const reset: number[] = [];
    for (let i = 0; i <= MAX; i++) {
      const app = apps[(i + 1) % 2]!;
      forgot.push(
        (
          await app.inject({
            method: 'POST',
            url: '/api/passwords',
            payload: { email: 'nobody@example.org' },
          })
        ).statusCode,
      );
      reset.push(
        (
          await app.inject({
            method: 'PATCH',
            url: '/api/passwords/no-such-token',
            payload: { password: 'newpass12' },
          })
        ).statusCode,
      );
    }
    expect(forgot).toEqual([...Array(MAX).fill(404), 429]);
    expect(reset.slice(0, MAX).every((status) => status !== 429)).toBe(true);
    expect(reset[MAX]).toBe(429);
  });
});

/** The variables createTestApp gave the first app, so the second runs the same configuration. */
function envOf(ctx: TestContext): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    BASE_URL: ctx.config.BASE_URL!,
    RATE_LIMIT_AUTH_MAX: String(ctx.config.RATE_LIMIT_AUTH_MAX),
    CLIENT_DIST: ctx.config.clientDist,
  };
}

describe('the counting statement', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('is exact under concurrency: 25 hits at once on one key are counted 1 to 25', async () => {
    const hits = await Promise.all(
      Array.from({ length: 25 }, () => countHit(database.db, 'concurrent', 60_000)),
    );
    expect(hits.map((hit) => hit.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
    for (const hit of hits) {
      expect(hit.ttl).toBeGreaterThan(0);
      expect(hit.ttl).toBeLessThanOrEqual(60_000);
    }
  });

  it('starts a new window at 1 once the old one has ended', async () => {
    for (let i = 0; i < 3; i++) await countHit(database.db, 'window', 60_000);
    await database.db.execute(
      sql`update rate_limits set resets_at = now() - interval '1 second' where key = 'window'`,
    );
    const hit = await countHit(database.db, 'window', 60_000);
    expect(hit.current).toBe(1);
    expect(hit.ttl).toBeGreaterThan(59_000);
    expect((await countHit(database.db, 'window', 60_000)).current).toBe(2);
  });

  it('sweeps ended windows only, and only when a sweep is due rather than on every hit', async () => {
    await countHit(database.db, 'ended', 60_000);
    await database.db.execute(
      sql`update rate_limits set resets_at = now() - interval '1 second' where key = 'ended'`,
    );
    await countHit(database.db, 'live', 60_000);

    const Rarely = databaseRateLimitStore(database.db, { sweepEveryMs: 3_600_000 });
    const rarely = new Rarely().child({ routeInfo: { method: 'POST', url: '/x' } });
    await new Promise((resolve) => rarely.incr('203.0.113.1', resolve, 60_000));
    expect(Rarely.sweeping).toBeUndefined();
    expect((await counters(database)).map((row) => row.key)).toContain('ended');

    const Always = databaseRateLimitStore(database.db, { sweepEveryMs: 0 });
    const always = new Always().child({ routeInfo: { method: 'POST', url: '/x' } });
    await new Promise((resolve) => always.incr('203.0.113.1', resolve, 60_000));
    await Always.sweeping;
    const keys = (await counters(database)).map((row) => row.key);
    expect(keys).not.toContain('ended');
    expect(keys).toEqual(expect.arrayContaining(['live', 'POST /x 203.0.113.1']));
    expect(await sweepExpired(database.db)).toBe(0);
  });
});

describe('when the database fails', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMIT_AUTH_MAX: String(MAX) });
  });
  afterAll(() => ctx.close());

  it('fails closed: a login with the right password is refused while its attempt cannot be counted', async () => {
    const user = await createUser(ctx);
    const login = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: PASSWORD },
      });
    await ctx.database.db.execute(sql`alter table rate_limits rename to rate_limits_away`);
    try {
      const refused = await login();
      expect(refused.statusCode).toBe(500);
      expect(refused.json()).toEqual({
        status: 500,
        message: 'An unexpected error has occurred. Please try again.',
      });
      expect(refused.headers['set-cookie']).toBeUndefined();
    } finally {
      await ctx.database.db.execute(sql`alter table rate_limits_away rename to rate_limits`);
    }
    expect((await login()).statusCode).toBe(200);
  });

  it('answers 503 with Retry-After when the database cannot be reached, without signing in', async () => {
    const user = await createUser(ctx);
    const unreachable = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    // Every query of the counting store goes through db.execute; the rest of the app is untouched.
    const db = new Proxy(ctx.database.db, {
      get: (target, property, receiver) =>
        property === 'execute' ? () => Promise.reject(unreachable) : Reflect.get(target, property, receiver),
    });
    const app = await buildApp(ctx.config, { database: { ...ctx.database, db }, secret: TEST_SECRET });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: PASSWORD },
      });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toMatchObject({ status: 503 });
      expect(response.headers['set-cookie']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
