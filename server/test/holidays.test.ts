/**
 * The agency's holiday calendar over the real app and database
 * (docs/decisions/038-holidays-as-computed-closures.md): on a new installation with the demo data and
 * no staff action, Thanksgiving closes every site; staff can keep one site open, with history.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '#shared/api-paths.ts';
import { siteStatus } from '#shared/opening-status.ts';
import type { Closure, HolidayOccurrence } from '#shared/schemas/closures.ts';
import { seedDemoData } from '../db/seed/demo.ts';
import { createTestApp, signInRoles, type TestContext } from './helpers.ts';

let ctx: TestContext;
let cookies: Awaited<ReturnType<typeof signInRoles>>;
/** 09:00 on Thanksgiving 2026 in the agency's zone (America/Los_Angeles, the default): 17:00 UTC. */
const THANKSGIVING_MORNING = new Date('2026-11-26T17:00:00Z');
const ZONE = 'America/Los_Angeles';

interface PublicSite {
  id: number;
  name: string;
  Hours: { day: number; open: string; close: string }[];
  CovidStatuses: { name: string; closesSite?: boolean }[];
}

beforeAll(async () => {
  ctx = await createTestApp({}, { now: () => THANKSGIVING_MORNING });
  await seedDemoData(ctx.database.db);
  cookies = await signInRoles(ctx);
});
afterAll(() => ctx.close());

function as(who: 'admin' | 'user' | 'nobody', options: InjectOptions) {
  const cookie = who === 'nobody' ? undefined : cookies[who].cookie;
  return ctx.app.inject({ ...options, headers: { ...(cookie ? { cookie } : {}), ...options.headers } });
}

