/**
 * Proposals (docs/product.md R590–R599): a partner manager's change to a site is kept for staff under
 * PARTNER_CHANGES=review and saved at once under publish; staff apply or reject it field by field.
 */
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNutritionPartner, buildSite } from '#testing/factories.ts';
import { mailOutbox, userPartners, users } from '../db/schema.ts';
import { hashPassword } from '../services/accounts.ts';
import { createTestApp, login, PASSWORD, signInRoles, uniqueEmail } from './helpers.ts';

type Site = Record<string, unknown> & { id: number; version: number; Hours: unknown[] };

/** The app under one setting, an administrator, an editor and two partner managers of partners A and B. */
async function setUp(partnerChanges: 'review' | 'publish') {
  const ctx = await createTestApp({ PARTNER_CHANGES: partnerChanges });
  const roles = await signInRoles(ctx);
  const as = (cookie: string) => (options: InjectOptions) =>
    ctx.app.inject({ ...options, headers: { cookie, ...options.headers } });
  const admin = as(roles.admin.cookie);
  const partnerItem = async () => {
    const response = await admin({
      method: 'POST',
      url: '/api/nutritionpartners',
      payload: buildNutritionPartner(),
    });
    expect(response.statusCode).toBe(201);
    return response.json().id as number;
  };
  const account = async (role: 'editor' | 'partner', partnerId?: number) => {
    const email = uniqueEmail(role);
    const [row] = await ctx.database.db
      .insert(users)
      .values({
        email,
        passwordHash: await hashPassword(PASSWORD),
        firstName: 'Pat',
        lastName: role,
        role,
        language: 'es',
      })
      .returning({ id: users.id });
    if (partnerId) await ctx.database.db.insert(userPartners).values({ userId: row!.id, partnerId });
    return { id: row!.id, email, request: as(await login(ctx, email)) };
  };
  const [a, b] = [await partnerItem(), await partnerItem()];
  const site = async (partnerId: number): Promise<Site> => {
    const response = await admin({
      method: 'POST',
      url: '/api/sites',
      payload: buildSite({ NutritionPartnerIds: [partnerId] }),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const read = async (id: number): Promise<Site> =>
    (await ctx.app.inject({ method: 'GET', url: `/api/sites/${id}` })).json();
  return {
    ctx,
    admin,
    editor: await account('editor'),
    partnerA: await account('partner', a),
    partnerB: await account('partner', b),
    siteOf: { a: () => site(a), b: () => site(b) },
    read,
  };
}

const NEW_HOURS = [{ day: 2, open: '12:00', close: '14:00' }];

describe('PARTNER_CHANGES=review', () => {
  let t: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    t = await setUp('review');
  });
  afterAll(() => t.ctx.close());

  const propose = async (site: Site, body: object) => {
    const response = await t.partnerA.request({
      method: 'PATCH',
      url: `/api/sites/${site.id}`,
      payload: { version: site.version, ...body },
    });
    expect(response.statusCode, response.body).toBe(202);
    return response.json() as { id: number; status: string; fields: { field: string; outcome: null }[] };
  };

  it('keeps a partner manager’s change as a proposal of the fields that differ; nothing public changes', async () => {
    const site = await t.siteOf.a();
    const proposal = await propose(site, {
      Hours: NEW_HOURS,
      website: site.website,
      phoneNumber: '4155550199',
    });
    expect(proposal.status).toBe('open');
    expect(proposal.fields.map((f) => f.field).sort()).toEqual(['Hours', 'phoneNumber']);
    const after = await t.read(site.id);
    expect(after.version).toBe(site.version);
    expect(after.Hours).toEqual(site.Hours);
    expect(after.phoneNumber).toBe(site.phoneNumber);
    const list = (await t.admin({ method: 'GET', url: '/api/proposals' })).json() as {
      id: number;
      siteName: string;
    }[];
    expect(list[0]).toMatchObject({ id: proposal.id, siteName: site.name });
  });

  it('checks a proposal like a save: a stale version is 409, a bad field 422, another partner’s site 403', async () => {
    const site = await t.siteOf.a();
    const stale = await t.partnerA.request({
      method: 'PATCH',
      url: `/api/sites/${site.id}`,
      payload: { version: site.version + 5, Hours: NEW_HOURS },
    });
    expect(stale.statusCode).toBe(409);
    const bad = await t.partnerA.request({
      method: 'PATCH',
      url: `/api/sites/${site.id}`,
      payload: { Hours: [{ day: 2, open: '14:00', close: '12:00' }] },
    });
    expect(bad.statusCode).toBe(422);
    const other = await t.siteOf.b();
    const refused = await t.partnerA.request({
      method: 'PATCH',
      url: `/api/sites/${other.id}`,
      payload: { Hours: NEW_HOURS },
    });
    expect(refused.statusCode).toBe(403);
    const open = (await t.admin({ method: 'GET', url: '/api/proposals' })).json() as { siteId: number }[];
    expect(open.some((p) => p.siteId === other.id)).toBe(false);
  });

  it('applies one field and rejects another: the site changes in that field only, credited to the proposer', async () => {
    const site = await t.siteOf.a();
    const proposal = await propose(site, { Hours: NEW_HOURS, website: 'https://changed.example.org' });
    const decided = await t.editor.request({
      method: 'POST',
      url: `/api/proposals/${proposal.id}/decisions`,
      payload: { apply: ['Hours'], reject: ['website'], version: site.version },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().status).toBe('closed');
    const after = await t.read(site.id);
    expect(after.Hours).toEqual(NEW_HOURS);
    expect(after.website).toBe(site.website);
    expect(after.version).toBe(site.version + 1);
    const history = (await t.admin({ method: 'GET', url: `/api/sites/${site.id}/history` })).json();
    expect(history[0].user.id).toBe(t.partnerA.id);
    expect(Object.keys(history[0].changes)).toContain('Hours');
    expect(history[0].changes['@proposal']).toEqual({ id: proposal.id, appliedBy: t.editor.id });
    const mails = await t.ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, t.partnerA.email));
    expect(mails).toHaveLength(1);
    // In the proposer's language (Spanish): the applied field and the rejected one.
    expect(mails[0]!.textBody).toContain('Aplicados');
    expect(mails[0]!.textBody).toContain('- Horario');
    expect(mails[0]!.textBody).toContain('No aplicados:\n- Sitio web');
    const again = await t.admin({
      method: 'POST',
      url: `/api/proposals/${proposal.id}/decisions`,
      payload: { reject: ['Hours'], version: after.version },
    });
    expect(again.statusCode).toBe(409);
    const open = (await t.admin({ method: 'GET', url: '/api/proposals' })).json() as { id: number }[];
    expect(open.some((p) => p.id === proposal.id)).toBe(false);
  });

  it('says which fields changed since the proposal was made, and refuses a stale version with 409', async () => {
    const site = await t.siteOf.a();
    const proposal = await propose(site, { Hours: NEW_HOURS, email: 'new@example.org' });
    const saved = await t.admin({
      method: 'PATCH',
      url: `/api/sites/${site.id}`,
      payload: { version: site.version, email: 'staff@example.org' },
    });
    expect(saved.statusCode).toBe(200);
    const detail = (await t.admin({ method: 'GET', url: `/api/proposals/${proposal.id}` })).json();
    const email = detail.fields.find((f: { field: string }) => f.field === 'email');
    const hours = detail.fields.find((f: { field: string }) => f.field === 'Hours');
    expect(email).toMatchObject({
      base: site.email,
      current: 'staff@example.org',
      proposed: 'new@example.org',
      changedSince: true,
    });
    expect(hours).toMatchObject({ changedSince: false, proposed: NEW_HOURS });
    expect(detail).toMatchObject({ baseVersion: site.version, siteVersion: site.version + 1 });
    const stale = await t.admin({
      method: 'POST',
      url: `/api/proposals/${proposal.id}/decisions`,
      payload: { apply: ['Hours'], version: site.version },
    });
    expect(stale.statusCode).toBe(409);
    expect((await t.read(site.id)).Hours).toEqual(site.Hours);
    const partial = await t.admin({
      method: 'POST',
      url: `/api/proposals/${proposal.id}/decisions`,
      payload: { reject: ['email'], version: site.version + 1 },
    });
    expect(partial.statusCode).toBe(200);
    expect(partial.json().status).toBe('open');
  });

  it('keeps partner managers to their own proposals: no list of all, no detail, no decision (403)', async () => {
    const site = await t.siteOf.a();
    const proposal = await propose(site, { Hours: NEW_HOURS });
    const decide = {
      method: 'POST',
      url: `/api/proposals/${proposal.id}/decisions`,
      payload: { apply: ['Hours'], version: site.version },
    } as const;
    expect((await t.partnerB.request({ method: 'GET', url: '/api/proposals' })).statusCode).toBe(403);
    expect(
      (await t.partnerB.request({ method: 'GET', url: `/api/proposals/${proposal.id}` })).statusCode,
    ).toBe(403);
    expect((await t.partnerB.request(decide)).statusCode).toBe(403);
    expect((await t.partnerA.request(decide)).statusCode).toBe(403);
    expect((await t.ctx.app.inject({ method: 'GET', url: '/api/proposals' })).statusCode).toBe(401);
    const mineA = (await t.partnerA.request({ method: 'GET', url: '/api/proposals/mine' })).json() as {
      id: number;
    }[];
    const mineB = (await t.partnerB.request({ method: 'GET', url: '/api/proposals/mine' })).json() as {
      id: number;
    }[];
    expect(mineA.map((p) => p.id)).toContain(proposal.id);
    expect(mineB).toEqual([]);
    const sitesA = (await t.partnerA.request({ method: 'GET', url: '/api/my-sites' })).json() as {
      id: number;
    }[];
    const sitesB = (await t.partnerB.request({ method: 'GET', url: '/api/my-sites' })).json() as {
      id: number;
    }[];
    expect(sitesA.map((s) => s.id)).toContain(site.id);
    expect(sitesB.map((s) => s.id)).not.toContain(site.id);
    expect((await t.read(site.id)).Hours).toEqual(site.Hours);
  });

  it('refuses decisions on fields the proposal does not hold (422)', async () => {
    const site = await t.siteOf.a();
    const proposal = await propose(site, { Hours: NEW_HOURS });
    const response = await t.admin({
      method: 'POST',
      url: `/api/proposals/${proposal.id}/decisions`,
      payload: { apply: ['website'], version: site.version },
    });
    expect(response.statusCode).toBe(422);
    const detail = (await t.admin({ method: 'GET', url: `/api/proposals/${proposal.id}` })).json();
    expect(detail.status).toBe('open');
    expect(detail.fields[0].decision).toBeNull();
  });
});

describe('PARTNER_CHANGES=publish', () => {
  let t: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    t = await setUp('publish');
  });
  afterAll(() => t.ctx.close());

  it('saves a partner manager’s change at once, credited to them, with no proposal', async () => {
    const site = await t.siteOf.a();
    const response = await t.partnerA.request({
      method: 'PATCH',
      url: `/api/sites/${site.id}`,
      payload: { version: site.version, Hours: NEW_HOURS },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await t.read(site.id)).Hours).toEqual(NEW_HOURS);
    const history = (await t.admin({ method: 'GET', url: `/api/sites/${site.id}/history` })).json();
    expect(history[0].user.id).toBe(t.partnerA.id);
    expect((await t.admin({ method: 'GET', url: '/api/proposals' })).json()).toEqual([]);
  });
});
