import type { Page } from '@playwright/test';
import { LANGUAGES } from './support/constants.ts';
import { type AdminApi, expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { appStarted, type Lng, scrollToMap, tr, uniqueTag } from './support/public-pages.ts';

/** A small directory of this journey's own: two sites on the map (one with hours), one partner. */
async function createDirectory(adminApi: AdminApi) {
  const tag = uniqueTag();
  const population = await adminApi.createItem('populations', { name: `Seniors 60+ ${tag}` });
  const status = await adminApi.createItem('covidstatuses', { name: `Takeout only ${tag}` });
  const meal = await adminApi.createItem('mealtypes', { name: `Lunch ${tag}` });
  const service = await adminApi.createItem('services', { name: `Delivery ${tag}` });
  await adminApi.createItem('nutritionpartners', { name: `Accessible Meals ${tag}` });
  const site = await adminApi.createSite({
    name: `Accessible Dining Room ${tag}`,
    PopulationIds: [population.id],
    CovidStatusIds: [status.id],
    MealTypeIds: [meal.id],
    ServiceIds: [service.id],
    lat: 37.7752,
    lng: -122.4189,
  });
  await adminApi.createSite({ name: `Second Dining Room ${tag}`, PopulationIds: [population.id] });
  return { site, population };
}

/** How opaque an element really is: the product of its own and its ancestors' opacity. */
function opacity(element: Element) {
  let value = 1;
  for (let node: Element | null = element; node; node = node.parentElement)
    value *= Number(getComputedStyle(node).opacity);
  return value;
}

type PublicPage = { name: string; path: string; map?: boolean };

function publicPages(d: Awaited<ReturnType<typeof createDirectory>>): PublicPage[] {
  return [
    { name: 'home', path: '/', map: true },
    { name: 'about', path: '/about' },
    { name: 'locations', path: '/sites', map: true },
    { name: 'locations, filtered', path: `/sites?population=${d.population.id}`, map: true },
    { name: 'site', path: `/sites/${d.site.id}`, map: true },
    { name: 'unknown site', path: '/sites/999999999' },
    { name: 'partners', path: '/partners' },
  ];
}

async function open(page: Page, target: PublicPage, lng: Lng, siteName: string) {
  await page.goto(`${target.path}${target.path.includes('?') ? '&' : '?'}lng=${lng}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  if (target.map) {
    // On a small screen the map starts loading only once the visitor scrolls near it.
    await scrollToMap(page, lng);
    await expect(
      page.getByRole('region', { name: tr(lng, 'sites:map.label') }).getByRole('button', { name: siteName }),
    ).toBeVisible();
  }
}

for (const lng of LANGUAGES) {
  test(`every public page has one h1, the landmarks, and no axe violations (${lng})`, async ({
    page,
    adminApi,
  }) => {
    // Every public page with axe, in one language: close to a minute on a busy machine.
    test.slow();
    const d = await createDirectory(adminApi);
    for (const target of publicPages(d)) {
      await test.step(target.name, async () => {
        await open(page, target, lng, d.site.name);
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        await expect(page.getByRole('banner')).toHaveCount(1);
        await expect(page.getByRole('main')).toHaveCount(1);
        await expect(page.getByRole('contentinfo')).toHaveCount(1);
        await expect(page.getByRole('navigation', { name: tr(lng, 'nav.label') })).toHaveCount(1);
        await expectNoAxeViolations(page);
      });
    }
    await test.step('locations with a popup open', async () => {
      await open(
        page,
        { name: 'popup', path: `/sites?population=${d.population.id}`, map: true },
        lng,
        d.site.name,
      );
      await page.getByRole('button', { name: d.site.name }).click();
      const details = page.getByRole('link', { name: tr(lng, 'sites:map.seeDetails') });
      await expect(details).toBeVisible();
      // Leaflet fades a popup in; check its colours once it is fully shown.
      await expect.poll(() => details.evaluate(opacity)).toBe(1);
      await expectNoAxeViolations(page);
    });
    await test.step('locations whose list failed to load', async () => {
      await page.route('**/api/sites', (route) => route.fulfill({ status: 500, body: '{}' }));
      await page.goto(`/about?lng=${lng}`);
      // Before the app has taken over, the link loads the server's page, which embeds the list.
      await appStarted(page);
      await page.getByRole('link', { name: tr(lng, 'nav.locations'), exact: true }).click();
      await expect(page.getByRole('button', { name: tr(lng, 'sites:loadError.retry') })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.unroute('**/api/sites');
    });
  });
}

test('every public page is usable at 320 px wide and at 200 % zoom: nothing scrolls sideways', async ({
  browser,
  adminApi,
}) => {
  // A long journey with axe or many steps: 40–60 s on a busy machine.
  test.slow();
  const d = await createDirectory(adminApi);
  // 200 % zoom in a 1280 px window lays the page out in 640 CSS px at twice the pixel density.
  for (const viewport of [
    { width: 320, height: 640, deviceScaleFactor: 1 },
    { width: 640, height: 400, deviceScaleFactor: 2 },
  ]) {
    const context = await browser.newContext({
      viewport: { width: viewport.width, height: viewport.height },
      deviceScaleFactor: viewport.deviceScaleFactor,
    });
    const page = await context.newPage();
    for (const lng of LANGUAGES) {
      for (const target of publicPages(d)) {
        await open(page, target, lng, d.site.name);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${target.name} in ${lng} at ${viewport.width} px`).toBeLessThanOrEqual(0);
      }
    }
    await context.close();
  }
});

