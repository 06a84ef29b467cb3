/**
 * Reports from the public (docs/product.md R172–R176): anyone may send one; robots filling the hidden
 * field and repeats within 24 hours are answered alike but not stored; each address has an hourly
 * limit; staff read the queue newest first and move reports through their statuses; a stored report is
 * e-mailed to REPORTS_EMAIL, and a failing mail server never fails the report.
 */
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Report } from '#shared/schemas/reports.ts';
import { buildSite } from '#testing/factories.ts';
import { rowsOf } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import type { Message } from '../services/mail.ts';
import { createTestApp, signInRoles, type TestContext } from './helpers.ts';
import { eventually } from './processes.ts';

let ctx: TestContext;
let roles: Awaited<ReturnType<typeof signInRoles>>;
let siteId: number;
let siteName: string;
const sent: Message[] = [];
let mailFails = false;
let clock = new Date('2026-11-24T17:00:00.000Z');

beforeAll(async () => {
  ctx = await createTestApp(
    { REPORTS_EMAIL: 'meals-team@agency.example.org', REPORTS_PER_HOUR: '3' },
    {
      now: () => clock,
      mailer: {
        async send(message) {
          if (mailFails) throw new Error('mail server down');
          sent.push(message);
          return {};
        },
      },
    },
  );
  roles = await signInRoles(ctx);
  const site = await asAdmin({ method: 'POST', url: '/api/sites', payload: buildSite() });
  ({ id: siteId, name: siteName } = site.json());
});
afterAll(() => ctx.close());
beforeEach(() => {
  clock = new Date(clock.getTime() + 60_000);
  mailFails = false;
});

const asAdmin = (options: InjectOptions) =>
  ctx.app.inject({ ...options, headers: { cookie: roles.admin.cookie, ...options.headers } });

let addresses = 0;
/** Each report comes from its own client address unless one is given, so the hourly limit stays out of the way. */
function report(
  payload: unknown,
  remoteAddress = `10.0.${Math.floor(++addresses / 250)}.${addresses % 250}`,
) {
  return ctx.app.inject({ method: 'POST', url: '/api/reports', payload: payload as object, remoteAddress });
}

