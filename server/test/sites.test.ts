import { count } from 'drizzle-orm';
import { NodePgPreparedQuery } from 'drizzle-orm/node-postgres';
import { PglitePreparedQuery } from 'drizzle-orm/pglite';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REFERENCE_LIST_NAMES, REFERENCE_LISTS } from '#shared/schemas/reference-lists.ts';
import { buildNutritionPartner, buildReferenceItem, buildSite } from '#testing/factories.ts';
import { REFERENCE_TABLES } from '../db/reference-tables.ts';
import { siteHours, sites } from '../db/schema.ts';
import { cachedSitesJson } from '../services/site-reads.ts';
import { createTestApp, signInRoles, type TestContext } from './helpers.ts';

let ctx: TestContext;
let cookies: Awaited<ReturnType<typeof signInRoles>>;

beforeAll(async () => {
  ctx = await createTestApp();
  cookies = await signInRoles(ctx);
});
afterAll(() => ctx.close());

type Site = Record<string, unknown> & { id: number; version: number };

/** A request as the signed-in administrator. */
const asAdmin = (options: InjectOptions) =>
  ctx.app.inject({ ...options, headers: { cookie: cookies.admin.cookie, ...options.headers } });

const createItem = async (list: (typeof REFERENCE_LIST_NAMES)[number], body: object) => {
  const response = await asAdmin({ method: 'POST', url: `/api/${list}`, payload: body });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; name: string } & Record<string, unknown>;
};