test('controls are at least 44 px, text at least 16 px, and focus is always visible', async ({
  page,
  adminApi,
}) => {
  const d = await createDirectory(adminApi);
  await page.goto(`/sites?population=${d.population.id}`);
  const map = page.getByRole('region', { name: 'Map of meal sites' });
  await map.getByRole('button', { name: d.site.name }).click();
  await expect(map.getByRole('link', { name: 'SEE LOCATION DETAILS' })).toBeVisible();

  const targets = [
    ...(await page.getByRole('button').all()),
    ...(await page.getByRole('combobox').all()),
    ...(await page.getByRole('navigation', { name: 'Main' }).getByRole('link').all()),
    ...(await page.getByRole('list', { name: 'List of sites' }).getByRole('link').all()),
    ...(await map
      .getByRole('link')
      .filter({ hasNotText: /OpenStreetMap|Leaflet/ })
      .all()),
  ];
  expect(targets.length).toBeGreaterThan(12);
  for (const target of targets) {
    const box = await target.boundingBox();
    const name = await target.evaluate(
      (element) => element.getAttribute('aria-label') ?? element.textContent,
    );
    expect(box, name ?? '').not.toBeNull();
    // Layout reports sub-pixel sizes (43.99997 for a 44 px box under a transform): compare at 0.01 px.
    const px = (value: number) => Math.round(value * 100) / 100;
    expect(px(box!.height), `height of ${name}`).toBeGreaterThanOrEqual(44);
    expect(px(box!.width), `width of ${name}`).toBeGreaterThanOrEqual(44);
  }

  // The base font is at least 16 px, and so is every piece of text on the page, map credits included.
  const smallest = await page.evaluate(() => {
    const sizes: { text: string; size: number }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('[aria-hidden="true"]')) continue;
      if (!parent.checkVisibility()) continue;
      sizes.push({ text, size: Number.parseFloat(getComputedStyle(parent).fontSize) });
    }
    return {
      base: Number.parseFloat(getComputedStyle(document.body).fontSize),
      small: sizes.filter((s) => s.size < 16),
    };
  });
  expect(smallest.base).toBeGreaterThanOrEqual(16);
  expect(smallest.small).toEqual([]);

  // Tabbing through the page, every focused element shows a focus indicator.
  await page.goto(`/sites?population=${d.population.id}`);
  await expect(map.getByRole('button', { name: d.site.name })).toBeVisible();
  for (let i = 0; i < 30; i += 1) {
    await page.keyboard.press('Tab');
    const focus = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const style = getComputedStyle(element);
      return {
        name:
          element.getAttribute('aria-label') ??
          element.getAttribute('alt') ??
          element.textContent?.slice(0, 40),
        visible:
          (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2) ||
          style.boxShadow !== 'none',
      };
    });
    if (focus) expect(focus.visible, `focus on ${focus.name}`).toBe(true);
  }
});

test('with reduced motion asked for, nothing animates', async ({ page, adminApi }) => {
  const d = await createDirectory(adminApi);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`/sites?population=${d.population.id}`);
  const map = page.getByRole('region', { name: 'Map of meal sites' });
  await expect(map.getByRole('button', { name: d.site.name })).toBeVisible();
  for (const control of [
    page.getByRole('link', { name: 'Reset' }),
    map.getByRole('button', { name: 'Zoom in' }),
  ]) {
    const durations = await control.evaluate((element) => {
      const style = getComputedStyle(element);
      return [style.transitionDuration, style.animationDuration]
        .flatMap((d) => d.split(','))
        .map(Number.parseFloat);
    });
    for (const seconds of durations) expect(seconds).toBeLessThanOrEqual(0.001);
  }
});