async function queue(query = ''): Promise<Report[]> {
  const response = await asAdmin({ method: 'GET', url: `/api/reports${query}` });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function rowsCount(): Promise<number> {
  const result = await ctx.database.db.execute(sql`select count(*)::int as n from reports`);
  return Number(rowsOf<{ n: number }>(result)[0]!.n);
}

let uniqueMessage = 0;
const message = () => `The door on the side is locked (${++uniqueMessage})`;

describe('POST /api/reports', () => {
  it('an anonymous report about a site is answered 202 {received: true} and queued for staff', async () => {
    const text = message();
    const response = await report({
      siteId,
      reasons: ['hours', 'closed'],
      message: text,
      contact: '415-555-0100',
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ received: true });
    const [newest] = await queue();
    expect(newest).toEqual({
      id: expect.any(Number),
      siteId,
      siteName,
      reasons: ['closed', 'hours'],
      message: text,
      contact: '415-555-0100',
      source: 'public',
      status: 'new',
      note: null,
      notes: [],
      events: [],
      fixedBy: null,
      createdAt: clock.toISOString(),
      updatedAt: clock.toISOString(),
    });
  });

  it('a general report (no site) has siteId and siteName null', async () => {
    const text = message();
    expect((await report({ reasons: ['other'], message: text })).statusCode).toBe(202);
    const [newest] = await queue();
    expect(newest).toMatchObject({
      siteId: null,
      siteName: null,
      reasons: ['other'],
      message: text,
      contact: null,
    });
  });

  it('stores only the report: no address, no user agent, nothing else', async () => {
    const text = message();
    await ctx.app.inject({
      method: 'POST',
      url: '/api/reports',
      remoteAddress: '203.0.113.77',
      headers: { 'user-agent': 'AgentOfTheTest/1.0' },
      payload: { siteId, reasons: ['phone'], message: text },
    });
    const result = await ctx.database.db.execute(sql`select * from reports order by id desc limit 1`);
    const row = rowsOf<Record<string, unknown>>(result)[0]!;
    expect(Object.keys(row).sort()).toEqual(
      [
        'contact',
        'created_at',
        // Which change of the site fixed it (R577): staff's, empty when it arrives.
        'fixed_by',
        'id',
        'message',
        'note',
        'reasons',
        'site_id',
        'source',
        'status',
        'updated_at',
      ].sort(),
    );
    const everything = JSON.stringify(row);
    expect(everything).not.toContain('203.0.113.77');
    expect(everything).not.toContain('AgentOfTheTest');
  });

  it('422 with codes: no reasons, an unknown reason, repeated reasons, too many words, an unknown site', async () => {
    const cases: [unknown, { path: string; code: string }[]][] = [
      [{ reasons: [] }, [{ path: 'reasons', code: 'required' }]],
      [{}, [{ path: 'reasons', code: 'invalid_choice' }]],
      [{ reasons: ['rude'] }, [{ path: 'reasons.0', code: 'invalid_choice' }]],
      [{ reasons: ['hours', 'hours'] }, [{ path: 'reasons', code: 'duplicate_items' }]],
      [{ reasons: ['hours'], message: 'x'.repeat(2001) }, [{ path: 'message', code: 'too_long' }]],
      [{ reasons: ['hours'], contact: 'x'.repeat(201) }, [{ path: 'contact', code: 'too_long' }]],
      [{ reasons: ['hours'], siteId: 'twelve' }, [{ path: 'siteId', code: 'not_a_number' }]],
      [{ reasons: ['hours'], siteId: 987_654 }, [{ path: 'siteId', code: 'unknown_ids' }]],
    ];
    const before = await rowsCount();
    for (const [payload, errors] of cases) {
      const response = await report(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors, JSON.stringify(payload)).toEqual(
        errors.map((e) => expect.objectContaining(e)),
      );
    }
    expect(await rowsCount()).toBe(before);
  });

  it('the honeypot: a filled-in hidden field is answered 202 and nothing is stored or mailed', async () => {
    const before = await rowsCount();
    const mails = await ctx.database.db.$count(mailOutbox);
    const response = await report({
      siteId,
      reasons: ['hours'],
      message: message(),
      website: 'http://spam.example',
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ received: true });
    expect(await rowsCount()).toBe(before);
    expect(await ctx.database.db.$count(mailOutbox)).toBe(mails);
    // An empty hidden field (a person's form) is an ordinary report.
    expect((await report({ siteId, reasons: ['hours'], message: message(), website: '' })).statusCode).toBe(
      202,
    );
    expect(await rowsCount()).toBe(before + 1);
  });

  it('the same site, reasons and message within 24 hours is answered 202 but stored once; after 24 hours again', async () => {
    const text = message();
    const before = await rowsCount();
    expect((await report({ siteId, reasons: ['hours', 'phone'], message: text })).statusCode).toBe(202);
    // From someone else, reasons in another order: still the same report.
    expect((await report({ siteId, reasons: ['phone', 'hours'], message: text })).statusCode).toBe(202);
    expect(await rowsCount()).toBe(before + 1);
    // A different message, reason or site is a different report.
    await report({ siteId, reasons: ['hours', 'phone'], message: `${text}!` });
    await report({ siteId, reasons: ['hours'], message: text });
    await report({ reasons: ['hours', 'phone'], message: text });
    expect(await rowsCount()).toBe(before + 4);
    clock = new Date(clock.getTime() + 24 * 3_600_000 + 1000);
    await report({ siteId, reasons: ['hours', 'phone'], message: text });
    expect(await rowsCount()).toBe(before + 5);
  });

  it('answers 429 in the rate-limit shape past REPORTS_PER_HOUR from one address; other addresses go on', async () => {
    const address = '198.51.100.9';
    for (let i = 0; i < 3; i++)
      expect((await report({ reasons: ['other'], message: message() }, address)).statusCode).toBe(202);
    const refused = await report({ reasons: ['other'], message: message() }, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      status: 429,
      message: expect.stringMatching(/^Too many attempts/),
    });
    expect((await report({ reasons: ['other'], message: message() }, '198.51.100.10')).statusCode).toBe(202);
  });

  it('counts only valid reports: a form sent back with 422s does not use up the hour (R373)', async () => {
    const address = '198.51.100.20';
    for (let i = 0; i < 5; i++) expect((await report({ reasons: [] }, address)).statusCode).toBe(422);
    for (let i = 0; i < 3; i++)
      expect((await report({ reasons: ['other'], message: message() }, address)).statusCode).toBe(202);
    expect((await report({ reasons: ['other'], message: message() }, address)).statusCode).toBe(429);
  });

  it('allows three times the limit to one IPv6 /64, each address keeping its own limit (R373)', async () => {
    const net = '2001:db8:5:7';
    const send = (host: number) => report({ reasons: ['other'], message: message() }, `${net}::${host}`);
    const answers: number[] = [];
    for (const host of [1, 2, 3]) for (let i = 0; i < 3; i++) answers.push((await send(host)).statusCode);
    expect(answers).toEqual(Array(9).fill(202));
    // A fourth device on the same network: the network's allowance is used up.
    const refused = await send(4);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another network goes on; so does the first network's address limit per device.
    expect((await report({ reasons: ['other'], message: message() }, '2001:db8:5:8::1')).statusCode).toBe(
      202,
    );
  });

  it('each stored report is e-mailed to REPORTS_EMAIL in English with a link to the workspace', async () => {
    const text = message();
    await report({ siteId, reasons: ['address'], message: text, contact: 'maria@example.org' });
    // Sent after the answer, from the outbox (R427).
    // (Earlier tests' notices may arrive meanwhile: this report's is the one with its message.)
    const mine = () => sent.filter((m) => m.text.includes(text));
    await eventually(() => mine()[0], 20_000, 'the report e-mail');
    expect(mine()).toHaveLength(1);
    const [mail] = mine();
    expect(mail!.to).toBe('meals-team@agency.example.org');
    expect(mail!.subject).toBe(`Problem reported: ${siteName}`);
    expect(mail!.text).toContain('The address is wrong');
    expect(mail!.text).toContain(text);
    expect(mail!.text).toContain('maria@example.org');
    expect(mail!.text).toContain('http://meals.test/admin');
    expect(mail!.html).toContain('href="http://meals.test/admin"');
    // A repeat is not stored, so not queued nor mailed either.
    const queued = await ctx.database.db.$count(mailOutbox);
    await report({ siteId, reasons: ['address'], message: text });
    expect(await ctx.database.db.$count(mailOutbox)).toBe(queued);
  });

  it('a mail server failure does not fail the report: 202 and stored', async () => {
    mailFails = true;
    const text = message();
    const response = await report({ siteId, reasons: ['closed'], message: text });
    expect(response.statusCode).toBe(202);
    expect((await queue())[0]!.message).toBe(text);
  });
});

