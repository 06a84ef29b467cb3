/**
 * The Open Referral HSDS 3.0 feed over the real app and database (docs/product.md R250–R258): every
 * answer checked against our own schemas (testing/hsds/schemas.ts), the mapping of hours, weeks,
 * closures, statuses and positions, pagination and its edge cases, stable ids across app instances,
 * the zipped tabular package, 404s, caching and CORS.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import type { InjectOptions } from 'fastify';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '#shared/api-paths.ts';
import type { ReferenceListName } from '#shared/reference-lists.ts';
import type { SiteInput } from '#shared/schemas/sites.ts';
import { buildNutritionPartner, buildReferenceItem, buildSite } from '#testing/factories.ts';
import { hsdsErrors } from '#testing/hsds/validate.ts';
import { buildApp } from '../app.ts';
import { uuidV5 } from '../services/hsds/uuid.ts';
import { createTestApp, signInRoles, TEST_SECRET, type TestContext, WITHOUT_HOLIDAYS } from './helpers.ts';

let ctx: TestContext;
let admin: string;
/** Tuesday 24 November 2026, 12:00 in San Francisco. */
const clock = new Date('2026-11-24T20:00:00Z');
const NAMESPACE = '45891432-3e1c-44d3-8be0-a3ca534ef0ea';

const ids = {} as Record<string, number>;
const sites = {} as Record<'weekly' | 'monthly' | 'closed' | 'nowhere' | 'cafe' | 'shared', number>;

function as(options: InjectOptions) {
  return ctx.app.inject({ ...options, headers: { cookie: admin, ...options.headers } });
}

