/**
 * Today's dish and the "Menu today" filter (docs/product.md R685–R689, docs/decisions/066): the cached
 * read of every site's dishes of the agency's today agrees with each site's own menu read; it is
 * answered again after a menu write, a closure and the agency's midnight; and GET /api/search's diet
 * filter, counts and rows' dishes agree with the page's own predicate over the same data (R701).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '#shared/api-paths.ts';
import { filterByDiet, filterByOpening, filterSites, filtersFromSearchParams } from '#shared/filters.ts';
import {
  DIET_MARKS,
  type DietMark,
  keptDishes,
  type MenuDay,
  shownDish,
  type TodaysMenus,
} from '#shared/menus.ts';
import type { StatusClosure } from '#shared/opening-status.ts';
import type { SiteMenu } from '#shared/schemas/menus.ts';
import type { SiteSearchAnswer } from '#shared/schemas/site-search.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { searchFromSearchParams, searchSites } from '#shared/site-search.ts';
import { computeStatuses } from '#shared/site-statuses.ts';
import { mealTypes } from '../db/schema.ts';
import { seedDemoData } from '../db/seed/demo.ts';
import { createTestApp, createUser, login, type TestContext, WITHOUT_HOLIDAYS } from './helpers.ts';

const TIME_ZONE = 'America/Los_Angeles';
/** Tuesday 1 December 2026, noon in San Francisco. */
const NOON_TUESDAY = Date.parse('2026-12-01T20:00:00Z');
const TODAY = '2026-12-01';
let clock = NOON_TUESDAY;

let ctx: TestContext;
let admin: string;
let lunch: number;
let breakfast: number;
let sites: Site[];

async function get<T>(url: string, headers: Record<string, string> = {}) {
  const response = await ctx.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.json() as T, etag: response.headers.etag as string };
}

async function write(method: 'PUT' | 'POST', url: string, payload: object) {
  const response = await ctx.app.inject({ method, url, payload, headers: { cookie: admin } });
  expect(response.statusCode, response.body).toBeLessThan(300);
}

const dish = (name: string, diets: DietMark[] = []) => ({ name, diets });

beforeAll(async () => {
  ctx = await createTestApp(
    { AGENCY_TIME_ZONE: TIME_ZONE, AGENCY_HOLIDAYS: WITHOUT_HOLIDAYS },
    { now: () => new Date(clock) },
  );
  const { db } = ctx.database;
  await seedDemoData(db);
  admin = await login(ctx, (await createUser(ctx, { admin: true })).email);
  const [first, second] = await db.select().from(mealTypes).orderBy(mealTypes.id).limit(2);
  breakfast = first!.id;
  lunch = second!.id;
  sites = (await get<Site[]>(apiPaths.sites)).body;
  const partners = [...new Set(sites.flatMap((site) => site.NutritionPartners.map((p) => p.id)))];
  expect(partners.length).toBeGreaterThan(2);
  const [p1, p2, p3] = partners as [number, number, number];
  // Three partners' menus today, each with its own marks, and one of them breakfast and lunch.
  await write('PUT', apiPaths.partnerMenuDay(p1, TODAY), {
    meals: [
      { mealTypeId: lunch, dishes: [dish('Beef stew', ['low_sodium']), dish('Lentil soup', ['vegetarian'])] },
    ],
  });
  await write('PUT', apiPaths.partnerMenuDay(p2, TODAY), {
    meals: [
      { mealTypeId: lunch, dishes: [dish('Chicken rice', ['halal'])] },
      { mealTypeId: breakfast, dishes: [dish('Congee', ['soft', 'vegetarian'])] },
    ],
  });
  await write('PUT', apiPaths.partnerMenuDay(p3, TODAY), {
    meals: [{ mealTypeId: lunch, dishes: [dish('Pasta')] }],
  });
  // Tomorrow's menu is not today's.
  await write('PUT', apiPaths.partnerMenuDay(p3, '2026-12-02'), {
    meals: [{ mealTypeId: lunch, dishes: [dish('Kosher brisket', ['kosher'])] }],
  });
  // A site of p1 with its own lunch, replacing its partner's.
  const own = sites.find((site) => site.NutritionPartners.some((p) => p.id === p1))!;
  await write('PUT', apiPaths.siteMenuDay(own.id, TODAY), {
    meals: [{ mealTypeId: lunch, dishes: [dish('Mapo tofu', ['vegetarian', 'minced'])] }],
  });
});
afterAll(() => ctx.close());

/** Each site's dishes of today as its own menu read (the site page) resolves them. */
async function fromEachSite(): Promise<Record<string, unknown>> {
  const expected: Record<string, unknown> = {};
  for (const site of sites) {
    const menu = (await get<SiteMenu>(apiPaths.siteMenu(site.id))).body;
    const day = menu.days.find((d) => d.date === TODAY)! as MenuDay;
    const kept = keptDishes(day);
    if (kept.length > 0) expected[String(site.id)] = kept;
  }
  return expected;
}

