/**
 * The response cache is dropped by the directory's writing services only (sites, closures and the five
 * lists; server/services/directory-changes.ts), before the write's answer leaves; reads, refused
 * writes and every other request leave it alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_LIST_NAMES, REFERENCE_LISTS } from '#shared/schemas/reference-lists.ts';
import { buildNutritionPartner, buildReferenceItem, buildSite } from '#testing/factories.ts';
import { createTestApp, signInRoles, type TestContext } from './helpers.ts';

let ctx: TestContext;
let roles: Awaited<ReturnType<typeof signInRoles>>;

// Signing in takes long enough for the PostgreSQL change listener to have connected (it drops the
// cache once when it does), so the generation only moves because of the requests below.
beforeAll(async () => {
  ctx = await createTestApp();
  roles = await signInRoles(ctx);
});
afterAll(() => ctx.close());

const generation = () => ctx.app.responseCache.generation;
const as = (cookie: string) => ({ cookie });
const bodyFor = (resource: string) => {
  if (resource === 'sites') return buildSite();
  return REFERENCE_LISTS[resource as (typeof REFERENCE_LIST_NAMES)[number]].contact
    ? buildNutritionPartner()
    : buildReferenceItem();
};

async function create(resource: string): Promise<{ id: number; version?: number }> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/${resource}`,
    headers: as(roles.admin.cookie),
    payload: bodyFor(resource),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('the cache', () => {
  it('is left alone by reads, refused writes and writes outside the directory', async () => {
    const site = await create('sites');
    const before = generation();
    for (const url of ['/api/sites', `/api/sites/${site.id}`, '/api/populations', '/api/users/me'])
      expect((await ctx.app.inject({ method: 'GET', url, headers: as(roles.user.cookie) })).statusCode).toBe(
        200,
      );
    const refused = [
      { method: 'POST', url: '/api/sites', payload: buildSite() },
      { method: 'PATCH', url: `/api/sites/${site.id}`, payload: { name: 'x' } },
      { method: 'DELETE', url: '/api/populations/1' },
    ] as const;
    for (const request of refused) {
      const anonymous = await ctx.app.inject(request);
      expect(anonymous.statusCode).toBe(401);
      const user = await ctx.app.inject({ ...request, headers: as(roles.user.cookie) });
      expect(user.statusCode).toBe(403);
    }
    const invalid = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/sites/${site.id}`,
      headers: as(roles.admin.cookie),
      payload: { name: '' },
    });
    expect(invalid.statusCode).toBe(422);
    const missing = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/sites/999999',
      headers: as(roles.admin.cookie),
    });
    expect(missing.statusCode).toBe(404);
    const account = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${roles.user.id}`,
      headers: as(roles.user.cookie),
      payload: { firstName: 'Ulla' },
    });
    expect(account.statusCode).toBe(200);
    expect(generation()).toBe(before);
  });

  it.each(['sites', ...REFERENCE_LIST_NAMES])(
    'is dropped by every successful write of %s, and the next read is fresh',
    async (resource) => {
      const list = () => ctx.app.inject({ method: 'GET', url: `/api/${resource}` });
      const ids = async () => (await list()).json().map((r: { id: number }) => r.id);
      await list();
      let before = generation();
      const record = await create(resource);
      expect(generation()).toBeGreaterThan(before);
      expect(await ids()).toContain(record.id);

      before = generation();
      const name = `Renamed ${resource} ${record.id}`;
      const patched = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/${resource}/${record.id}`,
        headers: as(roles.admin.cookie),
        payload: { name },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(generation()).toBeGreaterThan(before);
      const read = await ctx.app.inject({ method: 'GET', url: `/api/${resource}/${record.id}` });
      expect(read.json().name).toBe(name);

      before = generation();
      const deleted = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/${resource}/${record.id}`,
        headers: as(roles.admin.cookie),
      });
      expect(deleted.statusCode).toBe(204);
      expect(generation()).toBeGreaterThan(before);
      expect(await ids()).not.toContain(record.id);
    },
  );

  it('is dropped by every successful closure write, so the closures, sites and pages are read afresh', async () => {
    const site = await create('sites');
    const admin = as(roles.admin.cookie);
    await ctx.app.inject({ method: 'GET', url: '/api/closures' });
    let before = generation();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/closures',
      headers: admin,
      payload: { startDate: '2026-11-26', endDate: '2026-11-26', reason: 'Thanksgiving', siteIds: [site.id] },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(generation()).toBeGreaterThan(before);
    const id = created.json().id;
    before = generation();
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/closures/${id}`,
      headers: admin,
      payload: { reason: 'Holiday' },
    });
    expect(patched.statusCode).toBe(200);
    expect(generation()).toBeGreaterThan(before);
    before = generation();
    const refused = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/closures/${id}`,
      headers: admin,
      payload: { reason: '' },
    });
    expect(refused.statusCode).toBe(422);
    expect(generation()).toBe(before);
    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/closures/${id}`, headers: admin });
    expect(deleted.statusCode).toBe(204);
    expect(generation()).toBeGreaterThan(before);
  });
});
