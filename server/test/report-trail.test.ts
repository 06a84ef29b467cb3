import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Report } from '#shared/schemas/reports.ts';
import { buildSite } from '#testing/factories.ts';
import { reports, users } from '../db/schema.ts';
import { createTestApp, createUser, login, type TestContext } from './helpers.ts';

let ctx: TestContext;
let clock = new Date('2026-11-24T17:00:00.000Z');
const staff: { id: number; cookie: string; name: string }[] = [];
let userCookie: string;

beforeAll(async () => {
  ctx = await createTestApp({}, { now: () => clock });
  for (const [firstName, lastName] of [
    ['Ana', 'Ruiz'],
    ['Bo', 'Chan'],
  ] as const) {
    const admin = await createUser(ctx, { admin: true });
    await ctx.database.db.update(users).set({ firstName, lastName }).where(eq(users.id, admin.id));
    staff.push({ id: admin.id, cookie: await login(ctx, admin.email), name: `${firstName} ${lastName}` });
  }
  const user = await createUser(ctx);
  userCookie = await login(ctx, user.email);
});
afterAll(() => ctx.close());
beforeEach(() => {
  clock = new Date(clock.getTime() + 60_000);
});

const as = (cookie: string, options: InjectOptions) =>
  ctx.app.inject({ ...options, headers: { cookie, ...options.headers } });

let reportsSent = 0;
async function newReport(): Promise<number> {
  reportsSent += 1;
  const message = `Trail check ${reportsSent} ${process.pid}`;
  const sent = await ctx.app.inject({
    method: 'POST',
    url: '/api/reports',
    payload: { reasons: ['other'], message },
    remoteAddress: `10.9.0.${reportsSent}`,
  });
  expect(sent.statusCode).toBe(202);
  const queue = (await as(staff[0]!.cookie, { method: 'GET', url: '/api/reports' })).json() as Report[];
  return queue.find((report) => report.message === message)!.id;
}

const move = (who: number, id: number, payload: object) =>
  as(staff[who]!.cookie, { method: 'PATCH', url: `/api/reports/${id}`, payload });

describe('the trail of a report (R541)', () => {
  it('keeps two notes in order, each with its author and time; note answers the latest', async () => {
    const id = await newReport();
    const firstAt = clock.toISOString();
    expect((await move(0, id, { status: 'in-progress', note: 'Calling the site' })).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 60_000);
    const second = await move(1, id, { status: 'in-progress', note: 'They did not answer' });
    expect(second.statusCode).toBe(200);
    const body = second.json() as Report;
    expect(body.note).toBe('They did not answer');
    expect(body.notes).toEqual([
      { text: 'Calling the site', author: { id: staff[0]!.id, name: 'Ana Ruiz' }, createdAt: firstAt },
      {
        text: 'They did not answer',
        author: { id: staff[1]!.id, name: 'Bo Chan' },
        createdAt: clock.toISOString(),
      },
    ]);
    // The queue answers the same trail; a move without a note, or with an empty one, adds none.
    await move(1, id, { status: 'resolved', note: '  ' });
    const listed = (
      (await as(staff[0]!.cookie, { method: 'GET', url: '/api/reports' })).json() as Report[]
    ).find((report) => report.id === id)!;
    expect(listed.notes.map((note) => note.text)).toEqual(['Calling the site', 'They did not answer']);
    expect(listed.note).toBe('They did not answer');
  });

  it('records each status change: who, when, from and to; a note on the same status records no change', async () => {
    const id = await newReport();
    const movedAt = clock.toISOString();
    await move(0, id, { status: 'in-progress' });
    clock = new Date(clock.getTime() + 60_000);
    await move(0, id, { status: 'in-progress', note: 'Still waiting' });
    clock = new Date(clock.getTime() + 60_000);
    const done = (await move(1, id, { status: 'dismissed' })).json() as Report;
    expect(done.events).toEqual([
      { from: 'new', to: 'in-progress', by: { id: staff[0]!.id, name: 'Ana Ruiz' }, createdAt: movedAt },
      {
        from: 'in-progress',
        to: 'dismissed',
        by: { id: staff[1]!.id, name: 'Bo Chan' },
        createdAt: clock.toISOString(),
      },
    ]);
  });

  it('adds nothing to the trail when the move is refused', async () => {
    const id = await newReport();
    await move(0, id, { status: 'resolved', note: 'Fixed' });
    const refused = await move(0, id, { status: 'new', note: 'Should not be kept' });
    expect(refused.statusCode).toBe(422);
    const report = (
      (await as(staff[0]!.cookie, { method: 'GET', url: '/api/reports' })).json() as Report[]
    ).find((r) => r.id === id)!;
    expect(report.notes.map((note) => note.text)).toEqual(['Fixed']);
    expect(report.events.map((event) => event.to)).toEqual(['resolved']);
  });

  it('refuses plain users with 403 and adds nothing', async () => {
    const id = await newReport();
    const refused = await as(userCookie, {
      method: 'PATCH',
      url: `/api/reports/${id}`,
      payload: { status: 'resolved', note: 'Not staff' },
    });
    expect(refused.statusCode).toBe(403);
    expect((await as(userCookie, { method: 'GET', url: '/api/reports' })).statusCode).toBe(403);
    const report = (
      (await as(staff[0]!.cookie, { method: 'GET', url: '/api/reports' })).json() as Report[]
    ).find((r) => r.id === id)!;
    expect(report).toMatchObject({ status: 'new', note: null, notes: [], events: [] });
  });

  it('the migration keeps a note stored before as the first note, without an author', async () => {
    const id = await newReport();
    await ctx.database.db.update(reports).set({ note: 'Old single note' }).where(eq(reports.id, id));
    const migration = fs.readFileSync(
      path.join(import.meta.dirname, '../db/migrations/0014_report_notes.sql'),
      'utf8',
    );
    const moveNotes = migration.split('--> statement-breakpoint').at(-1)!;
    expect(moveNotes).toMatch(/^\s*INSERT INTO "report_notes"/);
    // Only this report's note: the others were written after the migration and are in the table.
    await ctx.database.db.execute(sql.raw(moveNotes.replace(/WHERE /, `WHERE "id" = ${id} AND `)));
    const report = (
      (await as(staff[0]!.cookie, { method: 'GET', url: '/api/reports' })).json() as Report[]
    ).find((r) => r.id === id)!;
    expect(report.note).toBe('Old single note');
    expect(report.notes).toEqual([{ text: 'Old single note', author: null, createdAt: report.updatedAt }]);
  });
});

