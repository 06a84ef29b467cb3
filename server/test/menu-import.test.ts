/**
 * A month of menus from a sheet (docs/product.md R675–R679): the preview date by date (added, changed,
 * removed, unchanged) with nothing written, the rows' errors with their sheet row numbers and codes in
 * the clerk's language, the commit all or nothing with its history, a site's own menu over the
 * partner's, a real .xlsx read through the import's worker, and who may import.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { apiPaths } from '#shared/api-paths.ts';
import { CSV_TYPE, XLSX_TYPE } from '#shared/imports.ts';
import type { MenuImportPreview } from '#shared/menu-import.ts';
import type { SiteMenu } from '#shared/schemas/menus.ts';
import { SiteCreateSchema } from '#shared/schemas/sites.ts';
import { buildNutritionPartner, buildSite } from '#testing/factories.ts';
import { history, mealTypes, menus, nutritionPartners } from '../db/schema.ts';
import { createSite } from '../services/sites.ts';
import { createTestApp, createUser, login, type TestContext, WITHOUT_HOLIDAYS } from './helpers.ts';

/** Tuesday 1 December 2026, noon in San Francisco: the window runs 2025-12-01 to 2028-11-30 (R655). */
const NOON_TUESDAY = Date.parse('2026-12-01T20:00:00Z');

let ctx: TestContext;
let lunch: number;
let breakfast: number;
let partner: number;
let otherPartner: number;
let site: number;
let otherSite: number;
const cookies = {} as Record<'admin' | 'editor' | 'user' | 'partner', string>;

beforeAll(async () => {
  ctx = await createTestApp({ AGENCY_HOLIDAYS: WITHOUT_HOLIDAYS }, { now: () => new Date(NOON_TUESDAY) });
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
  breakfast = await item(mealTypes, {
    name: 'Breakfast',
    translations: { es: { name: 'Desayuno' }, zh: { name: '早餐' } },
  });
  partner = await item(nutritionPartners, buildNutritionPartner());
  otherPartner = await item(nutritionPartners, buildNutritionPartner());
  const admin = await createUser(ctx, { admin: true });
  cookies.admin = await login(ctx, admin.email);
  const siteOf = async (partnerId: number) =>
    (
      await createSite(
        db,
        SiteCreateSchema.parse({
          ...buildSite({
            Hours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '11:30', close: '13:00' })),
          }),
          NutritionPartnerIds: [partnerId],
          confirmDuplicate: true,
        }),
        admin.id,
      )
    ).id;
  site = await siteOf(partner);
  otherSite = await siteOf(otherPartner);
  for (const role of ['editor', 'user'] as const)
    cookies[role] = await login(ctx, (await createUser(ctx, { role })).email);
  cookies.partner = await login(
    ctx,
    (await createUser(ctx, { role: 'partner', partnerIds: [partner] })).email,
  );
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.database.db.delete(menus);
});

const csv = (...lines: string[]) => Buffer.from(`${lines.join('\n')}\n`);

function send(
  url: string,
  body: Buffer,
  options: { cookie?: string | null; type?: string; language?: string } = {},
) {
  const cookie = options.cookie === undefined ? cookies.editor : options.cookie;
  return ctx.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: {
      'content-type': options.type ?? CSV_TYPE,
      ...(cookie ? { cookie } : {}),
      ...(options.language ? { 'accept-language': options.language } : {}),
    },
  });
}

async function preview(owner: 'partner' | 'site', id: number, body: Buffer, options = {}) {
  const answer = await send(apiPaths.menuImport(owner, id), body, options);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as MenuImportPreview;
}

async function storedDates(owner: 'partner' | 'site', id: number) {
  const rows = await ctx.database.db
    .select()
    .from(menus)
    .where(owner === 'partner' ? eq(menus.partnerId, id) : eq(menus.siteId, id));
  return [...new Set(rows.map((row) => row.date))].sort();
}

