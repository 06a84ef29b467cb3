/**
 * Menus (docs/product.md R650–R674): a partner's menu served at its sites, a site's own replacing it
 * for a date and meal, "not published" and closed days, the refusals (422 with codes, nothing
 * stored), who may write, the calendar file, and "today" turning at the agency's midnight whatever
 * the server's own time zone.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, apiRoutes, fillPath } from '#shared/api-paths.ts';
import type { SiteMenu } from '#shared/schemas/menus.ts';
import { SiteCreateSchema } from '#shared/schemas/sites.ts';
import { buildNutritionPartner, buildSite } from '#testing/factories.ts';
import { history, mealTypes, nutritionPartners } from '../db/schema.ts';
import { createClosure } from '../services/closures.ts';
import { createSite } from '../services/sites.ts';
import { createTestApp, createUser, login, type TestContext, WITHOUT_HOLIDAYS } from './helpers.ts';

/** Tuesday 1 December 2026, noon in San Francisco (the agency's zone by default). */
const NOON_TUESDAY = Date.parse('2026-12-01T20:00:00Z');
let clock = NOON_TUESDAY;

let ctx: TestContext;
let lunch: number;
let breakfast: number;
let ownPartner: number;
let otherPartner: number;
let ownSite: number;
let otherSite: number;
let adminId: number;
const cookies = {} as Record<'admin' | 'editor' | 'user' | 'partner', string>;

beforeAll(async () => {
  ctx = await createTestApp({ AGENCY_HOLIDAYS: WITHOUT_HOLIDAYS }, { now: () => new Date(clock) });
  const { db } = ctx.database;
  const item = async (table: typeof mealTypes | typeof nutritionPartners, values: object) =>
    (
      await db
        .insert(table)
        .values(values as never)
        .returning()
    )[0]!.id;
  lunch = await item(mealTypes, {
    name: 'Lunch',
    translations: { es: { name: 'Almuerzo' }, zh: { name: '午膳' } },
  });
  breakfast = await item(mealTypes, { name: 'Breakfast' });
  ownPartner = await item(nutritionPartners, buildNutritionPartner());
  otherPartner = await item(nutritionPartners, buildNutritionPartner());
  const admin = await createUser(ctx, { admin: true });
  adminId = admin.id;
  cookies.admin = await login(ctx, admin.email);
  const site = async (partnerId: number) =>
    (
      await createSite(
        db,
        SiteCreateSchema.parse({
          ...buildSite({
            Hours: [1, 2, 3, 4, 5].map((day) => ({ day, open: '11:30', close: '13:00' })),
          }),
          NutritionPartnerIds: [partnerId],
          confirmDuplicate: true,
        }),
        admin.id,
      )
    ).id;
  ownSite = await site(ownPartner);
  otherSite = await site(otherPartner);
  for (const role of ['editor', 'user'] as const)
    cookies[role] = await login(ctx, (await createUser(ctx, { role })).email);
  cookies.partner = await login(
    ctx,
    (await createUser(ctx, { role: 'partner', partnerIds: [ownPartner] })).email,
  );
});
afterAll(() => ctx.close());
afterEach(() => {
  clock = NOON_TUESDAY;
});

const dish = (name: string, extra: object = {}) => ({ name, ...extra });
const day = (mealTypeId: number, ...names: string[]) => ({
  meals: [{ mealTypeId, dishes: names.map((name) => dish(name)) }],
});

/** As an editor unless another caller's cookie is given (null: nobody signed in). */
function put(url: string, payload: unknown, cookie: string | null = cookies.editor) {
  return ctx.app.inject({
    method: 'PUT',
    url,
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });
}

