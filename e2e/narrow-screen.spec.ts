import { expect, test } from './support/fixtures.ts';
import { scrollsSideways } from './support/large-text.ts';
import { uniqueTag } from './support/public-pages.ts';

/** The narrowest phone in use (320 CSS px): long words wrap rather than push the page sideways (docs/product.md R473). */
test.use({ viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true });

test('a site name with a 40-letter word wraps on /sites at 320 px; nothing scrolls sideways', async ({
  page,
  adminApi,
}) => {
  const word = 'Bayviewhunterspointcommunitydiningrooms'.padEnd(40, 'x');
  expect(word).toHaveLength(40);
  const site = await adminApi.createSite({ name: `${word} ${uniqueTag()}` });
  await page.goto('/sites');
  const name = page.getByRole('link', { name: site.name, exact: true });
  await expect(name).toBeVisible();
  // The word wraps inside the row.
  const box = (await name.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(320);
  const sizes = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(sizes.scrollWidth).toBeLessThanOrEqual(sizes.clientWidth);
  expect(await scrollsSideways(page)).toBe(false);
});
