/**
 * The staff workspace's data (docs/product.md R182): every site with the flags that need attention,
 * possible duplicates by the same rule as writes, open reports, and how many sites use each list item.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_LIST_NAMES } from '#shared/schemas/reference-lists.ts';
import { buildSite } from '#testing/factories.ts';
import { createTestApp, signInRoles, type TestContext } from './helpers.ts';

let ctx: TestContext;
let roles: Awaited<ReturnType<typeof signInRoles>>;

beforeAll(async () => {
  ctx = await createTestApp();
  roles = await signInRoles(ctx);
});
afterAll(() => ctx.close());

const asAdmin = (options: InjectOptions) =>
  ctx.app.inject({ ...options, headers: { cookie: roles.admin.cookie, ...options.headers } });

async function post(url: string, payload: object) {
  const response = await asAdmin({ method: 'POST', url, payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
}

interface WorkspaceSite {
  id: number;
  hasPosition: boolean;
  hasHours: boolean;
  temporarilyClosed: boolean;
  openReports: number;
  possibleDuplicates: number[];
  confirmedAt: string | null;
  phoneNumber: string;
  missingFacts: string[];
}

describe('GET /api/workspace', () => {
  it('is for administrators only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/workspace' })).statusCode).toBe(401);
    const user = await ctx.app.inject({
      method: 'GET',
      url: '/api/workspace',
      headers: { cookie: roles.user.cookie },
    });
    expect(user.statusCode).toBe(403);
  });

  it('computes each site’s flags, duplicates, open reports and the usage of every list item', async () => {
    const closing = await post('/api/covidstatuses', { name: 'Closed for repairs', closesSite: true });
    const open = await post('/api/covidstatuses', { name: 'Open as usual', closesSite: false });
    const meal = await post('/api/mealtypes', { name: 'Breakfast served' });
    const unused = await post('/api/mealtypes', { name: 'Dinner served' });

    const plain = await post('/api/sites', buildSite({ MealTypeIds: [meal.id], CovidStatusIds: [open.id] }));
    const closed = await post(
      '/api/sites',
      buildSite({ CovidStatusIds: [closing.id], MealTypeIds: [meal.id] }),
    );
    const bare = await post('/api/sites', buildSite({ lat: null, lng: null, Hours: [], phoneNumber: null }));
    const twin = await post('/api/sites', {
      ...buildSite({ address: plain.address, name: 'Twin Kitchen' }),
      confirmDuplicate: true,
    });
    await post(`/api/sites/${plain.id}/confirmations`, { method: 'phone' });

    for (const message of ['one', 'two', 'three'])
      await post('/api/reports', { siteId: plain.id, reasons: ['hours'], message });
    const reports = (await asAdmin({ method: 'GET', url: '/api/reports' })).json();
    await asAdmin({
      method: 'PATCH',
      url: `/api/reports/${reports[0].id}`,
      payload: { status: 'in-progress' },
    });
    await asAdmin({ method: 'PATCH', url: `/api/reports/${reports[1].id}`, payload: { status: 'resolved' } });

    const response = await asAdmin({ method: 'GET', url: '/api/workspace' });
    expect(response.statusCode).toBe(200);
    const { sites, usage } = response.json() as {
      sites: WorkspaceSite[];
      usage: Record<string, Record<string, number>>;
    };
    const byId = (id: number) => sites.find((s) => s.id === id)!;

    expect(byId(plain.id)).toMatchObject({
      name: plain.name,
      address: plain.address,
      email: plain.email,
      hasPosition: true,
      hasHours: true,
      temporarilyClosed: false,
      openReports: 2,
      possibleDuplicates: [twin.id],
      confirmedAt: expect.any(String),
      updatedAt: plain.updatedAt,
      translations: {},
    });
    expect(byId(twin.id)).toMatchObject({
      possibleDuplicates: [plain.id],
      openReports: 0,
      confirmedAt: null,
    });
    expect(byId(closed.id)).toMatchObject({ temporarilyClosed: true, possibleDuplicates: [] });
    expect(byId(bare.id)).toMatchObject({
      hasPosition: false,
      hasHours: false,
      phoneNumber: '',
      possibleDuplicates: [],
    });

    expect(Object.keys(usage).sort()).toEqual([...REFERENCE_LIST_NAMES].sort());
    expect(usage.mealtypes).toMatchObject({ [meal.id]: 2, [unused.id]: 0 });
    expect(usage.covidstatuses).toMatchObject({ [closing.id]: 1, [open.id]: 1 });
  });

  it('possible duplicates include nearly the same name close by, and not far away', async () => {
    const a = await post(
      '/api/sites',
      buildSite({ name: 'Chinatown Lunch Club', lat: 37.7941, lng: -122.4078 }),
    );
    const b = await post('/api/sites', {
      ...buildSite({ name: 'Chinatown Lunch Clubs', lat: 37.7945, lng: -122.4078 }),
      confirmDuplicate: true,
    });
    const far = await post(
      '/api/sites',
      buildSite({ name: 'Chinatown Lunch Club', lat: 37.81, lng: -122.4078 }),
    );
    const { sites } = (await asAdmin({ method: 'GET', url: '/api/workspace' })).json() as {
      sites: WorkspaceSite[];
    };
    expect(sites.find((s) => s.id === a.id)!.possibleDuplicates).toEqual([b.id]);
    expect(sites.find((s) => s.id === far.id)!.possibleDuplicates).toEqual([]);
  });

  it('lists the deciding facts each site lacks, in their order, and none once all are entered', async () => {
    const none = await post('/api/sites', buildSite({ name: 'Excelsior Lunch Table' }));
    const some = await post('/api/sites', {
      ...buildSite({ name: 'Sunset Dining Room' }),
      facts: { reservation: 'required', languages: ['yue'], walkIns: false },
    });
    const all = await post('/api/sites', {
      ...buildSite({ name: 'Richmond Senior Table' }),
      facts: {
        reservation: 'not_needed',
        cost: 'free',
        stepFree: false,
        languages: ['en'],
        firstVisit: 'nothing',
      },
    });
    const { sites } = (await asAdmin({ method: 'GET', url: '/api/workspace' })).json() as {
      sites: WorkspaceSite[];
    };
    const missing = (id: number) => sites.find((s) => s.id === id)!.missingFacts;
    expect(missing(none.id)).toEqual(['reservation', 'cost', 'stepFree', 'languages', 'firstVisit']);
    // "No step-free entrance" is a fact entered: only what nobody entered is missing.
    expect(missing(some.id)).toEqual(['cost', 'stepFree', 'firstVisit']);
    expect(missing(all.id)).toEqual([]);
  });
});