const createSite = async (body: object = buildSite()): Promise<Site> => {
  const response = await asAdmin({ method: 'POST', url: '/api/sites', payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
};

const getSite = async (id: number): Promise<Site> => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/sites/${id}` });
  expect(response.statusCode).toBe(200);
  return response.json();
};

/** Rows in sites, site_hours and every link table: what a rolled-back write must leave unchanged. */
async function rowCounts() {
  const { db } = ctx.database;
  const counts: Record<string, number> = {};
  const tables = {
    sites,
    siteHours,
    ...Object.fromEntries(REFERENCE_LIST_NAMES.map((list) => [list, REFERENCE_TABLES[list].link])),
  };
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ n: count() }).from(table as typeof sites);
    counts[name] = row!.n;
  }
  return counts;
}

/** One item in each of the five lists (the nutrition partner with its contact fields). */
async function oneOfEach() {
  const partner = await createItem('nutritionpartners', buildNutritionPartner());
  const population = await createItem('populations', buildReferenceItem());
  const mealType = await createItem('mealtypes', buildReferenceItem());
  const service = await createItem('services', buildReferenceItem());
  const status = await createItem('covidstatuses', buildReferenceItem());
  return { partner, population, mealType, service, status };
}

const SITE_KEYS = [
  'CovidStatuses',
  'Hours',
  'MealTypes',
  'NutritionPartners',
  'Populations',
  'Services',
  'address',
  'confirmedAt',
  'email',
  'facts',
  'id',
  'lat',
  'lng',
  'name',
  'phoneExtension',
  'phoneNumber',
  'translations',
  'updatedAt',
  'version',
  'website',
];

describe('site shape', () => {
  it('answers the same complete shape in the list, by id and on create', async () => {
    const { partner, population, mealType, service, status } = await oneOfEach();
    const created = await createSite(
      buildSite({
        name: 'Shape Check Dining Room',
        NutritionPartnerIds: [partner.id],
        PopulationIds: [population.id],
        MealTypeIds: [mealType.id],
        ServiceIds: [service.id],
        CovidStatusIds: [status.id],
      }),
    );
    expect(Object.keys(created).sort()).toEqual(SITE_KEYS);
    expect(created.NutritionPartners).toEqual([
      {
        id: partner.id,
        name: partner.name,
        translations: {},
        phoneNumber: partner.phoneNumber,
        email: partner.email,
        website: partner.website,
      },
    ]);
    expect(partner.phoneNumber).toMatch(/^\d{10}$/);
    expect(created.Populations).toEqual([{ id: population.id, name: population.name, translations: {} }]);
    expect(created.MealTypes).toEqual([{ id: mealType.id, name: mealType.name, translations: {} }]);
    expect(created.Services).toEqual([{ id: service.id, name: service.name, translations: {} }]);
    expect(created.CovidStatuses).toEqual([
      { id: status.id, name: status.name, translations: {}, closesSite: false },
    ]);
    expect(typeof created.lat).toBe('number');
    expect(typeof created.lng).toBe('number');
    expect(created.version).toBe(1);
    expect(new Date(created.updatedAt as string).toISOString()).toBe(created.updatedAt);

    const list = await ctx.app.inject({ method: 'GET', url: '/api/sites' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toMatch(/^application\/json/);
    const fromList = (list.json() as Site[]).find((s) => s.id === created.id);
    expect(fromList).toEqual(created);

    const one = await ctx.app.inject({ method: 'GET', url: `/api/sites/${created.id}` });
    expect(one.headers['content-type']).toMatch(/^application\/json/);
    expect(one.json()).toEqual(created);
  });

  it('lists sites by name', async () => {
    for (const name of ['Order Charlie', 'Order Alpha', 'Order Bravo']) await createSite(buildSite({ name }));
    const names = ((await ctx.app.inject({ method: 'GET', url: '/api/sites' })).json() as Site[])
      .map((s) => s.name)
      .filter((name) => String(name).startsWith('Order '));
    expect(names).toEqual(['Order Alpha', 'Order Bravo', 'Order Charlie']);
  });

  it('answers the whole list of 30 sites with their lists in a constant number of queries', async () => {
    const items = await oneOfEach();
    const ids = {
      NutritionPartnerIds: [items.partner.id],
      PopulationIds: [items.population.id],
      MealTypeIds: [items.mealType.id],
      ServiceIds: [items.service.id],
      CovidStatusIds: [items.status.id],
    };
    // The list the cache keeps is built by one service (in chunks of many sites, inside one snapshot):
    // its statements must not grow with the sites. The answer itself comes through the API.
    const countQueries = async () => {
      const counted = await countStatements(() => cachedSitesJson(ctx.database.db));
      const response = await ctx.app.inject({ method: 'GET', url: '/api/sites' });
      expect(response.statusCode).toBe(200);
      return { queries: counted.statements, body: response.json() as Site[] };
    };
    await createSite(buildSite({ name: 'N+1 probe 00', ...ids }));
    const few = await countQueries();
    const created: number[] = [];
    for (let i = 1; i < 30; i++)
      created.push((await createSite(buildSite({ name: `N+1 probe ${i}`, ...ids }))).id);
    const many = await countQueries();

    const probes = many.body.filter((s) => String(s.name).startsWith('N+1 probe'));
    expect(probes).toHaveLength(30);
    expect(many.body.map((s) => s.id)).toEqual(expect.arrayContaining(created));
    for (const site of probes) {
      expect(site.NutritionPartners).toEqual([expect.objectContaining({ id: items.partner.id })]);
      expect(site.Populations).toEqual([
        { id: items.population.id, name: items.population.name, translations: {} },
      ]);
      expect(site.CovidStatuses).toEqual([
        { id: items.status.id, name: items.status.name, translations: {}, closesSite: false },
      ]);
      expect(site.Hours).toHaveLength(2);
    }
    expect(few.queries).toBeGreaterThan(0);
    expect(many.queries).toBe(few.queries);
  });
});

describe('creating a site', () => {
  it('saves all five lists and the hours', async () => {
    const { partner, population, mealType, service, status } = await oneOfEach();
    const second = await createItem('populations', { name: 'AAA adults with disabilities' });
    const site = await createSite(
      buildSite({
        NutritionPartnerIds: [partner.id],
        PopulationIds: [population.id, second.id],
        MealTypeIds: [mealType.id],
        ServiceIds: [service.id],
        CovidStatusIds: [status.id],
        Hours: [{ day: 2, open: '10:00', close: '12:00' }],
      }),
    );
    const stored = await getSite(site.id);
    expect((stored.NutritionPartners as { id: number }[]).map((i) => i.id)).toEqual([partner.id]);
    // Items come back by name.
    expect(stored.Populations).toEqual([
      { id: second.id, name: 'AAA adults with disabilities', translations: {} },
      { id: population.id, name: population.name, translations: {} },
    ]);
    expect((stored.MealTypes as { id: number }[]).map((i) => i.id)).toEqual([mealType.id]);
    expect((stored.Services as { id: number }[]).map((i) => i.id)).toEqual([service.id]);
    expect((stored.CovidStatuses as { id: number }[]).map((i) => i.id)).toEqual([status.id]);
    expect(stored.Hours).toEqual([{ day: 2, open: '10:00', close: '12:00' }]);
  });

  it('defaults omitted lists and hours to empty, the phone to "" and other contact fields to null', async () => {
    const site = await createSite({ name: 'Bare Minimum', address: '1 Bare St' });
    expect(site).toMatchObject({
      name: 'Bare Minimum',
      address: '1 Bare St',
      phoneNumber: '',
      email: null,
      website: null,
      lat: null,
      lng: null,
      Hours: [],
      NutritionPartners: [],
      Populations: [],
      MealTypes: [],
      Services: [],
      CovidStatuses: [],
    });
  });

  it('collapses duplicate ids', async () => {
    const { population, service } = await oneOfEach();
    const site = await createSite(
      buildSite({
        PopulationIds: [population.id, population.id, population.id],
        ServiceIds: [service.id, service.id],
      }),
    );
    expect(site.Populations).toEqual([{ id: population.id, name: population.name, translations: {} }]);
    expect(site.Services).toEqual([{ id: service.id, name: service.name, translations: {} }]);
  });

  it('refuses unknown ids with 422 naming the list, and saves nothing', async () => {
    const { population, service } = await oneOfEach();
    const before = await rowCounts();
    const response = await asAdmin({
      method: 'POST',
      url: '/api/sites',
      payload: buildSite({
        name: 'Never Saved',
        PopulationIds: [population.id, 999_999],
        ServiceIds: [service.id],
        CovidStatusIds: [888_888],
      }),
    });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.status).toBe(422);
    expect(body.errors).toEqual([
      {
        path: 'PopulationIds',
        message: 'has unknown ids: 999999',
        code: 'unknown_ids',
        params: { ids: [999_999] },
      },
      {
        path: 'CovidStatusIds',
        message: 'has unknown ids: 888888',
        code: 'unknown_ids',
        params: { ids: [888_888] },
      },
    ]);
    expect(await rowCounts()).toEqual(before);
    const names = ((await ctx.app.inject({ method: 'GET', url: '/api/sites' })).json() as Site[]).map(
      (s) => s.name,
    );
    expect(names).not.toContain('Never Saved');
  });

  it('returns hours as HH:mm sorted by day then opening time', async () => {
    const site = await createSite(
      buildSite({
        Hours: [
          { day: 5, open: '9:00', close: '11:30' },
          { day: 1, open: '14:00', close: '16:00' },
          { day: 0, open: '8:05', close: '9:15' },
          { day: 1, open: '9:30', close: '12:00' },
          { day: 1, open: '12:30', close: '13:00' },
        ],
      }),
    );
    const expected = [
      { day: 0, open: '08:05', close: '09:15' },
      { day: 1, open: '09:30', close: '12:00' },
      { day: 1, open: '12:30', close: '13:00' },
      { day: 1, open: '14:00', close: '16:00' },
      { day: 5, open: '09:00', close: '11:30' },
    ];
    expect(site.Hours).toEqual(expected);
    expect((await getSite(site.id)).Hours).toEqual(expected);
  });

  it('keeps the weeks of the month an interval is limited to, answering weeks only when set', async () => {
    const site = await createSite(
      buildSite({
        Hours: [
          { day: 2, open: '11:30', close: '13:30', weeks: [3, 1, 3] },
          { day: 4, open: '11:30', close: '13:30', weeks: [-1] },
          { day: 5, open: '11:30', close: '13:30', weeks: null },
          { day: 1, open: '11:30', close: '13:30' },
        ] as never,
      }),
    );
    const expected = [
      { day: 1, open: '11:30', close: '13:30' },
      { day: 2, open: '11:30', close: '13:30', weeks: [1, 3] },
      { day: 4, open: '11:30', close: '13:30', weeks: [-1] },
      { day: 5, open: '11:30', close: '13:30' },
    ];
    expect(site.Hours).toEqual(expected);
    expect((await getSite(site.id)).Hours).toEqual(expected);
    const listed = ((await ctx.app.inject({ method: 'GET', url: '/api/sites' })).json() as Site[]).find(
      (s) => s.id === site.id,
    );
    expect(listed?.Hours).toEqual(expected);

    const patched = await asAdmin({
      method: 'PATCH',
      url: `/api/sites/${site.id}`,
      payload: { Hours: [{ day: 2, open: '11:30', close: '13:30', weeks: [-1, 4, 2] }] },
    });
    expect(patched.json().Hours).toEqual([{ day: 2, open: '11:30', close: '13:30', weeks: [2, 4, -1] }]);
  });

  it.each([[[]], [[5]], [[0]], [['1']], [[1.5]], ['1st']])('refuses the weeks %j', async (weeks) => {
    const response = await asAdmin({
      method: 'POST',
      url: '/api/sites',
      payload: buildSite({ Hours: [{ day: 2, open: '9:00', close: '10:00', weeks }] as never }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      expect.objectContaining({ path: expect.stringMatching(/^Hours\.0\.weeks/), code: 'invalid_weeks' }),
    ]);
  });

  it.each([
    ['(415) 555-0123', '4155550123'],
    ['415.555.0124', '4155550124'],
    ['415 555 0125', '4155550125'],
    ['+1 (415) 555-0126', '4155550126'],
    ['', ''],
  ])('answers the phone number typed as %j as %j', async (typed, stored) => {
    const site = await createSite(buildSite({ phoneNumber: typed }));
    expect(site.phoneNumber).toBe(stored);
    expect((await getSite(site.id)).phoneNumber).toBe(stored);
  });

  it('adds https:// to a website without a scheme and keeps http:// as given', async () => {
    const bare = await createSite(buildSite({ website: 'lunch.example.org/menu' }));
    expect(bare.website).toBe('https://lunch.example.org/menu');
    const http = await createSite(buildSite({ website: 'http://plain.example.org' }));
    expect(http.website).toBe('http://plain.example.org');
  });

  it('trims text and lower-cases the e-mail address', async () => {
    const site = await createSite(
      buildSite({ name: '  Padded Name  ', address: ' 9 Space St ', email: ' Chef@Example.ORG ' }),
    );
    expect(site).toMatchObject({ name: 'Padded Name', address: '9 Space St', email: 'chef@example.org' });
  });

  it('keeps the coordinates given', async () => {
    const site = await createSite(buildSite({ lat: 37.762_345, lng: -122.435_678 }));
    expect(site.lat).toBe(37.762_345);
    expect(site.lng).toBe(-122.435_678);
    expect(await getSite(site.id)).toMatchObject({ lat: 37.762_345, lng: -122.435_678 });
  });
});

describe('updating a site', () => {
  it('replaces given lists and hours exactly, keeps omitted ones, and [] clears', async () => {
    const a = await oneOfEach();
    const b = await oneOfEach();
    const site = await createSite(
      buildSite({
        NutritionPartnerIds: [a.partner.id],
        PopulationIds: [a.population.id],
        MealTypeIds: [a.mealType.id],
        ServiceIds: [a.service.id],
        CovidStatusIds: [a.status.id],
        Hours: [{ day: 1, open: '09:00', close: '10:00' }],
      }),
    );

    const response = await asAdmin({
      method: 'PATCH',
      url: `/api/sites/${site.id}`,
      payload: {
        PopulationIds: [b.population.id],
        ServiceIds: [],
        Hours: [
          { day: 4, open: '13:00', close: '14:00' },
          { day: 3, open: '8:00', close: '9:00' },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json() as Site;
    expect(updated.Populations).toEqual([{ id: b.population.id, name: b.population.name, translations: {} }]);
    expect(updated.Services).toEqual([]);
    expect((updated.NutritionPartners as { id: number }[]).map((i) => i.id)).toEqual([a.partner.id]);
    expect(updated.MealTypes).toEqual([{ id: a.mealType.id, name: a.mealType.name, translations: {} }]);
    expect(updated.CovidStatuses).toEqual([
      { id: a.status.id, name: a.status.name, translations: {}, closesSite: false },
    ]);
    expect(updated.Hours).toEqual([
      { day: 3, open: '08:00', close: '09:00' },
      { day: 4, open: '13:00', close: '14:00' },
    ]);
    expect(updated.version).toBe(site.version + 1);
    expect(await getSite(site.id)).toEqual(updated);

    const cleared = await asAdmin({
      method: 'PATCH',
      url: `/api/sites/${site.id}`,
      payload: { Hours: [], NutritionPartnerIds: [], MealTypeIds: [], CovidStatusIds: [], PopulationIds: [] },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({
      Hours: [],
      NutritionPartners: [],
      Populations: [],
      MealTypes: [],
      Services: [],
      CovidStatuses: [],
    });
  });

  it('changes only the fields given and keeps the others', async () => {
    const site = await createSite(buildSite({ phoneNumber: '4155550199', email: 'keep@example.org' }));
    const response = await asAdmin({
      method: 'PATCH',
      url: `/api/sites/${site.id}`,
      payload: { name: 'Renamed Dining Room' },
    });
    expect(response.statusCode).toBe(200);
    const { version, updatedAt, name, ...rest } = response.json() as Site;
    const { version: _v, updatedAt: _u, name: _n, ...restBefore } = site;
    expect(name).toBe('Renamed Dining Room');
    expect(rest).toEqual(restBefore);
    expect(version).toBe(site.version + 1);
    expect(Date.parse(updatedAt as string)).toBeGreaterThanOrEqual(Date.parse(site.updatedAt as string));
  });

  it('clears optional fields sent as empty text or null', async () => {
    const site = await createSite(buildSite());
    const response = await asAdmin({
      method: 'PATCH',
      url: `/api/sites/${site.id}`,
      payload: { phoneNumber: '', email: null, website: '  ', lat: null, lng: null },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      phoneNumber: '',
      email: null,
      website: null,
      lat: null,
      lng: null,
    });
  });

  it('accepts the whole site as read back (a client may send the whole entity)', async () => {
    const items = await oneOfEach();
    const site = await createSite(buildSite({ PopulationIds: [items.population.id] }));
    const { id: _id, version: _version, updatedAt: _updatedAt, ...entity } = site;
    const response = await asAdmin({
      method: 'PATCH',
      url: `/api/sites/${site.id}`,
      payload: { ...entity, name: 'Whole Entity Edit', PopulationIds: [items.population.id] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Whole Entity Edit',
      Populations: [{ id: items.population.id, name: items.population.name, translations: {} }],
    });
  });

  it('collapses duplicate ids', async () => {
    const { mealType } = await oneOfEach();
    const site = await createSite();
    const response = await asAdmin({
      method: 'PATCH',
      url: `/api/sites/${site.id}`,
      payload: { MealTypeIds: [mealType.id, mealType.id] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().MealTypes).toEqual([{ id: mealType.id, name: mealType.name, translations: {} }]);
  });

  it('refuses unknown ids with 422 and changes nothing (the transaction is rolled back)', async () => {
    const a = await oneOfEach();
    const site = await createSite(
      buildSite({ PopulationIds: [a.population.id], ServiceIds: [a.service.id], name: 'Rollback Probe' }),
    );
    const before = await rowCounts();
    const response = await asAdmin({
      method: 'PATCH',
      url: `/api/sites/${site.id}`,
      // The name, hours and services come before the bad list: all of it must be undone.
      payload: {
        name: 'Should Not Stick',
        Hours: [],
        ServiceIds: [],
        MealTypeIds: [a.mealType.id, 2_000_000_000],
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      status: 422,
      errors: [
        {
          path: 'MealTypeIds',
          message: 'has unknown ids: 2000000000',
          code: 'unknown_ids',
          params: { ids: [2_000_000_000] },
        },
      ],
    });
    expect(await rowCounts()).toEqual(before);
    expect(await getSite(site.id)).toEqual(site);
  });

  it('keeps the coordinates given', async () => {
    const site = await createSite();
    const response = await asAdmin({
      method: 'PATCH',
      url: `/api/sites/${site.id}`,
      payload: { lat: -33.868_82, lng: 151.209_29 },
    });
    expect(response.json()).toMatchObject({ lat: -33.868_82, lng: 151.209_29 });
  });
});

describe('clients written against the previous API', () => {
  it('reads a one-digit weekday sent as text ("0"-"6") and answers numbers', async () => {
    const site = await createSite(
      buildSite({
        Hours: [
          { day: '1', open: '9:00', close: '11:00' },
          { day: '6', open: '10:00', close: '12:00' },
          { day: '0', open: '8:00', close: '9:00' },
        ] as never,
      }),
    );
    expect(site.Hours).toEqual([
      { day: 0, open: '08:00', close: '09:00' },
      { day: 1, open: '09:00', close: '11:00' },
      { day: 6, open: '10:00', close: '12:00' },
    ]);
    const patched = await asAdmin({
      method: 'PATCH',
      url: `/api/sites/${site.id}`,
      payload: { Hours: [{ day: '3', open: '9:00', close: '10:00' }] },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().Hours).toEqual([{ day: 3, open: '09:00', close: '10:00' }]);
  });

  it.each(['7', '-1', '01', '1.0', ' 1', '', 'Monday', '１'])('still refuses the weekday %j', async (day) => {
    const response = await asAdmin({
      method: 'POST',
      url: '/api/sites',
      payload: buildSite({ Hours: [{ day, open: '9:00', close: '10:00' }] as never }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      {
        path: 'Hours.0.day',
        message: 'must be a weekday from 0 (Sunday) to 6 (Saturday)',
        code: 'invalid_weekday',
      },
    ]);
  });

  it('answers phoneNumber "" (never null) for a site without a phone, alone and in the list', async () => {
    const site = await createSite(buildSite({ phoneNumber: null }));
    expect(site.phoneNumber).toBe('');
    expect((await getSite(site.id)).phoneNumber).toBe('');
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/sites' })).json() as Record<
      string,
      unknown
    >[];
    expect(list.find((s) => s.id === site.id)?.phoneNumber).toBe('');
  });
});

describe('deleting a site', () => {
  it('answers 204 with no body, then the site is gone (404) with its hours and links', async () => {
    const items = await oneOfEach();
    const site = await createSite(
      buildSite({ PopulationIds: [items.population.id], NutritionPartnerIds: [items.partner.id] }),
    );
    const before = await rowCounts();
    const response = await asAdmin({ method: 'DELETE', url: `/api/sites/${site.id}` });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const after = await rowCounts();
    expect(after.sites).toBe(before.sites! - 1);
    expect(after.siteHours).toBe(before.siteHours! - 2);
    expect(after.populations).toBe(before.populations! - 1);
    expect(after.nutritionpartners).toBe(before.nutritionpartners! - 1);

    const gone = await ctx.app.inject({ method: 'GET', url: `/api/sites/${site.id}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ status: 404, message: 'Not found' });
    const again = await asAdmin({ method: 'DELETE', url: `/api/sites/${site.id}` });
    expect(again.statusCode).toBe(404);
    // The reference item itself stays.
    const item = await ctx.app.inject({ method: 'GET', url: `/api/populations/${items.population.id}` });
    expect(item.statusCode).toBe(200);
  });
});

