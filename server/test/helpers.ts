import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { USUAL_HOLIDAY_KEYS } from '#shared/holidays.ts';
import type { Role } from '#shared/roles.ts';
import { type AppDependencies, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openPglite, openPostgres } from '../db/client.ts';
import { userPartners, users } from '../db/schema.ts';
import { ensureAdmin, hashPassword } from '../services/accounts.ts';
import { adminUrl, cloneDatabase, dropDatabase, testBackend, urlFor } from './databases.ts';

export const TEST_SECRET = 'test-secret-that-is-long-enough-to-sign-cookies';
export const PASSWORD = 'password123';

/** A fresh, migrated database cloned from the run's template (docs/architecture.md §4.6). */
export async function createTestDatabase(): Promise<Database & { drop(): Promise<void> }> {
  if (testBackend() === 'postgres') {
    const url = adminUrl()!;
    const name = await cloneDatabase(url, inject('postgresTemplate'));
    const database = openPostgres(urlFor(url, name), { max: 5 });
    return {
      ...database,
      drop: async () => {
        await database.close().catch(() => {});
        await dropDatabase(url, name);
      },
    };
  }
  const template = new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
  const database = await openPglite(undefined, template);
  return { ...database, drop: () => database.close() };
}

export interface TestContext {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: Database & { drop(): Promise<void> };
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/** Builds the real app over a fresh database and a temporary DATA_DIR. */
/**
 * AGENCY_HOLIDAYS removing every usual holiday: for tests about the closures staff record, whose
 * lists would otherwise also hold the agency's holidays (docs/decisions/038-holidays-as-computed-closures.md).
 */
export const WITHOUT_HOLIDAYS = USUAL_HOLIDAY_KEYS.map((key) => `-${key}`).join(';');

export async function createTestApp(
  env: Record<string, string> = {},
  deps: Partial<AppDependencies> = {},
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meals-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    BASE_URL: 'http://meals.test',
    RATE_LIMIT_AUTH_MAX: '1000',
    CLIENT_DIST: path.join(dataDir, 'no-client'),
    ...env,
  });
  const database = await createTestDatabase();
  const app = await buildApp(config, { database, secret: TEST_SECRET, ...deps });
  await app.ready();
  return {
    app,
    database,
    config,
    dataDir,
    async close() {
      await app.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The folders fakeClientDist made, removed when the test process ends. */
const fakeDists: string[] = [];
process.once('exit', () => {
  for (const dir of fakeDists) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * A built client's stand-in for the page tests: `<dist>/client/index.html` holding `template` and, when
 * given, `<dist>/server/entry-server.js` holding `renderer` (the server's page renderer). Answers the
 * dist folder; `CLIENT_DIST` is its `client` folder.
 */
export function fakeClientDist(template: string, renderer?: string): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'meals-dist-'));
  fakeDists.push(dist);
  fs.mkdirSync(path.join(dist, 'client'));
  fs.writeFileSync(path.join(dist, 'client', 'index.html'), template);
  if (renderer !== undefined) {
    fs.mkdirSync(path.join(dist, 'server'));
    fs.writeFileSync(path.join(dist, 'server', 'entry-server.js'), renderer);
  }
  return dist;
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}-${process.pid}@example.org`;
}

/**
 * Creates a user directly in the database: an administrator with `admin`, else a plain user, or the
 * `role` given (a partner manager of `partnerIds`).
 */
export async function createUser(
  ctx: TestContext,
  options: { admin?: boolean; email?: string; password?: string; role?: Role; partnerIds?: number[] } = {},
) {
  const email = options.email ?? uniqueEmail(options.admin ? 'admin' : 'user');
  const password = options.password ?? PASSWORD;
  if (options.admin) {
    const { id } = await ensureAdmin(ctx.database.db, {
      firstName: 'Ada',
      lastName: 'Admin',
      email,
      password,
    });
    return { id, email, password };
  }
  const [row] = await ctx.database.db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(password),
      firstName: 'Uma',
      lastName: 'User',
      role: options.role ?? 'user',
    })
    .returning({ id: users.id });
  const partnerIds = options.partnerIds ?? [];
  if (partnerIds.length > 0)
    await ctx.database.db
      .insert(userPartners)
      .values(partnerIds.map((partnerId) => ({ userId: row!.id, partnerId })));
  return { id: row!.id, email, password };
}

/** The session cookie header after logging in through the API. */
export async function login(ctx: TestContext, email: string, password = PASSWORD): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return sessionCookie(response);
}

export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'sid');
  if (!cookie) throw new Error('no session cookie set');
  return `sid=${cookie.value}`;
}

/** A signed-in admin, a signed-in plain user, and their cookies. */
export async function signInRoles(ctx: TestContext) {
  const admin = await createUser(ctx, { admin: true });
  const user = await createUser(ctx);
  return {
    admin: { ...admin, cookie: await login(ctx, admin.email) },
    user: { ...user, cookie: await login(ctx, user.email) },
  };
}
