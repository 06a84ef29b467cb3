/**
 * The trash of deleted sites (docs/product.md R553–R554): a deleted site leaves every public read at
 * once and waits 90 days in the trash; a restore brings it back under its id with its hours, lists
 * and closures, in its history and in the open-data feed; the administrators alone see, restore and
 * empty the trash.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, apiRoutes, fillPath } from '#shared/api-paths.ts';
import type { TrashedSite } from '#shared/schemas/site-trash.ts';
import type { SiteInput } from '#shared/schemas/sites.ts';
import { buildReferenceItem, buildSite } from '#testing/factories.ts';
import { uuidV5 } from '../services/hsds/uuid.ts';
import { restoreSite } from '../services/site-trash.ts';
import { createTestApp, signInRoles, type TestContext } from './helpers.ts';

let ctx: TestContext;
let admin: { id: number; cookie: string };
let user: string;
const NAMESPACE = '45891432-3e1c-44d3-8be0-a3ca534ef0ea';
const serviceId = (siteId: number) => uuidV5(NAMESPACE, `service:${siteId}`);

beforeAll(async () => {
  // The data-version backstop held off: only a restore's own "directory changed" makes the lists fresh.
  ctx = await createTestApp({ CACHE_VERSION_CHECK_MS: '60000' });
  const roles = await signInRoles(ctx);
  admin = { id: roles.admin.id, cookie: roles.admin.cookie };
  user = roles.user.cookie;
});
afterAll(() => ctx.close());

async function as(options: InjectOptions, status: number, cookie = admin.cookie) {
  const response = await ctx.app.inject({ ...options, headers: { cookie, ...options.headers } });
  expect(response.statusCode, response.body).toBe(status);
  return response.body ? response.json() : undefined;
}
const read = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).json();
const site = async (body: Partial<SiteInput> = {}) =>
  (await as({ method: 'POST', url: apiPaths.sites, payload: buildSite(body) }, 201)) as { id: number };
const trash = () => as({ method: 'GET', url: apiRoutes.sitesTrash }, 200) as Promise<TrashedSite[]>;
const remove = (id: number) => as({ method: 'DELETE', url: apiPaths.site(id) }, 204);
const restore = (id: number, status = 200) =>
  as({ method: 'POST', url: fillPath(apiRoutes.siteRestore, { id: id }) }, status);
const sql = async (text: string) =>
  (await ctx.database.db.execute(text as never)) as unknown as { rows: unknown[] };

describe('deleting and restoring a site', () => {
  it('takes it out of the lists and the feed into the trash, and brings it back whole', async () => {
    const lunch = (
      await as({ method: 'POST', url: apiPaths.list('mealtypes'), payload: buildReferenceItem() }, 201)
    ).id;
    const seniors = (
      await as({ method: 'POST', url: apiPaths.list('populations'), payload: buildReferenceItem() }, 201)
    ).id;
    const hours = [
      { day: 2, open: '11:30', close: '13:00', weeks: [1, 3] },
      { day: 4, open: '17:00', close: '18:30' },
    ];
    const kept = await site({
      name: 'Trash Hall',
      Hours: hours,
      MealTypeIds: [lunch],
      PopulationIds: [seniors],
    });
    const other = await site();
    const closure = await as(
      {
        method: 'POST',
        url: apiPaths.closures,
        payload: {
          startDate: '2030-01-02',
          endDate: '2030-01-05',
          reason: 'Repairs',
          siteIds: [kept.id, other.id],
        },
      },
      201,
    );
    const before = await read(apiPaths.site(kept.id));

    await remove(kept.id);
    expect((await read(apiPaths.sites)).map((s: { id: number }) => s.id)).not.toContain(kept.id);
    expect((await read(`/api/hsds/services/${serviceId(kept.id)}`)).status).toBe('defunct');
    const [first] = await trash();
    expect(first).toMatchObject({
      id: kept.id,
      name: 'Trash Hall',
      address: before.address,
      deletedBy: { id: admin.id },
    });
    expect(Date.parse(first!.deletedAt)).toBeGreaterThan(Date.now() - 60_000);

    const lastSync = new Date().toISOString();
    const answer = await restore(kept.id);
    expect(answer.leftOut).toEqual({ items: [], closureIds: [] });
    const after = await read(apiPaths.site(kept.id));
    const { version: _v, updatedAt: _u, ...same } = before;
    expect(after).toMatchObject(same);
    expect(after.Hours).toEqual(before.Hours);
    expect(after.MealTypes.map((i: { id: number }) => i.id)).toEqual([lunch]);
    expect(after.Populations.map((i: { id: number }) => i.id)).toEqual([seniors]);
    expect((await read(apiPaths.closure(closure.id))).siteIds).toEqual([kept.id, other.id]);
    expect((await read(apiPaths.sites)).map((s: { id: number }) => s.id)).toContain(kept.id);
    expect((await read(`/api/hsds/services/${serviceId(kept.id)}`)).status).toBe('active');
    // A reader syncing by modified_after sees it again, as a live service; its tombstone is gone.
    const changed = await read(
      `/api/hsds/services?per_page=500&modified_after=${encodeURIComponent(lastSync)}`,
    );
    expect(changed.contents).toContainEqual(
      expect.objectContaining({ id: serviceId(kept.id), status: 'active' }),
    );
    expect((await sql(`select id from deleted_sites where id = ${kept.id}`)).rows).toEqual([]);
    expect((await trash()).map((t) => t.id)).not.toContain(kept.id);

    const history = await as({ method: 'GET', url: `${apiPaths.site(kept.id)}/history` }, 200);
    expect(history.map((h: { action: string }) => h.action)).toEqual(['restore', 'delete', 'create']);
    expect(history[0].user).toMatchObject({ id: admin.id });
  });

  it('leaves out the list items and closures gone since, and says so', async () => {
    const item = (
      await as({ method: 'POST', url: apiPaths.list('services'), payload: buildReferenceItem() }, 201)
    ).id;
    const gone = await site({ ServiceIds: [item] });
    // A closure of this site alone goes with it: there is nothing left for it to close.
    const closure = await as(
      {
        method: 'POST',
        url: apiPaths.closures,
        payload: { startDate: '2030-02-02', endDate: null, reason: 'Moving', siteIds: [gone.id] },
      },
      201,
    );
    await remove(gone.id);
    await as({ method: 'DELETE', url: apiPaths.listItem('services', item) }, 204);
    const answer = await restore(gone.id);
    expect(answer.leftOut).toEqual({ items: [{ list: 'services', ids: [item] }], closureIds: [closure.id] });
    expect(answer.site).toMatchObject({ id: gone.id, Services: [] });
  });

  it('refuses a site not in the trash (404) or one that exists (409), with a code', async () => {
    const live = await site();
    expect(await restore(live.id, 404)).toMatchObject({ status: 404, code: 'not_in_trash' });
    expect(await restore(987654, 404)).toMatchObject({ code: 'not_in_trash' });
    await as({ method: 'POST', url: fillPath(apiRoutes.siteRestore, { id: 'abc' }) }, 404);
    await remove(live.id);
    await restore(live.id);
    expect(await restore(live.id, 404)).toMatchObject({ code: 'not_in_trash' });
    // A trash entry whose id is in use again.
    await remove(live.id);
    await sql(`insert into sites (id, name, address) values (${live.id}, 'Squatter', '1 Main St')`);
    expect(await restore(live.id, 409)).toMatchObject({ status: 409, code: 'site_exists' });
    await sql(`delete from sites where id = ${live.id}`);
  });
});

describe('after 90 days', () => {
  it('a trashed site is purged when the trash is read', async () => {
    const old = await site();
    await remove(old.id);
    await sql(
      `update site_trash set deleted_at = now() - interval '90 days' + interval '1 minute' where id = ${old.id}`,
    );
    expect((await trash()).map((t) => t.id)).toContain(old.id);
    await sql(
      `update site_trash set deleted_at = now() - interval '90 days' - interval '1 minute' where id = ${old.id}`,
    );
    expect((await trash()).map((t) => t.id)).not.toContain(old.id);
    expect(await restore(old.id, 404)).toMatchObject({ code: 'not_in_trash' });
  });

  it('a restore on a later day finds it purged (the clock is the caller’s)', async () => {
    const old = await site();
    await remove(old.id);
    const day = 86_400_000;
    await expect(
      restoreSite(ctx.database.db, old.id, null, new Date(Date.now() + 91 * day)),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
    expect((await trash()).map((t) => t.id)).not.toContain(old.id);
  });
});

describe('emptying the trash and who may', () => {
  it('refuses anonymous callers (401) and users who are not administrators (403)', async () => {
    const routes: InjectOptions[] = [
      { method: 'GET', url: apiRoutes.sitesTrash },
      { method: 'POST', url: fillPath(apiRoutes.siteRestore, { id: 1 }) },
      { method: 'DELETE', url: apiRoutes.sitesTrash },
    ];
    for (const route of routes) {
      expect((await ctx.app.inject(route)).statusCode).toBe(401);
      await as(route, 403, user);
    }
  });

  it('empties it for an administrator', async () => {
    const gone = await site();
    await remove(gone.id);
    expect((await trash()).length).toBeGreaterThan(0);
    await as({ method: 'DELETE', url: apiRoutes.sitesTrash }, 204);
    expect(await trash()).toEqual([]);
    expect(await restore(gone.id, 404)).toMatchObject({ code: 'not_in_trash' });
  });
});
