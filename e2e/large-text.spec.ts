import type { Page } from '@playwright/test';
import { LANGUAGE_LABELS } from '#shared/languages.ts';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { holdEntryScript } from './support/hold-script.ts';
import { PHONE, scrollsSideways, startsOnFirstScreen, useLargeText } from './support/large-text.ts';
import { type Lng, tr, uniqueTag } from './support/public-pages.ts';

/**
 * An old Android phone (360 × 740) with its text setting at 200 % (docs/product.md R111–R113, R119):
 * every public page's title is on the first screen, nothing scrolls sideways, the menu folds the
 * links and language buttons away and opens by tap and by keyboard, and the site page's Call button
 * is above the fold.
 */
test.use(PHONE);

const LANGUAGES: Lng[] = ['en', 'es', 'zh'];

const menu = (page: Page, lng: Lng) => page.locator('summary', { hasText: tr(lng, 'nav.menu') });
const nav = (page: Page, lng: Lng) => page.getByRole('navigation', { name: tr(lng, 'nav.label') });

/** Every link of the menu and the three language buttons are there and visible. */
async function expectMenuOpen(page: Page, lng: Lng) {
  for (const key of ['nav.home', 'nav.about', 'nav.locations', 'nav.login']) {
    await expect(nav(page, lng).getByRole('link', { name: tr(lng, key), exact: true })).toBeVisible();
  }
  for (const label of Object.values(LANGUAGE_LABELS)) {
    await expect(page.getByRole('button', { name: label, exact: true })).toBeVisible();
  }
}

/**
 * Scrolls down the page a half screen at a time, waiting two frames at each stop, and back up: the
 * list's rows (`content-visibility: auto`) are then laid out at their real height, which axe needs to
 * tell what lies behind each of them (otherwise it reads a row as over the footer).
 */
async function layOutEveryRow(page: Page) {
  await page.evaluate(async () => {
    const frames = () =>
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await frames();
    }
    window.scrollTo(0, 0);
    await frames();
  });
}

test.beforeEach(async ({ page }) => {
  await useLargeText(page, 2);
});

/** The public pages; the site page is a new site's (`site`). */
const PUBLIC_PAGES = ['/', '/sites', 'site', '/about', '/contact', '/accessibility', '/privacy'] as const;

// One journey per page and language: each lays out every row and runs axe, so seven pages in one
// journey made it long enough for a busy machine to run out of time.
for (const lng of LANGUAGES) {
  for (const shown of PUBLIC_PAGES) {
    test(`at 200 % text on a 360 px phone ${shown === 'site' ? 'a site page' : shown} fits and starts with its title (${lng})`, async ({
      page,
      adminApi,
    }) => {
      // Laying out every row of a long list at 200 % text, then axe: 40 s and more on a busy machine.
      test.slow();
      let path: string = shown;
      if (shown === 'site') {
        const site = await adminApi.createSite({
          name: `Sunset Neighborhood Dining Room ${uniqueTag()}`,
          phoneNumber: '4155550123',
        });
        path = `/sites/${site.id}`;
      }
      await page.goto(`${path}?lng=${lng}`);
      const h1 = page.getByRole('heading', { level: 1 });
      await expect(h1).toBeVisible();
      expect(await startsOnFirstScreen(page, h1), `h1 of ${path} on the first screen`).toBe(true);
      if (path === '/contact') {
        // The report form comes in its own chunk with its words; measure the page it makes.
        await expect(page.getByRole('group', { name: tr(lng, 'reports:form.reasonsLegend') })).toBeVisible();
      }
      expect(await scrollsSideways(page), `${path} scrolls sideways`).toBe(false);
      // Folded: the links wait behind "Menu".
      await expect(menu(page, lng)).toBeVisible();
      await expect(nav(page, lng)).toBeHidden();
      await layOutEveryRow(page);
      await expectNoAxeViolations(page);
    });
  }
}

test('the site page puts its status and a large Call button above the fold', async ({ page, adminApi }) => {
  // Found by its id: a real name, without the tag that keeps list journeys apart.
  const site = await adminApi.createSite({ name: 'Excelsior Senior Lunch Club', phoneNumber: '4155550123' });
  await page.goto(`/sites/${site.id}?lng=es`);
  const call = page.getByRole('link', { name: tr('es', 'site:call', { phone: '(415) 555-0123' }) });
  await expect(call).toHaveAttribute('href', 'tel:+14155550123');
  // The button comes right under the name, then the status line (filled in by the browser, on the agency's clock).
  await expect(page.getByRole('article').getByRole('status').first()).toHaveText(/\S/);
  const box = (await call.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.y + box.height).toBeLessThanOrEqual(740);
});

