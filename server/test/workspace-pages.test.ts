/**
 * The workspace's sites page on the server (docs/product.md R740–R743): one page of the sites the name
 * search and the "show only" flags leave, the total, the count per flag, the names of the page's
 * possible duplicates; every page together is exactly the whole list the screen used to filter itself.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyMoment } from '#shared/agency-time.ts';
import { apiPaths, apiRoutes } from '#shared/api-paths.ts';
import type { SiteFlag, WorkspaceSite, WorkspaceSitesPage } from '#shared/schemas/workspace.ts';
import { workspaceSelection } from '#shared/workspace-sites.ts';
import { buildSite } from '#testing/factories.ts';
import { createTestApp, signInRoles, type TestContext } from './helpers.ts';

let ctx: TestContext;
let roles: Awaited<ReturnType<typeof signInRoles>>;
/** More sites than two pages of 50 hold, a few of them flagged. */
const SITES = 120;

const as = (who: 'admin' | 'user', options: InjectOptions) =>
  ctx.app.inject({ ...options, headers: { cookie: roles[who].cookie, ...options.headers } });

async function post(url: string, payload: object) {
  const response = await as('admin', { method: 'POST', url, payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
}

async function page(query: string): Promise<WorkspaceSitesPage> {
  const response = await as('admin', { method: 'GET', url: `${apiRoutes.workspaceSites}?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Every page of a query, walked with `offset` as the screen's "Show more" does. */
async function everyPage(query: string, limit = 50) {
  const pages: WorkspaceSitesPage[] = [];
  for (let offset = 0; offset === 0 || offset < pages.at(-1)!.matching; offset += limit)
    pages.push(await page(`${query}&limit=${limit}&offset=${offset}`));
  return pages;
}

/** The whole list (GET /api/workspace) filtered by the shared rules, as the screen did before. */
async function expected(search: string, flags: SiteFlag[], days: number) {
  const response = await as('admin', { method: 'GET', url: apiRoutes.workspace });
  const sites = (response.json() as { sites: WorkspaceSite[] }).sites;
  const date = (instant: string) => agencyMoment(Date.parse(instant), ctx.config.AGENCY_TIME_ZONE).date;
  return {
    all: sites,
    ...workspaceSelection(sites, { search, flags, days }, date(new Date().toISOString()), date),
  };
}

beforeAll(async () => {
  ctx = await createTestApp();
  roles = await signInRoles(ctx);
  for (let n = 0; n < SITES; n++) {
    await post(
      '/api/sites',
      buildSite({
        name: `Paged Table ${String(n).padStart(3, '0')}`,
        ...(n % 7 === 0 ? { Hours: [] } : {}),
        ...(n % 10 === 0 ? { lat: null, lng: null } : {}),
        ...(n === 64 ? { translations: { zh: { name: '分頁餐桌' } } } : {}),
      }),
    );
  }
}, 120_000);
afterAll(() => ctx.close());

describe('GET /api/workspace/sites', () => {
  it('is for staff who keep the directory', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: apiRoutes.workspaceSites });
    expect(anonymous.statusCode).toBe(401);
    expect((await as('user', { method: 'GET', url: apiRoutes.workspaceSites })).statusCode).toBe(403);
  });

  it('pages every site by name: the pages together are the whole list, each at most a page long', async () => {
    const pages = await everyPage('q=paged');
    expect(pages.map((p) => p.sites.length)).toEqual([50, 50, 20]);
    const want = await expected('paged', [], ctx.config.STALE_AFTER_DAYS);
    expect(pages.flatMap((p) => p.sites)).toEqual(want.matching);
    expect(pages.flatMap((p) => p.sites.map((s) => s.name))).toEqual(
      Array.from({ length: SITES }, (_, n) => `Paged Table ${String(n).padStart(3, '0')}`),
    );
    for (const p of pages) {
      expect(p).toMatchObject({ total: want.all.length, matching: SITES, limit: 50, days: 180 });
      expect(p.counts).toEqual(want.counts);
    }
    // Nothing past the end: an empty page, the same total.
    expect(await page('q=paged&offset=500')).toMatchObject({ sites: [], matching: SITES });
  });

  it('narrows by every chosen flag, and each count is what ticking that flag lists', async () => {
    const first = await page('q=paged');
    expect(first.counts.noHours).toBe(Math.ceil(SITES / 7));
    expect(first.counts.noPosition).toBe(SITES / 10);
    for (const flag of ['noHours', 'noPosition'] as const) {
      const pages = await everyPage(`q=paged&show=${flag}`, 7);
      expect(pages[0]!.matching).toBe(first.counts[flag]);
      const want = await expected('paged', [flag], 180);
      expect(pages.flatMap((p) => p.sites)).toEqual(want.matching);
    }
    // Flags add up: a site without hours and without a position (every 70th).
    const both = await page('q=paged&show=noPosition,noHours');
    expect(both.sites.map((s) => s.name)).toEqual(['Paged Table 000', 'Paged Table 070']);
    expect(both.counts).toMatchObject({ noHours: 2, noPosition: 2, temporarilyClosed: 0 });
    // The name search reads every language, case and accents ignored.
    expect((await page('q=%E5%88%86%E9%A0%81')).sites.map((s) => s.name)).toEqual(['Paged Table 064']);
    expect((await page('q=PAGED%20TABLE%2011')).matching).toBe(10);
  });

  it('"not confirmed in N days" follows `days`, the agency setting when absent', async () => {
    const sites = (await page('q=paged%20table%20005')).sites;
    await post(`/api/sites/${sites[0]!.id}/confirmations`, { method: 'phone' });
    const stale = await page('q=paged&show=notConfirmed');
    expect(stale).toMatchObject({ matching: SITES - 1, days: 180 });
    expect(stale.sites.map((s) => s.name)).not.toContain('Paged Table 005');
    expect((await page('q=paged&show=notConfirmed&days=0')).matching).toBe(SITES - 1);
    expect((await page('q=paged')).counts.notConfirmed).toBe(SITES - 1);
  });

  it('names the other site of a possible duplicate on another page', async () => {
    const east = await post('/api/sites', buildSite({ name: 'Aardvark Twin Lunch' }));
    const west = await post('/api/sites', {
      ...buildSite({ name: 'Zebra Twin Lunch', address: east.address }),
      confirmDuplicate: true,
    });
    const first = await page('q=twin%20lunch&limit=1');
    expect(first.sites.map((s) => s.id)).toEqual([east.id]);
    expect(first.sites[0]!.possibleDuplicates).toEqual([west.id]);
    expect(first.names).toEqual({ [west.id]: 'Zebra Twin Lunch' });
    expect((await page('q=twin%20lunch&show=duplicate')).matching).toBe(2);
  });

  it('sees every write the flags depend on at the next request, though the rows are kept (R726)', async () => {
    const one = await post('/api/sites', buildSite({ name: 'Kept Rows Kitchen' }));
    const other = await post('/api/sites', {
      ...buildSite({ name: 'Kept Rows Canteen', address: one.address }),
      confirmDuplicate: true,
    });
    const row = async () => (await page('q=kept%20rows%20kitchen')).sites[0]!;
    const patch = async (payload: object) => {
      const response = await as('admin', { method: 'PATCH', url: `/api/sites/${one.id}`, payload });
      expect(response.statusCode, response.body).toBe(200);
    };
    const before = await row();
    expect(before).toMatchObject({ hasHours: true, openReports: 0, possibleDuplicates: [other.id] });
    expect(before.missingFacts).toContain('reservation');
    // A second read, another filter: the same rows.
    expect(await row()).toEqual(before);
    expect((await page('q=kept%20rows&show=duplicate')).matching).toBe(2);

    // The site's own fields: its hours, its facts.
    await patch({ Hours: [] });
    expect(await row()).toMatchObject({ hasHours: false });
    expect((await page('q=kept%20rows&show=noHours')).sites.map((s) => s.id)).toEqual([one.id]);
    await patch({ facts: { reservation: 'required', reserveDays: 2 } });
    expect((await row()).missingFacts).not.toContain('reservation');

    // A report from the public, then resolved by staff.
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/reports',
      payload: { siteId: one.id, reasons: ['other'], message: 'Kept rows check' },
      remoteAddress: '10.72.6.1',
    });
    expect(sent.statusCode, sent.body).toBe(202);
    expect(await row()).toMatchObject({ openReports: 1 });
    expect((await page('q=kept%20rows&show=openReports')).sites.map((s) => s.id)).toEqual([one.id]);
    const queue = (await as('admin', { method: 'GET', url: '/api/reports' })).json() as {
      id: number;
      siteId: number | null;
    }[];
    const report = queue.find((r) => r.siteId === one.id)!;
    const resolved = await as('admin', {
      method: 'PATCH',
      url: `/api/reports/${report.id}`,
      payload: { status: 'resolved' },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(await row()).toMatchObject({ openReports: 0 });

    // Marked "not a duplicate", then taken back.
    const apart = await as('admin', {
      method: 'POST',
      url: apiPaths.siteNotDuplicates(one.id),
      payload: { otherId: other.id },
    });
    expect(apart.statusCode, apart.body).toBe(201);
    expect(await row()).toMatchObject({ possibleDuplicates: [] });
    expect((await page('q=kept%20rows&show=duplicate')).matching).toBe(0);
    const back = await as('admin', {
      method: 'DELETE',
      url: apiPaths.siteNotDuplicate(one.id, other.id),
    });
    expect(back.statusCode, back.body).toBeLessThan(300);
    expect(await row()).toMatchObject({ possibleDuplicates: [other.id] });

    // A confirmation, and a site added: counted at once.
    await post(`/api/sites/${one.id}/confirmations`, { method: 'phone' });
    expect((await row()).confirmedAt).not.toBeNull();
    const total = (await page('q=kept%20rows')).total;
    await post('/api/sites', buildSite({ name: 'Kept Rows Third' }));
    expect(await page('q=kept%20rows')).toMatchObject({ total: total + 1, matching: 3 });
  });

  it.each([
    ['limit=0', 'limit', 'out_of_range'],
    ['limit=101', 'limit', 'out_of_range'],
    ['limit=ten', 'limit', 'not_a_number'],
    ['offset=-1', 'offset', 'out_of_range'],
    ['offset=1.5', 'offset', 'not_a_number'],
    ['days=-1', 'days', 'out_of_range'],
    ['days=36501', 'days', 'out_of_range'],
    ['show=noHours,everything', 'show', 'invalid_choice'],
    [`q=${'a'.repeat(201)}`, 'q', 'too_long'],
  ])('refuses %s with a coded 422', async (query, path, code) => {
    const response = await as('admin', { method: 'GET', url: `${apiRoutes.workspaceSites}?${query}` });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual([expect.objectContaining({ path, code })]);
  });
});

describe('GET /api/workspace?sites=none', () => {
  it('answers the usage and the holidays without a site; the default still lists every site', async () => {
    const none = await as('admin', { method: 'GET', url: `${apiRoutes.workspace}?sites=none` });
    expect(none.statusCode).toBe(200);
    const body = none.json();
    expect(body.sites).toEqual([]);
    expect(Object.keys(body.usage)).not.toHaveLength(0);
    expect(Array.isArray(body.holidays)).toBe(true);
    const all = (await as('admin', { method: 'GET', url: apiRoutes.workspace })).json();
    expect(all.sites.length).toBeGreaterThan(SITES);
    expect(none.body.length).toBeLessThan(JSON.stringify(all).length / 10);
    const bad = await as('admin', { method: 'GET', url: `${apiRoutes.workspace}?sites=some` });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual([expect.objectContaining({ path: 'sites', code: 'invalid_choice' })]);
  });
});