async function read<T>(url: string): Promise<T> {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const statusesNow = async () => {
  const [sites, closures] = await Promise.all([
    read<PublicSite[]>(apiPaths.sites),
    read<Closure[]>(apiPaths.closures),
  ]);
  return {
    sites,
    closures,
    status: (site: PublicSite) => siteStatus(site, closures, THANKSGIVING_MORNING, ZONE),
  };
};

const decide = (who: 'admin' | 'user' | 'nobody', path: string, payload: object) =>
  as(who, { method: 'PUT', url: `/api/closures/holidays/${path}`, payload });

describe('the holiday calendar on a new installation', () => {
  it('closes every site for Thanksgiving Day without any staff action', async () => {
    const { sites, closures, status } = await statusesNow();
    expect(sites.length).toBeGreaterThan(5);
    const thanksgiving = closures.find((c) => c.holiday?.key === 'thanksgiving');
    expect(thanksgiving).toEqual({
      id: expect.any(Number),
      startDate: '2026-11-26',
      endDate: '2026-11-26',
      reason: 'Thanksgiving Day',
      translations: { es: { reason: 'Día de Acción de Gracias' }, zh: { reason: '感恩節' } },
      allSites: true,
      siteIds: [],
      version: 0,
      updatedAt: expect.any(String),
      holiday: { key: 'thanksgiving', actualDate: '2026-11-26' },
    });
    expect(thanksgiving!.id).toBeLessThan(0);
    for (const site of sites) {
      const now = status(site);
      // A site shut until further notice says so; every other one is closed for the holiday.
      if (now.kind === 'temporarily-closed') continue;
      expect(now, site.name).toMatchObject({
        kind: 'closure',
        reason: 'Thanksgiving Day',
        endDate: '2026-11-26',
      });
    }
    expect(sites.filter((site) => status(site).kind === 'closure').length).toBeGreaterThan(5);
  });

  it('lists the next twelve months on their observed days, undecided', async () => {
    const closures = await read<Closure[]>(apiPaths.closures);
    const holidays = closures.filter((c) => c.holiday).map((c) => [c.holiday!.key, c.startDate]);
    expect(holidays).toEqual([
      ['thanksgiving', '2026-11-26'],
      ['dayAfterThanksgiving', '2026-11-27'],
      ['christmas', '2026-12-25'],
      ['newYear', '2027-01-01'],
      ['mlkDay', '2027-01-18'],
      ['presidentsDay', '2027-02-15'],
      ['memorialDay', '2027-05-31'],
      ['juneteenth', '2027-06-18'],
      ['independenceDay', '2027-07-05'],
      ['laborDay', '2027-09-06'],
      ['indigenousPeoplesDay', '2027-10-11'],
      ['veteransDay', '2027-11-11'],
      ['thanksgiving', '2027-11-25'],
    ]);
    const occurrences = await as('admin', { method: 'GET', url: '/api/closures/holidays' });
    expect(occurrences.statusCode).toBe(200);
    expect(occurrences.json()[0]).toEqual({
      key: 'thanksgiving',
      date: '2026-11-26',
      actualDate: '2026-11-26',
      name: 'Thanksgiving Day',
      translations: { es: { name: 'Día de Acción de Gracias' }, zh: { name: '感恩節' } },
      openEverywhere: false,
      openSiteIds: [],
      reviewed: false,
      version: 0,
      updatedAt: null,
    });
  });

  it("says in the open-data feed's alerts that the sites are closed today, without flipping their status for the day (R480)", async () => {
    const feed = await read<{ contents: { id: string; name: string; status: string; alert?: string }[] }>(
      '/api/hsds/services',
    );
    const services = feed.contents;
    expect(services.length).toBeGreaterThan(5);
    // Only a lasting state (a status that means closed) makes a service temporarily closed.
    const closedForNow = new Set(
      (await read<PublicSite[]>(apiPaths.sites))
        .filter((site) => site.CovidStatuses.some((status) => status.closesSite))
        .map((site) => site.name),
    );
    for (const service of services)
      expect(service.status, service.name).toBe(
        closedForNow.has(service.name) ? 'temporarily closed' : 'active',
      );
    expect(services.filter((service) => service.status === 'active').length).toBeGreaterThan(5);
    expect(services.every((service) => service.alert?.includes('Thanksgiving Day'))).toBe(true);
  });
});

describe('the workspace', () => {
  it('lists the next holidays with what will happen, and which within 60 days are not reviewed', async () => {
    const response = await as('admin', { method: 'GET', url: '/api/workspace' });
    expect(response.statusCode, response.body).toBe(200);
    const holidays: { key: string; date: string; needsReview: boolean }[] = response.json().holidays;
    expect(holidays.slice(0, 6).map((h) => [h.key, h.date, h.needsReview])).toEqual([
      ['thanksgiving', '2026-11-26', true],
      ['dayAfterThanksgiving', '2026-11-27', true],
      ['christmas', '2026-12-25', true],
      ['newYear', '2027-01-01', true],
      ['mlkDay', '2027-01-18', true],
      // More than 60 days ahead: not yet a warning.
      ['presidentsDay', '2027-02-15', false],
    ]);
  });
});

describe('staff decisions on an occurrence', () => {
  it('refuses anyone but an administrator', async () => {
    const body = { openEverywhere: false, openSiteIds: [], reviewed: true };
    expect((await decide('nobody', 'thanksgiving/2026-11-26', body)).statusCode).toBe(401);
    expect((await decide('user', 'thanksgiving/2026-11-26', body)).statusCode).toBe(403);
    expect((await as('user', { method: 'GET', url: '/api/closures/holidays' })).statusCode).toBe(403);
  });

  it('keeps an exempted site open on the day, the others closed, with history', async () => {
    const { sites, status } = await statusesNow();
    const open = sites.find((site) => status(site).kind === 'closure')!;
    const response = await decide('admin', 'thanksgiving/2026-11-26', {
      openEverywhere: false,
      openSiteIds: [open.id],
      reviewed: true,
      version: 0,
    });
    expect(response.statusCode, response.body).toBe(200);
    const decided: HolidayOccurrence = response.json();
    expect(decided).toMatchObject({ openSiteIds: [open.id], reviewed: true, version: 1 });

    const after = await statusesNow();
    const thanksgiving = after.closures.find((c) => c.holiday?.key === 'thanksgiving')!;
    expect(thanksgiving.allSites).toBe(false);
    expect(thanksgiving.siteIds).not.toContain(open.id);
    expect(after.status(open).kind).not.toBe('closure');
    const others = after.sites.filter(
      (site) => site.id !== open.id && after.status(site).kind !== 'temporarily-closed',
    );
    for (const site of others)
      expect(after.status(site)).toMatchObject({ kind: 'closure', reason: 'Thanksgiving Day' });
    expect(await read<Closure[]>(apiPaths.siteClosures(open.id))).not.toContainEqual(
      expect.objectContaining({
        holiday: expect.objectContaining({ key: 'thanksgiving' }),
        startDate: '2026-11-26',
      }),
    );

    const history = await as('admin', {
      method: 'GET',
      url: '/api/closures/holidays/thanksgiving/2026-11-26/history',
    });
    expect(history.json()).toEqual([
      expect.objectContaining({
        action: 'create',
        changes: {
          key: 'thanksgiving',
          date: '2026-11-26',
          openEverywhere: false,
          openSiteIds: [open.id],
          reviewed: true,
        },
      }),
    ]);

    // Open everywhere: the occurrence closes nothing and leaves the list.
    const everywhere = await decide('admin', 'thanksgiving/2026-11-26', {
      openEverywhere: true,
      openSiteIds: [],
      reviewed: true,
      version: 1,
    });
    expect(everywhere.statusCode, everywhere.body).toBe(200);
    const list = await read<Closure[]>(apiPaths.closures);
    expect(list.some((c) => c.holiday?.key === 'thanksgiving' && c.startDate === '2026-11-26')).toBe(false);
    const changes = await as('admin', {
      method: 'GET',
      url: '/api/closures/holidays/thanksgiving/2026-11-26/history',
    });
    expect(changes.json()[0]).toMatchObject({
      action: 'update',
      changes: { openEverywhere: [false, true], openSiteIds: [[open.id], []] },
    });

    // Back to closed as usual, so the tests after this one see the holiday again.
    expect(
      (
        await decide('admin', 'thanksgiving/2026-11-26', {
          openEverywhere: false,
          openSiteIds: [],
          reviewed: true,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('answers 409 to a stale version, 404 to a holiday not on that day, 422 to unknown sites', async () => {
    const body = { openEverywhere: false, openSiteIds: [], reviewed: true };
    const stale = await decide('admin', 'thanksgiving/2026-11-26', { ...body, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ key: 'thanksgiving', version: 3 });
    expect((await decide('admin', 'thanksgiving/2026-11-27', body)).statusCode).toBe(404);
    expect((await decide('admin', 'easter/2027-03-28', body)).statusCode).toBe(404);
    const unknown = await decide('admin', 'christmas/2026-12-25', { ...body, openSiteIds: [999_999] });
    expect(unknown.statusCode).toBe(422);
    expect(JSON.stringify(unknown.json())).toContain('openSiteIds');
    const bad = await decide('admin', 'christmas/2026-12-25', { reviewed: 'yes' });
    expect(bad.statusCode).toBe(422);
  });
});
