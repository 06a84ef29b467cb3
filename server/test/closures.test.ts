/**
 * Dated closures over the real app and database: who may write them, what a body must be, the
 * public list's "current and upcoming" in the agency's calendar (a fixed clock), history, and what
 * deleting a site does to them.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPaths } from '#shared/api-paths.ts';
import type { Closure, ClosureInput } from '#shared/schemas/closures.ts';
import { buildSite } from '#testing/factories.ts';
import { seedDemoData } from '../db/seed/demo.ts';
import { createTestApp, signInRoles, type TestContext } from './helpers.ts';

let ctx: TestContext;
let cookies: Awaited<ReturnType<typeof signInRoles>>;
/** What the app's clock says; tests move it. */
let clock = new Date('2026-11-24T20:00:00Z');

beforeAll(async () => {
  ctx = await createTestApp({ AGENCY_TIME_ZONE: 'America/New_York' }, { now: () => clock });
  cookies = await signInRoles(ctx);
});
afterAll(() => ctx.close());
beforeEach(() => {
  clock = new Date('2026-11-24T20:00:00Z');
});

function as(who: 'admin' | 'user' | 'nobody', options: InjectOptions) {
  const cookie = who === 'nobody' ? undefined : cookies[who].cookie;
  return ctx.app.inject({ ...options, headers: { ...(cookie ? { cookie } : {}), ...options.headers } });
}

