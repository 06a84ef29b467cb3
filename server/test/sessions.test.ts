/**
 * Sessions are loaded only by the routes that need one (docs/decisions/009-per-request-overhead.md):
 * public reads never create, sign, read or renew a session, and every route that checks the caller
 * still recognises the signed-in user.
 */
import { count } from 'drizzle-orm';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReferenceItem, buildSite } from '#testing/factories.ts';
import type { AppContext } from '../context.ts';
import { sessions } from '../db/schema.ts';
import sessionPlugin from '../plugins/session.ts';
import { staffRoutes, staffUser } from '../plugins/staff-routes.ts';
import { createTestApp, login, signInRoles, TEST_SECRET, type TestContext } from './helpers.ts';

let ctx: TestContext;
let roles: Awaited<ReturnType<typeof signInRoles>>;
let siteId: number;
let populationId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  roles = await signInRoles(ctx);
  const site = await ctx.app.inject({
    method: 'POST',
    url: '/api/sites',
    headers: { cookie: roles.admin.cookie },
    payload: buildSite(),
  });
  expect(site.statusCode, site.body).toBe(201);
  siteId = site.json().id;
  const population = await ctx.app.inject({
    method: 'POST',
    url: '/api/populations',
    headers: { cookie: roles.admin.cookie },
    payload: buildReferenceItem(),
  });
  expect(population.statusCode, population.body).toBe(201);
  populationId = population.json().id;
});
afterAll(() => ctx.close());

const sessionRows = async () =>
  (await ctx.database.db.select().from(sessions))
    .map((row) => ({ ...row }))
    .sort((a, b) => a.sid.localeCompare(b.sid));