describe('the public list follows every write at once', () => {
  it('shows a created site, its edit, and no longer shows it once deleted', async () => {
    const names = async () =>
      ((await ctx.app.inject({ method: 'GET', url: '/api/sites' })).json() as Site[]).map((s) => s.name);
    const site = await createSite(buildSite({ name: 'Fresh Listing' }));
    expect(await names()).toContain('Fresh Listing');
    await asAdmin({ method: 'PATCH', url: `/api/sites/${site.id}`, payload: { name: 'Edited Listing' } });
    expect(await names()).toContain('Edited Listing');
    expect(await names()).not.toContain('Fresh Listing');
    await asAdmin({ method: 'DELETE', url: `/api/sites/${site.id}` });
    expect(await names()).not.toContain('Edited Listing');
  });

  it('shows a renamed or deleted list item on the listed sites at once', async () => {
    const { population } = await oneOfEach();
    const site = await createSite(buildSite({ PopulationIds: [population.id] }));
    const listed = async () =>
      ((await ctx.app.inject({ method: 'GET', url: '/api/sites' })).json() as Site[]).find(
        (s) => s.id === site.id,
      )!;
    await asAdmin({
      method: 'PATCH',
      url: `/api/populations/${population.id}`,
      payload: { name: 'Renamed Pop' },
    });
    expect((await listed()).Populations).toEqual([
      { id: population.id, name: 'Renamed Pop', translations: {} },
    ]);
    await asAdmin({ method: 'DELETE', url: `/api/populations/${population.id}` });
    expect((await listed()).Populations).toEqual([]);
  });
});

