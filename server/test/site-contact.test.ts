/**
 * Confirmation by the site contact (docs/product.md R180, R181): staff e-mail the site's address a
 * single-use link good for 14 days; the page behind it shows only the site's public facts; "correct"
 * confirms the site, "changed" files a report; used or expired links answer 410.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '#testing/factories.ts';
import { rowsOf } from '../db/client.ts';
import { createTestApp, signInRoles, type TestContext } from './helpers.ts';

let ctx: TestContext;
let roles: Awaited<ReturnType<typeof signInRoles>>;
let clock = new Date('2026-11-24T17:00:00.000Z');

beforeAll(async () => {
  ctx = await createTestApp(
    {
      RATE_LIMIT_AUTH_MAX: '6',
      AGENCY_NAME: 'Harbor County Aging Office',
      AGENCY_NAME_ZH: '海港縣長者事務處',
      AGENCY_PHONE: '415 555 0199',
    },
    { now: () => clock },
  );
  roles = await signInRoles(ctx);
});
afterAll(() => ctx.close());

const asAdmin = (options: InjectOptions) =>
  ctx.app.inject({ ...options, headers: { cookie: roles.admin.cookie, ...options.headers } });

let addresses = 0;
const nextAddress = () => `10.9.${Math.floor(++addresses / 250)}.${addresses % 250}`;
const view = (token: string, remoteAddress = nextAddress()) =>
  ctx.app.inject({ method: 'GET', url: `/api/confirmations/${token}`, remoteAddress });
const answer = (token: string, payload: object, remoteAddress = nextAddress()) =>
  ctx.app.inject({ method: 'POST', url: `/api/confirmations/${token}`, payload, remoteAddress });

const outbox = () => path.join(ctx.dataDir, 'outbox');
const mails = () => (fs.existsSync(outbox()) ? fs.readdirSync(outbox()).sort() : []);
/** The newest e-mail as text, quoted-printable soft breaks joined. */
const newestMail = () => fs.readFileSync(path.join(outbox(), mails().at(-1)!), 'utf8').replace(/=\r?\n/g, '');

/** The newest e-mail's HTML part, decoded (quoted-printable or base64, as the mailer chose). */
function newestHtml(): string {
  const eml = fs.readFileSync(path.join(outbox(), mails().at(-1)!), 'utf8');
  const part = eml.split(/\r?\n--[^\r\n]*\r?\n/).find((one) => /content-type:\s*text\/html/i.test(one)) ?? '';
  const split = part.search(/\r?\n\r?\n/);
  const head = part.slice(0, split);
  const body = part.slice(split).trim();
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body, 'base64').toString('utf8');
  const joined = body.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