const countSessions = async () => (await ctx.database.db.select({ n: count() }).from(sessions))[0]!.n;
const get = (url: string, cookie?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const logout = (cookie: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
const noCookieSet = (response: LightMyRequestResponse) =>
  expect(response.headers['set-cookie']).toBeUndefined();

describe('public reads', () => {
  const reads = () => [
    '/api/sites',
    `/api/sites/${siteId}`,
    '/api/populations',
    `/api/populations/${populationId}`,
  ];

  it('answer an anonymous request without setting a cookie or storing a session', async () => {
    const before = await countSessions();
    for (const url of reads()) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      noCookieSet(response);
    }
    // A page (503 here: the tests run without a client build) sets no cookie either.
    noCookieSet(await get('/sites'));
    expect(await countSessions()).toBe(before);
  });

  it('answer a signed-in user the same bytes, without touching their session', async () => {
    const before = await sessionRows();
    for (const url of reads()) {
      const anonymous = await get(url);
      const signedIn = await get(url, roles.admin.cookie);
      expect(signedIn.statusCode, url).toBe(200);
      expect(signedIn.body).toBe(anonymous.body);
      noCookieSet(signedIn);
    }
    expect(await sessionRows()).toEqual(before);
  });

  it('answer a forged, malformed or ended session cookie as usual', async () => {
    const ended = await login(ctx, roles.user.email);
    expect((await logout(ended)).statusCode).toBe(204);
    for (const cookie of ['sid=forged.value', 'sid=', 'sid=%ZZ', ended]) {
      const response = await get(`/api/sites/${siteId}`, cookie);
      expect(response.statusCode, cookie).toBe(200);
      noCookieSet(response);
    }
  });

  it('still answer 304 to a matching ETag', async () => {
    const first = await get(`/api/sites/${siteId}`);
    const again = await ctx.app.inject({
      method: 'GET',
      url: `/api/sites/${siteId}`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    noCookieSet(again);
  });
});

describe('routes that need the caller', () => {
  /** One route of each plugin that loads the session, with what each role gets. */
  const routes = () => [
    { method: 'GET', url: '/api/users/me', anonymous: 204, user: 200 },
    { method: 'GET', url: `/api/users/${roles.user.id}`, anonymous: 401, user: 200 },
    {
      method: 'PATCH',
      url: `/api/users/${roles.user.id}`,
      body: { firstName: 'Una' },
      anonymous: 401,
      user: 200,
    },
    {
      method: 'POST',
      url: '/api/assets',
      body: { blob: { filename: 'a.png', content_type: 'image/png', byte_size: 10 } },
      anonymous: 401,
      user: 200,
    },
    // A made-up upload id: signed in, the request gets past the session check to the id check.
    { method: 'PUT', url: '/api/uploads/not-a-real-id', anonymous: 401, user: 404 },
    { method: 'GET', url: `/api/sites/${siteId}/history`, anonymous: 401, user: 403, admin: 200 },
    { method: 'GET', url: `/api/populations/${populationId}/usage`, anonymous: 401, user: 403, admin: 200 },
  ];

  it('recognise the signed-in user (and refuse the anonymous one) on each of them', async () => {
    for (const route of routes()) {
      const call = (cookie?: string) =>
        ctx.app.inject({
          method: route.method as 'GET',
          url: route.url,
          headers: cookie ? { cookie } : {},
          ...(route.body && { payload: route.body }),
        });
      const anonymous = await call();
      expect(anonymous.statusCode, `anonymous ${route.method} ${route.url}`).toBe(route.anonymous);
      const user = await call(roles.user.cookie);
      expect(user.statusCode, `user ${route.method} ${route.url}: ${user.body}`).toBe(route.user);
      if (route.admin) expect((await call(roles.admin.cookie)).statusCode).toBe(route.admin);
    }
  });

  it('sign in, keep and end a session through the API', async () => {
    const cookie = await login(ctx, roles.user.email);
    expect((await get('/api/users/me', cookie)).json().id).toBe(roles.user.id);
    expect((await logout(cookie)).statusCode).toBe(204);
    expect((await get('/api/users/me', cookie)).statusCode).toBe(204);
  });
});

describe('the staff route group', () => {
  /** A group of one admin route and one route any signed-in user may call (docs/decisions/048). */
  const grouped = () => {
    const app = Fastify();
    app.register(sessionPlugin, { db: ctx.database.db, secret: TEST_SECRET, ttlSeconds: 3600 });
    app.register(async (scope) => {
      await staffRoutes(scope, {} as AppContext, async (group) => {
        group.get('/admin-only', async () => 'secret');
        group.get('/mine', { config: { allow: 'signedIn' } }, async (request) => ({
          id: staffUser(request).id,
        }));
      });
      scope.get('/outside', async (request) => staffUser(request).id);
    });
    return app;
  };
  const call = (app: ReturnType<typeof grouped>, url: string, cookie?: string) =>
    app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('loads the session itself and checks the caller: 401 anonymous, 403 not allowed, else the route', async () => {
    const app = grouped();
    await app.ready();
    expect((await call(app, '/admin-only')).statusCode).toBe(401);
    expect((await call(app, '/admin-only', roles.user.cookie)).statusCode).toBe(403);
    expect((await call(app, '/admin-only', roles.admin.cookie)).body).toBe('secret');
    expect((await call(app, '/mine')).statusCode).toBe(401);
    expect((await call(app, '/mine', roles.user.cookie)).json()).toEqual({ id: roles.user.id });
    await app.close();
  });

  it('fails loudly when a route outside the group asks for the staff user', async () => {
    const app = grouped();
    expect((await call(app, '/outside', roles.admin.cookie)).statusCode).toBe(500);
    await app.close();
  });

  it('fails loudly, never as "anonymous", when currentUser() is called without sessions', async () => {
    const app = Fastify();
    app.register(sessionPlugin, { db: ctx.database.db, secret: TEST_SECRET, ttlSeconds: 3600 });
    app.register(async (scope) => {
      scope.get('/who', async (request) => ({ user: (await request.currentUser())?.id ?? null }));
    });
    const response = await app.inject({
      method: 'GET',
      url: '/who',
      headers: { cookie: roles.admin.cookie },
    });
    expect(response.statusCode).toBe(500);
    await app.close();
  });
});