describe('unknown and malformed ids', () => {
  const ids = ['987654', 'abc', '0', '-1', '99999999999', '1.5', '1e3', '%20'];
  const cases = ids.flatMap((id) => ['GET', 'PATCH', 'DELETE'].map((method) => [method, id] as const));

  it.each(cases)('%s /api/sites/%s → 404 JSON', async (method, id) => {
    const before = await rowCounts();
    const response = await asAdmin({
      method,
      url: `/api/sites/${id}`,
      ...(method === 'PATCH' && { payload: { name: 'Nobody' } }),
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ status: 404, message: 'Not found' });
    expect(await rowCounts()).toEqual(before);
  });
});

describe('optimistic concurrency', () => {
  it('PATCH with a stale version → 409 and nothing changes; the current version is accepted', async () => {
    const site = await createSite();
    const first = await asAdmin({
      method: 'PATCH',
      url: `/api/sites/${site.id}`,
      payload: { name: 'First Editor', version: site.version },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().version).toBe(site.version + 1);

    const stale = await asAdmin({
      method: 'PATCH',
      url: `/api/sites/${site.id}`,
      payload: { name: 'Second Editor', version: site.version },
    });
    expect(stale.statusCode).toBe(409);
    // The answer names the conflict and carries the site as it is now (docs/product.md R178).
    expect(stale.json()).toEqual({
      status: 409,
      message: expect.stringMatching(/changed by someone else/),
      code: 'version_conflict',
      current: expect.objectContaining({ id: site.id, name: 'First Editor', version: site.version + 1 }),
    });
    expect((await getSite(site.id)).name).toBe('First Editor');

    const current = await asAdmin({
      method: 'PATCH',
      url: `/api/sites/${site.id}`,
      payload: { name: 'Second Editor', version: site.version + 1 },
    });
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({ name: 'Second Editor', version: site.version + 2 });
  });

  it('lets exactly one of two simultaneous edits of the same version win', async () => {
    const site = await createSite();
    const [a, b] = await Promise.all(
      ['Editor A', 'Editor B'].map((name) =>
        asAdmin({ method: 'PATCH', url: `/api/sites/${site.id}`, payload: { name, version: site.version } }),
      ),
    );
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
    const winner = a!.statusCode === 200 ? a! : b!;
    expect(await getSite(site.id)).toEqual(winner.json());
    expect(winner.json().version).toBe(site.version + 1);
  });

  it('PATCH without a version is accepted whatever the stored version', async () => {
    const site = await createSite();
    await asAdmin({ method: 'PATCH', url: `/api/sites/${site.id}`, payload: { name: 'Bump' } });
    const response = await asAdmin({
      method: 'PATCH',
      url: `/api/sites/${site.id}`,
      payload: { name: 'No Version Given' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'No Version Given', version: 3 });
  });

  it('DELETE ?version= stale → 409 and the site stays; current → 204; without → 204', async () => {
    const site = await createSite();
    await asAdmin({ method: 'PATCH', url: `/api/sites/${site.id}`, payload: { name: 'Edited Once' } });
    const stale = await asAdmin({ method: 'DELETE', url: `/api/sites/${site.id}?version=${site.version}` });
    expect(stale.statusCode).toBe(409);
    expect((await getSite(site.id)).name).toBe('Edited Once');
    const current = await asAdmin({
      method: 'DELETE',
      url: `/api/sites/${site.id}?version=${site.version + 1}`,
    });
    expect(current.statusCode).toBe(204);

    const other = await createSite();
    await asAdmin({ method: 'PATCH', url: `/api/sites/${other.id}`, payload: { name: 'Edited' } });
    const unversioned = await asAdmin({ method: 'DELETE', url: `/api/sites/${other.id}` });
    expect(unversioned.statusCode).toBe(204);
  });

  it('DELETE with a malformed version is a validation error, not a delete', async () => {
    const site = await createSite();
    const response = await asAdmin({ method: 'DELETE', url: `/api/sites/${site.id}?version=abc` });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ status: 422, errors: [{ path: 'version' }] });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/sites/${site.id}` })).statusCode).toBe(200);
  });
});

describe('reference lists on a site', () => {
  it('shows nutrition partners with contact fields and the other lists with id and name only', async () => {
    const items = await oneOfEach();
    const site = await createSite(
      buildSite(
        Object.fromEntries(
          REFERENCE_LIST_NAMES.map((list) => [
            REFERENCE_LISTS[list].idsKey,
            [
              {
                nutritionpartners: items.partner,
                populations: items.population,
                mealtypes: items.mealType,
                services: items.service,
                covidstatuses: items.status,
              }[list].id,
            ],
          ]),
        ),
      ),
    );
    for (const list of REFERENCE_LIST_NAMES) {
      const [item] = site[REFERENCE_LISTS[list].siteKey] as Record<string, unknown>[];
      expect(Object.keys(item!).sort()).toEqual(
        REFERENCE_LISTS[list].contact
          ? ['email', 'id', 'name', 'phoneNumber', 'translations', 'website']
          : REFERENCE_LISTS[list].closesSite
            ? ['closesSite', 'id', 'name', 'translations']
            : ['id', 'name', 'translations'],
      );
    }
  });
});

/** Counts the statements drizzle sends (whichever driver) and the transactions opened while `write` runs. */
async function countStatements(write: () => Promise<unknown>) {
  const prepared = [PglitePreparedQuery.prototype, NodePgPreparedQuery.prototype];
  const spies = prepared.flatMap((proto) => [vi.spyOn(proto, 'execute'), vi.spyOn(proto, 'all')]);
  const transactions = vi.spyOn(ctx.database.db, 'transaction');
  try {
    await write();
    return {
      statements: spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0),
      transactions: transactions.mock.calls.length,
    };
  } finally {
    for (const spy of [...spies, transactions]) spy.mockRestore();
  }
}

describe('a site write', () => {
  it('saves every list and the hours in one transaction whose statements do not grow with the links', async () => {
    const lists = await Promise.all(
      REFERENCE_LIST_NAMES.map(async (list) => ({
        list,
        ids: await Promise.all(
          Array.from(
            { length: 10 },
            async () =>
              (
                await createItem(
                  list,
                  list === 'nutritionpartners' ? buildNutritionPartner() : buildReferenceItem(),
                )
              ).id,
          ),
        ),
      })),
    );
    const links = (count: number) =>
      Object.fromEntries(lists.map(({ list, ids }) => [REFERENCE_LISTS[list].idsKey, ids.slice(0, count)]));
    const hours = (count: number) =>
      Array.from({ length: count }, (_, day) => ({ day, open: '11:00', close: '13:30' }));

    const small = { ...links(1), Hours: hours(1) };
    const large = { ...links(10), Hours: hours(7) };
    let created: Site | undefined;
    const createSmall = await countStatements(async () => {
      created = await createSite(buildSite(small));
    });
    const createLarge = await countStatements(() => createSite(buildSite(large)));
    const patch = (body: object) => async () => {
      const response = await asAdmin({ method: 'PATCH', url: `/api/sites/${created!.id}`, payload: body });
      expect(response.statusCode, response.body).toBe(200);
    };
    const updateLarge = await countStatements(patch(large));
    const updateSmall = await countStatements(patch(small));

    // Every link and hour was written (so the counts below are of real work)…
    const saved = await getSite(created!.id);
    expect(saved.Hours).toHaveLength(1);
    expect(saved.Populations).toHaveLength(1);
    // …each write was one transaction, and ten links per list cost no more statements than one.
    for (const write of [createSmall, createLarge, updateLarge, updateSmall]) {
      expect(write.transactions).toBe(1);
      expect(write.statements).toBeGreaterThan(0);
    }
    expect(createLarge.statements).toBe(createSmall.statements);
    expect(updateLarge.statements).toBe(updateSmall.statements);
  });
});
