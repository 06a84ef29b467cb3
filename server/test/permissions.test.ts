/**
 * docs/product.md R43: every write on sites and the reference lists (and the admin-only history and usage
 * reads) is for administrators only — anonymous 401, signed-in non-admin 403 — and a refused request
 * changes nothing. Reads of sites and lists are public. The trash of deleted sites (R553–R554) too.
 */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_LIST_NAMES, REFERENCE_LISTS } from '#shared/schemas/reference-lists.ts';
import { buildNutritionPartner, buildReferenceItem, buildSite } from '#testing/factories.ts';
import { history } from '../db/schema.ts';
import { createTestApp, login, signInRoles, type TestContext } from './helpers.ts';

let ctx: TestContext;
let cookies: Awaited<ReturnType<typeof signInRoles>>;

beforeAll(async () => {
  ctx = await createTestApp();
  cookies = await signInRoles(ctx);
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type Role = 'anonymous' | 'user' | 'admin';

interface Endpoint {
  /** What the endpoint works on: 'sites' or a list name. */
  resource: 'sites' | (typeof REFERENCE_LIST_NAMES)[number];
  method: Method;
  /** `:id` is replaced with a record made fresh for each case. */
  path: string;
  /** The admin's success status. */
  ok: number;
}

const bodyFor = (resource: Endpoint['resource']) => {
  if (resource === 'sites') return buildSite();
  return REFERENCE_LISTS[resource].contact ? buildNutritionPartner() : buildReferenceItem();
};

const ENDPOINTS: Endpoint[] = (['sites', ...REFERENCE_LIST_NAMES] as const).flatMap((resource) => {
  const base = `/api/${resource}`;
  const endpoints: Endpoint[] = [
    { resource, method: 'POST', path: base, ok: 201 },
    { resource, method: 'PATCH', path: `${base}/:id`, ok: 200 },
    { resource, method: 'DELETE', path: `${base}/:id`, ok: 204 },
    { resource, method: 'GET', path: `${base}/:id/history`, ok: 200 },
  ];
  if (resource !== 'sites') endpoints.push({ resource, method: 'GET', path: `${base}/:id/usage`, ok: 200 });
  return endpoints;
});

const EXPECTED: Record<Role, (endpoint: Endpoint) => number> = {
  anonymous: () => 401,
  user: () => 403,
  admin: (endpoint) => endpoint.ok,
};

const TABLE = (['anonymous', 'user', 'admin'] as const).flatMap((role) =>
  ENDPOINTS.map((endpoint) => ({ role, ...endpoint, expected: EXPECTED[role](endpoint) })),
);

const cookieOf = (role: Role) =>
  role === 'anonymous' ? {} : { cookie: role === 'admin' ? cookies.admin.cookie : cookies.user.cookie };

/** A record to act on, created by the admin. */
async function freshRecord(resource: Endpoint['resource']): Promise<number> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/${resource}`,
    headers: { cookie: cookies.admin.cookie },
    payload: bodyFor(resource),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

/** Everything a write could change: all sites, all list items and the history. */
async function state() {
  const read = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).body;
  const [historyRows] = await ctx.database.db.select({ n: count() }).from(history);
  return {
    sites: await read('/api/sites'),
    lists: await Promise.all(REFERENCE_LIST_NAMES.map((list) => read(`/api/${list}`))),
    history: historyRows!.n,
  };
}

describe('permission table', () => {
  it('covers every write and admin-only read of sites and all five lists for every role', () => {
    expect(ENDPOINTS).toHaveLength(4 + REFERENCE_LIST_NAMES.length * 5);
    expect(TABLE).toHaveLength(ENDPOINTS.length * 3);
  });

  it.each(TABLE)(
    '$role $method $path ($resource) → $expected',
    async ({ role, resource, method, path, expected }) => {
      const id = path.includes(':id') ? await freshRecord(resource) : undefined;
      const url = path.replace(':id', String(id));
      const before = await state();
      const response = await ctx.app.inject({
        method,
        url,
        headers: cookieOf(role),
        ...((method === 'POST' || method === 'PATCH') && { payload: bodyFor(resource) }),
      });
      expect(response.statusCode, response.body).toBe(expected);
      if (expected >= 400) {
        expect(response.json()).toEqual({ status: expected, message: expect.any(String) });
        expect(await state()).toEqual(before);
      } else if (method !== 'GET') {
        expect(await state()).not.toEqual(before);
      }
    },
  );
});

describe('the permission check comes first', () => {
  // A refused caller learns nothing about the record or the body rules: 401/403 before 404 or 422.
  const refused = (['anonymous', 'user'] as const).flatMap((role) =>
    (['sites', ...REFERENCE_LIST_NAMES] as const).flatMap((resource) => [
      { role, resource, method: 'POST' as const, url: `/api/${resource}`, payload: { name: '' } },
      { role, resource, method: 'PATCH' as const, url: `/api/${resource}/abc`, payload: { name: 'x' } },
      { role, resource, method: 'PATCH' as const, url: `/api/${resource}/987654`, payload: { name: '' } },
      { role, resource, method: 'DELETE' as const, url: `/api/${resource}/0` },
      { role, resource, method: 'DELETE' as const, url: `/api/${resource}/987654?version=abc` },
    ]),
  );

  it.each(refused)(
    '$role $method $url with a bad id or body → refused',
    async ({ role, method, url, payload }) => {
      const before = await state();
      const response = await ctx.app.inject({
        method,
        url,
        headers: cookieOf(role),
        ...(payload && { payload }),
      });
      expect(response.statusCode, response.body).toBe(role === 'anonymous' ? 401 : 403);
      expect(await state()).toEqual(before);
    },
  );

  it('a logged-out session or a forged cookie is anonymous', async () => {
    const cookie = await login(ctx, cookies.admin.email);
    const allowed = await ctx.app.inject({
      method: 'POST',
      url: '/api/sites',
      headers: { cookie },
      payload: buildSite(),
    });
    expect(allowed.statusCode).toBe(201);
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(204);
    for (const stale of [cookie, 'sid=forged.value']) {
      const before = await state();
      const refused = await ctx.app.inject({
        method: 'POST',
        url: '/api/sites',
        headers: { cookie: stale },
        payload: buildSite(),
      });
      expect(refused.statusCode).toBe(401);
      expect(await state()).toEqual(before);
    }
  });
});

describe('public reads', () => {
  const reads = (['sites', ...REFERENCE_LIST_NAMES] as const).flatMap((resource) => [
    { resource, path: `/api/${resource}` },
    { resource, path: `/api/${resource}/:id` },
  ]);

  it.each(reads)('anonymous GET $path ($resource) → 200', async ({ resource, path }) => {
    const id = await freshRecord(resource);
    const response = await ctx.app.inject({ method: 'GET', url: path.replace(':id', String(id)) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    if (path.includes(':id')) expect(body.id).toBe(id);
    else expect(body.map((r: { id: number }) => r.id)).toContain(id);
  });
});

describe('the trash of deleted sites (R553–R554)', () => {
  const trashRoutes = (['anonymous', 'user'] as const).flatMap((role) =>
    [
      { method: 'GET' as const, path: '/api/sites/trash' },
      { method: 'POST' as const, path: '/api/sites/trash/:id/restore' },
      { method: 'DELETE' as const, path: '/api/sites/trash' },
    ].map((route) => ({ role, ...route })),
  );

  it.each(trashRoutes)(
    '$role $method $path → refused, the trash unchanged',
    async ({ role, method, path }) => {
      const id = await freshRecord('sites');
      const deleted = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/sites/${id}`,
        headers: { cookie: cookies.admin.cookie },
      });
      expect(deleted.statusCode).toBe(204);
      const trash = async () =>
        (
          await ctx.app.inject({
            method: 'GET',
            url: '/api/sites/trash',
            headers: { cookie: cookies.admin.cookie },
          })
        ).body;
      const before = { state: await state(), trash: await trash() };
      const response = await ctx.app.inject({
        method,
        url: path.replace(':id', String(id)),
        headers: cookieOf(role),
      });
      expect(response.statusCode, response.body).toBe(role === 'anonymous' ? 401 : 403);
      expect(response.json()).toEqual({ status: response.statusCode, message: expect.any(String) });
      expect({ state: await state(), trash: await trash() }).toEqual(before);
    },
  );
});