async function putDay(date: string, mealTypeId: number, ...names: string[]) {
  const answer = await ctx.app.inject({
    method: 'PUT',
    url: apiPaths.partnerMenuDay(partner, date),
    payload: { meals: [{ mealTypeId, dishes: names.map((name) => ({ name })) }] },
    headers: { cookie: cookies.editor },
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

async function siteMenu(from: string, to: string): Promise<SiteMenu> {
  const answer = await ctx.app.inject({ method: 'GET', url: apiPaths.siteMenu(site, { from, to }) });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as SiteMenu;
}

/** Headers in Spanish; meals by name in three languages and by id; marks by code and in words. */
const MONTH = () =>
  csv(
    'Fecha,Comida,Plato,Dietas,Plato (ES),Plato (ZH),Nota',
    '2026-12-02,Lunch,Chicken congee,,Congee de pollo,雞粥,Ask for a smaller bowl',
    '2026-12-02,almuerzo,Tofu stir-fry,"Vegetariano; low_sodium, 低鈉",Salteado de tofu,豆腐小炒,',
    `2026-12-03,${breakfast},Oatmeal,soft,Avena,燕麥粥,`,
    '12/5/2026,午膳,Beef stew,,Estofado de res,燉牛肉,',
  );

describe('the preview (R676)', () => {
  it('says per date what is added, changed, removed and unchanged, and writes nothing', async () => {
    await putDay('2026-12-03', breakfast, 'Toast');
    await putDay('2026-12-04', lunch, 'Fish soup');
    await putDay('2026-12-05', lunch, 'Beef stew');
    await ctx.database.db
      .update(menus)
      .set({
        dishes: [
          {
            name: 'Beef stew',
            translations: { es: { name: 'Estofado de res' }, zh: { name: '燉牛肉' } },
            diets: [],
          },
        ],
      })
      .where(and(eq(menus.partnerId, partner), eq(menus.date, '2026-12-05')));

    const answer = await preview('partner', partner, MONTH());
    expect(answer.errors).toEqual([]);
    expect(answer.from).toBe('2026-12-02');
    expect(answer.to).toBe('2026-12-05');
    expect(answer.summary).toEqual({ added: 1, changed: 1, removed: 1, unchanged: 1, errors: 0 });
    expect(answer.dates.map(({ date, change }) => [date, change])).toEqual([
      ['2026-12-02', 'added'],
      ['2026-12-03', 'changed'],
      ['2026-12-04', 'removed'],
      ['2026-12-05', 'unchanged'],
    ]);
    const added = answer.dates[0]!.after;
    expect(added).toEqual([
      {
        mealTypeId: lunch,
        note: 'Ask for a smaller bowl',
        dishes: [
          { name: 'Chicken congee', nameEs: 'Congee de pollo', nameZh: '雞粥', diets: [] },
          {
            name: 'Tofu stir-fry',
            nameEs: 'Salteado de tofu',
            nameZh: '豆腐小炒',
            diets: ['vegetarian', 'low_sodium'],
          },
        ],
      },
    ]);
    expect(answer.dates[1]!.before[0]!.dishes[0]!.name).toBe('Toast');
    expect(answer.dates[1]!.after[0]!.dishes[0]!.name).toBe('Oatmeal');
    // Nothing is written by a preview.
    expect(await storedDates('partner', partner)).toEqual(['2026-12-03', '2026-12-04', '2026-12-05']);
  });

  it('finds the header row under a title and says which columns are not read', async () => {
    const answer = await preview(
      'partner',
      partner,
      csv('December menus,,,', 'Date,Meal,Dish,Cook', '2026-12-02,Lunch,Rice,Ann'),
    );
    expect(answer.summary.added).toBe(1);
    expect(answer.notImported).toEqual(['Cook']);
  });

  it('lists the errors row by row, with the sheet row and the code in the clerk’s language', async () => {
    const long = 'x'.repeat(121);
    const body = csv(
      'date,meal,dish,diets',
      '2026-12-02,Lunch,Rice,spicy',
      '2029-01-01,Lunch,Rice,',
      `2026-12-02,Lunch,${long},`,
      '2026-12-02,Supper,Rice,',
      '2026-12-02,Lunch,Soup,vegetarian',
      'not a date,Lunch,Soup,',
    );
    const answer = await preview('partner', partner, body, { language: 'es' });
    expect(answer.errors.map(({ row, column, code }) => [row, column, code])).toEqual([
      [2, 'diets', 'unknown_diet'],
      [3, 'date', 'out_of_range'],
      [4, 'dish', 'too_long'],
      [5, 'meal', 'unknown_meal_type'],
      [7, 'date', 'invalid_date'],
    ]);
    expect(answer.errors[0]!.message).toBe('no es una indicación de dieta: spicy');
    expect(answer.errors[1]!.params).toEqual({ min: '2025-12-01', max: '2028-11-30' });
    expect(answer.errors[3]!.message).toBe('no es un tipo de comida: Supper');
    expect(answer.summary.errors).toBe(5);
    // The good row is still shown, so the clerk sees what would be written once the errors are fixed.
    expect(answer.dates).toHaveLength(1);

    const zh = await preview('partner', partner, body, { language: 'zh' });
    expect(zh.errors[0]!.message).toBe('不是飲食標示：spicy');
  });

  it('refuses a file without the date, meal and dish columns, and an owner that does not exist', async () => {
    const missing = await send(apiPaths.menuImport('partner', partner), csv('date,dish', '2026-12-02,Rice'));
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ code: 'missing_column', params: { column: 'meal' } });

    const unknown = await send(
      apiPaths.menuImport('partner', 999_999),
      csv('date,meal,dish', '2026-12-02,Lunch,Rice'),
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors[0]).toMatchObject({ path: 'partnerId', code: 'unknown_ids' });
    const noSite = await send(
      apiPaths.menuImport('site', 999_999),
      csv('date,meal,dish', '2026-12-02,Lunch,Rice'),
    );
    expect(noSite.statusCode).toBe(422);
    expect(noSite.json().errors[0]).toMatchObject({ path: 'siteId', code: 'unknown_site' });
  });
});

describe('the commit (R677)', () => {
  it('writes the previewed dates in one go, with the history of each, and the site page serves them', async () => {
    await putDay('2026-12-04', lunch, 'Fish soup');
    const body = MONTH();
    const { digest } = await preview('partner', partner, body);
    const answer = await send(apiPaths.menuImportCommit('partner', partner, digest), body);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      owner: { kind: 'partner', id: partner },
      written: ['2026-12-02', '2026-12-03', '2026-12-05'],
      removed: ['2026-12-04'],
      unchanged: 0,
    });
    expect(await storedDates('partner', partner)).toEqual(['2026-12-02', '2026-12-03', '2026-12-05']);

    const menu = await siteMenu('2026-12-02', '2026-12-05');
    const wednesday = menu.days.find((day) => day.date === '2026-12-02')!;
    expect(wednesday.status).toBe('published');
    expect(wednesday.meals[0]!.dishes[1]).toEqual({
      name: 'Tofu stir-fry',
      translations: { es: { name: 'Salteado de tofu' }, zh: { name: '豆腐小炒' } },
      diets: ['vegetarian', 'low_sodium'],
    });
    expect(wednesday.meals[0]!.note).toBe('Ask for a smaller bowl');

    const [entry] = await ctx.database.db
      .select()
      .from(history)
      .where(
        and(eq(history.entity, 'partner-menu'), eq(history.entityId, partner), eq(history.action, 'import')),
      );
    expect(entry).toMatchObject({ source: 'import' });
    const changes = entry!.changes as Record<string, [unknown, unknown]>;
    expect(Object.keys(changes).sort()).toEqual(['2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05']);
    expect(changes['2026-12-04']![1]).toBeNull();
    expect(changes['2026-12-02']![0]).toBeNull();

    // The same file again changes nothing.
    const again = await preview('partner', partner, body);
    expect(again.summary).toEqual({ added: 0, changed: 0, removed: 0, unchanged: 3, errors: 0 });
  });

  it('writes nothing when a row has an error', async () => {
    const body = csv('date,meal,dish,diets', '2026-12-02,Lunch,Rice,', '2026-12-03,Lunch,Soup,spicy');
    const { digest } = await preview('partner', partner, body);
    const answer = await send(apiPaths.menuImportCommit('partner', partner, digest), body);
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toMatchObject({ code: 'import_has_errors', params: { count: 1 } });
    expect(await storedDates('partner', partner)).toEqual([]);
  });

  it('writes nothing when the menus changed since the preview', async () => {
    const body = csv('date,meal,dish', '2026-12-02,Lunch,Rice', '2026-12-03,Lunch,Soup');
    const { digest } = await preview('partner', partner, body);
    await putDay('2026-12-03', lunch, 'Written meanwhile');
    const answer = await send(apiPaths.menuImportCommit('partner', partner, digest), body);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ code: 'import_stale' });
    expect(await storedDates('partner', partner)).toEqual(['2026-12-03']);
  });

  it('imports a site’s own month, which the site serves over its partner’s', async () => {
    await putDay('2026-12-02', lunch, 'Partner rice');
    const body = csv('date,meal,dish', '2026-12-02,Lunch,Site noodles');
    const { digest, owner } = await preview('site', site, body);
    expect(owner).toEqual({ kind: 'site', id: site });
    const answer = await send(apiPaths.menuImportCommit('site', site, digest), body);
    expect(answer.statusCode, answer.body).toBe(200);
    const day = (await siteMenu('2026-12-02', '2026-12-02')).days[0]!;
    expect(day.meals[0]).toMatchObject({ source: 'site', dishes: [{ name: 'Site noodles' }] });
    expect(await storedDates('partner', partner)).toEqual(['2026-12-02']);
  });

  it('reads a real .xlsx workbook: a title row, date cells and Chinese headers', async () => {
    const text = (value: string) => ({ value, type: String });
    const workbook = (await writeXlsxFile([
      [text('Menú de diciembre')],
      [text('日期'), text('餐類'), text('菜式'), text('飲食標記'), text('Dish (ZH)')],
      [
        { value: new Date('2026-12-07T00:00:00Z'), type: Date, format: 'yyyy-mm-dd' },
        text('午膳'),
        text('Dumplings'),
        text('素食'),
        text('餃子'),
      ],
    ] as never).toBuffer()) as Buffer;
    const answer = await preview('partner', partner, workbook, { type: XLSX_TYPE });
    expect(answer.errors).toEqual([]);
    expect(answer.dates).toEqual([
      {
        date: '2026-12-07',
        change: 'added',
        before: [],
        after: [
          {
            mealTypeId: lunch,
            note: null,
            dishes: [{ name: 'Dumplings', nameEs: '', nameZh: '餃子', diets: ['vegetarian'] }],
          },
        ],
      },
    ]);
  });
});

