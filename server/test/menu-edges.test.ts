/**
 * Menus' edges (docs/product.md R690–R699, docs/decisions/067-agency-diet-marks.md): the agency's own
 * diet marks (only administrators keep them; dishes carry them; the site's menu, its calendar file and
 * the open-data feed name them in words; one in use is not removed), the feed's menus of the week in
 * three languages, a meal type or partner with menus not deleted, a trashed site's own menus restored
 * with it, and a merged site's menu routes leading to the kept site, which gains its menus.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '#shared/api-paths.ts';
import { DIET_MARKS, dietMarkList } from '#shared/menus.ts';
import type { SiteMenu } from '#shared/schemas/menus.ts';
import { buildNutritionPartner, buildSite } from '#testing/factories.ts';
import { hsdsErrors } from '#testing/hsds/validate.ts';
import { mealTypes, menus, nutritionPartners } from '../db/schema.ts';
import { uuidV5 } from '../services/hsds/uuid.ts';
import { createTestApp, createUser, login, type TestContext, WITHOUT_HOLIDAYS } from './helpers.ts';

/** Tuesday 1 December 2026, noon in San Francisco (the agency's zone by default). */
const NOON_TUESDAY = Date.parse('2026-12-01T20:00:00Z');
const NAMESPACE = '45891432-3e1c-44d3-8be0-a3ca534ef0ea';

let ctx: TestContext;
let lunch: number;
let partner: number;
const cookies = {} as Record<'admin' | 'editor' | 'partner', string>;

const WEEKDAYS = [1, 2, 3, 4, 5].map((day) => ({ day, open: '11:30', close: '13:00' }));

beforeAll(async () => {
  ctx = await createTestApp(
    { AGENCY_HOLIDAYS: WITHOUT_HOLIDAYS, HSDS_ID_NAMESPACE: NAMESPACE },
    { now: () => new Date(NOON_TUESDAY) },
  );
  const { db } = ctx.database;
  lunch = (
    await db
      .insert(mealTypes)
      .values({ name: 'Lunch', translations: { es: { name: 'Almuerzo' }, zh: { name: '午膳' } } })
      .returning()
  )[0]!.id;
  partner = (await db.insert(nutritionPartners).values(buildNutritionPartner()).returning())[0]!.id;
  cookies.admin = await login(ctx, (await createUser(ctx, { admin: true })).email);
  cookies.editor = await login(ctx, (await createUser(ctx, { role: 'editor' })).email);
  cookies.partner = await login(
    ctx,
    (await createUser(ctx, { role: 'partner', partnerIds: [partner] })).email,
  );
});
afterAll(() => ctx.close());

function call(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  cookie: string | null = cookies.admin,
) {
  return ctx.app.inject({
    method,
    url,
    ...(payload !== undefined ? { payload: payload as object } : {}),
    headers: cookie ? { cookie } : {},
  });
}

