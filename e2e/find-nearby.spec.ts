import type { Page } from '@playwright/test';
import { type AdminApi, expect, test } from './support/fixtures.ts';
import { PHONE, scrollsSideways, useLargeText } from './support/large-text.ts';
import { type Lng, sitesAppReady, tr, uniqueTag } from './support/public-pages.ts';

/**
 * "Lunch, for seniors, near 24th & Mission (ZIP 94110), call it" (docs/product.md R130–R138) on a
 * 360 px phone with the text at 200 %, by touch and by keyboard, in three languages; and the same
 * form with scripts off. Each journey makes its own Lunch and Seniors items, so only its sites match.
 */
const ZIP_94110 = { lat: 37.750021, lng: -122.415201 };

async function lunchForSeniors(adminApi: AdminApi) {
  const tag = uniqueTag();
  const seniors = await adminApi.createItem('populations', { name: `Seniors ${tag}` });
  const lunch = await adminApi.createItem('mealtypes', { name: `Lunch ${tag}` });
  const breakfast = await adminApi.createItem('mealtypes', { name: `Breakfast ${tag}` });
  const at = (name: string, north: number, MealTypeIds: number[], phoneNumber = '4155550123') =>
    adminApi.createSite({
      name: `${name} ${tag}`,
      lat: ZIP_94110.lat + north,
      lng: ZIP_94110.lng,
      phoneNumber,
      PopulationIds: [seniors.id],
      MealTypeIds,
    });
  // Created farthest first, so the name order and the distance order differ.
  const far = await at('A Far Lunch Room', 0.05, [lunch.id]);
  const breakfastOnly = await at('B Breakfast Nook', 0.001, [breakfast.id]);
  const near = await at('C Near Senior Café', 0.003, [lunch.id], '4155550199');
  const middle = await at('D Middle Hall', 0.02, [lunch.id]);
  return { seniors, lunch, far, near, middle, breakfastOnly };
}

const rowNames = (page: Page, lng: Lng) =>
  page.getByRole('list', { name: tr(lng, 'sites:listHeading') }).getByRole('heading', { level: 3 });

