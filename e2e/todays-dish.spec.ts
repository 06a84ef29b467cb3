import type { Page } from '@playwright/test';
import { apiPaths } from '#shared/api-paths.ts';
import { TEST_CLOCK_HEADER } from '#shared/test-clock.ts';
import { adminApiAt, setClock, TUESDAY_MORNING } from './support/clock.ts';
import { type AdminApi, expect, test } from './support/fixtures.ts';
import { PHONE, scrollsSideways, useLargeText } from './support/large-text.ts';
import { type Lng, mapSection, scrollToMap, sitesAppReady, tr, uniqueTag } from './support/public-pages.ts';

/**
 * "Where can I get a vegetarian lunch today?" (docs/product.md R685–R689) on a 360 px phone with text
 * at 200 %, in English, Spanish and Chinese: each row of the locations page shows today's main dish in
 * the reader's language (an untranslated one in English, marked so) with its diet marks in words, a
 * site closed today shows none, and "Menu today: Vegetarian" keeps the site with a vegetarian dish,
 * whose row and map popup then show that dish. On the agency's clock (Los Angeles) while the device is
 * in Tokyo, already Wednesday; and without JavaScript, the server's form and list.
 */
test.use({ ...PHONE, timezoneId: 'Asia/Tokyo' });

/** Tuesday 1 December 2026, 10:00 in San Francisco (Wednesday 03:00 in Tokyo). */
const TODAY = '2026-12-01';
const TOMORROW = '2026-12-02';

const CONGEE: Record<Lng, string> = { en: 'Chicken congee', es: 'Congee de pollo', zh: '雞粥' };
const TOFU = 'Mapo tofu';

/**
 * Three sites of a population of this journey's own: one whose partner serves congee and a
 * vegetarian tofu today, one whose partner serves a low-sodium stew, and one of the first partner's
 * closed today. Tomorrow the second partner has a vegetarian dish: not today's.
 */