for (const lng of LANGUAGES) {
  test(`the menu opens with a tap and with the keyboard, and Escape closes it (${lng})`, async ({ page }) => {
    await page.goto(`/about?lng=${lng}`);
    await menu(page, lng).tap();
    await expectMenuOpen(page, lng);
    await menu(page, lng).tap();
    await expect(nav(page, lng)).toBeHidden();

    await menu(page, lng).focus();
    await page.keyboard.press('Enter');
    await expectMenuOpen(page, lng);
    await page.keyboard.press('Tab');
    await expect(nav(page, lng).getByRole('link', { name: tr(lng, 'nav.home'), exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(nav(page, lng)).toBeHidden();
    await expect(menu(page, lng)).toBeFocused();

    // A link in the menu leads to its page, which starts with the menu closed and focus on its content.
    await page.keyboard.press('Space');
    await nav(page, lng)
      .getByRole('link', { name: tr(lng, 'nav.locations'), exact: true })
      .tap();
    await expect(page.getByRole('heading', { level: 1, name: tr(lng, 'sites:title') })).toBeVisible();
    await expect(nav(page, lng)).toBeHidden();
  });
}

test('a menu opened before the app has started stays open once it starts', async ({ page }) => {
  const release = await holdEntryScript(page);
  await page.goto('/sites?lng=es', { waitUntil: 'commit' });
  await menu(page, 'es').tap();
  await expectMenuOpen(page, 'es');
  release();
  // The app has taken the page over once the Apply button, for pages without scripts, is hidden.
  await expect(page.getByRole('button', { name: tr('es', 'sites:filters.apply') })).toBeHidden();
  await expectMenuOpen(page, 'es');
  await page.keyboard.press('Escape');
  await expect(nav(page, 'es')).toBeHidden();
});

test('without JavaScript the menu opens and the language buttons switch the page, and the choice is kept', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ ...PHONE, baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await useLargeText(page, 2);
  await page.goto('/about?lng=en');
  await menu(page, 'en').tap();
  await expectMenuOpen(page, 'en');
  await page.getByRole('button', { name: 'Español', exact: true }).tap();
  await expect(page).toHaveURL(/\/about\?lng=es$/);
  await expect(page.getByRole('heading', { level: 1, name: tr('es', 'about:title') })).toBeVisible();
  await menu(page, 'es').tap();
  await nav(page, 'es')
    .getByRole('link', { name: tr('es', 'nav.locations'), exact: true })
    .tap();
  await expect(page.getByRole('heading', { level: 1, name: tr('es', 'sites:title') })).toBeVisible();
  expect(await scrollsSideways(page)).toBe(false);
  await context.close();
});

test('unknown addresses answer 404 with the not-found page and the phone to call', async ({ page }) => {
  for (const [path, key] of [
    ['/nope', 'errors.notFoundTitle'],
    ['/sites/abc', 'site:notFound.title'],
    ['/sites/999999', 'site:notFound.title'],
  ] as const) {
    const response = await page.goto(`${path}?lng=zh`);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: tr('zh', key) })).toBeVisible();
    await expect(page.getByRole('link', { name: '(417) 557-5000' })).toHaveCount(2);
    expect(await scrollsSideways(page)).toBe(false);
  }
});

/** True when the element's text is wider than its box (cut off or spilling out instead of wrapping). */
function textOverflows(locator: import('@playwright/test').Locator) {
  return locator.evaluate((element) => element.scrollWidth > element.clientWidth + 0.5);
}

for (const lng of LANGUAGES) {
  test(`the Call button wraps, fits and starts the first screen, the site temporarily closed too (${lng})`, async ({
    page,
    adminApi,
  }) => {
    const tag = uniqueTag();
    const closing = await adminApi.createItem('covidstatuses', {
      name: `Temporarily closed ${tag}`,
      closesSite: true,
    });
    const open = await adminApi.createSite({
      name: 'Bayview Hunters Point Senior Community Lunch Club',
      phoneNumber: '4155550123',
    });
    const closed = await adminApi.createSite({
      name: 'Bayview Hunters Point Senior Community Lunch Club',
      phoneNumber: '4155550123',
      CovidStatusIds: [closing.id],
    });
    for (const site of [open, closed]) {
      await page.goto(`/sites/${site.id}?lng=${lng}`);
      const call = page.getByRole('link', { name: tr(lng, 'site:call', { phone: '(415) 555-0123' }) });
      await expect(call).toBeVisible();
      // The status line is filled in by the browser; measure once it is there.
      await expect(page.getByRole('article').getByRole('status').first()).toHaveText(/\S/);
      expect(await textOverflows(call), 'the Call button’s words are cut off').toBe(false);
      const box = (await call.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(360);
      expect(box.y + box.height, 'the whole Call button on the first screen').toBeLessThanOrEqual(740);
      expect(await scrollsSideways(page), `site ${site.id} scrolls sideways`).toBe(false);
    }
  });

  test(`the sign-in page, with its "Show password", does not scroll sideways (${lng})`, async ({ page }) => {
    await page.goto(`/login?lng=${lng}`);
    const show = page.getByRole('button', { name: tr(lng, 'auth:showPassword') });
    await expect(show).toBeVisible();
    expect(await textOverflows(show), '"Show password" cut off').toBe(false);
    expect(await scrollsSideways(page)).toBe(false);
  });
}
