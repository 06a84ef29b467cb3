import { expect, test } from './support/fixtures.ts';
import { holdEntryScript } from './support/hold-script.ts';
import { tr, uniqueTag } from './support/public-pages.ts';

/**
 * On a slow phone the server's page is on screen seconds before its script has run. A choice made in
 * that time (a filter, a name typed) is not lost when the app takes the page over: it is applied then
 * (docs/product.md R139). The entry script is held back until the choices are made, so no timing is
 * involved.
 */
test('choices made before the page has started are applied once it starts', async ({ page, adminApi }) => {
  const tag = uniqueTag();
  const seniors = await adminApi.createItem('populations', { name: `Seniors ${tag}` });
  const chosen = await adminApi.createSite({ name: `Early Bird Lunch ${tag}`, PopulationIds: [seniors.id] });
  const other = await adminApi.createSite({ name: `Early Bird Supper ${tag}` });

  const release = await holdEntryScript(page);
  await page.goto('/sites', { waitUntil: 'commit' });
  const population = page.getByLabel(tr('en', 'sites:filters.population.label'));
  await population.selectOption({ label: `Seniors ${tag}` });
  await page.getByRole('searchbox', { name: tr('en', 'sites:search.label') }).fill('early bird');
  release();

  await expect(page.getByRole('button', { name: tr('en', 'sites:filters.apply') })).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`[?&]population=${seniors.id}(&|$)`));
  await expect(page).toHaveURL(/[?&]q=early(\+|%20)bird(&|$)/);
  await expect(population).toHaveValue(String(seniors.id));
  await expect(page.getByRole('link', { name: chosen.name, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: other.name, exact: true })).toHaveCount(0);
});