async function newSite(overrides: object = {}) {
  const response = await asAdmin({ method: 'POST', url: '/api/sites', payload: buildSite(overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; name: string; email: string | null; version: number };
}

/** Sends the link for `siteId`, checks the 202 and the e-mail, and answers the token in it. */
async function sendLink(siteId: number, email: string): Promise<string> {
  const before = mails().length;
  const response = await asAdmin({ method: 'POST', url: `/api/sites/${siteId}/confirmation-requests` });
  expect(response.statusCode, response.body).toBe(202);
  expect(response.json()).toEqual({ sentTo: email });
  expect(mails()).toHaveLength(before + 1);
  const mail = newestMail();
  expect(mail).toContain(`To: ${email}`);
  const token = /http:\/\/meals\.test\/confirm\/([A-Za-z0-9_-]{43})/.exec(mail)?.[1];
  expect(token).toBeDefined();
  return token!;
}

describe('POST /api/sites/{id}/confirmation-requests', () => {
  it('e-mails the site a link (32 random bytes, base64url); only its SHA-256 is stored', async () => {
    const site = await newSite();
    const token = await sendLink(site.id, site.email!);
    const rows = rowsOf<{ token_hash: string; site_id: number; sent_to: string }>(
      await ctx.database.db.execute(sql`select * from confirmation_links where site_id = ${site.id}`),
    );
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
  });

  it('names the site in each paragraph’s language and the agency with its phone, to check it is genuine (R494)', async () => {
    const site = await newSite({
      name: 'Harbor Lunch Club',
      translations: { es: { name: 'Club de Almuerzo del Puerto' } },
    });
    await sendLink(site.id, site.email!);
    const html = newestHtml();
    const paragraph = (lang: string) =>
      new RegExp(`<p lang="${lang}">([\\s\\S]*?)</p>`).exec(html)?.[1]?.replace(/\s+/g, ' ') ?? '';
    const [en, es, zh] = [paragraph('en'), paragraph('es'), paragraph('zh-Hant')];
    expect(en).toContain('&quot;Harbor Lunch Club&quot;');
    expect(en).toContain('This request comes from Harbor County Aging Office');
    expect(en).toContain('call (415) 555-0199');
    // Spanish: its own name for the site; the agency's English name stands for Spanish (none of its own).
    expect(es).toContain('&quot;Club de Almuerzo del Puerto&quot;');
    expect(es).not.toContain('Harbor Lunch Club');
    expect(es).toContain('Esta solicitud viene de Harbor County Aging Office');
    expect(es).toContain('llame al (415) 555-0199');
    // Chinese: no name of its own, so the English one, marked as English; the agency's Chinese name.
    expect(zh).toContain('<span lang="en">Harbor Lunch Club</span>');
    expect(zh).toContain('此要求來自海港縣長者事務處');
    expect(zh).toContain('(415) 555-0199');
  });

  it('422 no_email on email when the site has no e-mail address; nothing is sent', async () => {
    const site = await newSite({ email: null });
    const before = mails().length;
    const response = await asAdmin({ method: 'POST', url: `/api/sites/${site.id}/confirmation-requests` });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      { path: 'email', code: 'no_email', message: 'the site has no e-mail address' },
    ]);
    expect(mails()).toHaveLength(before);
  });

  it('404 for an unknown site; 401 signed out; 403 for a non-admin', async () => {
    expect(
      (await asAdmin({ method: 'POST', url: '/api/sites/999999/confirmation-requests' })).statusCode,
    ).toBe(404);
    const site = await newSite();
    const url = `/api/sites/${site.id}/confirmation-requests`;
    expect((await ctx.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'POST', url, headers: { cookie: roles.user.cookie } })).statusCode,
    ).toBe(403);
  });

  it('at most 3 links a day for one site: the 4th is 429, another site is unaffected', async () => {
    const site = await newSite();
    for (let i = 0; i < 3; i++) await sendLink(site.id, site.email!);
    const fourth = await asAdmin({ method: 'POST', url: `/api/sites/${site.id}/confirmation-requests` });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ status: 429, message: expect.stringMatching(/3 links today/) });
    const other = await newSite();
    await sendLink(other.id, other.email!);
  });
});

