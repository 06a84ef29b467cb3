import { type Browser, type Page, request } from '@playwright/test';
import { apiPaths } from '#shared/api-paths.ts';
import { formatCalendarDate } from '#shared/format-hours.ts';
import { TEST_CLOCK_HEADER } from '#shared/test-clock.ts';
import { setClock } from './support/clock.ts';
import { E2E_ADMIN } from './support/constants.ts';
import { expect, expectNoAxeViolations, loginThroughForm, test } from './support/fixtures.ts';
import { scrollsSideways, useLargeText } from './support/large-text.ts';
import { partnerLunchClub } from './support/menus.ts';
import { editorAccount, partnerManager } from './support/partner-manager.ts';
import { type Lng, tr, uniqueTag } from './support/public-pages.ts';

/**
 * The staff month grid (docs/product.md R665–R674): an editor opens the menus from the workspace,
 * picks a nutrition partner and December 2026, writes Tuesday 1 December's lunch — a dish named in
 * English, Spanish and Chinese, marked vegetarian — then repeats the month's first four weeks, which
 * asks before replacing the 29th's menu already written. The public page of a site of that partner
 * then shows the dish on the 29th, in Spanish and in Chinese. On the agency's clock (R92).
 */

/** Tuesday 1 December 2026, 10:00 in San Francisco. */
const DECEMBER_FIRST = new Date('2026-12-01T10:00:00-08:00');
/** Tuesday 29 December 2026: the first Tuesday of the cycle's fifth week. */
const DECEMBER_29 = new Date('2026-12-29T10:00:00-08:00');

const DISH = { en: 'Vegetable chow mein', es: 'Chow mein de verduras', zh: '雜菜炒麵' };
const en = (key: string, vars: Record<string, string | number> = {}) => tr('en', `admin-menus:${key}`, vars);
const day = (date: string) => formatCalendarDate(date, 'en', { weekday: true });

async function publicMenu(
  browser: Browser,
  siteId: number,
  lng: Lng,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await setClock(page, DECEMBER_29);
  await page.goto(`/sites/${siteId}?lng=${lng}`);
  return { page, close: () => context.close() };
}