describe('GET /api/menus/today: every site’s dishes of the agency’s today (R688)', () => {
  it('agrees with each site’s own menu read, and is cached with an ETag', async () => {
    const { body, etag } = await get<TodaysMenus>(apiPaths.todaysMenus);
    expect(body.date).toBe(TODAY);
    expect(Object.keys(body.sites).length).toBeGreaterThan(3);
    expect(body.sites).toEqual(await fromEachSite());
    const again = await ctx.app.inject({
      method: 'GET',
      url: apiPaths.todaysMenus,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });

  it('is answered anew after a menu write and after a closure', async () => {
    const before = (await get<TodaysMenus>(apiPaths.todaysMenus)).body;
    const [id] = Object.keys(before.sites);
    const site = sites.find((s) => String(s.id) === id)!;
    await write('PUT', apiPaths.siteMenuDay(site.id, TODAY), {
      meals: [{ mealTypeId: lunch, dishes: [dish('Halibut', ['diabetic_friendly'])] }],
    });
    const written = (await get<TodaysMenus>(apiPaths.todaysMenus)).body;
    expect(written.sites[id!]?.[0]?.name).toBe('Halibut');
    await write('POST', apiPaths.closures, {
      startDate: TODAY,
      endDate: TODAY,
      reason: 'Repairs',
      siteIds: [site.id],
    });
    const closed = (await get<TodaysMenus>(apiPaths.todaysMenus)).body;
    expect(closed.sites[id!]).toBeUndefined();
    expect(closed.sites).toEqual(await fromEachSite());
  });

  it('turns at the agency’s midnight without a write', async () => {
    try {
      // 11:59 PM in San Francisco: still Tuesday's.
      clock = Date.parse('2026-12-02T07:59:00Z');
      expect((await get<TodaysMenus>(apiPaths.todaysMenus)).body.date).toBe(TODAY);
      clock = Date.parse('2026-12-02T08:00:30Z');
      const wednesday = (await get<TodaysMenus>(apiPaths.todaysMenus)).body;
      expect(wednesday.date).toBe('2026-12-02');
      const names = Object.values(wednesday.sites).flatMap((dishes) => dishes.map((d) => d.name));
      expect(names.length).toBeGreaterThan(0);
      expect(new Set(names)).toEqual(new Set(['Kosher brisket']));
    } finally {
      clock = NOON_TUESDAY;
    }
  });
});

describe('GET /api/search?diet=: the page’s predicate, counts and rows (R686, R689)', () => {
  /** What the page lists for an address, by the shared rules over the same reads. */
  async function pageList(query: string): Promise<Site[]> {
    const all = (await get<Site[]>(apiPaths.sites)).body;
    const closures = (await get<StatusClosure[]>(apiPaths.closures)).body;
    const menus = (await get<TodaysMenus>(apiPaths.todaysMenus)).body;
    const params = new URLSearchParams(query);
    const filters = filtersFromSearchParams(params);
    const statuses = computeStatuses(all, closures, clock, TIME_ZONE);
    return filterByDiet(
      filterByOpening(
        searchSites(filterSites(all, filters), searchFromSearchParams(params).q),
        filters.open,
        (id) => statuses.opening(id),
      ),
      filters.diet,
      (id) => menus.sites[String(id)],
    );
  }

  const search = async (query: string) => (await get<SiteSearchAnswer>(`/api/search?${query}`)).body;

  it('lists the sites the page lists for each diet, alone and with the opening filter', async () => {
    let some = 0;
    for (const mark of DIET_MARKS)
      for (const query of [`diet=${mark}`, `diet=${mark}&open=now`, `diet=${mark}&walkins=1`]) {
        const expected = (await pageList(query)).map((site) => site.id);
        const answer = await search(`${query}&limit=100`);
        expect(
          answer.sites.map((row) => row.id),
          query,
        ).toEqual(expected);
        expect(answer.total, query).toBe(expected.length);
        some += expected.length;
      }
    expect(some).toBeGreaterThan(0);
    expect((await search('diet=vegetarian')).total).toBeGreaterThan(0);
    expect((await search('diet=kosher')).total).toBe(0);
    // A value that is not a mark is ignored, as the page ignores it.
    expect((await search('diet=vegan')).total).toBe(sites.length);
  });

  it('counts each mark as choosing it would list, with every other choice kept', async () => {
    for (const base of ['', 'open=today', 'diet=halal']) {
      const answer = await search(base);
      const counts = answer.counts.diet!;
      expect(Object.keys(counts).length, base).toBeGreaterThan(1);
      for (const mark of DIET_MARKS) {
        const query = `${base.replace(/&?diet=\w+/, '')}&diet=${mark}`;
        expect((await search(query)).total, query).toBe(counts[mark] ?? 0);
      }
    }
  });

  it('gives each row today’s dish as the page shows it: the diet’s dish when one is chosen', async () => {
    const menus = (await get<TodaysMenus>(apiPaths.todaysMenus)).body;
    for (const diet of [undefined, 'vegetarian', 'halal'] as const) {
      const answer = await search(`limit=100${diet ? `&diet=${diet}` : ''}`);
      for (const row of answer.sites)
        expect(row.dish, row.name).toEqual(shownDish(menus.sites[String(row.id)], diet));
      expect(answer.sites.some((row) => row.dish)).toBe(true);
      if (!diet) expect(answer.sites.some((row) => !row.dish)).toBe(true);
    }
  });
});