describe('GET /api/confirmations/{token}', () => {
  it('shows the site’s public facts and when the link expires, and nothing else', async () => {
    const site = await newSite();
    const token = await sendLink(site.id, site.email!);
    const response = await view(token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['closures', 'expiresAt', 'site']);
    expect(body.expiresAt).toBe(new Date(clock.getTime() + 14 * 86_400_000).toISOString());
    const publicSite = (await ctx.app.inject({ method: 'GET', url: `/api/sites/${site.id}` })).json();
    expect(body.site).toEqual(publicSite);
  });

  it('lists the site’s upcoming closures from the one closures list: its own, all sites’, the holidays (R490)', async () => {
    const site = await newSite();
    const other = await newSite();
    const closure = async (payload: object) => {
      const response = await asAdmin({ method: 'POST', url: '/api/closures', payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as { id: number };
    };
    const own = await closure({
      startDate: '2026-12-07',
      endDate: '2026-12-08',
      reason: 'Kitchen repairs',
      siteIds: [site.id],
    });
    const past = await closure({
      startDate: '2026-11-02',
      endDate: '2026-11-03',
      reason: 'Past',
      siteIds: [site.id],
    });
    const elsewhere = await closure({
      startDate: '2026-12-09',
      endDate: null,
      reason: 'Elsewhere',
      siteIds: [other.id],
    });
    const token = await sendLink(site.id, site.email!);
    const { closures } = (await view(token)).json() as {
      closures: { id?: number; startDate: string; reason: string; holiday?: { key: string } }[];
    };
    const ids = closures.map((c) => c.id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(past.id);
    expect(ids).not.toContain(elsewhere.id);
    // The agency's holidays of the next 60 days (R440): Thanksgiving, two days after the clock's date.
    expect(closures.find((c) => c.startDate === '2026-11-26')?.holiday).toBeDefined();
    expect(closures.every((c) => c.startDate <= '2027-01-23')).toBe(true);
    expect(closures.map((c) => c.startDate)).toEqual(closures.map((c) => c.startDate).sort());
  });

  it('404 for an unknown or malformed token', async () => {
    expect((await view('A'.repeat(43))).statusCode).toBe(404);
    expect((await view('not a token')).statusCode).toBe(404);
  });

  it('410 "expired" after 14 days (the server clock), for viewing and answering', async () => {
    const site = await newSite();
    const token = await sendLink(site.id, site.email!);
    const sentAt = clock;
    clock = new Date(sentAt.getTime() + 14 * 86_400_000 - 1000);
    expect((await view(token)).statusCode).toBe(200);
    clock = new Date(sentAt.getTime() + 14 * 86_400_000);
    const expired = await view(token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ status: 410, message: 'This link has expired.', code: 'link_expired' });
    expect((await answer(token, { answer: 'correct' })).statusCode).toBe(410);
    clock = sentAt;
  });
});

describe('POST /api/confirmations/{token}', () => {
  it('"correct" confirms the site (site-contact, no user) and the link is then spent: 410 "used"', async () => {
    const site = await newSite();
    const token = await sendLink(site.id, site.email!);
    clock = new Date(clock.getTime() + 3_600_000);
    // A cached public read before the answer must not survive it.
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/sites/${site.id}` })).json().confirmedAt,
    ).toBeNull();
    const response = await answer(token, { answer: 'correct' });
    expect(response.statusCode).toBe(200);
    const after = (await ctx.app.inject({ method: 'GET', url: `/api/sites/${site.id}` })).json();
    expect(after).toMatchObject({ confirmedAt: clock.toISOString(), version: site.version });
    const history = (await asAdmin({ method: 'GET', url: `/api/sites/${site.id}/history` })).json();
    expect(history[0]).toMatchObject({
      action: 'confirm',
      user: null,
      changes: { method: 'site-contact', note: 'Confirmed by the site contact' },
    });
    const again = await answer(token, { answer: 'correct' });
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe('This link has already been used.');
    expect((await view(token)).statusCode).toBe(410);
  });

  it('"changed" files a new report about the site and spends the link', async () => {
    const site = await newSite();
    const token = await sendLink(site.id, site.email!);
    const response = await answer(token, {
      answer: 'changed',
      reasons: ['hours'],
      message: 'We now open at 10:30',
    });
    expect(response.statusCode).toBe(200);
    const [report] = (await asAdmin({ method: 'GET', url: '/api/reports' })).json();
    expect(report).toMatchObject({
      siteId: site.id,
      reasons: ['hours'],
      message: 'We now open at 10:30',
      source: 'site-contact',
      status: 'new',
    });
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/sites/${site.id}` })).json().confirmedAt,
    ).toBeNull();
    expect((await answer(token, { answer: 'changed' })).statusCode).toBe(410);
  });

  it('a public report saying the same is its own entry, marked as the public’s (R496)', async () => {
    const site = await newSite();
    const token = await sendLink(site.id, site.email!);
    const words = { reasons: ['phone'], message: `New number ${site.id}` };
    expect((await answer(token, { answer: 'changed', ...words })).statusCode).toBe(200);
    const fromPublic = await ctx.app.inject({
      method: 'POST',
      url: '/api/reports',
      payload: { siteId: site.id, ...words },
      remoteAddress: nextAddress(),
    });
    expect(fromPublic.statusCode).toBe(202);
    const reports = (await asAdmin({ method: 'GET', url: '/api/reports' })).json() as {
      siteId: number;
      source: string;
    }[];
    expect(
      reports
        .filter((r) => r.siteId === site.id)
        .map((r) => r.source)
        .sort(),
    ).toEqual(['public', 'site-contact']);
  });

  it('two answers at the same moment: one counts, the other is 410', async () => {
    const site = await newSite();
    const token = await sendLink(site.id, site.email!);
    const results = await Promise.all([
      answer(token, { answer: 'correct' }),
      answer(token, { answer: 'correct' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 410]);
    const history = (await asAdmin({ method: 'GET', url: `/api/sites/${site.id}/history` })).json();
    expect(history.filter((e: { action: string }) => e.action === 'confirm')).toHaveLength(1);
  });

  it('422 for an answer that is neither, and the link stays usable', async () => {
    const site = await newSite();
    const token = await sendLink(site.id, site.email!);
    const bad = await answer(token, { answer: 'maybe' });
    expect(bad.statusCode).toBe(422);
    expect((await answer(token, { answer: 'correct' })).statusCode).toBe(200);
  });

  it('is rate limited per client address', async () => {
    const address = '192.0.2.44';
    const token = 'B'.repeat(43);
    for (let i = 0; i < 6; i++) expect((await view(token, address)).statusCode).toBe(404);
    expect((await view(token, address)).statusCode).toBe(429);
    for (let i = 0; i < 6; i++)
      expect((await answer(token, { answer: 'correct' }, address)).statusCode).toBe(404);
    expect((await answer(token, { answer: 'correct' }, address)).statusCode).toBe(429);
  });
});

