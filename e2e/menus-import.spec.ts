import writeXlsxFile from 'write-excel-file/node';
import { formatCalendarDate } from '#shared/format-hours.ts';
import { XLSX_TYPE } from '#shared/imports.ts';
import { setClock } from './support/clock.ts';
import { expect, expectNoAxeViolations, loginThroughForm, test } from './support/fixtures.ts';
import { editorAccount } from './support/partner-manager.ts';
import { tr, uniqueTag } from './support/public-pages.ts';

/**
 * A month of menus from a sheet, and dishes pasted (docs/product.md R675–R679): an editor imports
 * December 2026 for a nutrition partner from a real .xlsx workbook — first with a mark the list does
 * not have, which the preview names at its sheet row and which blocks the import, then corrected —
 * sees the dates on the month grid, pastes three dishes copied from a spreadsheet into a date, and the
 * public page of the partner's site shows the imported lunch in Chinese. (The four-week cycle typed in
 * three languages is e2e/menus-grid.spec.ts.) On the agency's clock (R92).
 */

/** Tuesday 1 December 2026, 10:00 in San Francisco. */
const DECEMBER_FIRST = new Date('2026-12-01T10:00:00-08:00');

const en = (key: string, vars: Record<string, string | number> = {}) => tr('en', `admin-menus:${key}`, vars);
const day = (date: string) => formatCalendarDate(date, 'en', { weekday: true });
const text = (value: string) => ({ value, type: String });
const dateCell = (date: string) => ({
  value: new Date(`${date}T00:00:00Z`),
  type: Date,
  format: 'yyyy-mm-dd',
});

/** A workbook as a kitchen writes it: a title row, the headers, one dish a row. */
async function workbook(rows: [string, string, string, string, string, string][]) {
  return (await writeXlsxFile([
    [text('Kitchen menus, December 2026')],
    ['Date', 'Meal', 'Dish', 'Diets', 'Dish (ES)', 'Dish (ZH)'].map(text),
    ...rows.map(([date, ...cells]) => [dateCell(date), ...cells.map(text)]),
  ] as never).toBuffer()) as Buffer;
}

