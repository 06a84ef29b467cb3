import { apiPaths } from '#shared/api-paths.ts';
import { formatCalendarMonth } from '#shared/format-hours.ts';
import { TEST_CLOCK_HEADER } from '#shared/test-clock.ts';
import { smallPdf } from '#testing/printed-menu-files.ts';
import { adminApiAt, setClock, TUESDAY_MORNING } from './support/clock.ts';
import { type AdminApi, expect, expectNoAxeViolations, loginThroughForm, test } from './support/fixtures.ts';
import { PHONE, scrollsSideways, useLargeText } from './support/large-text.ts';
import { partnerLunchClub } from './support/menus.ts';
import { editorAccount } from './support/partner-manager.ts';
import { type Lng, tr, uniqueTag } from './support/public-pages.ts';

/**
 * The week's menu (docs/product.md R680–R683). A senior on a 360 px phone with text at 200 %, in
 * English, Spanish and Chinese, sees the week ahead under today's menu — Thursday's dishes, Friday
 * closed for a closure, the weekend closed, Monday not published — opens the provider's printed menu,
 * and prints the week's menu, which fits on one sheet. An editor attaches a PDF to a partner's month
 * on the menus screen. On the agency's clock (Tuesday 1 December 2026).
 */

/** Tuesday 1 December 2026, 10:00 in San Francisco. */
const LANGUAGES: Lng[] = ['en', 'es', 'zh'];
const DISH: Record<Lng, string> = { en: 'Chicken congee', es: 'Congee de pollo', zh: '雞粥' };

/** The pages of a PDF: its `/Type /Page` objects (not the `/Type /Pages` tree above them). */
const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0;