async function threeSites(adminApi: AdminApi, baseURL: string) {
  const tag = uniqueTag();
  const staff = await adminApiAt(baseURL, TUESDAY_MORNING);
  const population = await adminApi.createItem('populations', { name: `Diners ${tag}` });
  const lunch = await adminApi.createItem('mealtypes', { name: `Lunch ${tag}` });
  const congeeKitchen = await adminApi.createItem('nutritionpartners', { name: `Congee Kitchen ${tag}` });
  const stewKitchen = await adminApi.createItem('nutritionpartners', { name: `Stew Kitchen ${tag}` });
  const site = (name: string, partner: number, lat: number) =>
    adminApi.createSite({
      name: `${name} ${tag}`,
      Hours: [1, 2, 3, 4, 5].map((day) => ({ day, open: '11:30', close: '13:00' })),
      NutritionPartnerIds: [partner],
      PopulationIds: [population.id],
      lat,
      lng: -122.4194,
    } as never);
  const tofu = await site('Harbor Lunch Club', congeeKitchen.id, 37.7749);
  const stew = await site('Bayview Dining Room', stewKitchen.id, 37.7705);
  const closed = await site('Sunset Senior Center', congeeKitchen.id, 37.7655);
  const put = async (partner: number, date: string, dishes: object[]) => {
    const saved = await staff.put(apiPaths.partnerMenuDay(partner, date), {
      data: { meals: [{ mealTypeId: lunch.id, dishes }] },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  };
  await put(congeeKitchen.id, TODAY, [
    {
      name: CONGEE.en,
      translations: { es: { name: CONGEE.es }, zh: { name: CONGEE.zh } },
      diets: ['halal', 'soft'],
    },
    { name: TOFU, diets: ['vegetarian'] },
  ]);
  await put(stewKitchen.id, TODAY, [{ name: 'Beef stew', diets: ['low_sodium'] }]);
  await put(stewKitchen.id, TOMORROW, [{ name: 'Lentil soup', diets: ['vegetarian'] }]);
  const closure = await staff.post(apiPaths.closures, {
    data: { startDate: TODAY, endDate: TODAY, reason: 'Repairs', siteIds: [closed.id] },
  });
  expect(closure.status(), await closure.text()).toBe(201);
  await staff.dispose();
  return { population, tofu, stew, closed };
}

const rows = (page: Page, lng: Lng) =>
  page.getByRole('list', { name: tr(lng, 'sites:listHeading') }).getByRole('listitem');
const row = (page: Page, lng: Lng, name: string) =>
  rows(page, lng).filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
const label = (lng: Lng) => tr(lng, 'sites:menuToday.label');
const diet = (lng: Lng, mark: string) => tr(lng, `site:menu.diets.${mark}`);

for (const lng of ['en', 'es', 'zh'] as const) {
  test(`${lng}: today's dish in each row and a popup, and "Menu today: Vegetarian", at 200 % text`, async ({
    page,
    adminApi,
    baseURL,
  }) => {
    const d = await threeSites(adminApi, baseURL!);
    await useLargeText(page);
    await setClock(page, TUESDAY_MORNING);
    await page.goto(`/sites?lng=${lng}&population=${d.population.id}`);
    await sitesAppReady(page, lng);
    await expect(page.getByText(tr(lng, 'sites:count', { count: 3 }), { exact: true })).toBeVisible();

    // The main dish, in the reader's language, with its marks in words; none for the closed site.
    const tofuRow = row(page, lng, d.tofu.name);
    await expect(tofuRow).toContainText(`${label(lng)} ${CONGEE[lng]}`);
    await expect(tofuRow).toContainText(diet(lng, 'halal'));
    await expect(tofuRow).toContainText(diet(lng, 'soft'));
    await expect(row(page, lng, d.stew.name)).toContainText(`${label(lng)} Beef stew`);
    await expect(row(page, lng, d.stew.name)).toContainText(diet(lng, 'low_sodium'));
    await expect(row(page, lng, d.closed.name)).toBeVisible();
    await expect(row(page, lng, d.closed.name)).not.toContainText(label(lng));

    await page
      .getByRole('combobox', { name: tr(lng, 'sites:menuToday.filter'), exact: true })
      .selectOption({ label: diet(lng, 'vegetarian') });
    await expect(page).toHaveURL(
      new RegExp(`/sites\\?lng=${lng}&population=${d.population.id}&diet=vegetarian$`),
    );
    await expect(page.getByText(tr(lng, 'sites:count', { count: 1 }), { exact: true })).toBeVisible();
    await expect(rows(page, lng).getByRole('heading', { level: 3 })).toHaveText([d.tofu.name]);
    // The row now shows the dish found by the filter: untranslated, so in English, marked as such.
    await expect(tofuRow).toContainText(`${label(lng)} ${TOFU}`);
    await expect(tofuRow).toContainText(diet(lng, 'vegetarian'));
    await expect(tofuRow.locator('[lang="en"]', { hasText: TOFU })).toHaveCount(lng === 'en' ? 0 : 1);
    expect(await scrollsSideways(page)).toBe(false);

    // The map's popup says the same.
    await scrollToMap(page, lng);
    await mapSection(page, lng).getByRole('button', { name: d.tofu.name }).click();
    const popup = mapSection(page, lng).locator('.site-popup');
    await expect(popup.getByRole('heading', { level: 3, name: d.tofu.name })).toBeVisible();
    await expect(popup).toContainText(`${label(lng)} ${TOFU}`);
    await expect(popup).toContainText(diet(lng, 'vegetarian'));
    expect(await scrollsSideways(page)).toBe(false);
  });
}

test('without JavaScript the server shows the dishes and applies "Menu today" from the form', async ({
  browser,
  adminApi,
  baseURL,
}) => {
  const d = await threeSites(adminApi, baseURL!);
  const context = await browser.newContext({
    ...PHONE,
    baseURL,
    javaScriptEnabled: false,
    timezoneId: 'Asia/Tokyo',
    extraHTTPHeaders: { [TEST_CLOCK_HEADER]: TUESDAY_MORNING.toISOString() },
  });
  const page = await context.newPage();
  await useLargeText(page);
  await page.goto(`/sites?lng=zh&population=${d.population.id}`);
  await expect(row(page, 'zh', d.tofu.name)).toContainText(`${label('zh')} ${CONGEE.zh}`);
  await expect(row(page, 'zh', d.closed.name)).not.toContainText(label('zh'));

  await page
    .getByRole('combobox', { name: tr('zh', 'sites:menuToday.filter'), exact: true })
    .selectOption({ label: diet('zh', 'vegetarian') });
  await page.getByRole('button', { name: tr('zh', 'sites:filters.apply') }).click();

  await expect(page).toHaveURL(/\/sites\?lng=zh&.*diet=vegetarian/);
  await expect(page.getByText(tr('zh', 'sites:count', { count: 1 }), { exact: true })).toBeVisible();
  await expect(rows(page, 'zh').getByRole('heading', { level: 3 })).toHaveText([d.tofu.name]);
  await expect(row(page, 'zh', d.tofu.name)).toContainText(`${label('zh')} ${TOFU}`);
  await expect(
    page.getByRole('combobox', { name: tr('zh', 'sites:menuToday.filter'), exact: true }),
  ).toHaveValue('vegetarian');
  expect(await scrollsSideways(page)).toBe(false);

  // Its Clear link gives the list back.
  await page
    .getByRole('link', {
      name: `${tr('zh', 'sites:filters.clear')} ${tr('zh', 'sites:menuToday.filter')}`,
      exact: true,
    })
    .click();
  await expect(page).not.toHaveURL(/diet=/);
  await expect(page.getByText(tr('zh', 'sites:count', { count: 3 }), { exact: true })).toBeVisible();
  await context.close();
});
