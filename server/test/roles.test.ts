/**
 * docs/product.md R570–R573: an editor keeps the directory but not accounts; a partner manager reaches
 * only their own partners' sites, and of those only hours, contacts and facts; a deactivated account
 * is nobody at once.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteCreateSchema } from '#shared/schemas/sites.ts';
import { buildNutritionPartner, buildSite } from '#testing/factories.ts';
import { nutritionPartners, users } from '../db/schema.ts';
import { getSite } from '../services/site-reads.ts';
import { createSite } from '../services/sites.ts';
import { createTestApp, createUser, login, type TestContext } from './helpers.ts';

let ctx: TestContext;
let admin: { id: number; cookie: string };
let ownSite: number;
let otherSite: number;
let partner: { id: number; email: string; password: string; cookie: string };

beforeAll(async () => {
  ctx = await createTestApp();
  const { db } = ctx.database;
  const partnerItem = async () =>
    (await db.insert(nutritionPartners).values(buildNutritionPartner()).returning())[0]!.id;
  const [own, other] = [await partnerItem(), await partnerItem()];
  const adminUser = await createUser(ctx, { admin: true });
  admin = { id: adminUser.id, cookie: await login(ctx, adminUser.email) };
  const site = async (partnerId: number) =>
    (
      await createSite(
        db,
        SiteCreateSchema.parse({ ...buildSite(), NutritionPartnerIds: [partnerId], confirmDuplicate: true }),
        admin.id,
      )
    ).id;
  ownSite = await site(own);
  otherSite = await site(other);
  const user = await createUser(ctx, { role: 'partner', partnerIds: [own] });
  partner = { ...user, cookie: await login(ctx, user.email) };
});
afterAll(() => ctx.close());

const patchSite = (id: number, cookie: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/sites/${id}`, headers: { cookie }, payload });

describe('roles', () => {
  it('answers the role, and isAdmin for administrators and editors only', async () => {
    for (const role of ['admin', 'editor', 'partner', 'user'] as const) {
      const user = await createUser(ctx, role === 'admin' ? { admin: true } : { role });
      const cookie = await login(ctx, user.email);
      const me = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
      expect(me.json()).toMatchObject({ role, isAdmin: role === 'admin' || role === 'editor' });
    }
  });

  it('lets an editor keep sites but not read an account’s events or empty the trash', async () => {
    const editor = await createUser(ctx, { role: 'editor' });
    const cookie = await login(ctx, editor.email);
    const site = await getSite(ctx.database.db, ownSite);
    const saved = await patchSite(ownSite, cookie, { name: `${site.name} (edited)`, version: site.version });
    expect(saved.statusCode, saved.body).toBe(200);
    const events = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/${admin.id}/events`,
      headers: { cookie },
    });
    expect(events.statusCode).toBe(403);
    const empty = await ctx.app.inject({ method: 'DELETE', url: '/api/sites/trash', headers: { cookie } });
    expect(empty.statusCode).toBe(403);
  });
});

describe('a partner manager (R571)', () => {
  it('is refused another partner’s site before the body is read, and nothing changes', async () => {
    const before = await getSite(ctx.database.db, otherSite);
    const response = await patchSite(otherSite, partner.cookie, { phoneNumber: '4155550123', version: 1 });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/your own nutrition partners/);
    expect(await getSite(ctx.database.db, otherSite)).toEqual(before);
    const history = await ctx.app.inject({
      method: 'GET',
      url: `/api/sites/${otherSite}/history`,
      headers: { cookie: partner.cookie },
    });
    expect(history.statusCode).toBe(403);
  });

  it('is refused a change of a field beyond hours, contacts and facts, named in the answer', async () => {
    const before = await getSite(ctx.database.db, ownSite);
    const response = await patchSite(ownSite, partner.cookie, {
      name: 'Renamed by a partner',
      address: '1 Elsewhere St, San Francisco, CA 94110',
      version: before.version,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/not name, address/);
    expect(await getSite(ctx.database.db, ownSite)).toEqual(before);
  });

  it('cannot create or delete a site, or change a reference list', async () => {
    const create = await ctx.app.inject({
      method: 'POST',
      url: '/api/sites',
      headers: { cookie: partner.cookie },
      payload: buildSite(),
    });
    expect(create.statusCode).toBe(403);
    const remove = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/sites/${ownSite}?version=1`,
      headers: { cookie: partner.cookie },
    });
    expect(remove.statusCode).toBe(403);
    const list = await ctx.app.inject({
      method: 'POST',
      url: '/api/populations',
      headers: { cookie: partner.cookie },
      payload: { name: 'By a partner' },
    });
    expect(list.statusCode).toBe(403);
  });
});

describe('a partner manager’s closures (R608)', () => {
  const closures = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: { cookie: partner.cookie }, ...(payload && { payload }) });
  const closure = (siteIds: number[] | 'all') => ({
    startDate: '2027-04-06',
    endDate: '2027-04-07',
    reason: 'Kitchen repairs',
    ...(siteIds === 'all' ? { allSites: true } : { siteIds }),
  });
  const publicClosures = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/api/closures' })).json() as { id: number }[];

  it('records a closure of their own site, published at once even while changes wait for review', async () => {
    expect(ctx.config.PARTNER_CHANGES).toBe('review');
    const added = await closures('POST', '/api/closures', closure([ownSite]));
    expect(added.statusCode, added.body).toBe(201);
    const { id, version } = added.json() as { id: number; version: number };
    expect((await publicClosures()).map((c) => c.id)).toContain(id);
    const history = await ctx.app.inject({
      method: 'GET',
      url: `/api/closures/${id}/history`,
      headers: { cookie: partner.cookie },
    });
    expect(history.json()[0]).toMatchObject({ action: 'create', user: { id: partner.id } });
    const changed = await closures('PATCH', `/api/closures/${id}`, { endDate: '2027-04-09', version });
    expect(changed.statusCode, changed.body).toBe(200);
    const removed = await closures('DELETE', `/api/closures/${id}?version=${changed.json().version}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await publicClosures()).map((c) => c.id)).not.toContain(id);
  });

  it('is refused a closure naming another partner’s site, or every site, and nothing is stored', async () => {
    const before = await publicClosures();
    for (const body of [closure([otherSite]), closure([ownSite, otherSite]), closure('all')]) {
      const response = await closures('POST', '/api/closures', body);
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().message).toMatch(/own nutrition partners/);
    }
    expect(await publicClosures()).toEqual(before);
  });

  it('cannot change, remove or read the history of a closure that names another partner’s site', async () => {
    const staff = await ctx.app.inject({
      method: 'POST',
      url: '/api/closures',
      headers: { cookie: admin.cookie },
      payload: closure([ownSite, otherSite]),
    });
    const { id, version } = staff.json() as { id: number; version: number };
    expect((await closures('PATCH', `/api/closures/${id}`, { siteIds: [ownSite], version })).statusCode).toBe(
      403,
    );
    expect((await closures('DELETE', `/api/closures/${id}?version=${version}`)).statusCode).toBe(403);
    const history = await ctx.app.inject({
      method: 'GET',
      url: `/api/closures/${id}/history`,
      headers: { cookie: partner.cookie },
    });
    expect(history.statusCode).toBe(403);
    expect((await publicClosures()).find((c) => c.id === id)).toMatchObject({
      siteIds: [ownSite, otherSite],
    });
  });

  it('cannot widen their own closure to another partner’s site or to every site', async () => {
    const added = await closures('POST', '/api/closures', closure([ownSite]));
    const { id, version } = added.json() as { id: number; version: number };
    for (const change of [{ siteIds: [ownSite, otherSite] }, { allSites: true }]) {
      const response = await closures('PATCH', `/api/closures/${id}`, { ...change, version });
      expect(response.statusCode, response.body).toBe(403);
    }
    expect((await publicClosures()).find((c) => c.id === id)).toMatchObject({ siteIds: [ownSite] });
  });
});

describe('a deactivated account (R573)', () => {
  it('counts for nobody on its next request, and cannot sign in until reactivated', async () => {
    const editor = await createUser(ctx, { role: 'editor' });
    const cookie = await login(ctx, editor.email);
    const workspace = () => ctx.app.inject({ method: 'GET', url: '/api/workspace', headers: { cookie } });
    expect((await workspace()).statusCode).toBe(200);

    await ctx.database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, editor.id));
    expect((await workspace()).statusCode).toBe(401);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: editor.email, password: editor.password },
    });
    expect(signIn.statusCode).toBe(422);

    await ctx.database.db.update(users).set({ deactivatedAt: null }).where(eq(users.id, editor.id));
    expect((await login(ctx, editor.email)).length).toBeGreaterThan(0);
  });

  it('records the time of a sign-in', async () => {
    const user = await createUser(ctx);
    const before = Date.now();
    await login(ctx, user.email);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.lastSignInAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });
});