describe('a site’s other links end when they no longer speak for it (R345)', () => {
  it('answering one link ends the site’s other outstanding links, not another site’s', async () => {
    const site = await newSite();
    const other = await newSite();
    const first = await sendLink(site.id, site.email!);
    const second = await sendLink(site.id, site.email!);
    const elsewhere = await sendLink(other.id, other.email!);
    expect((await answer(first, { answer: 'correct' })).statusCode).toBe(200);
    const late = await answer(second, { answer: 'changed', reasons: ['hours'] });
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ code: 'link_expired' });
    expect((await view(second)).statusCode).toBe(410);
    expect((await view(elsewhere)).statusCode).toBe(200);
  });

  it('two of a site’s links answered at the same moment: one counts, the other is 410', async () => {
    const site = await newSite();
    const first = await sendLink(site.id, site.email!);
    const second = await sendLink(site.id, site.email!);
    const results = await Promise.all([
      answer(first, { answer: 'correct' }),
      answer(second, { answer: 'changed', reasons: ['hours'] }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 410]);
  });

  it('changing the site’s e-mail ends the links sent to the old address; other edits do not', async () => {
    const site = await newSite({ email: 'old.contact@example.org' });
    const token = await sendLink(site.id, 'old.contact@example.org');
    // An edit that leaves the e-mail as it is (case and spaces aside) keeps the link.
    const kept = await asAdmin({
      method: 'PATCH',
      url: `/api/sites/${site.id}`,
      payload: { version: site.version, name: `${site.name} (renamed)`, email: 'Old.Contact@example.org' },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await view(token)).statusCode).toBe(200);
    const changed = await asAdmin({
      method: 'PATCH',
      url: `/api/sites/${site.id}`,
      payload: { version: kept.json().version, email: 'new.contact@example.org' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const late = await answer(token, { answer: 'correct' });
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ code: 'link_expired' });
    const after = (await ctx.app.inject({ method: 'GET', url: `/api/sites/${site.id}` })).json();
    expect(after.confirmedAt).toBeNull();
    // A link sent to the new address works.
    const fresh = await sendLink(site.id, 'new.contact@example.org');
    expect((await view(fresh)).statusCode).toBe(200);
  });
});
