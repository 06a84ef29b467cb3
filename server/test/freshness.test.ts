/**
 * Every write of directory data is seen by the next public read (docs/product.md R83, §13 "Freshness
 * that survives the network"): each writing route, then each writing service called directly (as the
 * command line or a scheduled job calls it), is walked with the public answers already cached, and the
 * data-version backstop is held off (CACHE_VERSION_CHECK_MS at its maximum), so only the service's own
 * "directory changed" signal can make the read fresh (server/services/directory-changes.ts). Leaving
 * any one service's signal out fails its case.
 */
import fs from 'node:fs';
import path from 'node:path';

import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyMoment, DEFAULT_AGENCY_TIME_ZONE } from '#shared/agency-time.ts';
import { apiPaths } from '#shared/api-paths.ts';
import { USUAL_HOLIDAY_RULES } from '#shared/holidays.ts';
import { CONFIRMATION_METHODS } from '#shared/schemas/confirmations.ts';
import { REFERENCE_LIST_NAMES } from '#shared/schemas/reference-lists.ts';
import { buildSite } from '#testing/factories.ts';
import { smallPdf } from '#testing/printed-menu-files.ts';
import { mealTypes } from '../db/schema.ts';
import { createClosure, deleteClosure, updateClosure } from '../services/closures.ts';
import { confirmSite } from '../services/confirmations.ts';
import { decideHoliday, holidayOccurrences } from '../services/holidays.ts';
import { commitImport } from '../services/imports/commit.ts';
import { commitMenuImport, previewMenuImport } from '../services/imports/menu-import.ts';
import { previewImport } from '../services/imports/preview.ts';
import { deleteMenuDay, putMenuDay } from '../services/menus.ts';
import { decideProposal, proposeChange } from '../services/proposals.ts';
import { createItem, deleteItem, updateItem } from '../services/reference-lists.ts';
import { createSite as createSiteRow, deleteSite, updateSite } from '../services/sites.ts';
import { createTestApp, signInRoles, type TestContext } from './helpers.ts';

let ctx: TestContext;
let admin: string;
let adminId: number;

beforeAll(async () => {
  ctx = await createTestApp({ CACHE_VERSION_CHECK_MS: '60000' });
  const roles = await signInRoles(ctx);
  admin = roles.admin.cookie;
  adminId = roles.admin.id;
});
afterAll(() => ctx.close());

type Site = {
  id: number;
  name: string;
  version: number;
  confirmedAt: string | null;
  Populations: { name: string }[];
};

const asAdmin = async (options: InjectOptions, status = 200) => {
  const response = await ctx.app.inject({ ...options, headers: { cookie: admin, ...options.headers } });
  expect(response.statusCode, response.body).toBe(status);
  return response.body ? response.json() : undefined;
};
const read = async <T>(url: string): Promise<T> => (await ctx.app.inject({ method: 'GET', url })).json() as T;
const sites = () => read<Site[]>(apiPaths.sites);
const createSite = (extra: object = {}) =>
  asAdmin({ method: 'POST', url: apiPaths.sites, payload: buildSite(extra) }, 201) as Promise<Site>;

/** Reads every cached public answer, so the next read is served from the cache unless a write cleared it. */
async function primeCache() {
  await sites();
  await read(apiPaths.closures);
  await read(apiPaths.list('populations'));
}

