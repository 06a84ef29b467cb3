import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { tr, uniqueTag } from './support/public-pages.ts';

/** Every console error and uncaught exception while the page loads (a hydration mismatch is one). */
function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * docs/product.md R300: over its render limits the server answers a /sites address with choices with
 * the plain /sites page. Here the page's request is answered with exactly that page (the limits
 * themselves are tested in server/test/page-renders.test.ts); the app takes it over and applies the
 * address's choices, with no error and no extra history entry.
 */
test('the plain list sent under load: the app applies the address’s choices, without errors', async ({
  page,
  adminApi,
}) => {
  const tag = uniqueTag();
  const seniors = await adminApi.createItem('populations', { name: `Seniors ${tag}` });
  const mine = await adminApi.createSite({ name: `Busy Day Kitchen ${tag}`, PopulationIds: [seniors.id] });
  await adminApi.createSite({ name: `Other Kitchen ${tag}` });
  await page.goto('/about');

  let answeredPlain = false;
  await page.route(/\/sites\?/, async (route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    const plain = await route.fetch({ url: new URL('/sites', route.request().url()).href });
    const body = await plain.text();
    answeredPlain = body.includes('"renderedFor":"/sites"');
    await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body });
  });
  const errors = collectErrors(page);
  const address = `/sites?q=${tag}&population=${seniors.id}`;
  await page.goto(address);
  expect(answeredPlain).toBe(true);

  await expect(page).toHaveURL(new RegExp(`/sites\\?q=${tag}&population=${seniors.id}$`));
  await expect(
    page.getByRole('list', { name: tr('en', 'sites:listHeading') }).getByRole('heading', { level: 3 }),
  ).toHaveText([mine.name]);
  await expect(page.getByRole('searchbox', { name: tr('en', 'sites:search.label') })).toHaveValue(tag);
  await expect(page.getByLabel(tr('en', 'sites:filters.population.label'))).toHaveValue(String(seniors.id));
  expect(errors).toEqual([]);

  await page.goBack();
  await expect(page).toHaveURL(/\/about$/);
});