test.describe('on a phone with large text', () => {
  test.use(PHONE);

  for (const lng of ['en', 'es', 'zh'] as const) {
    test(`by touch: ZIP code, Lunch, Seniors, nearest first with status and Call, then open one (${lng})`, async ({
      page,
      adminApi,
    }) => {
      const d = await lunchForSeniors(adminApi);
      await useLargeText(page, 2);
      await page.goto(`/sites?lng=${lng}`);
      await sitesAppReady(page, lng);

      await page.getByRole('textbox', { name: tr(lng, 'sites:near.labelNoAddress') }).fill('94110');
      await page.getByRole('button', { name: tr(lng, 'sites:near.submit'), exact: true }).tap();
      await expect(page.getByRole('status').filter({ hasText: '94110' })).toHaveText(
        tr(lng, 'sites:near.found.zip', { label: '94110' }),
      );
      await expect(page).toHaveURL(/near=94110/);
      await page.getByLabel(tr(lng, 'sites:filters.mealtype.label')).selectOption({ label: d.lunch.name });
      await page
        .getByLabel(tr(lng, 'sites:filters.population.label'))
        .selectOption({ label: d.seniors.name });

      await expect(rowNames(page, lng)).toHaveText([d.near.name, d.middle.name, d.far.name]);
      const first = page
        .getByRole('list', { name: tr(lng, 'sites:listHeading') })
        .getByRole('listitem')
        .first();
      // Its status now (words from the agency clock), its distance, and a large Call action.
      await expect(first.locator('.site-row__status')).not.toBeEmpty();
      await expect(first).toContainText(tr(lng, 'sites:row.distance', { count: 0.2, distance: '0.2' }));
      const call = first.getByRole('link', { name: `${tr(lng, 'sites:row.call')} ${d.near.name}` });
      await expect(call).toHaveAttribute('href', 'tel:+14155550199');
      const box = (await call.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(await scrollsSideways(page)).toBe(false);

      await first.getByRole('link', { name: d.near.name, exact: true }).tap();
      await expect(page.getByRole('heading', { level: 1, name: d.near.name })).toBeVisible();
    });
  }

  for (const lng of ['en', 'es', 'zh'] as const) {
    test(`from the home page: a ZIP code and a name, Find, and the list is nearest first (${lng})`, async ({
      page,
      adminApi,
    }) => {
      const d = await lunchForSeniors(adminApi);
      const tag = d.near.name.split(' ').at(-1)!;
      await useLargeText(page, 2);
      await page.goto(`/?lng=${lng}`);
      // Typed at once, even before the app has taken the page over: the boxes are the browser's own.
      await page.getByRole('textbox', { name: tr(lng, 'sites:near.labelNoAddress') }).fill('94110');
      await page.getByRole('searchbox', { name: tr(lng, 'sites:search.label') }).fill(tag);
      await page.getByRole('button', { name: tr(lng, 'sites:near.submit'), exact: true }).tap();

      await expect(page).toHaveURL(new RegExp(`/sites\\?near=94110&q=${tag}$`));
      await expect(page.getByRole('heading', { level: 1, name: tr(lng, 'sites:title') })).toBeVisible();
      await expect(page.getByText(tr(lng, 'sites:near.found.zip', { label: '94110' }))).toBeVisible();
      await expect(rowNames(page, lng)).toHaveText([
        d.breakfastOnly.name,
        d.near.name,
        d.middle.name,
        d.far.name,
      ]);
      await expect(page.getByRole('textbox', { name: tr(lng, 'sites:near.labelNoAddress') })).toHaveValue(
        '94110',
      );
      expect(await scrollsSideways(page)).toBe(false);
    });
  }

  test('by keyboard: the list comes before the map, the choices are one step back each', async ({
    page,
    adminApi,
  }) => {
    const d = await lunchForSeniors(adminApi);
    await useLargeText(page, 2);
    await page.goto(`/sites?mealtype=${d.lunch.id}`);
    await sitesAppReady(page, 'en');

    const near = page.getByRole('textbox', { name: 'Near: ZIP code or neighborhood' });
    await near.focus();
    await page.keyboard.type('Mission');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Mission' })).toHaveText(
      'Nearest first, from Mission.',
    );

    // Arrowing through a select changes the list at once but adds one history entry only.
    const population = page.getByLabel('Population served');
    await population.focus();
    await population.selectOption({ label: d.seniors.name });
    await population.selectOption({ index: 0 });
    await population.selectOption({ label: d.seniors.name });
    await expect(rowNames(page, 'en')).toHaveText([d.near.name, d.middle.name, d.far.name]);

    // On a phone the list is above the map, and before it in the tab order.
    const listTop = (await page.getByRole('heading', { level: 2, name: 'List of sites' }).boundingBox())!.y;
    const mapTop = (await page.locator('.sites-results__map').boundingBox())!.y;
    expect(listTop).toBeLessThan(mapTop);

    await page.goBack();
    await expect(page).toHaveURL(/near=Mission/);
    await expect(page).not.toHaveURL(/population=/);

    await page.goForward();
    await expect(page).toHaveURL(new RegExp(`population=${d.seniors.id}`));
    const first = page.getByRole('link', { name: d.near.name, exact: true });
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: d.near.name })).toBeVisible();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form goes to /sites, which the server renders filtered and nearest first', async ({
    page,
    adminApi,
  }) => {
    const d = await lunchForSeniors(adminApi);
    await page.goto('/sites?lng=es');
    await page.getByRole('textbox', { name: tr('es', 'sites:near.labelNoAddress') }).fill('94110');
    await page.getByLabel(tr('es', 'sites:filters.mealtype.label')).selectOption({ label: d.lunch.name });
    await page.getByLabel(tr('es', 'sites:filters.population.label')).selectOption({ label: d.seniors.name });
    await page.getByRole('button', { name: tr('es', 'sites:filters.apply') }).click();

    await expect(page).toHaveURL(/\/sites\?lng=es&near=94110&.*population=/);
    await expect(page.getByText(tr('es', 'sites:near.found.zip', { label: '94110' }))).toBeVisible();
    await expect(rowNames(page, 'es')).toHaveText([d.near.name, d.middle.name, d.far.name]);
    const first = page
      .getByRole('list', { name: tr('es', 'sites:listHeading') })
      .getByRole('listitem')
      .first();
    await expect(first.getByRole('link', { name: `Llamar ${d.near.name}` })).toHaveAttribute(
      'href',
      'tel:+14155550199',
    );

    // Clear beside a filter is a link: it works without scripts too.
    await page
      .getByRole('link', {
        name: `${tr('es', 'sites:filters.clear')} ${tr('es', 'sites:filters.mealtype.label')}`,
      })
      .click();
    await expect(rowNames(page, 'es')).toHaveText([
      d.breakfastOnly.name,
      d.near.name,
      d.middle.name,
      d.far.name,
    ]);

    // A street address with no geocoder configured: the page says to try a ZIP code.
    const near = page.getByRole('textbox', { name: tr('es', 'sites:near.labelNoAddress') });
    await near.fill('3000 24th St');
    await page.getByRole('button', { name: tr('es', 'sites:near.submit'), exact: true }).click();
    await expect(page.getByText(tr('es', 'sites:near.noGeocoder', { near: '3000 24th St' }))).toBeVisible();
  });

  test('the home page’s near box goes to /sites in the page’s language, nearest first', async ({
    page,
    adminApi,
  }) => {
    const d = await lunchForSeniors(adminApi);
    const tag = d.near.name.split(' ').at(-1)!;
    await page.goto('/?lng=zh');
    await page.getByRole('textbox', { name: tr('zh', 'sites:near.labelNoAddress') }).fill('94110');
    await page.getByRole('searchbox', { name: tr('zh', 'sites:search.label') }).fill(tag);
    await page.getByRole('button', { name: tr('zh', 'sites:near.submit'), exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`/sites\\?lng=zh&near=94110&q=${tag}$`));
    await expect(page.getByText(tr('zh', 'sites:near.found.zip', { label: '94110' }))).toBeVisible();
    await expect(rowNames(page, 'zh')).toHaveText([
      d.breakfastOnly.name,
      d.near.name,
      d.middle.name,
      d.far.name,
    ]);
  });

  test('the name search finds a site by part of its name, any case and accents', async ({
    page,
    adminApi,
  }) => {
    const d = await lunchForSeniors(adminApi);
    await page.goto(`/sites?population=${d.seniors.id}`);
    await page.getByRole('searchbox', { name: 'Search by name' }).fill('senior cafe');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(rowNames(page, 'en')).toHaveText([d.near.name]);
  });
});
