import writeXlsxFile from 'write-excel-file/node';
import { formatCalendarDate } from '#shared/format-hours.ts';
import { XLSX_TYPE } from '#shared/imports.ts';
import { setClock } from './support/clock.ts';
import { expect, expectNoAxeViolations, loginThroughForm, test } from './support/fixtures.ts';
import { scrollsSideways, useLargeText } from './support/large-text.ts';
import { partnerLunchClub } from './support/menus.ts';
import { editorAccount } from './support/partner-manager.ts';
import { tr } from './support/public-pages.ts';

/**
 * A month of menus from a sheet, and dishes pasted (docs/product.md R675–R679): an editor imports
 * December 2026 for a nutrition partner from a real .xlsx workbook — first a sheet with a mark the
 * list does not have, which the preview names at its sheet row and which blocks the import, then the
 * kitchen's four-week cycle in English with Spanish and Chinese names — repeats the cycle on the fifth
 * week (R670), pastes three dishes copied from a spreadsheet into a date, and the public page of the
 * partner's site shows the cycle's lunch in Chinese. (A dish typed in three languages and a cycle
 * repeated is also e2e/menus-grid.spec.ts.) On the agency's clock (R92).
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
  const { tag, lunchName, lunch, partner, site } = await partnerLunchClub(adminApi, 'Import Lunch Club');

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

  // The kitchen's four-week cycle instead: every weekday of December's first four weeks, one lunch in
  // English, Spanish and Chinese (two dishes on the 2nd, with marks in words).
  const cycle: [string, string, string, string, string, string][] = [];
  for (let date = 1; date <= 25; date += 1) {
    const iso = `2026-12-${String(date).padStart(2, '0')}`;
    const weekday = new Date(`${iso}T12:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    if (date === 2) cycle.push(...rows.slice(0, 2));
    else cycle.push([iso, lunchName, `Noodle soup ${date}`, '', `Sopa de fideos ${date}`, `湯麵 ${date}`]);
  }
  const cycleDates = new Set(cycle.map(([date]) => date)).size;
  await section.getByLabel(en('import.file')).setInputFiles({
    name: 'december.xlsx',
    mimeType: XLSX_TYPE,
    buffer: await workbook(cycle),
  });
  await section.getByRole('button', { name: en('import.preview') }).click();
  await expect(section).toContainText(
    en('import.summary', { added: cycleDates, changed: 0, removed: 0, unchanged: 0 }),
  );
  const dates = section.getByRole('list', { name: en('import.datesTitle') });
  await expect(dates.getByRole('listitem')).toHaveCount(cycleDates);
  await expect(dates.getByRole('listitem').nth(1)).toHaveText(
    `${day('2026-12-02')} ${en('import.change.added')} — ${lunchName}: Beef stew, Steamed rice`,
  );
  await section.getByRole('button', { name: en('import.commit', { count: cycleDates }) }).click();
  await expect(
    page.getByRole('status').filter({ hasText: en('import.done', { written: cycleDates, removed: 0 }) }),
  ).toBeVisible();
  const second = page.getByRole('listitem', { name: day('2026-12-02') });
  await expect(second).toContainText('Beef stew');
  await expect(second).toContainText('Steamed rice');
  await expect(page.getByRole('listitem', { name: day('2026-12-25') })).toContainText('Noodle soup 25');

  // The cycle repeated on the fifth week: the 29th to the 31st from the 1st to the 3rd.
  await page.getByRole('radio', { name: en('copy.cycle') }).check();
  await page.getByLabel(en('copy.cycleWeeks')).selectOption('4');
  await page.getByRole('button', { name: en('copy.submit'), exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: en('copy.done', { count: 3 }) })).toBeVisible();
  await expect(page.getByRole('listitem', { name: day('2026-12-30') })).toContainText('Steamed rice');

  // Three dishes copied from a spreadsheet (English, Spanish, Chinese) pasted into the 28th at once.
  const monday = page.getByRole('listitem', { name: day('2026-12-28') });
  await monday.getByRole('button', { name: en('edit', { date: day('2026-12-28') }) }).click();
  const meal = monday.getByRole('group', { name: lunchName, exact: true });
  await meal
    .getByLabel(en('paste.label', { meal: lunchName }))
    .fill(
      'Fish congee\tCongee de pescado\t魚片粥\nSteamed egg\tHuevo al vapor\t蒸水蛋\nFruit\tFruta\t生果\n',
    );
  await meal.getByRole('button', { name: en('paste.add', { meal: lunchName }) }).click();
  await expect(meal.getByLabel(en('dish.nameZh', { meal: lunchName, number: 2 }))).toHaveValue('蒸水蛋');
  await expect(meal.getByLabel(en('dish.nameEs', { meal: lunchName, number: 3 }))).toHaveValue('Fruta');
  await expectNoAxeViolations(page);
  await monday.getByRole('button', { name: en('save', { date: day('2026-12-28') }) }).click();
  await expect(
    page.getByRole('status').filter({ hasText: en('saved', { date: day('2026-12-28') }) }),
  ).toBeVisible();
  for (const dish of ['Fish congee', 'Steamed egg', 'Fruit']) await expect(monday).toContainText(dish);

  // On a 320 px phone with text at 200 %, the import's preview and a date's paste box reflow.
  await page.setViewportSize({ width: 320, height: 740 });
  await useLargeText(page);
  await page.reload();
  await page
    .getByRole('listitem', { name: day('2026-12-28') })
    .getByRole('button', { name: en('edit', { date: day('2026-12-28') }) })
    .click();
  await expect(page.getByLabel(en('paste.label', { meal: lunchName }))).toBeVisible();
  await section.getByLabel(en('import.file')).setInputFiles({
    name: 'december.xlsx',
    mimeType: XLSX_TYPE,
    buffer: await workbook(cycle),
  });
  await section.getByRole('button', { name: en('import.preview') }).click();
  await expect(section).toContainText(
    en('import.summary', { added: 0, changed: 0, removed: 0, unchanged: cycleDates }),
  );
  expect(await scrollsSideways(page)).toBe(false);

  // The site's public page on the 30th, in Chinese: the cycle's lunch of the 2nd, with its marks.
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await setClock(visitor, new Date('2026-12-30T10:00:00-08:00'));
  await visitor.goto(`/sites/${site.id}?lng=zh`);
  const menu = visitor.getByRole('region', { name: tr('zh', 'site:menu.heading') });
  await expect(menu).toContainText('燉牛肉');
  await expect(menu).toContainText('白飯');
  await expect(menu).toContainText(tr('zh', 'site:menu.diets.low_sodium'));
  await context.close();
});