describe('GET /api/reports', () => {
  it('is for administrators only: 401 signed out, 403 signed in without admin', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/reports' })).statusCode).toBe(401);
    const asUser = await ctx.app.inject({
      method: 'GET',
      url: '/api/reports',
      headers: { cookie: roles.user.cookie },
    });
    expect(asUser.statusCode).toBe(403);
  });

  it('lists newest first and filters by status', async () => {
    const first = message();
    const second = message();
    await report({ reasons: ['other'], message: first });
    clock = new Date(clock.getTime() + 1000);
    await report({ reasons: ['other'], message: second });
    const all = await queue();
    expect(all.slice(0, 2).map((r) => r.message)).toEqual([second, first]);
    const times = all.map((r) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const id = all[0]!.id;
    await asAdmin({ method: 'PATCH', url: `/api/reports/${id}`, payload: { status: 'dismissed' } });
    expect((await queue('?status=dismissed')).map((r) => r.id)).toContain(id);
    expect((await queue('?status=new')).map((r) => r.id)).not.toContain(id);
    expect((await asAdmin({ method: 'GET', url: '/api/reports?status=lost' })).statusCode).toBe(422);
  });
});

describe('PATCH /api/reports/{id}', () => {
  async function newReport(): Promise<number> {
    await report({ reasons: ['other'], message: message() });
    return (await queue())[0]!.id;
  }
  const move = (id: number, payload: object) =>
    asAdmin({ method: 'PATCH', url: `/api/reports/${id}`, payload });

  it('moves new → in-progress → resolved → in-progress (reopen) → dismissed, with a note', async () => {
    const id = await newReport();
    const steps: [string, string | undefined][] = [
      ['in-progress', 'Calling the site'],
      ['resolved', 'Hours corrected'],
      ['in-progress', undefined],
      ['dismissed', 'Not a problem after all'],
    ];
    for (const [status, note] of steps) {
      clock = new Date(clock.getTime() + 1000);
      const response = await move(id, { status, ...(note !== undefined && { note }) });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id, status, updatedAt: clock.toISOString() });
    }
    // The note given last stays when a move gives none; the same status with a new note is allowed.
    const same = await move(id, { status: 'dismissed', note: 'Checked twice' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ status: 'dismissed', note: 'Checked twice' });
  });

  it('new → resolved and new → dismissed directly are allowed', async () => {
    expect((await move(await newReport(), { status: 'resolved' })).statusCode).toBe(200);
    expect((await move(await newReport(), { status: 'dismissed' })).statusCode).toBe(200);
  });

  it('refuses other moves with 422 report_transition on status, and keeps the report as it was', async () => {
    const id = await newReport();
    await move(id, { status: 'in-progress' });
    const back = await move(id, { status: 'new' });
    expect(back.statusCode).toBe(422);
    expect(back.json().errors).toEqual([
      {
        path: 'status',
        code: 'report_transition',
        message: 'cannot change from in-progress to new',
        params: { from: 'in-progress', to: 'new' },
      },
    ]);
    await move(id, { status: 'resolved' });
    expect((await move(id, { status: 'dismissed' })).json().errors[0].code).toBe('report_transition');
    expect((await move(id, { status: 'new' })).statusCode).toBe(422);
    expect((await queue()).find((r) => r.id === id)!.status).toBe('resolved');
  });

  it('422 for an unknown status or a note over 1,000 characters; 404 unknown report; 401/403', async () => {
    const id = await newReport();
    expect((await move(id, { status: 'closed' })).json().errors[0]).toMatchObject({
      path: 'status',
      code: 'invalid_choice',
    });
    expect((await move(id, { status: 'resolved', note: 'x'.repeat(1001) })).json().errors[0]).toMatchObject({
      path: 'note',
      code: 'too_long',
    });
    expect((await move(999_999, { status: 'resolved' })).statusCode).toBe(404);
    const anonymous = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/reports/${id}`,
      payload: { status: 'resolved' },
    });
    expect(anonymous.statusCode).toBe(401);
    const user = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/reports/${id}`,
      payload: { status: 'resolved' },
      headers: { cookie: roles.user.cookie },
    });
    expect(user.statusCode).toBe(403);
  });
});