async function item(list: ReferenceListName, body: object): Promise<number> {
  const response = await as({ method: 'POST', url: apiPaths.list(list), payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

async function site(body: Partial<SiteInput>): Promise<number> {
  const response = await as({ method: 'POST', url: apiPaths.sites, payload: buildSite(body) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

async function get(url: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'GET', url, headers });
}

async function json(url: string) {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const serviceId = (siteId: number) => uuidV5(NAMESPACE, `service:${siteId}`);

beforeAll(async () => {
  ctx = await createTestApp(
    { AGENCY_TIME_ZONE: 'America/Los_Angeles', AGENCY_HOLIDAYS: WITHOUT_HOLIDAYS },
    { now: () => clock },
  );
  admin = (await signInRoles(ctx)).admin.cookie;
  ids.partnerA = await item(
    'nutritionpartners',
    buildNutritionPartner({ name: 'Self-Help for the Elderly' }),
  );
  ids.partnerB = await item(
    'nutritionpartners',
    buildNutritionPartner({ name: 'Meals on Wheels', phoneNumber: '' }),
  );
  ids.seniors = await item(
    'populations',
    buildReferenceItem({ name: 'Seniors 60+', translations: { es: { name: 'Personas de 60 años o más' } } }),
  );
  ids.lunch = await item(
    'mealtypes',
    buildReferenceItem({ name: 'Lunch', translations: { zh: { name: '午膳' } } }),
  );
  ids.takeHome = await item('services', buildReferenceItem({ name: 'Meals to take home' }));
  ids.open = await item('covidstatuses', { name: 'Open', closesSite: false });
  ids.shut = await item('covidstatuses', { name: 'Temporarily closed', closesSite: true });

  sites.weekly = await site({
    name: 'Chinatown Dining Room',
    translations: { zh: { name: '華埠用餐點' } },
    address: '777 Stockton St, San Francisco, CA 94108',
    NutritionPartnerIds: [ids.partnerA!],
    PopulationIds: [ids.seniors!],
    MealTypeIds: [ids.lunch!],
    ServiceIds: [ids.takeHome!],
    CovidStatusIds: [ids.open!],
    Hours: [
      { day: 1, open: '11:00', close: '13:00' },
      { day: 5, open: '9:30', close: '10:30' },
    ],
  });
  sites.monthly = await site({
    name: 'Mission Neighborhood Center',
    NutritionPartnerIds: [ids.partnerA!, ids.partnerB!],
    Hours: [
      { day: 3, open: '11:30', close: '13:30', weeks: [1, 3] },
      { day: 5, open: '12:00', close: '13:00', weeks: [-1] },
    ],
  });
  sites.closed = await site({ name: 'Bayview Senior Lunch', CovidStatusIds: [ids.shut!] });
  sites.nowhere = await site({
    name: 'Civic Center Pop-up',
    address: 'Civic Center Plaza',
    lat: null,
    lng: null,
    phoneNumber: null,
    email: null,
    website: null,
    Hours: [],
  });
  sites.cafe = await site({ name: 'Café Señor Dining' });
  sites.shared = await site({ name: 'Excelsior Lunch Club', NutritionPartnerIds: [ids.partnerB!] });

  for (const body of [
    { startDate: '2026-11-26', endDate: '2026-11-26', reason: 'Thanksgiving', allSites: true },
    { startDate: '2026-11-20', endDate: null, reason: 'Kitchen repairs', siteIds: [sites.shared] },
  ]) {
    const response = await as({ method: 'POST', url: apiPaths.closures, payload: body });
    expect(response.statusCode, response.body).toBe(201);
  }
});
afterAll(() => ctx.close());

describe('every answer follows our HSDS 3.0 schemas', () => {
  it('GET /api/hsds/ says which HSDS version and OpenAPI document it follows', async () => {
    const response = await get('/api/hsds/');
    expect(response.statusCode).toBe(200);
    const meta = response.json();
    expect(hsdsErrors('meta', meta)).toEqual([]);
    expect(meta).toMatchObject({
      version: '3.0',
      openapi_url: 'http://meals.test/api/openapi.json',
      publisher: { name: 'Community Meal Sites' },
    });
    expect((await get('/api/hsds')).statusCode).toBe(200);
  });

  it('pages, records and nested records of services, services at locations and organizations', async () => {
    const page = await json('/api/hsds/services?per_page=500');
    expect(hsdsErrors('servicePage', page)).toEqual([]);
    expect(page.total_items).toBe(6);
    for (const listed of page.contents) {
      const service = await json(`/api/hsds/services/${listed.id}`);
      expect(hsdsErrors('service', service), service.name).toEqual([]);
      const sal = service.service_at_locations[0];
      const atLocation = await json(`/api/hsds/service_at_locations/${sal.id}`);
      expect(hsdsErrors('serviceAtLocation', atLocation)).toEqual([]);
      expect(atLocation.location).toEqual(sal.location);
    }
    const sals = await json('/api/hsds/service_at_locations');
    expect(hsdsErrors('serviceAtLocationPage', sals)).toEqual([]);
    expect(sals.total_items).toBe(6);

    const organizations = await json('/api/hsds/organizations');
    expect(hsdsErrors('organizationPage', organizations)).toEqual([]);
    expect(organizations.contents.map((o: { name: string }) => o.name)).toEqual([
      'Community Meal Sites',
      'Meals on Wheels',
      'Self-Help for the Elderly',
    ]);
    for (const listed of organizations.contents) {
      const organization = await json(`/api/hsds/organizations/${listed.id}`);
      expect(hsdsErrors('organization', organization)).toEqual([]);
    }
  });

  it('a broken answer fails the schemas (they can fail)', async () => {
    const service = await json(`/api/hsds/services/${serviceId(sites.weekly)}`);
    const broken = (change: (copy: typeof service) => void) => {
      const copy = structuredClone(service);
      change(copy);
      return hsdsErrors('service', copy);
    };
    expect(broken((s) => (s.status = 'open'))).not.toEqual([]);
    expect(broken((s) => delete s.name)).not.toEqual([]);
    expect(broken((s) => (s.id = '12'))).not.toEqual([]);
    expect(broken((s) => (s.service_at_locations[0].location.lattitude = 1))).not.toEqual([]);
    expect(broken((s) => (s.service_at_locations[0].schedules[0].byday = 'Monday'))).not.toEqual([]);
    expect(broken((s) => (s.service_at_locations[0].schedules[0].byday = '1MO'))).not.toEqual([]);
    expect(broken((s) => (s.service_at_locations[0].schedules[0].freq = 'DAILY'))).not.toEqual([]);
    expect(broken((s) => (s.service_at_locations[0].schedules[0].opens_at = '25:00'))).not.toEqual([]);
    expect(broken((s) => delete s.service_at_locations[0].location.addresses[0].postal_code)).not.toEqual([]);
    expect(broken((s) => delete s.organization.description)).not.toEqual([]);
    expect(broken((s) => delete s.attributes[0].taxonomy_term.description)).not.toEqual([]);
    const page = await json('/api/hsds/services');
    expect(hsdsErrors('servicePage', { ...page, empty: undefined })).not.toEqual([]);
  });
});

describe('mapping a site', () => {
  it('is a location with its address, position and phone, and the congregate meal service at it', async () => {
    const service = await json(`/api/hsds/services/${serviceId(sites.weekly)}`);
    expect(service).toMatchObject({
      id: serviceId(sites.weekly),
      name: 'Chinatown Dining Room',
      status: 'active',
      eligibility_description: 'For: Seniors 60+.',
      organization: {
        name: 'Self-Help for the Elderly',
        phones: [{ number: expect.stringMatching(/^\(628\) 555-/) }],
      },
    });
    const location = service.service_at_locations[0].location;
    expect(location).toMatchObject({
      id: uuidV5(NAMESPACE, `location:${sites.weekly}`),
      location_type: 'physical',
      latitude: expect.any(Number),
      longitude: expect.any(Number),
      addresses: [
        {
          address_1: '777 Stockton St',
          city: 'San Francisco',
          state_province: 'CA',
          postal_code: '94108',
          country: 'US',
        },
      ],
      phones: [{ number: expect.stringMatching(/^\(415\) 555-\d{4}$/), type: 'voice' }],
    });
    expect(
      service.attributes.map((a: { link_type: string; label: string }) => `${a.link_type}=${a.label}`),
    ).toEqual([
      'nutrition_partner=Self-Help for the Elderly',
      'population=Seniors 60+',
      'meal_type=Lunch',
      'service=Meals to take home',
      'covid_status=Open',
    ]);
  });

  it('gives each hours row a schedule: weekly, or monthly on the nth (or last) weekday', async () => {
    const weekly = await json(`/api/hsds/services/${serviceId(sites.weekly)}`);
    const regular = (service: { service_at_locations: { schedules: { freq?: string }[] }[] }) =>
      service.service_at_locations[0]!.schedules.filter((schedule) => schedule.freq);
    expect(regular(weekly)).toEqual([
      expect.objectContaining({
        freq: 'WEEKLY',
        interval: 1,
        byday: 'MO',
        opens_at: '11:00',
        closes_at: '13:00',
      }),
      expect.objectContaining({ freq: 'WEEKLY', byday: 'FR', opens_at: '09:30', closes_at: '10:30' }),
    ]);
    // America/Los_Angeles changes its offset in summer: no single `timezone` number is right all year.
    expect(regular(weekly)[0]).not.toHaveProperty('timezone');
    expect(regular(weekly)[0]).toMatchObject({ notes: 'Times are local time in America/Los_Angeles.' });

    const monthly = await json(`/api/hsds/services/${serviceId(sites.monthly)}`);
    expect(regular(monthly)).toEqual([
      expect.objectContaining({ freq: 'MONTHLY', byday: '1WE,3WE', opens_at: '11:30', closes_at: '13:30' }),
      expect.objectContaining({
        freq: 'MONTHLY',
        byday: '-1FR',
        description: 'The last Friday of the month, 12:00 to 13:00.',
      }),
    ]);
  });

  it('publishes current and upcoming closures as dated schedules and an alert, and a closing status or a closure until further notice as temporarily closed', async () => {
    const weekly = await json(`/api/hsds/services/${serviceId(sites.weekly)}`);
    const closures = weekly.service_at_locations[0].schedules.filter((s: { freq?: string }) => !s.freq);
    expect(closures).toEqual([
      expect.objectContaining({
        valid_from: '2026-11-26',
        valid_to: '2026-11-26',
        description: 'Closed on 2026-11-26: Thanksgiving.',
      }),
    ]);
    expect(weekly.alert).toBe('Closed on 2026-11-26: Thanksgiving.');

    const shared = await json(`/api/hsds/services/${serviceId(sites.shared)}`);
    const repairs = shared.service_at_locations[0].schedules.find(
      (s: { valid_from?: string }) => s.valid_from === '2026-11-20',
    );
    expect(repairs).not.toHaveProperty('valid_to');
    expect(shared.status).toBe('temporarily closed');
    expect((await json(`/api/hsds/services/${serviceId(sites.closed)}`)).status).toBe('temporarily closed');
  });

  it('leaves out what a site does not have: position, phone, e-mail; an unsplittable address is published whole', async () => {
    const service = await json(`/api/hsds/services/${serviceId(sites.nowhere)}`);
    const location = service.service_at_locations[0].location;
    expect(location).not.toHaveProperty('latitude');
    expect(location).not.toHaveProperty('longitude');
    expect(location.phones).toEqual([]);
    expect(location.addresses[0]).toMatchObject({
      address_1: 'Civic Center Plaza',
      city: '',
      postal_code: '',
    });
    expect(service).not.toHaveProperty('email');
    expect(service.url).toBe(`http://meals.test/sites/${sites.nowhere}`);
    expect(service.service_at_locations[0].schedules).toEqual([
      expect.objectContaining({ description: 'Closed on 2026-11-26: Thanksgiving.' }),
    ]);
  });

  it('names a single nutrition partner as the organization, and the agency otherwise', async () => {
    const agency = uuidV5(NAMESPACE, 'organization:agency');
    expect((await json(`/api/hsds/services/${serviceId(sites.monthly)}`)).organization_id).toBe(agency);
    expect((await json(`/api/hsds/services/${serviceId(sites.closed)}`)).organization_id).toBe(agency);
    const partner = uuidV5(NAMESPACE, `organization:partner:${ids.partnerB}`);
    expect((await json(`/api/hsds/services/${serviceId(sites.shared)}`)).organization_id).toBe(partner);
    const organization = await json(`/api/hsds/organizations/${partner}`);
    expect(organization.services.map((s: { name: string }) => s.name)).toEqual(['Excelsior Lunch Club']);
    expect(organization.phones).toEqual([]);
    const filtered = await json(`/api/hsds/services?organization_id=${partner}`);
    expect(filtered.contents.map((s: { name: string }) => s.name)).toEqual(['Excelsior Lunch Club']);
  });
});

describe('pages', () => {
  it('splits the services into pages with the standard Page fields', async () => {
    const first = await json('/api/hsds/services?per_page=4');
    expect(first).toMatchObject({
      total_items: 6,
      total_pages: 2,
      page_number: 1,
      size: 4,
      first_page: true,
      last_page: false,
      empty: false,
    });
    const second = await json('/api/hsds/services?per_page=4&page=2');
    expect(second).toMatchObject({
      page_number: 2,
      size: 2,
      first_page: false,
      last_page: true,
      empty: false,
    });
    const names = [...first.contents, ...second.contents].map((s: { name: string }) => s.name);
    expect(new Set(names).size).toBe(6);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('answers a page past the last as empty, and 50 a page by default', async () => {
    const beyond = await json('/api/hsds/services?page=9');
    expect(beyond).toMatchObject({
      total_items: 6,
      page_number: 9,
      size: 0,
      empty: true,
      last_page: true,
      contents: [],
    });
    expect(hsdsErrors('servicePage', beyond)).toEqual([]);
    expect((await json('/api/hsds/services')).size).toBe(6);
    expect((await json('/api/hsds/services?per_page=1')).total_pages).toBe(6);
    expect((await json('/api/hsds/services?per_page=500')).size).toBe(6);
  });

  it.each([
    ['page=0', 'page', 'out_of_range'],
    ['page=-1', 'page', 'not_a_number'],
    ['page=abc', 'page', 'not_a_number'],
    ['page=1&page=2', 'page', 'not_a_number'],
    ['per_page=0', 'per_page', 'out_of_range'],
    ['per_page=501', 'per_page', 'out_of_range'],
    ['per_page=1.5', 'per_page', 'not_a_number'],
    ['modified_after=yesterday', 'modified_after', 'invalid_date'],
    ['modified_after=2026-13-01', 'modified_after', 'invalid_date'],
    [`search=${'a'.repeat(201)}`, 'search', 'too_long'],
    ['format=ndjson', 'format', 'invalid'],
  ])('refuses %s with 422 naming the parameter', async (query, path, code) => {
    for (const list of ['services', 'service_at_locations', 'organizations']) {
      const response = await get(`/api/hsds/${list}?${query}`);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors).toEqual([expect.objectContaining({ path, code })]);
      expect(response.headers['access-control-allow-origin']).toBe('*');
    }
  });

  it('modified_after keeps the services whose site changed at or after the time', async () => {
    const patched = await as({
      method: 'PATCH',
      url: apiPaths.site(sites.cafe),
      payload: { email: 'cafe@example.org' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const since = patched.json().updatedAt;
    const page = await json(`/api/hsds/services?modified_after=${encodeURIComponent(since)}`);
    expect(page.contents.map((s: { id: string }) => s.id)).toEqual([serviceId(sites.cafe)]);
    const later = new Date(Date.parse(since) + 1).toISOString();
    expect((await json(`/api/hsds/services?modified_after=${later}`)).total_items).toBe(0);
    expect((await json('/api/hsds/services?modified_after=2000-01-01')).total_items).toBe(6);
    expect((await json('/api/hsds/services?modified_after=2000-01-01T00:00:00-08:00')).total_items).toBe(6);
  });

  it('search is the directory’s name search (every word in names, address or partners), without regard to case or accents', async () => {
    const names = async (search: string) =>
      (await json(`/api/hsds/services?search=${encodeURIComponent(search)}`)).contents.map(
        (s: { name: string }) => s.name,
      );
    expect(await names('cafe senor')).toEqual(['Café Señor Dining']);
    expect(await names('CAFÉ')).toEqual(['Café Señor Dining']);
    // Not the description's meal types ("serving Lunch"), as the locations page's name search (R724).
    expect(await names('lunch')).toEqual(['Bayview Senior Lunch', 'Excelsior Lunch Club']);
    expect(await names('senor cafe')).toEqual(['Café Señor Dining']);
    expect(await names('nothing like this')).toEqual([]);
    expect(await names('   ')).toHaveLength(6);
    const organizations = await json('/api/hsds/organizations?search=self-help');
    expect(organizations.contents.map((o: { name: string }) => o.name)).toEqual([
      'Self-Help for the Elderly',
    ]);
  });

  it('filters by taxonomy term and taxonomy', async () => {
    const term = uuidV5(NAMESPACE, `taxonomy_term:covidstatuses:${ids.shut}`);
    const byTerm = await json(`/api/hsds/services?taxonomy_term_id=${term}`);
    expect(byTerm.contents.map((s: { name: string }) => s.name)).toEqual(['Bayview Senior Lunch']);
    const byTaxonomy = await json(
      `/api/hsds/service_at_locations?taxonomy_id=${uuidV5(NAMESPACE, 'taxonomy:mealtypes')}`,
    );
    expect(byTaxonomy.contents).toEqual([
      expect.objectContaining({
        service_id: serviceId(sites.weekly),
        location_id: uuidV5(NAMESPACE, `location:${sites.weekly}`),
      }),
    ]);
  });
});

describe('ids', () => {
  it('are UUID v5 of the site in our namespace, the same from another app instance over the same data', async () => {
    const other = await buildApp(ctx.config, {
      database: ctx.database,
      secret: TEST_SECRET,
      now: () => clock,
    });
    try {
      await other.ready();
      for (const url of [
        '/api/hsds/services?per_page=500',
        `/api/hsds/services/${serviceId(sites.monthly)}`,
        '/api/hsds/organizations',
      ]) {
        const again = await other.inject({ method: 'GET', url });
        expect(again.json()).toEqual(await json(url));
      }
    } finally {
      await other.close();
    }
  });

  it('change with HSDS_ID_NAMESPACE, for a second installation whose feed may be merged with ours', async () => {
    const namespace = '0f4b3ad6-2a5f-4c55-9f0c-0b9f1f0c6d7e';
    const other = await buildApp(
      { ...ctx.config, HSDS_ID_NAMESPACE: namespace },
      { database: ctx.database, secret: TEST_SECRET, now: () => clock },
    );
    try {
      await other.ready();
      const response = await other.inject({
        method: 'GET',
        url: `/api/hsds/services/${uuidV5(namespace, `service:${sites.weekly}`)}`,
      });
      expect(response.statusCode).toBe(200);
      expect(
        (await other.inject({ method: 'GET', url: `/api/hsds/services/${serviceId(sites.weekly)}` }))
          .statusCode,
      ).toBe(404);
    } finally {
      await other.close();
    }
  });

  it.each(['services', 'service_at_locations', 'organizations'])(
    '/api/hsds/%s/{id} is 404 for an unknown id and a non-UUID',
    async (list) => {
      for (const id of [
        uuidV5(NAMESPACE, 'service:999999'),
        '12',
        'not-a-uuid',
        `${serviceId(sites.weekly)}x`,
      ]) {
        const response = await get(`/api/hsds/${list}/${id}`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ status: 404, message: 'Not found' });
      }
    },
  );
});

describe('the zipped tabular data package', () => {
  it('holds datapackage.json and one CSV per resource, whose headers are its fields and whose rows fit them', async () => {
    const response = await get('/api/hsds/datapackage.zip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const descriptor = JSON.parse(strFromU8(files['datapackage.json']!));
    expect(descriptor.profile).toBe('tabular-data-package');
    const paths = descriptor.resources.map((r: { path: string }) => r.path);
    expect(Object.keys(files).sort()).toEqual(['datapackage.json', ...paths].sort());
    expect(paths).toEqual(
      expect.arrayContaining([
        'services.csv',
        'locations.csv',
        'organizations.csv',
        'service_at_location.csv',
        'addresses.csv',
        'phones.csv',
        'schedules.csv',
        'taxonomies.csv',
        'taxonomy_terms.csv',
        'attributes.csv',
      ]),
    );

    const tables: Record<string, Record<string, string>[]> = {};
    for (const resource of descriptor.resources) {
      expect(resource).toMatchObject({
        profile: 'tabular-data-resource',
        format: 'csv',
        mediatype: 'text/csv',
      });
      const [header, ...rows] = parseCsv(strFromU8(files[resource.path]!)) as string[][];
      const fields = resource.schema.fields as {
        name: string;
        type: string;
        format?: string;
        constraints?: { required?: boolean };
      }[];
      expect(header).toEqual(fields.map((field) => field.name));
      tables[resource.name] = rows.map((row) =>
        Object.fromEntries(header!.map((name, i) => [name, row[i]!])),
      );
      for (const row of tables[resource.name]!) {
        for (const field of fields) {
          const value = row[field.name]!;
          if (
            field.constraints?.required &&
            field.name !== 'city' &&
            field.name !== 'state_province' &&
            field.name !== 'postal_code'
          )
            expect(value, `${resource.name}.${field.name}`).not.toBe('');
          if (value === '') continue;
          if (field.format === 'uuid')
            expect(value).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
          if (field.type === 'number') expect(Number.isFinite(Number(value))).toBe(true);
          if (field.type === 'date') expect(value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          if (field.type === 'time') expect(value).toMatch(/^\d{2}:\d{2}$/);
        }
      }
    }
    expect(tables.service).toHaveLength(6);
    expect(
      tables
        .schedule!.filter((row) => row.freq === 'MONTHLY')
        .map((row) => row.byday)
        .sort(),
    ).toEqual(['-1FR', '1WE,3WE']);
    expect(tables.organization).toHaveLength(3);
    // Every foreign key names a row of the table it refers to.
    for (const resource of descriptor.resources) {
      for (const key of resource.schema.foreignKeys ?? []) {
        const known = new Set(tables[key.reference.resource]!.map((row) => row.id));
        for (const row of tables[resource.name]!) {
          const value = row[key.fields]!;
          if (value !== '') expect(known.has(value), `${resource.name}.${key.fields}`).toBe(true);
        }
      }
    }
    // The same records as the JSON answers.
    const weekly = await json(`/api/hsds/services/${serviceId(sites.weekly)}`);
    expect(tables.service!.find((row) => row.id === weekly.id)).toMatchObject({
      name: weekly.name,
      status: weekly.status,
    });
  });
});

describe('work', () => {
  it('builds the feed in the same number of queries whatever the number of sites, and none while cached', async () => {
    const { db } = ctx.database;
    // Spies call through: they only count the statements the feed sends.
    const count = vi.spyOn(db, 'execute');
    const select = vi.spyOn(db, 'select');
    const build = async () => {
      ctx.app.responseCache.invalidate();
      count.mockClear();
      select.mockClear();
      expect((await get('/api/hsds/services?per_page=500')).statusCode).toBe(200);
      return count.mock.calls.length + select.mock.calls.length;
    };
    try {
      const before = await build();
      expect(before).toBeGreaterThan(0);
      for (let i = 0; i < 5; i += 1)
        await site({ NutritionPartnerIds: [ids.partnerA!], PopulationIds: [ids.seniors!] });
      expect(await build()).toBe(before);
      count.mockClear();
      select.mockClear();
      await get('/api/hsds/datapackage.zip');
      await get(`/api/hsds/services/${serviceId(sites.weekly)}`);
      expect(count.mock.calls.length + select.mock.calls.length).toBe(0);
    } finally {
      count.mockRestore();
      select.mockRestore();
    }
  });
});

describe('hostile input', () => {
  const values = [
    '%00',
    '__proto__',
    'constructor',
    '%E0%A4%A',
    '1e3',
    ' 1',
    '-0',
    'NaN',
    '%F0%9F%8D%B2',
    'x'.repeat(1500),
  ];
  const keys = [
    'page',
    'per_page',
    'search',
    'modified_after',
    'organization_id',
    'taxonomy_term_id',
    'taxonomy_id',
    'page[]',
    'format',
  ];

  it('never fails with 500: bad parameters are 422, bad ids 404, all with the error shape', async () => {
    for (const list of ['services', 'service_at_locations', 'organizations']) {
      for (const value of values) {
        for (const key of keys) {
          const response = await get(`/api/hsds/${list}?${key}=${value}`);
          expect([200, 400, 422], `${list} ${key}=${value.slice(0, 20)}`).toContain(response.statusCode);
          const body = response.json();
          if (response.statusCode !== 200) expect(body.status).toBe(response.statusCode);
        }
        const record = await get(`/api/hsds/${list}/${value}`);
        expect([400, 404], `${list}/${value.slice(0, 20)}`).toContain(record.statusCode);
        expect(record.json().status).toBe(record.statusCode);
      }
    }
  });
});

describe('caching and other systems', () => {
  it('answers 304 to a repeated request until a directory write changes the data', async () => {
    for (const url of ['/api/hsds/services', '/api/hsds/datapackage.zip']) {
      const first = await get(url);
      const etag = first.headers.etag as string;
      expect(etag).toBeTruthy();
      expect(first.headers['cache-control']).toBe('public, no-cache');
      expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);
    }
    const before = await get('/api/hsds/services?per_page=500');
    const zip = await get('/api/hsds/datapackage.zip');
    const renamed = await as({
      method: 'PATCH',
      url: apiPaths.site(sites.nowhere),
      payload: { name: 'Civic Center Pop-up Lunch' },
    });
    expect(renamed.statusCode).toBe(200);
    const after = await get('/api/hsds/services?per_page=500', {
      'if-none-match': before.headers.etag as string,
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().contents.map((s: { name: string }) => s.name)).toContain('Civic Center Pop-up Lunch');
    expect(
      (await get('/api/hsds/datapackage.zip', { 'if-none-match': zip.headers.etag as string })).statusCode,
    ).toBe(200);
  });

  it('lets a page on any origin read it (CORS), preflight included, and sets no cookie', async () => {
    const response = await get('/api/hsds/services', { origin: 'https://other.example.org' });
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['set-cookie']).toBeUndefined();
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/hsds/services',
      headers: { origin: 'https://other.example.org', 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toContain('GET');
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    // The directory's own API stays same-origin.
    expect(
      (await get('/api/sites', { origin: 'https://other.example.org' })).headers[
        'access-control-allow-origin'
      ],
    ).toBeUndefined();
  });
});