/** A partner's site open Monday to Friday with a week of menus, a closure on Friday and a printed menu. */
async function siteWithWeek(adminApi: AdminApi, baseURL: string) {
  const { tag, lunch, partner, site } = await partnerLunchClub(adminApi, 'Week Lunch Club');
  const staff = await adminApiAt(baseURL, TUESDAY_MORNING);
  const meal = {
    meals: [
      {
        mealTypeId: lunch.id,
        dishes: [
          {
            name: DISH.en,
            translations: { es: { name: DISH.es }, zh: { name: DISH.zh } },
            diets: ['soft'],
          },
          { name: 'Mapo tofu', diets: ['vegetarian', 'halal'] },
          { name: 'Steamed rice' },
          { name: 'Orange slices' },
        ],
        note: 'Substitute on request by noon the day before',
      },
    ],
  };
  // Every weekday but Monday the 7th has a menu; Friday the 4th is closed for a closure.
  for (const date of ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-08', '2026-12-09']) {
    const saved = await staff.put(apiPaths.partnerMenuDay(partner.id, date), { data: meal });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  const closure = await staff.post(apiPaths.closures, {
    data: { startDate: '2026-12-04', endDate: '2026-12-04', reason: 'Staff training', siteIds: [site.id] },
  });
  expect(closure.status(), await closure.text()).toBe(201);
  const printed = await staff.put(apiPaths.printedMenu('partner', partner.id, '2026-12'), {
    data: smallPdf(),
    headers: { 'content-type': 'application/pdf' },
  });
  expect(printed.status(), await printed.text()).toBe(200);
  await staff.dispose();
  return { site, partner, tag };
}

for (const lng of LANGUAGES) {
  test(`${lng}: the week ahead on a phone at 200 % text, the printed menu, and the week printed on one page`, async ({
    page,
    adminApi,
    baseURL,
  }) => {
    const { site } = await siteWithWeek(adminApi, baseURL!);
    await useLargeText(page);
    await setClock(page, TUESDAY_MORNING);
    await page.goto(`/sites/${site.id}?lng=${lng}`);

    const menu = page.getByRole('region', { name: tr(lng, 'site:menu.heading') });
    await expect(menu.getByRole('heading', { level: 3, name: tr(lng, 'site:menu.weekAhead') })).toBeVisible();
    const week = menu.getByRole('list').filter({ hasText: tr(lng, 'site:menu.closed') });
    const days = week.getByRole('listitem');
    // Thursday 3 to Wednesday 9 December: the seven days after tomorrow.
    await expect(days).toHaveCount(7);
    await expect(days.nth(0)).toContainText(DISH[lng]);
    await expect(days.nth(0)).toContainText(tr(lng, 'site:menu.diets.vegetarian'));
    if (lng !== 'en') await expect(days.nth(0).locator('[lang="en"]').first()).toHaveText('Mapo tofu');
    for (const closed of [1, 2, 3]) await expect(days.nth(closed)).toContainText(tr(lng, 'site:menu.closed'));
    await expect(days.nth(4)).toContainText(tr(lng, 'site:menu.notPublished'));
    await expect(days.nth(5)).toContainText(DISH[lng]);
    expect(await scrollsSideways(page)).toBe(false);
    await expectNoAxeViolations(page);

    // The provider's printed menu, for those who want the original.
    const printedName = tr(lng, 'site:menu.printedPdf', { month: formatCalendarMonth('2026-12', lng) });
    const printed = menu.getByRole('link', { name: printedName });
    const href = await printed.getAttribute('href');
    const file = await page.request.get(href!);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');

    // The week's menu: its own page, in the reader's language, that prints on one sheet.
    await menu.getByRole('link', { name: tr(lng, 'site:menu.print') }).click();
    await expect(page).toHaveURL(new RegExp(`/sites/${site.id}/menu/print\\?lng=${lng}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      tr(lng, 'print:week.heading', { site: site.name }),
    );
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(7);
    await expect(page.getByRole('img', { name: tr(lng, 'print:qrAlt') })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(DISH[lng]);
    await expect(page.getByRole('main')).toContainText(tr(lng, 'site:menu.diets.soft'));
    expect(await scrollsSideways(page)).toBe(false);
    await expectNoAxeViolations(page);
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ format: 'Letter', printBackground: false });
    expect(pageCount(pdf)).toBe(1);
  });
}

test('the week ahead and the week print work without JavaScript', async ({ browser, adminApi, baseURL }) => {
  const { site } = await siteWithWeek(adminApi, baseURL!);
  const context = await browser.newContext({
    ...PHONE,
    javaScriptEnabled: false,
    extraHTTPHeaders: { [TEST_CLOCK_HEADER]: TUESDAY_MORNING.toISOString() },
  });
  const page = await context.newPage();
  await page.goto(`/sites/${site.id}?lng=es`);
  const menu = page.getByRole('region', { name: tr('es', 'site:menu.heading') });
  await expect(menu.getByRole('heading', { level: 3, name: tr('es', 'site:menu.weekAhead') })).toBeVisible();
  await menu.getByRole('link', { name: tr('es', 'site:menu.print') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    tr('es', 'print:week.heading', { site: site.name }),
  );
  await context.close();
});

for (const lng of LANGUAGES) {
  test(`${lng}: the printed site page keeps today's and tomorrow's menu, one line each, on one sheet`, async ({
    page,
    adminApi,
    baseURL,
  }) => {
    const { site } = await siteWithWeek(adminApi, baseURL!);
    await setClock(page, TUESDAY_MORNING);
    await page.goto(`/sites/${site.id}?lng=${lng}`);
    const heading = tr(lng, 'site:menu.heading');
    const today = page.getByText(`${heading} · ${tr(lng, 'site:today')}:`);
    const tomorrow = page.getByText(`${heading} · ${tr(lng, 'site:menu.tomorrow')}:`);
    // On screen the lines for paper are not there (nor heard); the menu section is.
    await expect(today).toBeHidden();
    await page.emulateMedia({ media: 'print' });
    await expect(today).toBeVisible();
    await expect(tomorrow).toBeVisible();
    await expect(page.getByRole('paragraph').filter({ has: today })).toContainText(DISH[lng]);
    await expect(page.getByRole('region', { name: heading })).toBeHidden();
    const pdf = await page.pdf({ format: 'Letter', printBackground: false });
    expect(pageCount(pdf)).toBe(1);
  });
}

test('an editor attaches a PDF of a partner’s printed menu; the partner’s site page links it', async ({
  page,
  adminApi,
  baseURL,
}) => {
  const tag = uniqueTag();
  const partner = await adminApi.createItem('nutritionpartners', { name: `Printed Kitchen ${tag}` });
  const site = await adminApi.createSite({
    name: `Printed Lunch Club ${tag}`,
    Hours: [1, 2, 3, 4, 5].map((day) => ({ day, open: '11:30', close: '13:00' })),
    NutritionPartnerIds: [partner.id],
  } as never);
  const editor = await editorAccount(baseURL!);
  await setClock(page, TUESDAY_MORNING);
  await loginThroughForm(page, editor.email, editor.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/admin/menus?partner=${partner.id}&month=2026-12`);
  const month = formatCalendarMonth('2026-12', 'en');
  const en = (key: string) => tr('en', `admin-menus:printed.${key}`, { month });
  await expect(page.getByText(en('none'))).toBeVisible();
  await page.getByLabel(en('file')).setInputFiles({
    name: 'december-menu.pdf',
    mimeType: 'application/pdf',
    buffer: smallPdf(),
  });
  await page.getByRole('button', { name: en('attach') }).click();
  const screen = page.getByRole('region', { name: tr('en', 'admin-menus:title') });
  await expect(screen.getByRole('status')).toHaveText(en('saved'));
  const current = page.getByRole('link', {
    name: tr('en', 'admin-menus:printed.currentPdf', { month }),
  });
  await expect(current).toBeVisible();
  await expectNoAxeViolations(page);

  // A file that is not a menu is refused, and the attached one stays.
  await page.getByLabel(en('file')).setInputFiles({
    name: 'notes.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('just some notes'),
  });
  await page.getByRole('button', { name: en('replace') }).click();
  await expect(screen.getByRole('alert')).toContainText('PDF, JPEG, PNG, WebP');
  await expect(current).toBeVisible();

  await page.goto(`/sites/${site.id}?lng=en`);
  const link = page.getByRole('link', {
    name: tr('en', 'site:menu.printedPdf', { month }),
  });
  await expect(link).toBeVisible();
  const file = await page.request.get((await link.getAttribute('href'))!);
  expect(file.headers()['content-type']).toBe('application/pdf');
});