test('an editor writes a dish in three languages and repeats a four-week cycle; the site page shows it', async ({
  page,
  adminApi,
  baseURL,
  browser,
}) => {
  const { lunchName, lunch, partner, site } = await partnerLunchClub(adminApi, 'Grid Lunch Club');

  // The 29th already has a menu: the cycle asks before replacing it.
  const staff = await request.newContext({
    baseURL,
    extraHTTPHeaders: { [TEST_CLOCK_HEADER]: DECEMBER_FIRST.toISOString() },
  });
  const login = await staff.post('/api/auth/login', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const before = await staff.put(apiPaths.partnerMenuDay(partner.id, '2026-12-29'), {
    data: { meals: [{ mealTypeId: lunch.id, dishes: [{ name: 'Old stew' }] }] },
  });
  expect(before.status(), await before.text()).toBe(200);
  await staff.dispose();

  const editor = await editorAccount(baseURL!);
  await setClock(page, DECEMBER_FIRST);
  await loginThroughForm(page, editor.email, editor.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/admin');
  await page.getByRole('link', { name: tr('en', 'admin-workspace:menus.link') }).click();
  await expect(page.getByRole('heading', { level: 1, name: en('title') })).toBeVisible();
  await page.getByLabel(en('partner'), { exact: true }).selectOption(String(partner.id));
  await page.getByLabel(en('month'), { exact: true }).selectOption('2026-12');

  const first = page.getByRole('listitem', { name: day('2026-12-01') });
  await expect(first).toContainText(en('noMenu'));
  await first.getByRole('button', { name: en('edit', { date: day('2026-12-01') }) }).click();
  const meal = first.getByRole('group', { name: lunchName, exact: true });
  await meal.getByRole('button', { name: en('dish.add', { meal: lunchName }) }).click();
  const vars = { meal: lunchName, number: 1 };
  // An empty name is refused by the field, before anything is sent.
  await first.getByRole('button', { name: en('save', { date: day('2026-12-01') }) }).click();
  await expect(page.getByRole('link', { name: en('dish.required', vars) })).toBeVisible();
  await meal.getByLabel(en('dish.name', vars)).fill(DISH.en);
  await meal.getByLabel(en('dish.nameEs', vars)).fill(DISH.es);
  await meal.getByLabel(en('dish.nameZh', vars)).fill(DISH.zh);
  await meal
    .getByRole('group', { name: en('dish.diets', vars) })
    .getByRole('checkbox', { name: tr('en', 'site:menu.diets.vegetarian') })
    .check();
  await expectNoAxeViolations(page);
  await first.getByRole('button', { name: en('save', { date: day('2026-12-01') }) }).click();
  await expect(
    page.getByRole('status').filter({ hasText: en('saved', { date: day('2026-12-01') }) }),
  ).toBeVisible();
  await expect(first).toContainText(DISH.en);
  await expect(first.getByRole('button', { name: en('edit', { date: day('2026-12-01') }) })).toBeFocused();

  // Repeat the first four weeks: the 29th (week 5's Tuesday) has a menu, so the screen asks first.
  await page.getByRole('radio', { name: en('copy.cycle') }).check();
  await page.getByLabel(en('copy.cycleWeeks')).selectOption('4');
  await page.getByRole('button', { name: en('copy.submit'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: en('copy.confirmTitle') });
  await expect(dialog).toContainText(day('2026-12-29'));
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: en('copy.confirm') }).click();
  await expect(page.getByRole('status').filter({ hasText: en('copy.done', { count: 1 }) })).toBeVisible();
  const last = page.getByRole('listitem', { name: day('2026-12-29') });
  await expect(last).toContainText(DISH.en);
  await expect(last).not.toContainText('Old stew');

  // On a 320 px phone with text at 200 %, the month is one column and nothing scrolls sideways.
  await page.setViewportSize({ width: 320, height: 740 });
  await useLargeText(page);
  await page.reload();
  await page
    .getByRole('listitem', { name: day('2026-12-01') })
    .getByRole('button', { name: en('edit', { date: day('2026-12-01') }) })
    .click();
  await expect(page.getByLabel(en('dish.nameZh', vars))).toHaveValue(DISH.zh);
  expect(await scrollsSideways(page)).toBe(false);

  // The public page of the partner's site, on the 29th: the dish in the reader's language, vegetarian.
  for (const lng of ['es', 'zh'] as const) {
    const visitor = await publicMenu(browser, site.id, lng);
    const menu = visitor.page.getByRole('region', { name: tr(lng, 'site:menu.heading') });
    await expect(menu).toContainText(DISH[lng]);
    await expect(menu).toContainText(tr(lng, 'site:menu.diets.vegetarian'));
    await visitor.close();
  }
});

test("a partner manager's menu screen offers their own partners only", async ({
  page,
  adminApi,
  baseURL,
}) => {
  const tag = uniqueTag();
  const own = await adminApi.createItem('nutritionpartners', { name: `Own Kitchen ${tag}` });
  const other = await adminApi.createItem('nutritionpartners', { name: `Other Kitchen ${tag}` });
  await adminApi.createSite({ name: `Own Club ${tag}`, NutritionPartnerIds: [own.id] } as never);
  await adminApi.createSite({ name: `Other Club ${tag}`, NutritionPartnerIds: [other.id] } as never);
  const manager = await partnerManager(baseURL!, [own.id]);
  await manager.api.dispose();
  await loginThroughForm(page, manager.email, manager.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/my-sites');
  await page.getByRole('link', { name: tr('en', 'admin-proposals:mine.menus') }).click();
  await expect(page.getByRole('heading', { level: 1, name: en('title') })).toBeVisible();
  const partners = page.getByLabel(en('partner'), { exact: true });
  // Their only partner is chosen at once; the other partner is not offered.
  await expect(partners).toHaveValue(String(own.id));
  await expect(partners.getByRole('option', { name: `Own Kitchen ${tag}` })).toHaveCount(1);
  await expect(partners.getByRole('option', { name: `Other Kitchen ${tag}` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: en('copy.submit'), exact: true })).toBeVisible();
  // A sheet may be one of the partner's own sites' months: that partner's sites only (R727).
  const owner = page.getByLabel(en('import.owner'), { exact: true });
  await expect(
    owner.getByRole('option', { name: en('import.ownerSite', { site: `Own Club ${tag}` }) }),
  ).toHaveCount(1);
  await expect(
    owner.getByRole('option', { name: en('import.ownerSite', { site: `Other Club ${tag}` }) }),
  ).toHaveCount(0);
  await expectNoAxeViolations(page);
});