describe('the next public read after each write is fresh', () => {
  it('creating, changing and deleting a site', async () => {
    await primeCache();
    const site = await createSite({ name: 'Fresh Create' });
    expect((await sites()).map((s) => s.name)).toContain('Fresh Create');

    await primeCache();
    await asAdmin({ method: 'PATCH', url: apiPaths.site(site.id), payload: { name: 'Fresh Rename' } });
    expect((await sites()).map((s) => s.name)).toContain('Fresh Rename');

    await primeCache();
    await asAdmin({ method: 'DELETE', url: apiPaths.site(site.id) }, 204);
    expect((await sites()).map((s) => s.id)).not.toContain(site.id);
  });

  it('restoring an earlier version of a site (R562)', async () => {
    const site = await createSite({ name: 'Fresh Version' });
    const renamed = (await asAdmin({
      method: 'PATCH',
      url: apiPaths.site(site.id),
      payload: { name: 'Fresh Mistake' },
    })) as Site;
    const [, created] = (await asAdmin({ method: 'GET', url: apiPaths.siteHistory(site.id) })) as {
      id: number;
    }[];
    await primeCache();
    await asAdmin({
      method: 'POST',
      url: apiPaths.siteHistoryRestore(site.id, created!.id),
      payload: { version: renamed.version },
    });
    expect((await sites()).find((s) => s.id === site.id)?.name).toBe('Fresh Version');
  });

  it('adding, renaming and deleting a list item, in the list and inside the sites', async () => {
    const item = (await asAdmin(
      { method: 'POST', url: apiPaths.list('populations'), payload: { name: 'Fresh Population' } },
      201,
    )) as { id: number; version: number };
    const site = await createSite({ PopulationIds: [item.id] });

    await primeCache();
    await asAdmin({
      method: 'PATCH',
      url: apiPaths.listItem('populations', item.id),
      payload: { name: 'Renamed Population' },
    });
    const names = (await read<{ name: string }[]>(apiPaths.list('populations'))).map((i) => i.name);
    expect(names).toContain('Renamed Population');
    const inside = (await sites()).find((s) => s.id === site.id);
    expect(inside?.Populations.map((p) => p.name)).toEqual(['Renamed Population']);

    const unused = (await asAdmin(
      { method: 'POST', url: apiPaths.list('populations'), payload: { name: 'Unused Population' } },
      201,
    )) as { id: number };
    await primeCache();
    await asAdmin({ method: 'DELETE', url: apiPaths.listItem('populations', unused.id) }, 204);
    const left = (await read<{ id: number }[]>(apiPaths.list('populations'))).map((i) => i.id);
    expect(left).not.toContain(unused.id);
  });

  it('adding, changing and deleting a closure', async () => {
    const site = await createSite();
    const today = agencyMoment(Date.now(), DEFAULT_AGENCY_TIME_ZONE).date;
    await primeCache();
    const closure = (await asAdmin(
      {
        method: 'POST',
        url: apiPaths.closures,
        payload: { reason: 'Fresh Closure', startDate: today, endDate: today, siteIds: [site.id] },
      },
      201,
    )) as { id: number; version: number };
    const reasons = async () => (await read<{ reason: string }[]>(apiPaths.closures)).map((c) => c.reason);
    expect(await reasons()).toContain('Fresh Closure');

    await primeCache();
    await asAdmin({
      method: 'PATCH',
      url: apiPaths.closure(closure.id),
      payload: { reason: 'Fresh Change' },
    });
    expect(await reasons()).toContain('Fresh Change');

    await primeCache();
    await asAdmin({ method: 'DELETE', url: apiPaths.closure(closure.id) }, 204);
    expect(await reasons()).not.toContain('Fresh Change');
  });

  it('a holiday decision', async () => {
    const occurrences = (await asAdmin({ method: 'GET', url: apiPaths.holidays })) as Array<{
      key: string;
      date: string;
      version?: number;
    }>;
    const next = occurrences[0]!;
    await primeCache();
    const holidayCount = async () =>
      (await read<{ reason: string; startDate: string }[]>(apiPaths.closures)).filter(
        (c) => c.startDate === next.date,
      ).length;
    const before = await holidayCount();
    await asAdmin({
      method: 'PUT',
      url: apiPaths.holiday(next.key, next.date),
      payload: { openEverywhere: true, openSiteIds: [], reviewed: true },
    });
    expect(await holidayCount()).toBeLessThan(before);
  });

  it('a confirmation by staff', async () => {
    const site = await createSite();
    await primeCache();
    await asAdmin(
      {
        method: 'POST',
        url: `${apiPaths.site(site.id)}/confirmations`,
        payload: { method: CONFIRMATION_METHODS[0] },
      },
      201,
    );
    expect((await sites()).find((s) => s.id === site.id)?.confirmedAt).not.toBeNull();
  });

  it('applying a proposed change (docs/product.md R594)', async () => {
    const site = await createSite();
    const proposal = await proposeChange(
      ctx.database.db,
      site.id,
      { website: 'https://fresh.example.org' },
      { userId: adminId },
    );
    await primeCache();
    await asAdmin({
      method: 'POST',
      url: apiPaths.proposalDecisions(proposal!.id),
      payload: { apply: ['website'], version: site.version },
    });
    expect((await sites()).find((s) => s.id === site.id)).toMatchObject({
      website: 'https://fresh.example.org',
    });
  });

  it('writing and deleting a site’s menu of a date (R658)', async () => {
    // Open every day, so that today is never a closed day without a menu.
    const site = await createSite({
      Hours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '11:00', close: '13:00' })),
    });
    const today = agencyMoment(Date.now(), DEFAULT_AGENCY_TIME_ZONE).date;
    const lunch = (await asAdmin(
      { method: 'POST', url: apiPaths.list('mealtypes'), payload: { name: 'Fresh Lunch' } },
      201,
    )) as { id: number };
    const menu = () =>
      read<{ days: { meals: { dishes: { name: string }[] }[] }[] }>(apiPaths.siteMenu(site.id));
    // Every site's dishes of today, on the list's rows (R688), cached too.
    const todays = async () => JSON.stringify(await read(apiPaths.todaysMenus));
    await menu();
    await todays();
    await asAdmin({
      method: 'PUT',
      url: apiPaths.siteMenuDay(site.id, today),
      payload: { meals: [{ mealTypeId: lunch.id, dishes: [{ name: 'Fresh Soup' }] }] },
    });
    expect(JSON.stringify(await menu())).toContain('Fresh Soup');
    expect(await todays()).toContain('Fresh Soup');
    await asAdmin({ method: 'DELETE', url: apiPaths.siteMenuDay(site.id, today) }, 204);
    expect(JSON.stringify(await menu())).not.toContain('Fresh Soup');
    expect(await todays()).not.toContain('Fresh Soup');
  });

  it('renaming one of the agency’s diet marks (R691): a site’s menu names it anew at once', async () => {
    const site = await createSite({
      Hours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '11:00', close: '13:00' })),
    });
    const today = agencyMoment(Date.now(), DEFAULT_AGENCY_TIME_ZONE).date;
    const lunch = (await asAdmin(
      { method: 'POST', url: apiPaths.list('mealtypes'), payload: { name: 'Marked Lunch' } },
      201,
    )) as { id: number };
    const mark = (await asAdmin(
      { method: 'POST', url: apiPaths.dietMarks, payload: { name: 'Fresh mark' } },
      201,
    )) as { id: number };
    await asAdmin({
      method: 'PUT',
      url: apiPaths.siteMenuDay(site.id, today),
      payload: {
        meals: [{ mealTypeId: lunch.id, dishes: [{ name: 'Soup', diets: [`agency-${mark.id}`] }] }],
      },
    });
    const menu = async () => JSON.stringify(await read(apiPaths.siteMenu(site.id)));
    expect(await menu()).toContain('Fresh mark');
    await asAdmin({ method: 'PATCH', url: apiPaths.dietMark(mark.id), payload: { name: 'Renamed mark' } });
    expect(await menu()).toContain('Renamed mark');
  });

  it('keeping and removing a site’s printed menu of a month (R682, R683)', async () => {
    const site = await createSite({
      Hours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '11:00', close: '13:00' })),
    });
    const month = agencyMoment(Date.now(), DEFAULT_AGENCY_TIME_ZONE).date.slice(0, 7);
    const printed = async () =>
      (await read<{ printedMenus: { month: string }[] }>(apiPaths.siteMenu(site.id))).printedMenus;
    expect(await printed()).toEqual([]);
    await asAdmin({
      method: 'PUT',
      url: apiPaths.printedMenu('site', site.id, month),
      payload: smallPdf(),
      headers: { 'content-type': 'application/pdf' },
    });
    expect(await printed()).toEqual([expect.objectContaining({ month })]);
    await asAdmin({ method: 'DELETE', url: apiPaths.printedMenu('site', site.id, month) }, 204);
    expect(await printed()).toEqual([]);
  });

  it('the commit of a spreadsheet import', async () => {
    const file = ['name,address', 'Fresh Import Kitchen,"1 Fresh St, San Francisco, CA 94110"'].join('\n');
    const preview = (await asAdmin(
      {
        method: 'POST',
        url: '/api/imports',
        payload: Buffer.from(file),
        headers: { 'content-type': 'text/csv' },
      },
      201,
    )) as { id: string };
    await primeCache();
    await asAdmin({ method: 'POST', url: `/api/imports/${preview.id}/commit`, payload: {} });
    expect((await sites()).map((s) => s.name)).toContain('Fresh Import Kitchen');
  });
});

