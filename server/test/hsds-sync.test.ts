/**
 * The open-data feed as a 211 syncs from it (docs/product.md R480–R489,
 * docs/decisions/041-a-feed-a-211-can-sync-from.md): a holiday is a dated schedule and an alert, not a
 * day-long status; `modified_after` returns every service whose record changed, whatever changed it,
 * so a reader that syncs incrementally holds the same records as one that reads everything; a deleted
 * site stays as a defunct service; `assured_date` is the last confirmation.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '#shared/api-paths.ts';
import type { ReferenceListName } from '#shared/reference-lists.ts';
import type { SiteInput } from '#shared/schemas/sites.ts';
import { buildReferenceItem, buildSite } from '#testing/factories.ts';
import { hsdsErrors } from '#testing/hsds/validate.ts';
import { uuidV5 } from '../services/hsds/uuid.ts';
import { createTestApp, signInRoles, type TestContext } from './helpers.ts';

let ctx: TestContext;
let admin: string;
/** Thanksgiving, Thursday 26 November 2026, 12:00 in San Francisco: the agency's holidays apply. */
const clock = new Date('2026-11-26T20:00:00Z');
const NAMESPACE = '45891432-3e1c-44d3-8be0-a3ca534ef0ea';
const serviceId = (siteId: number) => uuidV5(NAMESPACE, `service:${siteId}`);

const ids = {} as Record<'lunch' | 'dinner' | 'seniors', number>;
const sites = {} as Record<'a' | 'b' | 'c' | 'd', number>;

function as(options: InjectOptions) {
  return ctx.app.inject({ ...options, headers: { cookie: admin, ...options.headers } });
}

async function write(options: InjectOptions, status = 200) {
  const response = await as(options);
  expect(response.statusCode, response.body).toBe(status);
  return response.body ? response.json() : undefined;
}

async function item(list: ReferenceListName, body: object): Promise<number> {
  return (await write({ method: 'POST', url: apiPaths.list(list), payload: body }, 201)).id;
}

async function site(body: Partial<SiteInput>): Promise<number> {
  return (await write({ method: 'POST', url: apiPaths.sites, payload: buildSite(body) }, 201)).id;
}