async function newSite(name: string, partnerIds: number[] = [partner]): Promise<number> {
  const response = await call('POST', apiPaths.sites, {
    ...buildSite({ name, Hours: WEEKDAYS }),
    NutritionPartnerIds: partnerIds,
    MealTypeIds: [lunch],
    confirmDuplicate: true,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

async function newMark(name: string, translations: object = {}): Promise<number> {
  const response = await call('POST', apiPaths.dietMarks, { name, translations });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

const day = (dishes: { name: string; diets?: string[]; translations?: object }[], note?: string) => ({
  meals: [{ mealTypeId: lunch, dishes, ...(note ? { note } : {}) }],
});

async function siteMenu(siteId: number): Promise<SiteMenu> {
  const response = await call('GET', apiPaths.siteMenu(siteId), undefined, null);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SiteMenu;
}

describe('the agency’s own diet marks (R690–R695)', () => {
  it('only administrators add, rename and remove them; anyone reads them', async () => {
    const body = { name: 'Gluten-free' };
    expect((await call('POST', apiPaths.dietMarks, body, null)).statusCode).toBe(401);
    expect((await call('POST', apiPaths.dietMarks, body, cookies.editor)).statusCode).toBe(403);
    expect((await call('POST', apiPaths.dietMarks, body, cookies.partner)).statusCode).toBe(403);
    const id = await newMark('Gluten-free', { es: { name: 'Sin gluten' } });
    expect((await call('PATCH', apiPaths.dietMark(id), { name: 'X' }, cookies.editor)).statusCode).toBe(403);
    expect((await call('DELETE', apiPaths.dietMark(id), undefined, cookies.partner)).statusCode).toBe(403);
    const list = await call('GET', apiPaths.dietMarks, undefined, null);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(
      expect.objectContaining({
        id,
        key: `agency-${id}`,
        name: 'Gluten-free',
        translations: { es: { name: 'Sin gluten' } },
        dishes: 0,
      }),
    );
    const renamed = await call('PATCH', apiPaths.dietMark(id), {
      name: 'Gluten free',
      translations: { es: { name: 'Sin gluten' }, zh: { name: '無麩質' } },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Gluten free', version: 2 });
    expect((await call('DELETE', apiPaths.dietMark(id))).statusCode).toBe(204);
    expect((await call('GET', apiPaths.dietMarks, undefined, null)).json()).not.toContainEqual(
      expect.objectContaining({ id }),
    );
  });

  it('refuses a blank name, a fixed mark’s name and a name taken, with codes, storing nothing', async () => {
    const before = (await call('GET', apiPaths.dietMarks)).json().length;
    const blank = await call('POST', apiPaths.dietMarks, { name: '  ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toContainEqual(expect.objectContaining({ path: 'name', code: 'required' }));
    const fixed = await call('POST', apiPaths.dietMarks, { name: 'Low sodium' });
    expect(fixed.statusCode).toBe(422);
    expect(fixed.json().errors).toContainEqual(
      expect.objectContaining({ path: 'name', code: 'already_exists' }),
    );
    await newMark('Nut-free');
    const taken = await call('POST', apiPaths.dietMarks, { name: 'nut free' });
    expect(taken.json().errors).toContainEqual(
      expect.objectContaining({ path: 'name', code: 'already_exists' }),
    );
    expect((await call('GET', apiPaths.dietMarks)).json().length).toBe(before + 1);
  });

  it('lists every mark in one order: the fixed ones first, then the agency’s by when they were added', () => {
    const list = dietMarkList([
      { id: 9, name: 'B', translations: {} },
      { id: 4, name: 'A', translations: {} },
    ]);
    expect(list.map((entry) => entry.key)).toEqual([...DIET_MARKS, 'agency-4', 'agency-9']);
  });

  it('dishes carry them, the site’s menu and calendar name them, and one in use is not removed', async () => {
    const mark = await newMark('Pork-free', { es: { name: 'Sin cerdo' }, zh: { name: '不含豬肉' } });
    const site = await newSite('Mark Centre');
    const saved = await call('PUT', apiPaths.partnerMenuDay(partner, '2026-12-01'), {
      ...day([{ name: 'Chicken rice', diets: [`agency-${mark}`, 'soft', `agency-${mark}`] }]),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Once each, the fixed marks first (R692).
    expect(saved.json().meals[0].dishes[0].diets).toEqual(['soft', `agency-${mark}`]);

    const menu = await siteMenu(site);
    expect(menu.dietMarks).toContainEqual({
      id: mark,
      name: 'Pork-free',
      translations: { es: { name: 'Sin cerdo' }, zh: { name: '不含豬肉' } },
    });
    const ics = await call('GET', `${apiPaths.siteMenuIcs(site)}?lng=es`, undefined, null);
    // Unfolded (RFC 5545 continues a long line on the next, after a space).
    expect(ics.body.replace(/\r\n /g, '')).toContain('Chicken rice (Textura blanda\\, Sin cerdo)');
    expect(ics.body).not.toContain('agency-');

    const refused = await call('DELETE', apiPaths.dietMark(mark));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'diet_mark_in_use', dishes: 1 });
    expect(refused.json().message).toMatch(/1 dish carries this mark/);
    expect((await call('GET', apiPaths.dietMarks)).json()).toContainEqual(
      expect.objectContaining({ id: mark, dishes: 1 }),
    );

    // Renamed: the menu says the new name at once (the names come with the data).
    await call('PATCH', apiPaths.dietMark(mark), { name: 'No pork' });
    expect((await siteMenu(site)).dietMarks).toContainEqual(expect.objectContaining({ name: 'No pork' }));
    await call('DELETE', apiPaths.partnerMenuDay(partner, '2026-12-01'));
    expect((await call('DELETE', apiPaths.dietMark(mark))).statusCode).toBe(204);
  });

  it('refuses a mark that is neither fixed nor the agency’s, and one removed, storing nothing', async () => {
    const url = apiPaths.partnerMenuDay(partner, '2026-12-03');
    const bogus = await call('PUT', url, day([{ name: 'Soup', diets: ['spicy'] }]));
    expect(bogus.statusCode).toBe(422);
    expect(bogus.json().errors).toContainEqual(
      expect.objectContaining({ path: 'meals.0.dishes.0.diets.0', code: 'invalid_choice' }),
    );
    const gone = await call('PUT', url, day([{ name: 'Soup', diets: ['vegetarian', 'agency-999999'] }]));
    expect(gone.statusCode).toBe(422);
    expect(gone.json().errors).toContainEqual(
      expect.objectContaining({
        path: 'meals.0.dishes.0.diets',
        code: 'unknown_ids',
        params: { ids: [999999] },
      }),
    );
    const stored = await ctx.database.db.select().from(menus).where(eq(menus.date, '2026-12-03'));
    expect(stored).toEqual([]);
  });
});

describe('the open-data feed carries the week’s menus (R699)', () => {
  it('gives each published day of the coming week as an attribute in English, Spanish and Chinese', async () => {
    const otherPartner = (
      await ctx.database.db.insert(nutritionPartners).values(buildNutritionPartner()).returning()
    )[0]!.id;
    const site = await newSite('Feed Centre', [otherPartner]);
    const mark = await newMark('Shellfish-free', { zh: { name: '不含貝類' } });
    const put = (date: string, body: object) =>
      call('PUT', apiPaths.partnerMenuDay(otherPartner, date), body);
    // Today (Tuesday), Monday next week (the seventh day), and the Tuesday after (outside the week).
    expect(
      (
        await put(
          '2026-12-01',
          day(
            [
              {
                name: 'Chicken congee',
                diets: ['soft', `agency-${mark}`],
                translations: { es: { name: 'Congee de pollo' }, zh: { name: '雞粥' } },
              },
              { name: 'Tofu', diets: ['vegetarian'] },
            ],
            'Fruit on request',
          ),
        )
      ).statusCode,
    ).toBe(200);
    expect((await put('2026-12-07', day([{ name: 'Fish soup' }]))).statusCode).toBe(200);
    expect((await put('2026-12-08', day([{ name: 'Later stew' }]))).statusCode).toBe(200);

    const service = (
      await call('GET', `/api/hsds/services/${uuidV5(NAMESPACE, `service:${site}`)}`, undefined, null)
    ).json();
    expect(hsdsErrors('service', service)).toEqual([]);
    const menusOf = (language: string) =>
      service.attributes.filter(
        (a: { link_type: string; taxonomy_term: { language: string } }) =>
          a.link_type === 'menu' && a.taxonomy_term.language === language,
      );
    expect(menusOf('en').map((a: { label: string }) => a.label)).toEqual([
      'Menu for 2026-12-01',
      'Menu for 2026-12-07',
    ]);
    expect(menusOf('en')[0].value).toBe(
      'Lunch: Chicken congee (Soft texture, Shellfish-free); Tofu (Vegetarian). Fruit on request.',
    );
    expect(menusOf('es')[0].label).toBe('Menú del 2026-12-01');
    expect(menusOf('es')[0].value).toContain('Almuerzo: Congee de pollo (Textura blanda, Shellfish-free)');
    expect(menusOf('zh')[0].value).toContain('午膳：雞粥（');
    expect(menusOf('zh')[0].value).toContain('不含貝類');
    expect(menusOf('zh')[0].taxonomy_term.name).toBe('菜單');
    expect(JSON.stringify(service)).not.toContain('Later stew');

    // One term per language in the "Menus" taxonomy: a 211 picks the attributes of its language.
    expect(
      ['en', 'es', 'zh'].map((language) => {
        const term = menusOf(language)[0].taxonomy_term;
        return [term.code, term.language, term.taxonomy];
      }),
    ).toEqual([
      ['menu-en', 'en', 'Menus'],
      ['menu-es', 'es', 'Menus'],
      ['menu-zh', 'zh', 'Menus'],
    ]);
  });
});

describe('menus are not lost (R696–R698)', () => {
  it('refuses to delete a meal type or a partner that has menus, saying how many days, deleting nothing', async () => {
    const { db } = ctx.database;
    const dinner = (await db.insert(mealTypes).values({ name: 'Dinner' }).returning())[0]!.id;
    const ownPartner = (await db.insert(nutritionPartners).values(buildNutritionPartner()).returning())[0]!
      .id;
    for (const date of ['2026-12-02', '2026-12-03'])
      expect(
        (
          await call('PUT', apiPaths.partnerMenuDay(ownPartner, date), {
            meals: [{ mealTypeId: dinner, dishes: [{ name: 'Stew' }] }],
          })
        ).statusCode,
      ).toBe(200);
    const type = await call('DELETE', `/api/mealtypes/${dinner}`);
    expect(type.statusCode).toBe(409);
    expect(type.json()).toMatchObject({ code: 'menu_days_would_be_lost', params: { count: 2 } });
    expect(type.json().message).toContain('2 days of menus');
    const owner = await call('DELETE', `/api/nutritionpartners/${ownPartner}`);
    expect(owner.statusCode).toBe(409);
    expect(owner.json()).toMatchObject({ code: 'menu_days_would_be_lost', params: { count: 2 } });
    expect(await db.select().from(menus).where(eq(menus.partnerId, ownPartner))).toHaveLength(2);

    // Without menus, both go as before.
    for (const date of ['2026-12-02', '2026-12-03'])
      await call('DELETE', apiPaths.partnerMenuDay(ownPartner, date));
    expect((await call('DELETE', `/api/mealtypes/${dinner}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/nutritionpartners/${ownPartner}`)).statusCode).toBe(204);
  });

  it('restores a trashed site with its own menus', async () => {
    const site = await newSite('Trash Centre');
    const mark = await newMark('Egg-free');
    expect(
      (
        await call(
          'PUT',
          apiPaths.siteMenuDay(site, '2026-12-02'),
          day([{ name: 'Own curry', diets: [`agency-${mark}`] }]),
        )
      ).statusCode,
    ).toBe(200);
    expect((await call('DELETE', apiPaths.site(site))).statusCode).toBe(204);
    expect(await ctx.database.db.select().from(menus).where(eq(menus.siteId, site))).toEqual([]);
    // A trashed menu does not hold its mark: the mark can go, and the restored dish comes back without it.
    expect((await call('DELETE', apiPaths.dietMark(mark))).statusCode).toBe(204);

    expect((await call('POST', `/api/sites/trash/${site}/restore`)).statusCode).toBe(200);
    const wednesday = (await siteMenu(site)).days.find((d) => d.date === '2026-12-02')!;
    expect(wednesday.meals).toEqual([
      expect.objectContaining({
        source: 'site',
        dishes: [{ name: 'Own curry', translations: {}, diets: [] }],
      }),
    ]);
  });

  it('leads a merged site’s menu routes to the kept site, which gains its menus where it has none', async () => {
    const keep = await newSite('Kept Centre', []);
    const merged = await newSite('Merged Centre', []);
    const own = (id: number, date: string, name: string) =>
      call('PUT', apiPaths.siteMenuDay(id, date), day([{ name }]));
    expect((await own(keep, '2026-12-02', 'Kept soup')).statusCode).toBe(200);
    expect((await own(merged, '2026-12-02', 'Merged soup')).statusCode).toBe(200);
    expect((await own(merged, '2026-12-03', 'Merged pie')).statusCode).toBe(200);
    const version = async (id: number) => (await call('GET', apiPaths.site(id))).json().version;
    const merge = await call('POST', apiPaths.siteMerge(keep), {
      mergedId: merged,
      version: await version(keep),
      mergedVersion: await version(merged),
    });
    expect(merge.statusCode, merge.body).toBe(200);

    const read = await call(
      'GET',
      apiPaths.siteMenu(merged, { from: '2026-12-02', to: '2026-12-03' }),
      undefined,
      null,
    );
    expect(read.statusCode).toBe(301);
    expect(read.headers.location).toBe(apiPaths.siteMenu(keep, { from: '2026-12-02', to: '2026-12-03' }));
    const ics = await call('GET', apiPaths.siteMenuIcs(merged), undefined, null);
    expect(ics.statusCode).toBe(301);
    expect(ics.headers.location).toBe(apiPaths.siteMenuIcs(keep));

    const menu = await siteMenu(keep);
    const dish = (date: string) => menu.days.find((d) => d.date === date)!.meals[0]!.dishes[0]!.name;
    // The kept site's own menu stays; the merged site's fills the date the kept one had none.
    expect(dish('2026-12-02')).toBe('Kept soup');
    expect(dish('2026-12-03')).toBe('Merged pie');

    // A write under the old id is the kept site's.
    expect((await own(merged, '2026-12-04', 'Written through')).statusCode).toBe(200);
    expect((await siteMenu(keep)).days.find((d) => d.date === '2026-12-04')!.meals[0]!.dishes[0]!.name).toBe(
      'Written through',
    );
  });
});
