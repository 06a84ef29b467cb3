import type { Page } from '@playwright/test';
import { formatPhone } from '#shared/phone.ts';
import { spokenLanguageName } from '#shared/site-facts.ts';
import { type AdminApi, expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { PHONE, scrollsSideways, useLargeText } from './support/large-text.ts';
import { type Lng, sitesAppReady, tr, uniqueTag } from './support/public-pages.ts';

/**
 * "A site I can walk into, without steps, where staff speak Cantonese" (docs/product.md R530–R534) on
 * a 360 px phone with the text at 200 %, in three languages, and with scripts off. Each journey makes
 * its own population and three sites in it, told apart by their facts; choosing that population too
 * (the filters combine) keeps other journeys' sites out of the count.
 */
async function threeSites(adminApi: AdminApi) {
  const tag = uniqueTag();
  const population = await adminApi.createItem('populations', { name: `Neighbors ${tag}` });
  const site = (name: string, phoneNumber: string, facts: Record<string, unknown>) =>
    adminApi.createSite({ name: `${name} ${tag}`, phoneNumber, PopulationIds: [population.id], facts });
  const match = await site('Harbor Lunch Club', '4155550188', {
    walkIns: true,
    stepFree: true,
    languages: ['en', 'yue'],
  });
  const reservation = await site('Bayview Dining Room', '4155550177', {
    reservation: 'required',
    stepFree: true,
    languages: ['yue'],
  });
  const steps = await site('Sunset Senior Center', '4155550166', {
    reservation: 'not_needed',
    stepFree: false,
    languages: ['yue', 'es'],
  });
  return { population, match, others: [reservation, steps] };
}

const rowNames = (page: Page, lng: Lng) =>
  page.getByRole('list', { name: tr(lng, 'sites:listHeading') }).getByRole('heading', { level: 3 });

test.describe('on a phone with large text', () => {
  test.use(PHONE);

  for (const lng of ['en', 'es', 'zh'] as const) {
    test(`walk-ins, step-free and staff who speak Cantonese, then open the site and call (${lng})`, async ({
      page,
      adminApi,
    }) => {
      const d = await threeSites(adminApi);
      await useLargeText(page);
      await page.goto(`/sites?lng=${lng}&population=${d.population.id}`);
      await sitesAppReady(page, lng);
      await expect(
        page.getByRole('status').filter({ hasText: tr(lng, 'sites:count', { count: 3 }) }),
      ).toBeVisible();

      const walkIns = page.getByRole('checkbox', { name: tr(lng, 'facts:filters.walkIns'), exact: true });
      const stepFree = page.getByRole('checkbox', { name: tr(lng, 'facts:filters.stepFree'), exact: true });
      await walkIns.check();
      await expect(page).toHaveURL(/[?&]walkins=1/);
      await expect(page.getByText(tr(lng, 'sites:count', { count: 2 }), { exact: true })).toBeVisible();
      await stepFree.check();
      await page
        .getByRole('combobox', { name: tr(lng, 'facts:filters.speaks'), exact: true })
        .selectOption({ label: spokenLanguageName('yue', lng) });

      await expect(page).toHaveURL(
        new RegExp(`/sites\\?lng=${lng}&population=${d.population.id}&walkins=1&stepfree=1&speaks=yue$`),
      );
      await expect(page.getByText(tr(lng, 'sites:count', { count: 1 }), { exact: true })).toBeVisible();
      await expect(rowNames(page, lng)).toHaveText([d.match.name]);
      // The checkboxes are big enough to tap, and nothing scrolls sideways at 200 % text.
      const box = (await walkIns.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(24);
      expect(await scrollsSideways(page)).toBe(false);

      await page.getByRole('link', { name: d.match.name, exact: true }).tap();
      await expect(page.getByRole('heading', { level: 1, name: d.match.name })).toBeVisible();
      await expect(
        page.getByRole('link', { name: tr(lng, 'site:call', { phone: formatPhone('4155550188') }) }),
      ).toHaveAttribute('href', 'tel:+14155550188');
    });
  }

  test('by keyboard alone: Tab to the checkboxes, Space checks them, the language with the arrow keys', async ({
    page,
    adminApi,
  }) => {
    const d = await threeSites(adminApi);
    await useLargeText(page);
    await page.goto(`/sites?population=${d.population.id}`);
    await sitesAppReady(page, 'en');
    const walkIns = page.getByRole('checkbox', { name: 'Walk-ins welcome', exact: true });
    const stepFree = page.getByRole('checkbox', { name: 'Step-free entrance', exact: true });
    const speaks = page.getByRole('combobox', { name: 'Staff speak', exact: true });
    await page.getByRole('combobox', { name: 'Open', exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(walkIns).toBeFocused();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await expect(stepFree).toBeFocused();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await expect(speaks).toBeFocused();
    // Any language, English, Spanish, Cantonese: the languages listed, in their list's order.
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowDown');
    await expect(speaks).toHaveValue('yue');
    await expect(page.getByText('1 site found', { exact: true })).toBeVisible();
    await expect(rowNames(page, 'en')).toHaveText([d.match.name]);
    await expectNoAxeViolations(page);
  });
});

test.describe('without JavaScript', () => {
  test('the form submits the three choices and the server renders only the matching site', async ({
    browser,
    adminApi,
    baseURL,
  }) => {
    const d = await threeSites(adminApi);
    const context = await browser.newContext({ ...PHONE, baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/sites?lng=zh&population=${d.population.id}`);
    await page.getByRole('checkbox', { name: tr('zh', 'facts:filters.walkIns'), exact: true }).check();
    await page.getByRole('checkbox', { name: tr('zh', 'facts:filters.stepFree'), exact: true }).check();
    await page
      .getByRole('combobox', { name: tr('zh', 'facts:filters.speaks'), exact: true })
      .selectOption({ label: spokenLanguageName('yue', 'zh') });
    await page.getByRole('button', { name: tr('zh', 'sites:filters.apply') }).click();

    await expect(page).toHaveURL(/\/sites\?lng=zh&.*walkins=1&stepfree=1&speaks=yue/);
    await expect(page.getByText(tr('zh', 'sites:count', { count: 1 }), { exact: true })).toBeVisible();
    await expect(rowNames(page, 'zh')).toHaveText([d.match.name]);
    await expect(
      page.getByRole('checkbox', { name: tr('zh', 'facts:filters.walkIns'), exact: true }),
    ).toBeChecked();

    await page.getByRole('link', { name: d.match.name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: d.match.name })).toBeVisible();
    await expect(
      page.getByRole('link', { name: tr('zh', 'site:call', { phone: formatPhone('4155550188') }) }),
    ).toHaveAttribute('href', 'tel:+14155550188');
    await context.close();
  });
});
