import type { Page } from '@playwright/test';
import { type AdminApi, expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { type Lng, tr, uniqueTag } from './support/public-pages.ts';

/**
 * 'Show the nearest first' with the browser's real geolocation (Chromium, position emulated by
 * Playwright). Each journey makes three sites in South Dakota with a population of its own and opens
 * the list filtered by it, so journeys running in parallel (or a retry) never see each other's sites.
 */
const HERE = { latitude: 44.37, longitude: -100.35 };

async function threeSitesNearHere(adminApi: AdminApi) {
  const tag = uniqueTag();
  const population = await adminApi.createItem('populations', { name: `Nearby visitors ${tag}` });
  const at = (name: string, lat: number) =>
    adminApi.createSite({ name: `${name} ${tag}`, lat, lng: HERE.longitude, PopulationIds: [population.id] });
  // About 0.7, 3.5 and 14 miles north of HERE, created farthest first so name order differs.
  const far = await at('A Far Kitchen', 44.57);
  const near = await at('B Near Kitchen', 44.38);
  const middle = await at('C Middle Kitchen', 44.42);
  return { near, middle, far, page: `/sites?population=${population.id}` };
}

const rowNames = (page: Page, lng: Lng) =>
  page
    .getByRole('list', { name: tr(lng, 'sites:listHeading') })
    .getByRole('heading', { level: 3 })
    .allTextContents();

test.describe('with the location shared', () => {
  test.use({ geolocation: HERE, permissions: ['geolocation'] });

  for (const lng of ['en', 'es'] as const) {
    test(`orders the list nearest first with distances, says so, and goes back to names (${lng})`, async ({
      page,
      adminApi,
    }) => {
      const { near, middle, far, page: address } = await threeSitesNearHere(adminApi);
      await page.goto(`${address}&lng=${lng}`);
      const show = page.getByRole('button', { name: tr(lng, 'sites:nearest.show') });
      await expect(show).toBeVisible();
      const before = await rowNames(page, lng);
      expect(before).toEqual([far.name, near.name, middle.name]);

      await show.click();
      await expect(page.getByRole('status').filter({ hasText: tr(lng, 'sites:nearest.on') })).toBeVisible();
      await expect.poll(() => rowNames(page, lng)).toEqual([near.name, middle.name, far.name]);
      const first = page.getByRole('listitem').filter({ hasText: near.name });
      const miles = lng === 'en' ? 'About 0.7 miles away' : 'Aproximadamente a 0.7 millas';
      await expect(first.getByText(miles)).toBeVisible();
      // The button keeps focus and now offers the way back.
      const byName = page.getByRole('button', { name: tr(lng, 'sites:nearest.byName') });
      await expect(byName).toBeFocused();
      if (lng === 'en') await expectNoAxeViolations(page);

      await byName.click();
      await expect(
        page.getByRole('status').filter({ hasText: tr(lng, 'sites:nearest.byNameOn') }),
      ).toBeVisible();
      expect(await rowNames(page, lng)).toEqual(before);
      await expect(page.getByText(miles)).toHaveCount(0);
    });
  }

  test('the position is never sent to the server', async ({ page, adminApi }) => {
    const { page: address } = await threeSitesNearHere(adminApi);
    const sent: string[] = [];
    page.on('request', (request) => sent.push(`${request.url()} ${request.postData() ?? ''}`));
    await page.goto(address);
    await page.getByRole('button', { name: 'Show the nearest first' }).click();
    await expect(page.getByText(/About [\d.]+ miles? away/).first()).toBeVisible();
    expect(sent.filter((line) => line.includes('44.37') || line.includes('100.35'))).toEqual([]);
    expect(page.url()).not.toContain('44.37');
  });
});

test('without permission to share the location it says so and the list stays as it was', async ({ page }) => {
  await page.goto('/sites');
  const before = await rowNames(page, 'en');
  await page.getByRole('button', { name: 'Show the nearest first' }).click();
  await expect(page.getByRole('status').filter({ hasText: tr('en', 'sites:nearest.denied') })).toBeVisible();
  expect(await rowNames(page, 'en')).toEqual(before);
  await expect(page.getByRole('button', { name: 'Show the nearest first' })).toBeVisible();
});
