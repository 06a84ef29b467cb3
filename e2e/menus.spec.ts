import type { APIRequestContext, Page } from '@playwright/test';
import { apiPaths } from '#shared/api-paths.ts';
import { TEST_CLOCK_HEADER } from '#shared/test-clock.ts';
import { adminApiAt, setClock, TUESDAY_MORNING } from './support/clock.ts';
import { type AdminApi, expect, test } from './support/fixtures.ts';
import { PHONE, scrollsSideways, useLargeText } from './support/large-text.ts';
import { partnerLunchClub } from './support/menus.ts';
import { type Lng, tr, uniqueTag } from './support/public-pages.ts';

/**
 * A senior asking "what's for lunch today?" (docs/product.md R659): a site page on a 360 px phone with
 * text at 200 %, in English, Spanish and Chinese, shows today's menu near the top — the meal, its time,
 * the dishes in the reader's language (an untranslated one in English, marked as such) with their diet
 * marks in words — and leaves out tomorrow, a closed day. On the agency's clock (Los Angeles) while
 * the device is in Tokyo, already Wednesday; a site without a menu says "Menu not published", also
 * without JavaScript.
 */
test.use({ ...PHONE, timezoneId: 'Asia/Tokyo' });

/** Tuesday 1 December 2026, 10:00 in San Francisco (Wednesday 03:00 in Tokyo). */
const TODAY = '2026-12-01';
const TOMORROW = '2026-12-02';

const LANGUAGES: Lng[] = ['en', 'es', 'zh'];

const DISHES: Record<Lng, { congee: string; tofu: string; note: string; lunch: string }> = {
  en: {
    congee: 'Chicken congee',
    tofu: 'Mapo tofu',
    note: 'Substitute on request by noon the day before',
    lunch: 'Lunch',
  },
  es: {
    congee: 'Congee de pollo',
    tofu: 'Mapo tofu',
    note: 'Sustitución a pedido antes del mediodía del día anterior',
    lunch: 'Almuerzo',
  },
  zh: { congee: '雞粥', tofu: 'Mapo tofu', note: '如需更換，請於前一日中午前提出', lunch: '午膳' },
};

const TIME: Record<Lng, string> = {
  en: '11:30 AM – 1:00 PM',
  es: '11:30 a.m. – 1:00 p.m.',
  zh: '上午11:30 – 下午1:00',
};

async function siteWithMenu(adminApi: AdminApi, staff: APIRequestContext) {
  const { tag, lunch, partner, site } = await partnerLunchClub(adminApi, 'Menu Lunch Club');
  const meal = (name: string) => ({
    meals: [
      {
        mealTypeId: lunch.id,
        dishes: [
          {
            name: DISHES.en.congee,
            translations: { es: { name: DISHES.es.congee }, zh: { name: DISHES.zh.congee } },
            diets: ['soft', 'halal'],
          },
          { name, diets: ['vegetarian'] },
        ],
        note: DISHES.en.note,
        translations: { es: { note: DISHES.es.note }, zh: { note: DISHES.zh.note } },
      },
    ],
  });
  for (const date of [TODAY, TOMORROW]) {
    const saved = await staff.put(apiPaths.partnerMenuDay(partner.id, date), { data: meal(DISHES.en.tofu) });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  // Tomorrow the site is closed: its partner's menu is not shown for it.
  const closure = await staff.post(apiPaths.closures, {
    data: { startDate: TOMORROW, endDate: TOMORROW, reason: 'Staff training', siteIds: [site.id] },
  });
  expect(closure.status(), await closure.text()).toBe(201);
  return { site, tag };
}

const menuRegion = (page: Page, lng: Lng) => page.getByRole('region', { name: tr(lng, 'site:menu.heading') });

for (const lng of LANGUAGES) {
  test(`${lng}: today's menu on a site page at 200 % text on a phone, tomorrow closed`, async ({
    page,
    adminApi,
    baseURL,
  }) => {
    const staff = await adminApiAt(baseURL!, TUESDAY_MORNING);
    const { site, tag } = await siteWithMenu(adminApi, staff);
    await staff.dispose();
    await useLargeText(page);
    await setClock(page, TUESDAY_MORNING);
    await page.goto(`/sites/${site.id}?lng=${lng}`);

    const menu = menuRegion(page, lng);
    await expect(menu.getByRole('heading', { level: 2, name: tr(lng, 'site:menu.heading') })).toBeVisible();
    // Today only: tomorrow, closed, has no heading, and no day of the week ahead has a menu (R680).
    await expect(menu.getByRole('heading', { level: 3 })).toHaveText([
      new RegExp(`^${tr(lng, 'site:today')} `),
    ]);
    await expect(menu.getByRole('heading', { level: 4 })).toHaveText(
      `${DISHES[lng].lunch} ${tag} ${TIME[lng]}`,
    );
    const dishes = menu.getByRole('list').first().getByRole('listitem');
    await expect(dishes).toHaveCount(2);
    await expect(dishes.first()).toContainText(DISHES[lng].congee);
    await expect(dishes.first()).toContainText(tr(lng, 'site:menu.diets.halal'));
    await expect(dishes.first()).toContainText(tr(lng, 'site:menu.diets.soft'));
    await expect(dishes.nth(1)).toContainText(tr(lng, 'site:menu.diets.vegetarian'));
    // Untranslated, the dish is in English, and marked so outside an English page.
    const marked = dishes.nth(1).locator('[lang="en"]');
    if (lng === 'en') await expect(marked).toHaveCount(0);
    else await expect(marked).toHaveText(DISHES[lng].tofu);
    await expect(menu).toContainText(DISHES[lng].note);
    // Tomorrow the site is closed: no menu for it, not even "not published" (the week ahead after it
    // says "not published" for its open days without a menu, R680).
    await expect(menu).not.toContainText(tr(lng, 'site:menu.tomorrow'));
    await expect(menu.getByText(tr(lng, 'site:menu.notPublished'), { exact: true })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: tr(lng, 'site:menu.calendar') })).toHaveAttribute(
      'href',
      apiPaths.siteMenuIcs(site.id),
    );
    expect(await scrollsSideways(page)).toBe(false);
  });
}

test('a site without a menu says "Menu not published" for today and tomorrow, without JavaScript', async ({
  browser,
  adminApi,
}) => {
  const site = await adminApi.createSite({
    name: `No Menu Yet ${uniqueTag()}`,
    Hours: [1, 2, 3, 4, 5].map((day) => ({ day, open: '11:30', close: '13:00' })),
  } as never);
  const context = await browser.newContext({
    ...PHONE,
    javaScriptEnabled: false,
    extraHTTPHeaders: { [TEST_CLOCK_HEADER]: TUESDAY_MORNING.toISOString() },
  });
  const page = await context.newPage();
  await page.goto(`/sites/${site.id}?lng=es`);
  const menu = menuRegion(page, 'es');
  // Today and tomorrow say so; no week ahead of seven such lines, nor a week to print (R680, R681).
  await expect(menu.getByRole('heading', { level: 3 })).toHaveText([
    new RegExp(`^${tr('es', 'site:today')} `),
    new RegExp(`^${tr('es', 'site:menu.tomorrow')} `),
  ]);
  await expect(menu.getByText(tr('es', 'site:menu.notPublished'), { exact: true })).toHaveCount(2);
  await expect(menu.getByRole('link', { name: tr('es', 'site:menu.print') })).toHaveCount(0);
  await context.close();
});