async function createSite(): Promise<number> {
  const response = await as('admin', { method: 'POST', url: apiPaths.sites, payload: buildSite() });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

async function createClosure(body: Partial<ClosureInput> & Record<string, unknown>): Promise<Closure> {
  const response = await as('admin', {
    method: 'POST',
    url: apiPaths.closures,
    payload: { startDate: '2026-11-26', endDate: '2026-11-26', reason: 'Thanksgiving', ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const publicList = async (url: string = apiPaths.closures): Promise<Closure[]> => {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('writing closures', () => {
  it('creates an all-sites closure and a closure of some sites, answering the whole record', async () => {
    const [a, b] = [await createSite(), await createSite()];
    const holiday = await createClosure({ allSites: true, reason: '  Thanksgiving  ' });
    expect(holiday).toEqual({
      id: expect.any(Number),
      startDate: '2026-11-26',
      endDate: '2026-11-26',
      reason: 'Thanksgiving',
      translations: {},
      allSites: true,
      siteIds: [],
      version: 1,
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    const repairs = await createClosure({ siteIds: [b, a, b], endDate: null, reason: 'Kitchen repairs' });
    expect(repairs).toMatchObject({ allSites: false, siteIds: [a, b].sort((x, y) => x - y), endDate: null });

    const read = await ctx.app.inject({ method: 'GET', url: apiPaths.closure(repairs.id) });
    expect(read.json()).toEqual(repairs);
  });

  it('changes only the given fields, switches between all sites and some, and deletes', async () => {
    const site = await createSite();
    const closure = await createClosure({ siteIds: [site] });
    const patch = (payload: object) =>
      as('admin', { method: 'PATCH', url: apiPaths.closure(closure.id), payload });

    const later = await patch({ endDate: '2026-11-28', version: 1 });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json()).toMatchObject({
      startDate: '2026-11-26',
      endDate: '2026-11-28',
      reason: 'Thanksgiving',
      siteIds: [site],
      version: 2,
    });
    expect((await patch({ reason: 'x', version: 1 })).statusCode).toBe(409);

    const everywhere = await patch({ allSites: true });
    expect(everywhere.json()).toMatchObject({ allSites: true, siteIds: [] });
    const back = await patch({ siteIds: [site] });
    expect(back.json()).toMatchObject({ allSites: false, siteIds: [site] });
    const openEnded = await patch({ endDate: null });
    expect(openEnded.json()).toMatchObject({ endDate: null });

    const stale = await as('admin', { method: 'DELETE', url: `${apiPaths.closure(closure.id)}?version=1` });
    expect(stale.statusCode).toBe(409);
    const deleted = await as('admin', { method: 'DELETE', url: apiPaths.closure(closure.id) });
    expect(deleted.statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: apiPaths.closure(closure.id) })).statusCode).toBe(404);
    expect((await patch({ reason: 'gone' })).statusCode).toBe(404);
  });

  it('records each write in the history', async () => {
    const site = await createSite();
    const closure = await createClosure({ siteIds: [site] });
    await as('admin', { method: 'PATCH', url: apiPaths.closure(closure.id), payload: { reason: 'Flood' } });
    await as('admin', { method: 'DELETE', url: apiPaths.closure(closure.id) });
    const history = await as('admin', { method: 'GET', url: `${apiPaths.closure(closure.id)}/history` });
    expect(history.statusCode).toBe(200);
    const entries = history.json() as { action: string; changes: Record<string, unknown>; user: unknown }[];
    expect(entries.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(entries[1]!.changes).toEqual({ reason: ['Thanksgiving', 'Flood'] });
    expect(entries[2]!.changes).toMatchObject({ reason: 'Thanksgiving', siteIds: [site] });
    expect(entries[0]!.user).toMatchObject({ firstName: 'Ada' });
  });
});

describe('who may write', () => {
  it('refuses anonymous callers (401) and plain users (403) before reading the body', async () => {
    const site = await createSite();
    const closure = await createClosure({ siteIds: [site] });
    const writes: InjectOptions[] = [
      { method: 'POST', url: apiPaths.closures, payload: { nonsense: true } },
      { method: 'PATCH', url: apiPaths.closure(closure.id), payload: { reason: 'x' } },
      { method: 'DELETE', url: apiPaths.closure(closure.id) },
      { method: 'GET', url: `${apiPaths.closure(closure.id)}/history` },
    ];
    for (const write of writes) {
      expect((await as('nobody', write)).statusCode, `${write.method} ${write.url}`).toBe(401);
      expect((await as('user', write)).statusCode, `${write.method} ${write.url}`).toBe(403);
    }
    expect((await ctx.app.inject({ method: 'GET', url: apiPaths.closure(closure.id) })).json()).toEqual(
      closure,
    );
  });
});

describe('validation', () => {
  const refused = async (payload: unknown, method: 'POST' | 'PATCH' = 'POST', id?: number) => {
    const response = await as('admin', {
      method,
      url: id ? apiPaths.closure(id) : apiPaths.closures,
      payload: payload as object,
    });
    expect(response.statusCode, response.body).toBe(422);
    return (response.json().errors as { path: string; code: string }[]).map((e) => [e.path, e.code]);
  };
  const good = { startDate: '2026-12-24', endDate: '2026-12-25', reason: 'Christmas', allSites: true };

  it('names each bad field with its code', async () => {
    expect(await refused({ ...good, startDate: '2026-02-30', endDate: '12/25/2026' })).toEqual([
      ['startDate', 'invalid_date'],
      ['endDate', 'invalid_date'],
    ]);
    expect(await refused({ allSites: true })).toEqual([
      ['startDate', 'required'],
      ['endDate', 'required'],
      ['reason', 'required'],
    ]);
    expect(await refused({ ...good, reason: '   ' })).toEqual([['reason', 'required']]);
    expect(await refused({ ...good, reason: 'x'.repeat(201) })).toEqual([['reason', 'too_long']]);
    expect(await refused({ ...good, endDate: '2026-12-23' })).toEqual([['endDate', 'end_before_start']]);
    expect(await refused({ ...good, allSites: 'yes' })).toEqual([['allSites', 'not_boolean']]);
  });

  it('wants sites or allSites, exactly one of them, and sites that exist', async () => {
    const { allSites: _all, ...noSites } = good;
    expect(await refused(noSites)).toEqual([['siteIds', 'sites_required']]);
    expect(await refused({ ...noSites, allSites: false })).toEqual([['siteIds', 'sites_required']]);
    expect(await refused({ ...noSites, siteIds: [] })).toEqual([['siteIds', 'sites_required']]);
    const site = await createSite();
    expect(await refused({ ...good, siteIds: [site] })).toEqual([['siteIds', 'sites_with_all_sites']]);
    expect(await refused({ ...noSites, siteIds: [site, 999_999] })).toEqual([['siteIds', 'unknown_ids']]);
    // Nothing of a refused closure is kept.
    expect((await publicList()).filter((c) => c.reason === 'Christmas')).toEqual([]);
  });

  it('checks a change against the stored closure', async () => {
    const site = await createSite();
    const closure = await createClosure({ siteIds: [site], startDate: '2026-12-01', endDate: '2026-12-03' });
    expect(await refused({ endDate: '2026-11-30' }, 'PATCH', closure.id)).toEqual([
      ['endDate', 'end_before_start'],
    ]);
    expect(await refused({ startDate: '2026-12-04' }, 'PATCH', closure.id)).toEqual([
      ['endDate', 'end_before_start'],
    ]);
    const holiday = await createClosure({ allSites: true });
    expect(await refused({ allSites: false }, 'PATCH', holiday.id)).toEqual([['siteIds', 'sites_required']]);
    expect(await refused({ siteIds: [] }, 'PATCH', closure.id)).toEqual([['siteIds', 'sites_required']]);
    expect(await refused({ siteIds: [999_999] }, 'PATCH', closure.id)).toEqual([['siteIds', 'unknown_ids']]);
  });
});

describe('the public list', () => {
  const ids = (list: Closure[], mine: Closure[]) =>
    list.filter((c) => mine.some((m) => m.id === c.id)).map((c) => c.reason);

  it('holds current and upcoming closures in the agency calendar, by start date, ending days inclusive', async () => {
    const site = await createSite();
    const mine = [
      await createClosure({
        siteIds: [site],
        startDate: '2026-11-20',
        endDate: '2026-11-23',
        reason: 'ended',
      }),
      await createClosure({
        siteIds: [site],
        startDate: '2026-11-30',
        endDate: '2026-11-30',
        reason: 'later',
      }),
      await createClosure({
        siteIds: [site],
        startDate: '2026-11-22',
        endDate: '2026-11-24',
        reason: 'last day',
      }),
      await createClosure({ siteIds: [site], startDate: '2026-01-05', endDate: null, reason: 'open-ended' }),
    ];
    // 20:00 UTC on 24 November is 15:00 in New York: 24 November there.
    expect(ids(await publicList(), mine)).toEqual(['open-ended', 'last day', 'later']);

    // 04:59 UTC on the 25th is still 23:59 on the 24th in New York, whatever the server's zone.
    clock = new Date('2026-11-25T04:59:00Z');
    expect(ids(await publicList(), mine)).toEqual(['open-ended', 'last day', 'later']);

    // At the agency's midnight the list changes without any write: the cached answer is not reused.
    clock = new Date('2026-11-25T05:00:00Z');
    expect(ids(await publicList(), mine)).toEqual(['open-ended', 'later']);
  });

  it("answers one site's closures, all-sites ones included, and 404 for a site that does not exist", async () => {
    const [site, other] = [await createSite(), await createSite()];
    const own = await createClosure({ siteIds: [site], reason: 'own' });
    const others = await createClosure({ siteIds: [other], reason: 'other' });
    const holiday = await createClosure({ allSites: true, reason: 'holiday' });
    const list = await publicList(apiPaths.siteClosures(site));
    expect(list.map((c) => c.id)).toEqual(expect.arrayContaining([own.id, holiday.id]));
    expect(list.map((c) => c.id)).not.toContain(others.id);
    expect(list.every((c) => c.allSites || c.siteIds.includes(site))).toBe(true);
    for (const bad of ['999999', 'abc', '0']) {
      const response = await ctx.app.inject({ method: 'GET', url: `${apiPaths.closures}?siteId=${bad}` });
      expect(response.statusCode, bad).toBe(404);
    }
  });

  it('is cached, and a closure write drops it at once', async () => {
    const site = await createSite();
    const first = await ctx.app.inject({ method: 'GET', url: apiPaths.closures });
    const etag = String(first.headers.etag);
    expect(
      (await ctx.app.inject({ method: 'GET', url: apiPaths.closures, headers: { 'if-none-match': etag } }))
        .statusCode,
    ).toBe(304);
    const closure = await createClosure({ siteIds: [site], reason: 'fresh' });
    const after = await ctx.app.inject({
      method: 'GET',
      url: apiPaths.closures,
      headers: { 'if-none-match': etag },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().map((c: Closure) => c.id)).toContain(closure.id);
    await as('admin', { method: 'PATCH', url: apiPaths.closure(closure.id), payload: { reason: 'renamed' } });
    expect((await publicList()).find((c) => c.id === closure.id)?.reason).toBe('renamed');
    await as('admin', { method: 'DELETE', url: apiPaths.closure(closure.id) });
    expect((await publicList()).map((c) => c.id)).not.toContain(closure.id);
  });
});

describe('the agency time zone', () => {
  it('is the configured one in /api/config', async () => {
    const config = await ctx.app.inject({ method: 'GET', url: apiPaths.config });
    expect(config.json().agencyTimeZone).toBe('America/New_York');
  });
});

describe('deleting a site', () => {
  it('takes it out of every closure, and deletes a closure it was the only site of', async () => {
    const [gone, stays] = [await createSite(), await createSite()];
    const shared = await createClosure({ siteIds: [gone, stays], reason: 'shared' });
    const alone = await createClosure({ siteIds: [gone], reason: 'alone' });
    const holiday = await createClosure({ allSites: true, reason: 'holiday' });
    expect((await as('admin', { method: 'DELETE', url: apiPaths.site(gone) })).statusCode).toBe(204);

    const list = await publicList();
    expect(list.find((c) => c.id === shared.id)).toMatchObject({ siteIds: [stays], version: 2 });
    expect(list.find((c) => c.id === alone.id)).toBeUndefined();
    expect(list.find((c) => c.id === holiday.id)).toMatchObject({ allSites: true });
    const history = await as('admin', { method: 'GET', url: `${apiPaths.closure(alone.id)}/history` });
    expect(history.json().map((e: { action: string }) => e.action)).toEqual(['delete', 'create']);
    const sharedHistory = await as('admin', { method: 'GET', url: `${apiPaths.closure(shared.id)}/history` });
    expect(sharedHistory.json()[0].changes).toEqual({ siteIds: [[gone, stays], [stays]] });
  });
});

describe('the demo data', () => {
  it('marks its "Temporarily closed" status as closing the site, and adds no closures', async () => {
    const before = await publicList();
    await seedDemoData(ctx.database.db);
    const statuses = (await ctx.app.inject({ method: 'GET', url: apiPaths.list('covidstatuses') })).json();
    const closing = (statuses as { name: string; closesSite: boolean }[]).filter((s) => s.closesSite);
    expect(closing.map((s) => s.name)).toEqual(['Temporarily closed']);
    expect(await publicList()).toEqual(before);
  });
});