describe('the change that fixed a report (R577)', () => {
  it('links a report to a change of its own site, shown in that site’s history, and can be taken back', async () => {
    const cookie = staff[0]!.cookie;
    const created = await as(cookie, { method: 'POST', url: '/api/sites', payload: buildSite() });
    expect(created.statusCode, created.body).toBe(201);
    const site = created.json() as { id: number; version: number };
    const other = (await as(cookie, { method: 'POST', url: '/api/sites', payload: buildSite() })).json() as {
      id: number;
    };
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/reports',
      payload: { siteId: site.id, reasons: ['hours'], message: `Fix link ${process.pid}` },
      remoteAddress: '10.9.1.1',
    });
    expect(sent.statusCode).toBe(202);
    const queue = (await as(cookie, { method: 'GET', url: '/api/reports' })).json() as Report[];
    const id = queue.find((report) => report.message === `Fix link ${process.pid}`)!.id;
    const fix = await as(cookie, {
      method: 'PATCH',
      url: `/api/sites/${site.id}`,
      payload: { Hours: [{ day: 3, open: '12:00', close: '13:30' }], version: site.version },
    });
    expect(fix.statusCode, fix.body).toBe(200);
    const historyOf = async (siteId: number) =>
      (await as(cookie, { method: 'GET', url: `/api/sites/${siteId}/history` })).json() as {
        id: number;
        fixesReports: number[];
      }[];
    const [change] = await historyOf(site.id);
    const [otherChange] = await historyOf(other.id);

    // A change of another site is refused on the field, and nothing is linked.
    const wrong = await move(0, id, { status: 'resolved', fixedBy: otherChange!.id });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual([
      expect.objectContaining({ path: 'fixedBy', code: 'unknown_ids', params: { ids: [otherChange!.id] } }),
    ]);

    const linked = await move(0, id, { status: 'resolved', fixedBy: change!.id });
    expect(linked.statusCode, linked.body).toBe(200);
    expect((linked.json() as Report).fixedBy).toEqual({
      historyId: change!.id,
      createdAt: expect.any(String),
      by: { id: staff[0]!.id, name: 'Ana Ruiz' },
    });
    expect((await historyOf(site.id))[0]!.fixesReports).toEqual([id]);

    const unlinked = await move(0, id, { status: 'resolved', fixedBy: null });
    expect((unlinked.json() as Report).fixedBy).toBeNull();
    expect((await historyOf(site.id))[0]!.fixesReports).toEqual([]);
  });
});