describe('who may import (R678)', () => {
  const body = () => csv('date,meal,dish', '2026-12-02,Lunch,Rice');

  it('refuses nobody signed in and a signed-in user who is not staff', async () => {
    expect((await send(apiPaths.menuImport('partner', partner), body(), { cookie: null })).statusCode).toBe(
      401,
    );
    expect(
      (await send(apiPaths.menuImport('partner', partner), body(), { cookie: cookies.user })).statusCode,
    ).toBe(403);
    expect(
      (await send(apiPaths.menuImportCommit('partner', partner, 'x'), body(), { cookie: cookies.user }))
        .statusCode,
    ).toBe(403);
  });

  it('lets a partner manager import their own partner’s and sites’ months only', async () => {
    const cookie = cookies.partner;
    const own = await preview('partner', partner, body(), { cookie });
    const committed = await send(apiPaths.menuImportCommit('partner', partner, own.digest), body(), {
      cookie,
    });
    expect(committed.statusCode, committed.body).toBe(200);
    expect((await send(apiPaths.menuImport('site', site), body(), { cookie })).statusCode).toBe(200);
    expect((await send(apiPaths.menuImport('partner', otherPartner), body(), { cookie })).statusCode).toBe(
      403,
    );
    expect((await send(apiPaths.menuImport('site', otherSite), body(), { cookie })).statusCode).toBe(403);
    expect(
      (await send(apiPaths.menuImportCommit('site', otherSite, own.digest), body(), { cookie })).statusCode,
    ).toBe(403);
    expect(await storedDates('site', otherSite)).toEqual([]);
  });

  it('lets an administrator import any partner’s month', async () => {
    const answer = await preview('partner', otherPartner, body(), { cookie: cookies.admin });
    expect(answer.summary.added).toBe(1);
  });

  it('refuses a file that is neither CSV nor .xlsx', async () => {
    const answer = await send(apiPaths.menuImport('partner', partner), body(), { type: 'text/plain' });
    expect(answer.statusCode).toBe(415);
  });
});
