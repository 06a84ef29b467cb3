/**
 * A site contact's corrections through their confirmation link (docs/product.md R598a): kept as a
 * proposal from the contact, the link spent; staff apply it; the contact hears the outcome by e-mail.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '#testing/factories.ts';
import { confirmationLinks, mailOutbox } from '../db/schema.ts';
import { createTestApp, signInRoles, type TestContext } from './helpers.ts';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signInRoles(ctx)).admin.cookie;
});
afterAll(() => ctx.close());

const NEW_HOURS = [{ day: 5, open: '10:00', close: '12:00' }];

async function siteWithLink() {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/sites',
    headers: { cookie: admin },
    payload: buildSite(),
  });
  expect(created.statusCode, created.body).toBe(201);
  const site = created.json() as {
    id: number;
    version: number;
    email: string;
    Hours: unknown[];
    name: string;
  };
  const token = randomBytes(32).toString('base64url');
  await ctx.database.db.insert(confirmationLinks).values({
    siteId: site.id,
    tokenHash: createHash('sha256').update(token).digest('hex'),
    sentTo: site.email,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return { site, token };
}

const propose = (token: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/confirmations/${token}/proposal?lng=es`, payload });

describe('POST /api/confirmations/{token}/proposal', () => {
  it('keeps the contact’s corrections as a proposal, spends the link, and staff can apply them', async () => {
    const { site, token } = await siteWithLink();
    const response = await propose(token, { version: site.version, Hours: NEW_HOURS });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ proposed: true });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/sites/${site.id}` })).json().Hours).toEqual(
      site.Hours,
    );
    expect((await ctx.app.inject({ method: 'GET', url: `/api/confirmations/${token}` })).statusCode).toBe(
      410,
    );

    const open = (
      await ctx.app.inject({ method: 'GET', url: '/api/proposals', headers: { cookie: admin } })
    ).json();
    const proposal = open.find((p: { siteId: number }) => p.siteId === site.id);
    expect(proposal.proposer).toEqual({ user: null, siteContact: true });
    const decided = await ctx.app.inject({
      method: 'POST',
      url: `/api/proposals/${proposal.id}/decisions`,
      headers: { cookie: admin },
      payload: { apply: ['Hours'], version: site.version },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/sites/${site.id}` })).json().Hours).toEqual(
      NEW_HOURS,
    );
    const [mail] = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, site.email));
    expect(mail?.subject).toBe(`Se revisaron los cambios que propuso para ${site.name}`);
    expect(mail?.textBody).toContain('- Horario');
  });

  it('refuses fields beyond hours, contacts and facts (422) and a stale version (409), spending nothing', async () => {
    const { site, token } = await siteWithLink();
    const beyond = await propose(token, { name: 'Another name' });
    expect(beyond.statusCode).toBe(422);
    const stale = await propose(token, { version: site.version + 1, Hours: NEW_HOURS });
    expect(stale.statusCode).toBe(409);
    const same = await propose(token, { version: site.version, Hours: site.Hours });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual({ proposed: false });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/confirmations/${token}` })).statusCode).toBe(
      200,
    );
  });

  it('answers 404 to an unknown link', async () => {
    const response = await propose(randomBytes(32).toString('base64url'), { Hours: NEW_HOURS });
    expect(response.statusCode).toBe(404);
  });
});
