import { formatCalendarDate } from '#shared/format-hours.ts';
import { setClock } from './support/clock.ts';
import { E2E_ADMIN } from './support/constants.ts';
import { expect, expectNoAxeViolations, loginThroughForm, test } from './support/fixtures.ts';
import { tr, uniqueTag } from './support/public-pages.ts';

/**
 * The agency's own diet marks (docs/product.md R690–R694): an administrator adds one on the menus
 * screen, named in English and Chinese, marks a dish with it in one click, and the site page names it
 * in Chinese; removing it while the dish carries it is refused with the count. On the agency's clock.
 */

/** Tuesday 1 December 2026, 10:00 in San Francisco. */
const DECEMBER_FIRST = new Date('2026-12-01T10:00:00-08:00');
const en = (key: string, vars: Record<string, string | number> = {}) => tr('en', `admin-menus:${key}`, vars);
const day = (date: string) => formatCalendarDate(date, 'en', { weekday: true });

test('an administrator adds a diet mark, a dish carries it, and the site page says it in Chinese', async ({
  page,
  adminApi,
  browser,
}) => {
  const tag = uniqueTag();
  const mark = { en: `Pork-free ${tag}`, zh: `不含豬肉 ${tag}` };
  const lunchName = `Lunch ${tag}`;
  await adminApi.createItem('mealtypes', { name: lunchName });
  const partner = await adminApi.createItem('nutritionpartners', { name: `Kitchen ${tag}` });
  const site = await adminApi.createSite({
    name: `Mark Club ${tag}`,
    Hours: [1, 2, 3, 4, 5].map((weekday) => ({ day: weekday, open: '11:30', close: '13:00' })),
    NutritionPartnerIds: [partner.id],
  } as never);

  await setClock(page, DECEMBER_FIRST);
  await loginThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/admin/menus?partner=${partner.id}&month=2026-12`);
  const marks = page.getByRole('region', { name: en('marks.title') });
  await marks.getByRole('button', { name: en('marks.add') }).click();
  await marks.getByLabel(en('marks.name')).fill(mark.en);
  await marks.getByLabel(en('marks.nameZh')).fill(mark.zh);
  await marks.getByRole('button', { name: en('marks.save') }).click();
  await expect(
    page.getByRole('status').filter({ hasText: en('marks.saved', { name: mark.en }) }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  const first = page.getByRole('listitem', { name: day('2026-12-01') });
  await first.getByRole('button', { name: en('edit', { date: day('2026-12-01') }) }).click();
  const meal = first.getByRole('group', { name: lunchName, exact: true });
  await meal.getByRole('button', { name: en('dish.add', { meal: lunchName }) }).click();
  const vars = { meal: lunchName, number: 1 };
  await meal.getByLabel(en('dish.name', vars)).fill('Chicken rice');
  await meal
    .getByRole('group', { name: en('dish.diets', vars) })
    .getByRole('checkbox', { name: mark.en })
    .check();
  await first.getByRole('button', { name: en('save', { date: day('2026-12-01') }) }).click();
  await expect(
    page.getByRole('status').filter({ hasText: en('saved', { date: day('2026-12-01') }) }),
  ).toBeVisible();

  const context = await browser.newContext();
  const visitor = await context.newPage();
  await setClock(visitor, DECEMBER_FIRST);
  await visitor.goto(`/sites/${site.id}?lng=zh`);
  await expect(visitor.getByRole('region', { name: tr('zh', 'site:menu.heading') })).toContainText(mark.zh);
  await context.close();

  await marks.getByRole('button', { name: en('marks.remove', { name: mark.en }) }).click();
  await expect(marks.getByRole('alert')).toHaveText(en('marks.inUse', { name: mark.en, count: 1 }));
});