test('an editor imports a month from a workbook, pastes dishes into a date, and the site page serves them', async ({
  page,
  adminApi,
  baseURL,
  browser,
}) => {
  const tag = uniqueTag();
  const lunchName = `Lunch ${tag}`;
  const lunch = await adminApi.createItem('mealtypes', {
    name: lunchName,
    translations: { es: { name: `Almuerzo ${tag}` }, zh: { name: `午膳 ${tag}` } },
  });
  const partner = await adminApi.createItem('nutritionpartners', { name: `Kitchen ${tag}` });
  const site = await adminApi.createSite({
    name: `Import Lunch Club ${tag}`,
    Hours: [1, 2, 3, 4, 5].map((weekday) => ({ day: weekday, open: '11:30', close: '13:00' })),
    NutritionPartnerIds: [partner.id],
  } as never);

  const editor = await editorAccount(baseURL!);
  await setClock(page, DECEMBER_FIRST);
  await loginThroughForm(page, editor.email, editor.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/admin/menus?partner=${partner.id}&month=2026-12`);
  const section = page.getByRole('region', { name: en('import.title') });
  await expect(section).toBeVisible();

  // A mark the list does not have: the preview names the row, and nothing can be imported.
  const rows: [string, string, string, string, string, string][] = [
    ['2026-12-02', lunchName, 'Beef stew', '', 'Estofado de res', '燉牛肉'],
    ['2026-12-02', `午膳 ${tag}`, 'Steamed rice', 'Vegetarian; low sodium', 'Arroz al vapor', '白飯'],
    ['2026-12-03', String(lunch.id), 'Vegetable chow mein', 'spicy', 'Chow mein de verduras', '雜菜炒麵'],
  ];
  await section.getByLabel(en('import.file')).setInputFiles({
    name: 'december.xlsx',
    mimeType: XLSX_TYPE,
    buffer: await workbook(rows),
  });
  await section.getByRole('button', { name: en('import.preview') }).click();
  await expect(section.getByRole('heading', { name: en('import.previewTitle') })).toBeFocused();
  const problems = section.getByRole('list', { name: en('import.errorsTitle') });
  await expect(problems.getByRole('listitem')).toHaveText([
    en('import.error', {
      row: 5,
      column: en('import.column.diets'),
      message: tr('en', 'validation:codes.unknown_diet', { mark: 'spicy' }),
    }),
  ]);
  await expect(section.getByRole('button', { name: /^Import \d+ date/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Corrected, the sheet previews two dates added, then imports them.
  rows[2]![3] = 'Vegetarian';
  await section.getByLabel(en('import.file')).setInputFiles({
    name: 'december.xlsx',
    mimeType: XLSX_TYPE,
    buffer: await workbook(rows),
  });
  await section.getByRole('button', { name: en('import.preview') }).click();
  await expect(section).toContainText(
    en('import.summary', { added: 2, changed: 0, removed: 0, unchanged: 0 }),
  );
  const dates = section.getByRole('list', { name: en('import.datesTitle') });
  await expect(dates.getByRole('listitem')).toHaveCount(2);
  await expect(dates.getByRole('listitem').first()).toContainText(
    `${day('2026-12-02')} ${en('import.change.added')} — ${lunchName}: Beef stew, Steamed rice`,
  );
  await section.getByRole('button', { name: en('import.commit', { count: 2 }) }).click();
  await expect(
    page.getByRole('status').filter({ hasText: en('import.done', { written: 2, removed: 0 }) }),
  ).toBeVisible();
  const second = page.getByRole('listitem', { name: day('2026-12-02') });
  await expect(second).toContainText('Beef stew');
  await expect(second).toContainText('Steamed rice');
  await expect(page.getByRole('listitem', { name: day('2026-12-03') })).toContainText('Vegetable chow mein');

  // Three dishes copied from a spreadsheet (English, Spanish, Chinese) pasted into the 4th at once.
  const fourth = page.getByRole('listitem', { name: day('2026-12-04') });
  await fourth.getByRole('button', { name: en('edit', { date: day('2026-12-04') }) }).click();
  const meal = fourth.getByRole('group', { name: lunchName, exact: true });
  await meal
    .getByLabel(en('paste.label', { meal: lunchName }))
    .fill(
      'Fish congee\tCongee de pescado\t魚片粥\nSteamed egg\tHuevo al vapor\t蒸水蛋\nFruit\tFruta\t生果\n',
    );
  await meal.getByRole('button', { name: en('paste.add', { meal: lunchName }) }).click();
  await expect(meal.getByLabel(en('dish.nameZh', { meal: lunchName, number: 2 }))).toHaveValue('蒸水蛋');
  await expect(meal.getByLabel(en('dish.nameEs', { meal: lunchName, number: 3 }))).toHaveValue('Fruta');
  await expectNoAxeViolations(page);
  await fourth.getByRole('button', { name: en('save', { date: day('2026-12-04') }) }).click();
  await expect(
    page.getByRole('status').filter({ hasText: en('saved', { date: day('2026-12-04') }) }),
  ).toBeVisible();
  for (const dish of ['Fish congee', 'Steamed egg', 'Fruit']) await expect(fourth).toContainText(dish);

  // The site's public page on the 2nd, in Chinese: the imported lunch with its marks.
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await setClock(visitor, new Date('2026-12-02T10:00:00-08:00'));
  await visitor.goto(`/sites/${site.id}?lng=zh`);
  const menu = visitor.getByRole('region', { name: tr('zh', 'site:menu.heading') });
  await expect(menu).toContainText('燉牛肉');
  await expect(menu).toContainText('白飯');
  await expect(menu).toContainText(tr('zh', 'site:menu.diets.low_sodium'));
  await context.close();
});