async function json(url: string) {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Every page of services, each checked against the schemas. */
async function listed(query = '') {
  const contents: { id: string; status: string }[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await json(`/api/hsds/services?per_page=2&page=${page}${query}`);
    expect(hsdsErrors('servicePage', answer)).toEqual([]);
    contents.push(...answer.contents);
    if (answer.last_page) return contents;
  }
}

/** What a reader keeps of a service: its list item and its fully nested record. */
type Store = Map<string, { item: unknown; full: unknown }>;

async function fetchInto(store: Store, items: { id: string }[]) {
  for (const listedItem of items) {
    const full = await json(`/api/hsds/services/${listedItem.id}`);
    expect(hsdsErrors('service', full), full.name).toEqual([]);
    store.set(listedItem.id, { item: listedItem, full });
  }
}

/** A reader that reads everything every time. */
async function readEverything(): Promise<Store> {
  const store: Store = new Map();
  await fetchInto(store, await listed());
  return store;
}

/** A reader that reads everything once, then only what changed since its previous sync began. */
function incrementalReader() {
  const store: Store = new Map();
  let lastSync: Date | undefined;
  return {
    store,
    async sync() {
      const started = new Date();
      const query = lastSync ? `&modified_after=${encodeURIComponent(lastSync.toISOString())}` : '';
      const changed = await listed(query);
      await fetchInto(store, changed);
      lastSync = started;
      return changed.map((service) => service.id);
    },
  };
}

beforeAll(async () => {
  ctx = await createTestApp({ AGENCY_TIME_ZONE: 'America/Los_Angeles' }, { now: () => clock });
  admin = (await signInRoles(ctx)).admin.cookie;
  ids.lunch = await item('mealtypes', buildReferenceItem({ name: 'Lunch' }));
  ids.dinner = await item('mealtypes', buildReferenceItem({ name: 'Dinner' }));
  ids.seniors = await item('populations', buildReferenceItem({ name: 'Seniors 60+' }));
  sites.a = await site({ name: 'A Dining Room', MealTypeIds: [ids.lunch], PopulationIds: [ids.seniors] });
  sites.b = await site({ name: 'B Dining Room', MealTypeIds: [ids.dinner] });
  sites.c = await site({ name: 'C Dining Room', address: '1 Main St\nSan Francisco, CA 94110' });
  sites.d = await site({ name: 'D Dining Room', MealTypeIds: [ids.lunch] });
});
afterAll(() => ctx.close());

describe('status and closures', () => {
  it('on a holiday, services stay active: the holiday is a dated schedule and the alert', async () => {
    const service = await json(`/api/hsds/services/${serviceId(sites.a)}`);
    expect(service.status).toBe('active');
    expect(service.alert).toContain('Closed on 2026-11-26: Thanksgiving Day.');
    expect(service.service_at_locations[0].schedules).toContainEqual(
      expect.objectContaining({ valid_from: '2026-11-26', valid_to: '2026-11-26' }),
    );
    const page = await json('/api/hsds/services?per_page=500');
    expect(page.contents.map((s: { status: string }) => s.status)).toEqual(page.contents.map(() => 'active'));
  });

  it('a closure until further notice that has begun makes a service temporarily closed; a dated one, or one not begun, does not', async () => {
    const closures = [
      { startDate: '2026-11-20', endDate: null, reason: 'Kitchen repairs', siteIds: [sites.b] },
      { startDate: '2026-11-25', endDate: '2026-11-30', reason: 'Painting', siteIds: [sites.c] },
      { startDate: '2026-12-01', endDate: null, reason: 'Moving', siteIds: [sites.d] },
    ];
    const made: number[] = [];
    for (const payload of closures)
      made.push((await write({ method: 'POST', url: apiPaths.closures, payload }, 201)).id);
    const status = async (siteId: number) => (await json(`/api/hsds/services/${serviceId(siteId)}`)).status;
    expect(await status(sites.b)).toBe('temporarily closed');
    expect(await status(sites.c)).toBe('active');
    expect(await status(sites.d)).toBe('active');
    for (const id of made) await write({ method: 'DELETE', url: apiPaths.closure(id) }, 204);
  });
});

describe('addresses and assurance', () => {
  it('stores a multi-line address on one line and publishes it split', async () => {
    const service = await json(`/api/hsds/services/${serviceId(sites.c)}`);
    expect(service.service_at_locations[0].location.addresses[0]).toMatchObject({
      address_1: '1 Main St',
      city: 'San Francisco',
      state_province: 'CA',
      postal_code: '94110',
    });
    expect((await json(apiPaths.site(sites.c))).address).toBe('1 Main St, San Francisco, CA 94110');
  });
});

describe('modified_after', () => {
  it('lets a reader that syncs incrementally hold the same records as one that reads everything, after every kind of change', async () => {
    const reader = incrementalReader();
    await reader.sync();
    expect(reader.store).toEqual(await readEverything());

    const steps: [string, () => Promise<unknown>, number[]][] = [
      [
        'a closure of one site',
        () =>
          write(
            {
              method: 'POST',
              url: apiPaths.closures,
              payload: {
                startDate: '2026-12-02',
                endDate: '2026-12-03',
                reason: 'Training',
                siteIds: [sites.a],
              },
            },
            201,
          ),
        [sites.a],
      ],
      [
        'a closure of every site',
        () =>
          write(
            {
              method: 'POST',
              url: apiPaths.closures,
              payload: {
                startDate: '2026-12-10',
                endDate: '2026-12-10',
                reason: 'Staff day',
                allSites: true,
              },
            },
            201,
          ),
        [sites.a, sites.b, sites.c, sites.d],
      ],
      [
        'a holiday kept open at one site',
        () =>
          write({
            method: 'PUT',
            url: apiPaths.holiday('christmas', '2026-12-25'),
            payload: { openEverywhere: false, openSiteIds: [sites.b], reviewed: true },
          }),
        [sites.b],
      ],
      [
        'a list item renamed',
        () =>
          write({
            method: 'PATCH',
            url: apiPaths.listItem('mealtypes', ids.dinner),
            payload: { name: 'Supper' },
          }),
        [sites.b],
      ],
      [
        "a site's translation",
        () =>
          write({
            method: 'PATCH',
            url: apiPaths.site(sites.d),
            payload: { translations: { zh: { name: '丁用餐點' } } },
          }),
        [sites.d],
      ],
      [
        "a list item's translation",
        () =>
          write({
            method: 'PATCH',
            url: apiPaths.listItem('populations', ids.seniors),
            payload: { translations: { es: { name: 'Personas mayores' } } },
          }),
        [sites.a],
      ],
      [
        'a confirmation',
        () =>
          write(
            { method: 'POST', url: `${apiPaths.site(sites.c)}/confirmations`, payload: { method: 'phone' } },
            201,
          ),
        [sites.c],
      ],
      [
        'a list item deleted',
        () => write({ method: 'DELETE', url: apiPaths.listItem('mealtypes', ids.lunch) }, 204),
        [sites.a, sites.d],
      ],
      ['a site deleted', () => write({ method: 'DELETE', url: apiPaths.site(sites.d) }, 204), [sites.d]],
    ];
    for (const [name, change, expected] of steps) {
      await change();
      const changed = await reader.sync();
      expect(changed, name).toEqual(expect.arrayContaining(expected.map(serviceId)));
      expect(reader.store, name).toEqual(await readEverything());
    }

    // The store holds what those changes made.
    const full = (siteId: number) => reader.store.get(serviceId(siteId))!.full as Record<string, unknown>;
    expect(full(sites.c).assured_date).toBe('2026-11-26');
    expect(full(sites.d)).toMatchObject({
      status: 'defunct',
      name: 'D Dining Room',
      service_at_locations: [],
    });
  });

  it('edits and removals of closures reach the sites they covered, and of closures of every site every service', async () => {
    const reader = incrementalReader();
    await reader.sync();
    const one = await write(
      {
        method: 'POST',
        url: apiPaths.closures,
        payload: { startDate: '2026-12-14', endDate: null, reason: 'Repairs', siteIds: [sites.a, sites.b] },
      },
      201,
    );
    await reader.sync();
    const steps: [string, () => Promise<unknown>, number[]][] = [
      [
        'a closure edited',
        () => write({ method: 'PATCH', url: apiPaths.closure(one.id), payload: { reason: 'Roof repairs' } }),
        [sites.a, sites.b],
      ],
      [
        'a site taken out of a closure',
        () => write({ method: 'PATCH', url: apiPaths.closure(one.id), payload: { siteIds: [sites.b] } }),
        [sites.a],
      ],
      ['a closure deleted', () => write({ method: 'DELETE', url: apiPaths.closure(one.id) }, 204), [sites.b]],
      [
        'a holiday opened everywhere',
        () =>
          write({
            method: 'PUT',
            url: apiPaths.holiday('newYear', '2027-01-01'),
            payload: { openEverywhere: true, openSiteIds: [], reviewed: true },
          }),
        [sites.a, sites.b, sites.c],
      ],
    ];
    for (const [name, change, expected] of steps) {
      await change();
      const changed = await reader.sync();
      expect(changed, name).toEqual(expect.arrayContaining(expected.map(serviceId)));
      expect(reader.store, name).toEqual(await readEverything());
    }
  });

  it('a change that touches one site sends only that one', async () => {
    const reader = incrementalReader();
    await reader.sync();
    await write({ method: 'PATCH', url: apiPaths.site(sites.b), payload: { email: 'b@example.org' } });
    expect(await reader.sync()).toEqual([serviceId(sites.b)]);
    expect(await reader.sync()).toEqual([]);
  });
});

describe('deleted sites', () => {
  it('stay listed as defunct services, valid against the schemas, after the sites, and not in the other lists', async () => {
    const page = await json('/api/hsds/services?per_page=500');
    expect(page.contents.at(-1)).toMatchObject({
      id: serviceId(sites.d),
      status: 'defunct',
      organization: { id: uuidV5(NAMESPACE, 'organization:agency') },
    });
    const sals = await json('/api/hsds/service_at_locations?per_page=500');
    expect(sals.contents.map((sal: { service_id: string }) => sal.service_id)).not.toContain(
      serviceId(sites.d),
    );
    const full = await json(`/api/hsds/services/${serviceId(sites.d)}`);
    expect(hsdsErrors('service', full)).toEqual([]);
    // Our schema still wants a place for any service that is not defunct.
    expect(hsdsErrors('service', { ...full, status: 'active' })).not.toEqual([]);
  });

  it('are left out once deleted more than 90 days before the agency date', async () => {
    await ctx.database.db.execute(
      `update deleted_sites set deleted_at = '2026-08-28T06:59:59Z' where id = ${sites.d}` as never,
    );
    ctx.app.responseCache.invalidate();
    const page = await json('/api/hsds/services?per_page=500');
    expect(page.contents.map((s: { id: string }) => s.id)).not.toContain(serviceId(sites.d));
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/hsds/services/${serviceId(sites.d)}` })).statusCode,
    ).toBe(404);
    await ctx.database.db.execute(
      `update deleted_sites set deleted_at = '2026-08-28T07:00:00Z' where id = ${sites.d}` as never,
    );
    ctx.app.responseCache.invalidate();
    expect((await json(`/api/hsds/services/${serviceId(sites.d)}`)).status).toBe('defunct');
  });
});