describe('called without a route (the command line, a job, a test), each writing service makes the next read fresh', () => {
  const db = () => ctx.database.db;
  const names = async () => (await sites()).map((s) => s.name);

  it('sites: create, update, delete', async () => {
    await primeCache();
    const site = await createSiteRow(db(), buildSite({ name: 'Service Create' }) as never, null);
    expect(await names()).toContain('Service Create');
    await primeCache();
    await updateSite(db(), site.id, { name: 'Service Rename' }, null);
    expect(await names()).toContain('Service Rename');
    await primeCache();
    await deleteSite(db(), site.id, null);
    expect(await names()).not.toContain('Service Rename');
  });

  it.each(REFERENCE_LIST_NAMES)('%s: create, update, delete', async (list) => {
    const items = async () => (await read<{ name: string }[]>(apiPaths.list(list))).map((i) => i.name);
    await items();
    const item = await createItem(db(), list, { name: `Service ${list}` } as never, null);
    expect(await items()).toContain(`Service ${list}`);
    await items();
    await updateItem(db(), list, item.id, { name: `Renamed ${list}` } as never, null);
    expect(await items()).toContain(`Renamed ${list}`);
    await items();
    await deleteItem(db(), list, item.id, null);
    expect(await items()).not.toContain(`Renamed ${list}`);
  });

  it('closures: create, update, delete; a holiday decision', async () => {
    const site = await createSite();
    const today = agencyMoment(Date.now(), DEFAULT_AGENCY_TIME_ZONE).date;
    const reasons = async () => (await read<{ reason: string }[]>(apiPaths.closures)).map((c) => c.reason);
    await primeCache();
    const closure = await createClosure(
      db(),
      { reason: 'Service Closure', startDate: today, endDate: today, siteIds: [site.id] } as never,
      null,
    );
    expect(await reasons()).toContain('Service Closure');
    await primeCache();
    await updateClosure(db(), closure.id, { reason: 'Service Change' } as never, null);
    expect(await reasons()).toContain('Service Change');
    await primeCache();
    await deleteClosure(db(), closure.id, null);
    expect(await reasons()).not.toContain('Service Change');

    const [next] = (await holidayOccurrences(db(), USUAL_HOLIDAY_RULES, today)).filter(
      (o) => !o.openEverywhere,
    );
    const onThatDay = async () =>
      (await read<{ startDate: string }[]>(apiPaths.closures)).filter((c) => c.startDate === next!.date)
        .length;
    await primeCache();
    const before = await onThatDay();
    await decideHoliday(
      db(),
      USUAL_HOLIDAY_RULES,
      today,
      next!,
      { openEverywhere: true, openSiteIds: [], reviewed: true } as never,
      null,
    );
    expect(await onThatDay()).toBeLessThan(before);
  });

  it('a proposal decided', async () => {
    const site = await createSite();
    const proposal = await proposeChange(
      db(),
      site.id,
      { website: 'https://decided.example.org' },
      {
        userId: adminId,
      },
    );
    await primeCache();
    await decideProposal(db(), proposal!.id, { apply: ['website'], version: site.version }, adminId);
    expect((await sites()).find((s) => s.id === site.id)).toMatchObject({
      website: 'https://decided.example.org',
    });
  });

  it('a confirmation, and the commit of an import', async () => {
    const site = await createSite();
    await primeCache();
    await confirmSite(db(), site.id, { method: CONFIRMATION_METHODS[0] } as never, null, new Date());
    expect((await sites()).find((s) => s.id === site.id)?.confirmedAt).not.toBeNull();

    const csv = ['name,address', 'Service Import Kitchen,"2 Fresh St, San Francisco, CA 94110"'].join('\n');
    const { readSpreadsheet } = await import('../services/spreadsheets/reader.ts');
    const table = await readSpreadsheet(Buffer.from(csv), 'csv', { timeoutMs: 60_000, memoryMb: 64 });
    const preview = await previewImport(db(), table, { userId: null, language: 'en', now: new Date() });
    await primeCache();
    await commitImport(db(), preview.id, { userId: null, now: new Date() });
    expect(await names()).toContain('Service Import Kitchen');
  });

  it('menus: a date written and deleted', async () => {
    const site = await createSite({
      Hours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '11:00', close: '13:00' })),
    });
    const today = agencyMoment(Date.now(), DEFAULT_AGENCY_TIME_ZONE).date;
    const [lunch] = await db().insert(mealTypes).values({ name: 'Service Lunch' }).returning();
    const menu = async () => JSON.stringify(await read(apiPaths.siteMenu(site.id)));
    await menu();
    const owner = { kind: 'site', id: site.id } as const;
    const body = {
      meals: [{ mealTypeId: lunch!.id, dishes: [{ name: 'Service Soup', diets: [] }], note: null }],
    };
    await putMenuDay(db(), owner, today, body as never, null, today);
    expect(await menu()).toContain('Service Soup');
    await deleteMenuDay(db(), owner, today, null, today);
    expect(await menu()).not.toContain('Service Soup');
  });

  it('menus: a month imported from a sheet (R677)', async () => {
    const site = await createSite({
      Hours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '11:00', close: '13:00' })),
    });
    const today = agencyMoment(Date.now(), DEFAULT_AGENCY_TIME_ZONE).date;
    await db().insert(mealTypes).values({ name: 'Sheet Lunch' });
    const menu = async () => JSON.stringify(await read(apiPaths.siteMenu(site.id)));
    await menu();
    const owner = { kind: 'site', id: site.id } as const;
    const sheet = Buffer.from(`date,meal,dish\n${today},Sheet Lunch,Sheet Soup\n`);
    const options = { kind: 'csv', limits: { timeoutMs: 60_000 }, language: 'en', today } as const;
    const { digest } = await previewMenuImport(db(), owner, sheet, options);
    await commitMenuImport(db(), owner, sheet, { ...options, digest, userId: null });
    expect(await menu()).toContain('Sheet Soup');
  });

  it('no service of the directory opens a transaction of its own without the signal', () => {
    // The writing services use directoryWrite (a transaction, then directoryChanged): a new writer that
    // opens db.transaction directly would leave the cached answers stale until the backstop.
    const folder = path.resolve(import.meta.dirname, '../services');
    const writers = [
      'sites.ts',
      'closures.ts',
      'reference-lists.ts',
      'confirmations.ts',
      'holidays.ts',
      'site-trash.ts',
      'proposals.ts',
      'menus.ts',
      'diet-marks.ts',
      'imports',
    ];
    const files = writers.flatMap((name) => {
      const full = path.join(folder, name);
      return fs.statSync(full).isDirectory()
        ? fs
            .readdirSync(full)
            .filter((f) => f.endsWith('.ts') && !f.includes('.test.'))
            .map((f) => path.join(full, f))
        : [full];
    });
    // A transaction that only reads (the sites list built in chunks) is named here.
    // A transaction that only reads (the sites list built in chunks), or writes only what the public
    // never reads (a proposal kept for staff), is named here.
    const readers = new Set(['eachSitesChunk', 'proposeChange']);
    const offenders = files.flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return [...text.matchAll(/\bdb\.transaction\(/g)]
        .map((match) => [...text.slice(0, match.index).matchAll(/function (\w+)/g)].at(-1)?.[1] ?? '?')
        .filter((name) => !readers.has(name))
        .map((name) => `${path.relative(folder, file)}: ${name}`);
    });
    expect(offenders).toEqual([]);
  });
});