async function menuOf(siteId: number, query: { from?: string; to?: string } = {}): Promise<SiteMenu> {
  const response = await ctx.app.inject({ method: 'GET', url: apiPaths.siteMenu(siteId, query) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SiteMenu;
}

const dayOf = (menu: SiteMenu, date: string) => menu.days.find((d) => d.date === date)!;

describe('a partner’s menu and a site’s own (R650–R651)', () => {
  it('serves the partner’s menu at its sites, and says “not published” for a date without one', async () => {
    const saved = await put(apiPaths.partnerMenuDay(ownPartner, '2026-12-02'), {
      meals: [
        {
          mealTypeId: lunch,
          dishes: [
            dish('Chicken congee', {
              translations: { es: { name: 'Congee de pollo' }, zh: { name: '雞粥' } },
            }),
            dish('Tofu stir-fry', { diets: ['vegetarian', 'halal', 'vegetarian'] }),
          ],
          note: 'Substitute on request by noon the day before',
        },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().meals[0].dishes[1].diets).toEqual(['vegetarian', 'halal']);

    const menu = await menuOf(ownSite);
    expect(menu.from).toBe('2026-12-01');
    expect(menu.to).toBe('2026-12-09'); // today, tomorrow and the week ahead (R661, R680)
    expect(menu.days).toHaveLength(9);
    const wednesday = dayOf(menu, '2026-12-02');
    expect(wednesday.status).toBe('published');
    expect(wednesday.hours).toEqual([{ open: '11:30', close: '13:00' }]);
    expect(wednesday.meals).toEqual([
      expect.objectContaining({ mealTypeId: lunch, source: 'partner', partnerId: ownPartner }),
    ]);
    expect(wednesday.meals[0]!.dishes[0]).toEqual({
      name: 'Chicken congee',
      translations: { es: { name: 'Congee de pollo' }, zh: { name: '雞粥' } },
      diets: [],
    });
    expect(dayOf(menu, '2026-12-03')).toEqual({
      date: '2026-12-03',
      status: 'not_published',
      meals: [],
      hours: [{ open: '11:30', close: '13:00' }],
    });
    // Another partner's site does not serve it.
    expect(dayOf(await menuOf(otherSite), '2026-12-02').status).toBe('not_published');
  });

  it('lets a site’s own menu replace the partner’s for that date and meal only', async () => {
    await put(apiPaths.partnerMenuDay(ownPartner, '2026-12-04'), {
      meals: [
        { mealTypeId: lunch, dishes: [dish('Beef stew')] },
        { mealTypeId: breakfast, dishes: [dish('Oatmeal')] },
      ],
    });
    const own = await put(apiPaths.siteMenuDay(ownSite, '2026-12-04'), day(lunch, 'Vegetable curry'));
    expect(own.statusCode, own.body).toBe(200);
    const friday = dayOf(await menuOf(ownSite), '2026-12-04');
    expect(friday.meals.map((m) => [m.mealTypeId, m.source, m.dishes[0]!.name])).toEqual(
      [
        [lunch, 'site', 'Vegetable curry'],
        [breakfast, 'partner', 'Oatmeal'],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
  });

  it('shows no menu on a closed day: a closure, or a weekday without hours', async () => {
    await put(apiPaths.partnerMenuDay(ownPartner, '2026-12-07'), day(lunch, 'Fish tacos'));
    await put(apiPaths.partnerMenuDay(ownPartner, '2026-12-05'), day(lunch, 'Saturday soup'));
    expect(dayOf(await menuOf(ownSite), '2026-12-07').status).toBe('published');
    await createClosure(
      ctx.database.db,
      { startDate: '2026-12-07', endDate: '2026-12-07', reason: 'Staff training', siteIds: [ownSite] },
      null,
    );
    const menu = await menuOf(ownSite);
    expect(dayOf(menu, '2026-12-07')).toEqual({ date: '2026-12-07', status: 'closed', meals: [], hours: [] });
    // Saturday: the site serves no meal, whatever the partner published.
    expect(dayOf(menu, '2026-12-05').status).toBe('closed');
  });

  it('reads a range of dates, and the partner’s own menus by date', async () => {
    const range = await menuOf(ownSite, { from: '2026-12-02', to: '2026-12-04' });
    expect(range.days.map((d) => d.date)).toEqual(['2026-12-02', '2026-12-03', '2026-12-04']);
    const response = await ctx.app.inject({
      method: 'GET',
      url: `${apiPaths.partnerMenu(ownPartner)}?from=2026-12-01&to=2026-12-31`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().days.map((d: { date: string }) => d.date)).toEqual([
      '2026-12-02',
      '2026-12-04',
      '2026-12-05',
      '2026-12-07',
    ]);
  });

  it('records each write in the history, and deletes a date’s menu', async () => {
    const url = apiPaths.siteMenuDay(ownSite, '2026-12-04');
    const removed = await ctx.app.inject({ method: 'DELETE', url, headers: { cookie: cookies.editor } });
    expect(removed.statusCode).toBe(204);
    expect(dayOf(await menuOf(ownSite), '2026-12-04').meals[0]!.source).toBe('partner');
    const again = await ctx.app.inject({ method: 'DELETE', url, headers: { cookie: cookies.editor } });
    expect(again.statusCode).toBe(404);
    const entries = await ctx.database.db
      .select({ action: history.action, changes: history.changes, source: history.source })
      .from(history)
      .where(and(eq(history.entity, 'site-menu'), eq(history.entityId, ownSite)));
    expect(entries.map((e) => e.action)).toEqual(['create', 'delete']);
    expect(Object.keys(entries[0]!.changes as object)).toEqual(['2026-12-04']);
    expect(entries[0]!.source).toBe('form');
  });
});

describe('refusals: 422 with codes, nothing stored (R654–R655)', () => {
  const cases: [string, string, unknown, string, string][] = [
    [
      'an unknown diet mark',
      '2026-12-10',
      { meals: [{ mealTypeId: 0, dishes: [dish('Rice', { diets: ['paleo'] })] }] },
      'meals.0.dishes.0.diets.0',
      'invalid_choice',
    ],
    [
      'a dish name over 120 characters',
      '2026-12-10',
      day(0, 'x'.repeat(121)),
      'meals.0.dishes.0.name',
      'too_long',
    ],
    [
      'a meal without dishes',
      '2026-12-10',
      { meals: [{ mealTypeId: 0, dishes: [] }] },
      'meals.0.dishes',
      'required',
    ],
    ['no meals', '2026-12-10', { meals: [] }, 'meals', 'required'],
    ['a date more than two years ahead', '2028-12-01', day(0, 'Rice'), 'date', 'out_of_range'],
    ['a date more than a year back', '2025-11-30', day(0, 'Rice'), 'date', 'out_of_range'],
    ['a day that is not in the calendar', '2026-02-30', day(0, 'Rice'), 'date', 'invalid_date'],
    ['an unknown meal type', '2026-12-10', day(999_999, 'Rice'), 'meals.0.mealTypeId', 'unknown_ids'],
  ];

  it.each(cases)('refuses %s', async (_name, date, body, path, code) => {
    const payload = JSON.parse(JSON.stringify(body).replace('"mealTypeId":0', `"mealTypeId":${lunch}`));
    const response = await put(apiPaths.partnerMenuDay(ownPartner, date), payload);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual([expect.objectContaining({ path, code })]);
    const stored = await ctx.app.inject({
      method: 'GET',
      url: `${apiPaths.partnerMenu(ownPartner)}?from=2026-12-10&to=2026-12-10`,
    });
    expect(stored.json().days).toEqual([]);
  });

  it('refuses a menu for a site or partner that does not exist', async () => {
    const site = await put(apiPaths.siteMenuDay(999_999, '2026-12-10'), day(lunch, 'Rice'));
    expect(site.statusCode).toBe(422);
    expect(site.json().errors).toEqual([expect.objectContaining({ path: 'siteId', code: 'unknown_site' })]);
    const partner = await put(apiPaths.partnerMenuDay(999_999, '2026-12-10'), day(lunch, 'Rice'));
    expect(partner.statusCode).toBe(422);
    expect(partner.json().errors).toEqual([
      expect.objectContaining({ path: 'partnerId', code: 'unknown_ids' }),
    ]);
  });

  it('refuses a read of a range longer than 62 days or ending before it starts', async () => {
    const long = await ctx.app.inject({
      method: 'GET',
      url: apiPaths.siteMenu(ownSite, { from: '2026-12-01', to: '2027-03-01' }),
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors[0]).toMatchObject({ path: 'to', code: 'out_of_range' });
    const backwards = await ctx.app.inject({
      method: 'GET',
      url: apiPaths.siteMenu(ownSite, { from: '2026-12-05', to: '2026-12-01' }),
    });
    expect(backwards.json().errors[0]).toMatchObject({ path: 'to', code: 'end_before_start' });
    const missing = await ctx.app.inject({ method: 'GET', url: apiPaths.siteMenu(999_999) });
    expect(missing.statusCode).toBe(404);
  });
});

describe('who may write a menu (R657)', () => {
  const cases: [string, () => string, 'admin' | 'editor' | 'user' | 'partner' | 'anonymous', number][] = [
    ['anonymous, a partner’s', () => apiPaths.partnerMenuDay(ownPartner, '2026-12-14'), 'anonymous', 401],
    ['a plain user, a partner’s', () => apiPaths.partnerMenuDay(ownPartner, '2026-12-14'), 'user', 403],
    ['a plain user, a site’s', () => apiPaths.siteMenuDay(ownSite, '2026-12-14'), 'user', 403],
    [
      'a partner manager, their partner’s',
      () => apiPaths.partnerMenuDay(ownPartner, '2026-12-14'),
      'partner',
      200,
    ],
    [
      'a partner manager, another partner’s',
      () => apiPaths.partnerMenuDay(otherPartner, '2026-12-14'),
      'partner',
      403,
    ],
    ['a partner manager, their site’s', () => apiPaths.siteMenuDay(ownSite, '2026-12-14'), 'partner', 200],
    [
      'a partner manager, another partner’s site’s',
      () => apiPaths.siteMenuDay(otherSite, '2026-12-14'),
      'partner',
      403,
    ],
    ['an editor, any partner’s', () => apiPaths.partnerMenuDay(otherPartner, '2026-12-14'), 'editor', 200],
    ['an administrator, any site’s', () => apiPaths.siteMenuDay(otherSite, '2026-12-14'), 'admin', 200],
  ];

  it.each(cases)('%s', async (_name, url, caller, status) => {
    const cookie = caller === 'anonymous' ? null : cookies[caller];
    const response = await put(url(), day(lunch, 'Lentil soup'), cookie);
    expect(response.statusCode, response.body).toBe(status);
    const removed = await ctx.app.inject({ method: 'DELETE', url: url(), headers: cookie ? { cookie } : {} });
    expect(removed.statusCode).toBe(status === 200 ? 204 : status);
  });
});

describe('a partner’s sites for the menus screen (R727–R728)', () => {
  const read = (partnerId: number, caller: keyof typeof cookies | 'anonymous') =>
    ctx.app.inject({
      method: 'GET',
      url: fillPath(apiRoutes.partnerSites, { id: partnerId }),
      headers: caller === 'anonymous' ? {} : { cookie: cookies[caller] },
    });

  it('answers the partner’s sites only, id and name, by name', async () => {
    const { db } = ctx.database;
    // A site that both partners list, named to come first.
    const shared = await createSite(
      db,
      SiteCreateSchema.parse({
        ...buildSite({ name: 'Aaa Shared Table' }),
        NutritionPartnerIds: [ownPartner, otherPartner],
        confirmDuplicate: true,
      }),
      adminId,
    );
    const response = await read(ownPartner, 'editor');
    expect(response.statusCode, response.body).toBe(200);
    const ownName = (await ctx.app.inject({ method: 'GET', url: apiPaths.site(ownSite) })).json().name;
    expect(response.json()).toEqual([
      { id: shared.id, name: 'Aaa Shared Table' },
      { id: ownSite, name: ownName },
    ]);
    expect((await read(otherPartner, 'admin')).json().map((site: { id: number }) => site.id)).toEqual([
      shared.id,
      otherSite,
    ]);
    // The partner manager's "My sites" names their own partners of each site, never the other one.
    const mine = await ctx.app.inject({
      method: 'GET',
      url: apiRoutes.mySites,
      headers: { cookie: cookies.partner },
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(
      (mine.json() as { id: number; partnerIds: number[] }[]).map(({ id, partnerIds }) => [id, partnerIds]),
    ).toEqual([
      [shared.id, [ownPartner]],
      [ownSite, [ownPartner]],
    ]);
  });

  it.each([
    ['anonymous', 'own', 401],
    ['user', 'own', 403],
    ['partner', 'own', 200],
    ['partner', 'other', 403],
    ['editor', 'other', 200],
    ['admin', 'own', 200],
  ] as const)('%s, a partner’s (%s): %i', async (caller, which, status) => {
    const response = await read(which === 'own' ? ownPartner : otherPartner, caller);
    expect(response.statusCode, response.body).toBe(status);
  });

  it('is a 404 for a partner that does not exist or an id that is not one', async () => {
    expect((await read(999_999, 'editor')).statusCode).toBe(404);
    expect((await read(999_999, 'partner')).statusCode).toBe(403);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/nutritionpartners/abc/sites',
      headers: { cookie: cookies.editor },
    });
    expect(bad.statusCode).toBe(404);
  });
});

describe('the calendar file (R663)', () => {
  it('lists each published meal as an all-day event, escaped and folded', async () => {
    await put(apiPaths.siteMenuDay(ownSite, '2026-12-03'), {
      meals: [
        {
          mealTypeId: lunch,
          dishes: [
            dish('Rice, beans; and greens', {
              diets: ['vegetarian'],
              translations: { zh: { name: '飯、豆和青菜' } },
            }),
            dish('A very long dish name that goes on and on about its many ingredients and garnishes'),
          ],
          note: 'Line one\nline two',
        },
      ],
    });
    const response = await ctx.app.inject({ method: 'GET', url: apiPaths.siteMenuIcs(ownSite) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const text = response.body;
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain('UID:menu-');
    expect(unfolded).toContain('DTSTART;VALUE=DATE:20261203\r\nDTEND;VALUE=DATE:20261204');
    expect(unfolded).toContain('SUMMARY:Lunch: Rice\\, beans\\; and greens\\, A very long dish name');
    expect(unfolded).toContain('Rice\\, beans\\; and greens (Vegetarian)\\nA very long');
    expect(unfolded).toContain('Line one\\nline two');
    // Closed days carry no event: 7 December was closed above.
    expect(unfolded).not.toContain('DTSTART;VALUE=DATE:20261207');

    const chinese = await ctx.app.inject({ method: 'GET', url: `${apiPaths.siteMenuIcs(ownSite)}?lng=zh` });
    const zh = chinese.body.replace(/\r\n /g, '');
    expect(zh).toContain('SUMMARY:午膳: 飯、豆和青菜\\, A very long');
    expect(zh).toContain('飯、豆和青菜 (素食)');
    for (const line of chinese.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });
});

describe('“today” turns at the agency’s midnight, whatever the server’s zone', () => {
  const zones = ['UTC', 'Asia/Tokyo', 'America/New_York', 'Pacific/Honolulu'];
  const instants: [string, string][] = [
    // 23:59 on Tuesday in San Francisco is already Wednesday in UTC, Tokyo and New York.
    ['2026-12-02T07:59:00Z', '2026-12-01'],
    ['2026-12-02T08:00:00Z', '2026-12-02'],
    // Saturday's first minute in San Francisco, still Friday in Honolulu.
    ['2026-12-05T08:00:00Z', '2026-12-05'],
    ['2026-12-05T07:59:59Z', '2026-12-04'],
  ];
  const saved = process.env.TZ;
  afterAll(() => {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  });

  for (const zone of zones) {
    it.each(instants)(`at %s with the server in ${zone}, today is %s`, async (instant, today) => {
      process.env.TZ = zone;
      clock = Date.parse(instant);
      const menu = await menuOf(ownSite);
      expect(menu.from).toBe(today);
      expect(menu.days[0]!.date).toBe(today);
    });
  }
});
