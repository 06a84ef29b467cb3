import type { Locator, Page } from '@playwright/test';
import { MAP_CENTER, MAP_ZOOM } from '#shared/constants.ts';
import { type AdminApi, expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { PHONE, scrollsSideways, useLargeText } from './support/large-text.ts';
import { type Lng, mapSection, recordTiles, scrollToMap, tr, uniqueTag } from './support/public-pages.ts';

/** Two sites with a position and one without, all serving a population of this journey's own. */
async function createMappedSites(adminApi: AdminApi, names: { first?: string } = {}) {
  const tag = uniqueTag();
  const population = await adminApi.createItem('populations', { name: `Seniors ${tag}` });
  const first = await adminApi.createSite({
    name: names.first ?? `Mission Dining ${tag}`,
    address: '3255 24th St, San Francisco, CA 94110',
    phoneNumber: '4155550142',
    lat: 37.7752,
    lng: -122.4189,
    PopulationIds: [population.id],
  });
  const second = await adminApi.createSite({
    name: `Sunset Lunch ${tag}`,
    lat: 37.7735,
    lng: -122.421,
    PopulationIds: [population.id],
  });
  const unplaced = await adminApi.createSite({
    name: `Nowhere Cafe ${tag}`,
    lat: null,
    lng: null,
    PopulationIds: [population.id],
  });
  return { population, first, second, unplaced };
}

const map = (page: Page, lng: Lng = 'en') => page.getByRole('region', { name: tr(lng, 'sites:map.label') });
/** The map itself (the tab stop that pans), inside the region that also holds its bar of controls. */
const mapView = (page: Page, lng: Lng = 'en') =>
  map(page, lng).getByRole('group', { name: tr(lng, 'sites:map.label') });

/**
 * The position shown at (x, y) px from the top-left of a map view of this size, centred on MAP_CENTER
 * at MAP_ZOOM (Web Mercator, 256 px tiles, as Leaflet draws it).
 */
function positionAt(view: { width: number; height: number }, x: number, y: number) {
  const world = 256 * 2 ** MAP_ZOOM;
  const rad = (MAP_CENTER.lat * Math.PI) / 180;
  const cx = ((MAP_CENTER.lng + 180) / 360) * world;
  const cy = ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * world;
  const px = cx - view.width / 2 + x;
  const py = cy - view.height / 2 + y;
  return {
    lng: (px / world) * 360 - 180,
    lat: (Math.atan(Math.sinh(Math.PI * (1 - (2 * py) / world))) * 180) / Math.PI,
  };
}

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Points of a marker where something else is on top (its centre and 4 px in from each corner): what
 * the browser would hit there, if it is not the marker. Empty when the whole target is the marker's.
 */
async function coveredPoints(marker: Locator) {
  await marker.scrollIntoViewIfNeeded();
  return marker.evaluate((element) => {
    const r = element.getBoundingClientRect();
    const points = [
      [r.left + r.width / 2, r.top + r.height / 2],
      [r.left + 4, r.top + 4],
      [r.right - 4, r.top + 4],
      [r.left + 4, r.bottom - 4],
      [r.right - 4, r.bottom - 4],
    ] as const;
    return points.flatMap(([x, y]) => {
      const hit = document.elementFromPoint(x, y);
      return hit === element ? [] : [`(${Math.round(x)}, ${Math.round(y)}): ${hit?.outerHTML.slice(0, 80)}`];
    });
  });
}

test('one marker per site with a position, the map fitted to them, tiles from the runtime settings, one tab stop', async ({
  page,
  adminApi,
}) => {
  const { population, first, second, unplaced } = await createMappedSites(adminApi);
  const tiles = recordTiles(page);
  await page.goto(`/sites?population=${population.id}`);
  await expect(map(page).getByRole('button', { name: first.name })).toBeVisible();
  await expect(map(page).getByRole('button', { name: second.name })).toBeVisible();
  await expect(map(page).getByRole('button', { name: unplaced.name })).toHaveCount(0);
  // The list still has all three, and the map says one is not on it (to every visitor, R150).
  await expect(page.getByRole('link', { name: unplaced.name, exact: true })).toBeVisible();
  await expect(page.getByText(tr('en', 'sites:map.notOnMap', { count: 1 }))).toBeVisible();

  // Fitted to the two results (about 250 m apart): at the closest fitting zoom, 15, from the tile URL
  // the server was given (the e2e server's points nowhere reachable: the map works offline).
  await expect.poll(() => tiles.some((t) => t.z === 15)).toBe(true);
  expect(tiles.every((t) => t.z <= 15)).toBe(true);
  const view = (await mapView(page).boundingBox())!;
  for (const site of [first, second]) {
    const box = (await map(page).getByRole('button', { name: site.name }).boundingBox())!;
    expect(intersects(box, view) && box.y >= view.y && box.y + box.height <= view.y + view.height).toBe(true);
  }
  // The attribution comes from the runtime settings too.
  await expect(map(page).getByRole('link', { name: 'OpenStreetMap' })).toBeVisible();

  // The map is one tab stop; Enter goes to its markers, arrow keys move between them, Enter opens one
  // and focus moves into the popup; Escape closes it (focus back on the marker), Escape again leaves.
  await expect(map(page).locator('.leaflet-marker-icon[tabindex="0"]')).toHaveCount(0);
  await mapView(page).focus();
  await page.keyboard.press('Enter');
  const firstMarker = map(page).getByRole('button', { name: first.name });
  const secondMarker = map(page).getByRole('button', { name: second.name });
  await expect(firstMarker).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(secondMarker).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(firstMarker).toBeFocused();
  await page.keyboard.press('Enter');
  const popup = map(page).getByRole('heading', { level: 3, name: first.name });
  await expect(popup).toBeVisible();
  await expect(map(page).getByRole('link', { name: first.name })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await expect(firstMarker).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(mapView(page)).toBeFocused();
  // Tab leaves the map: no marker is a stop of its own.
  await page.keyboard.press('Tab');
  await expect(mapView(page)).not.toBeFocused();
  expect(await page.evaluate(() => document.activeElement?.classList.contains('leaflet-marker-icon'))).toBe(
    false,
  );
});

test('clicking a marker opens its info window: name, address, details, call and directions in a new tab, populations', async ({
  page,
  adminApi,
}) => {
  const { population, first } = await createMappedSites(adminApi);
  await page.goto(`/sites?population=${population.id}`);
  await map(page).getByRole('button', { name: first.name }).click();
  const view = map(page);
  await expect(view.getByRole('heading', { level: 3, name: first.name })).toBeVisible();
  await expect(view.getByText(first.address)).toBeVisible();
  const directions = view.getByRole('link', { name: /Get Directions/ });
  await expect(directions).toHaveAttribute('target', '_blank');
  await expect(directions).toHaveAttribute('rel', /noopener/);
  await expect(directions).toHaveAttribute(
    'href',
    `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(first.address)}`,
  );
  await expect(view.getByRole('link', { name: 'Call (415) 555-0142', exact: true })).toHaveAttribute(
    'href',
    'tel:+14155550142',
  );
  await expect(view.getByText(`Populations served: ${population.name}`)).toBeVisible();
  await view.getByRole('link', { name: 'SEE LOCATION DETAILS' }).click();
  await expect(page).toHaveURL(`/sites/${first.id}`);
  await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
});

test('markup in a site name shows as text in the popup', async ({ page, adminApi }) => {
  const name = `<b>Bold</b> & <img src=x onerror="window.__pwned=1"> Kitchen ${uniqueTag()}`;
  const { population } = await createMappedSites(adminApi, { first: name });
  await page.goto(`/sites?population=${population.id}`);
  await map(page).getByRole('button', { name }).click();
  await expect(map(page).getByRole('heading', { level: 3, name })).toHaveText(name);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
});

test('sites in the same building each keep their own whole marker, none covering another', async ({
  page,
  adminApi,
}) => {
  const tag = uniqueTag();
  const population = await adminApi.createItem('populations', { name: `Tower residents ${tag}` });
  const names = ['North', 'South', 'East', 'West'].map((wing) => `${wing} Wing Dining ${tag}`);
  for (const name of names) {
    await adminApi.createSite({ name, lat: 37.7749, lng: -122.4194, PopulationIds: [population.id] });
  }
  await page.goto(`/sites?population=${population.id}`);
  const boxes = [];
  for (const name of names) {
    const marker = map(page).getByRole('button', { name });
    await expect(marker).toBeVisible();
    boxes.push((await marker.boundingBox())!);
  }
  for (const [i, a] of boxes.entries()) {
    expect(a.width).toBeGreaterThanOrEqual(44);
    expect(a.height).toBeGreaterThanOrEqual(44);
    for (const b of boxes.slice(i + 1)) {
      const apart =
        a.x + a.width <= b.x + 0.5 ||
        b.x + b.width <= a.x + 0.5 ||
        a.y + a.height <= b.y + 0.5 ||
        b.y + b.height <= a.y + 0.5;
      expect(apart, `${JSON.stringify(a)} and ${JSON.stringify(b)}`).toBe(true);
    }
  }
  // Each can still be opened, and axe finds no target too small or covered.
  await map(page).getByRole('button', { name: names[2]! }).click();
  await expect(map(page).getByRole('heading', { level: 3, name: names[2]! })).toBeVisible();
  await page.keyboard.press('Escape');
  await expectNoAxeViolations(page);
});

for (const viewport of [
  { width: 412, height: 823 },
  { width: 320, height: 640 },
]) {
  test(`at ${viewport.width} px no control covers a marker: zoom buttons and attribution sit above the map, 44 px, keyboard operable`, async ({
    page,
    adminApi,
  }) => {
    await page.setViewportSize(viewport);
    const tag = uniqueTag();
    const population = await adminApi.createItem('populations', { name: `Corner diners ${tag}` });
    await page.goto(`/sites?population=${population.id}`);
    // Below the list's introduction on a phone: the map loads once the visitor scrolls to it.
    await scrollToMap(page);
    await expect(mapView(page)).toBeVisible();
    const size = (await mapView(page).boundingBox())!;
    // Sites where Leaflet's own controls used to be drawn over the map: its zoom buttons at the top
    // left (10–58 px across, 10–100 px down) and its attribution along the bottom right.
    const corners = [
      { name: `Top Left Kitchen ${tag}`, ...positionAt(size, 40, 80) },
      { name: `Bottom Right Kitchen ${tag}`, ...positionAt(size, size.width - 40, size.height - 6) },
    ];
    for (const corner of corners) {
      await adminApi.createSite({
        name: corner.name,
        lat: corner.lat,
        lng: corner.lng,
        PopulationIds: [population.id],
      });
    }
    const tiles = recordTiles(page);
    await page.reload();
    await scrollToMap(page);

    for (const corner of corners) {
      const marker = map(page).getByRole('button', { name: corner.name });
      await expect(marker).toBeVisible();
      expect(await coveredPoints(marker), corner.name).toEqual([]);
    }
    // The controls are outside the map's box, whole 44 px targets.
    const view = (await mapView(page).boundingBox())!;
    const zoomIn = map(page).getByRole('button', { name: 'Zoom in', exact: true });
    const zoomOut = map(page).getByRole('button', { name: 'Zoom out', exact: true });
    for (const control of [zoomIn, zoomOut]) {
      const box = (await control.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(44 - 0.01);
      expect(box.height).toBeGreaterThanOrEqual(44 - 0.01);
      expect(intersects(box, view), `${JSON.stringify(box)} on the map ${JSON.stringify(view)}`).toBe(false);
    }
    // The attribution (from the runtime settings) too.
    const attribution = map(page).getByRole('link', { name: 'OpenStreetMap' });
    await expect(attribution).toBeVisible();
    expect(intersects((await attribution.boundingBox())!, view)).toBe(false);
    await expectNoAxeViolations(page);

    // By keyboard: Enter zooms in, one level at a time, with a visible focus; at the closest zoom the
    // button says it is unavailable and keeps focus; Space zooms out. (Without animation, so that no
    // press lands while the previous zoom is still moving — Leaflet ignores those, as with its own buttons.)
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.reload();
    await scrollToMap(page);
    await expect(map(page).getByRole('button', { name: corners[0]!.name })).toBeVisible();
    await zoomIn.focus();
    const ring = await zoomIn.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(ring).not.toBe('none');
    // The map starts fitted to the two corners (zoom 14 or 13, depending on the screen).
    const start = Math.max(...tiles.map((t) => t.z));
    for (let level = start + 1; level <= 18; level += 1) {
      await page.keyboard.press('Enter');
      await expect.poll(() => tiles.some((t) => t.z === level)).toBe(true);
    }
    await expect(zoomIn).toHaveAttribute('aria-disabled', 'true');
    await expect(zoomIn).toBeFocused();
    await zoomOut.focus();
    await page.keyboard.press('Space');
    await expect(zoomIn).not.toHaveAttribute('aria-disabled', 'true');
  });
}

test('the home page map shows the same markers and popups', async ({ page, adminApi }) => {
  const { first } = await createMappedSites(adminApi);
  await page.goto('/');
  // The home page maps every site in the database, the other journeys' too. Where many share one spot
  // they are nudged apart (spread.ts), so this marker may lie past the map's edge, under the list: it is
  // opened from the keyboard, which reaches a marker wherever it is (the popup pans into view).
  const marker = map(page).getByRole('button', { name: first.name });
  await marker.focus();
  await page.keyboard.press('Enter');
  await expect(map(page).getByRole('link', { name: 'SEE LOCATION DETAILS' })).toHaveAttribute(
    'href',
    `/sites/${first.id}`,
  );
});

for (const lng of ['es', 'zh'] as const) {
  test(`the map and its popup speak ${lng}`, async ({ page, adminApi }) => {
    const { population, first } = await createMappedSites(adminApi);
    await page.goto(`/sites?population=${population.id}&lng=${lng}`);
    await expect(page.getByRole('heading', { level: 2, name: tr(lng, 'sites:map.heading') })).toBeVisible();
    for (const key of ['sites:map.zoomIn', 'sites:map.zoomOut']) {
      await expect(map(page, lng).getByRole('button', { name: tr(lng, key), exact: true })).toBeVisible();
    }
    await map(page, lng).getByRole('button', { name: first.name }).click();
    await expect(
      map(page, lng).getByRole('link', { name: new RegExp(tr(lng, 'sites:map.getDirections')) }),
    ).toBeVisible();
    await expect(map(page, lng).getByRole('link', { name: tr(lng, 'sites:map.seeDetails') })).toBeVisible();
    await expect(
      map(page, lng).getByText(`${tr(lng, 'sites:map.populations')} ${population.name}`),
    ).toBeVisible();
  });
}

test('the map code is not in the first bundle: it loads only on a page with a map', async ({
  page,
  adminApi,
}) => {
  const { population, first } = await createMappedSites(adminApi);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(scripts.filter((s) => /leaflet/.test(s))).toEqual([]);
  const firstBundle = [...scripts];

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Locations' }).click();
  await page.goto(`/sites?population=${population.id}`);
  await expect(map(page).getByRole('button', { name: first.name })).toBeVisible();
  expect(scripts.filter((s) => /leaflet-map-.*\.js$/.test(s)).length).toBeGreaterThan(0);
  // And the first bundle holds no Leaflet code.
  for (const path of firstBundle) {
    const body = await (await page.request.get(path)).text();
    expect(body).not.toContain('leaflet-marker-icon');
  }
});

test('on a phone the map below the fold costs nothing until the visitor scrolls or tabs to it', async ({
  page,
  adminApi,
}) => {
  const { population, first } = await createMappedSites(adminApi);
  await page.setViewportSize({ width: 360, height: 640 });
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const mapChunks = () => scripts.filter((s) => /leaflet/.test(s));

  // The list is there and works; the map's box waits, and no Leaflet code is fetched.
  await page.goto(`/sites?population=${population.id}`);
  await expect(page.getByRole('link', { name: first.name, exact: true })).toBeVisible();
  await expect(mapSection(page)).not.toBeInViewport();
  await page.waitForLoadState('networkidle');
  await expect(mapSection(page).getByText(tr('en', 'sites:map.loading'))).toBeAttached();
  expect(mapChunks()).toEqual([]);

  // Scrolling it into view loads it.
  await scrollToMap(page);
  await expect(map(page).getByRole('button', { name: first.name })).toBeVisible();
  expect(mapChunks().length).toBeGreaterThan(0);

  // A keyboard user reaches it by Tab: focus on its skip link starts it too (the browser scrolls).
  await page.goto(`/sites?population=${population.id}`);
  await page.waitForLoadState('networkidle');
  await expect(mapSection(page)).not.toBeInViewport();
  const skip = mapSection(page).getByRole('link', { name: tr('en', 'sites:map.skip') });
  for (let tab = 0; tab < 40 && !(await skip.evaluate((e) => e === document.activeElement)); tab++) {
    await page.keyboard.press('Tab');
  }
  await expect(skip).toBeFocused();
  await expect(map(page).getByRole('button', { name: first.name })).toBeVisible();
});

/** The map loader logs each failed attempt before it retries (docs/product.md R28). */
function recordRetries(page: Page) {
  const retries: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' && message.text().includes('Loading chunk site-map failed (attempt'))
      retries.push(message.text());
  });
  return retries;
}

const MAP_CHUNK = /\/assets\/leaflet-map-[^/]*\.js$/;

test('a map chunk that fails to load is retried, and the map appears', async ({ page, adminApi }) => {
  const { population, first } = await createMappedSites(adminApi);
  const retries = recordRetries(page);
  let requests = 0;
  // The first three requests for the chunk fail (Vite's preload and the first two imports).
  await page.route(MAP_CHUNK, (route) => {
    requests += 1;
    return requests <= 3 ? route.abort('failed') : route.continue();
  });
  await page.goto(`/sites?population=${population.id}`);
  await expect(map(page).getByRole('button', { name: first.name })).toBeVisible();
  expect(retries.length).toBeGreaterThanOrEqual(1);
  expect(retries.length).toBeLessThanOrEqual(3);
});

test('a map that cannot load at all is retried three times, says so, offers a reload, and the list still works', async ({
  page,
  adminApi,
}) => {
  const { population, first } = await createMappedSites(adminApi);
  const retries = recordRetries(page);
  await page.route(MAP_CHUNK, (route) => route.abort('failed'));
  await page.goto(`/sites?population=${population.id}`);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The map could not be loaded. The list of sites still works.');
  await expect(alert).toContainText('Loading chunk site-map failed.');
  expect(retries).toEqual([1, 2, 3].map((n) => expect.stringContaining(`attempt ${n}`)));
  await expect(page.getByRole('link', { name: first.name, exact: true })).toBeVisible();

  await page.unroute(MAP_CHUNK);
  await alert.getByRole('button', { name: 'Reload the page' }).click();
  await expect(map(page).getByRole('button', { name: first.name })).toBeVisible();
});

test.describe('on a 360 px phone', () => {
  test.use(PHONE);

  test('the map fits the results, says how many are not on it, and is one tab stop', async ({
    page,
    adminApi,
  }) => {
    const { population, first, second } = await createMappedSites(adminApi);
    await page.goto(`/sites?population=${population.id}&lng=es`);
    await scrollToMap(page, 'es');
    const view = (await mapView(page, 'es').boundingBox())!;
    for (const site of [first, second]) {
      const marker = map(page, 'es').getByRole('button', { name: site.name });
      await expect(marker).toBeVisible();
      const box = (await marker.boundingBox())!;
      expect(box.x >= view.x && box.x + box.width <= view.x + view.width).toBe(true);
      expect(box.y >= view.y && box.y + box.height <= view.y + view.height).toBe(true);
    }
    await expect(page.getByText(tr('es', 'sites:map.notOnMap', { count: 1 }))).toBeVisible();
    // From the skip link, Tab goes through the bar's controls and the map view once, then leaves the
    // map: two markers, no stops of their own.
    const skip = page.getByRole('link', { name: tr('es', 'sites:map.skip') });
    await skip.focus();
    const stops: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(() => {
        const active = document.activeElement;
        if (!active?.closest('.site-map')) return null;
        if (active.classList.contains('leaflet-marker-icon')) return 'marker';
        return active.classList.contains('leaflet-container')
          ? 'map'
          : (active.getAttribute('aria-label') ?? active.textContent ?? '');
      });
      if (stop === null) break;
      stops.push(stop);
      if (stop === 'map') await expect(page.getByText(tr('es', 'sites:map.keys'))).toBeVisible();
    }
    expect(stops.filter((stop) => stop === 'map')).toHaveLength(1);
    expect(stops).not.toContain('marker');
    expect(stops.length).toBeLessThanOrEqual(4);
  });

  test('at 200 % text a marker opens a panel below the map with its actions, not a scrolling popup', async ({
    page,
    adminApi,
  }) => {
    const { population, first } = await createMappedSites(adminApi);
    await useLargeText(page, 2);
    await page.goto(`/sites?population=${population.id}`);
    await scrollToMap(page);
    const marker = map(page).getByRole('button', { name: first.name });
    await marker.tap();
    const panel = page.locator('.site-map__panel');
    await expect(panel.getByRole('heading', { level: 3, name: first.name })).toBeVisible();
    // No Leaflet popup (and so no scroll area inside one); the actions are in the page.
    await expect(page.locator('.leaflet-popup')).toHaveCount(0);
    for (const name of ['SEE LOCATION DETAILS', 'Call (415) 555-0142', /^Get Directions/]) {
      const action = panel.getByRole('link', { name });
      await action.scrollIntoViewIfNeeded();
      await expect(action).toBeVisible();
      expect((await action.boundingBox())!.height).toBeGreaterThanOrEqual(44 - 0.01);
    }
    expect(await scrollsSideways(page)).toBe(false);
    // By keyboard: focus is in the panel; Escape closes it and returns to the marker.
    await expect(panel.getByRole('link', { name: first.name })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(marker).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('.site-map__panel').getByRole('link', { name: first.name })).toBeFocused();
    await page
      .locator('.site-map__panel')
      .getByRole('button', { name: tr('en', 'sites:map.closePopup') })
      .click();
    await expect(page.locator('.site-map__panel')).toHaveCount(0);
  });
});

test('with the page scrolled to its end on a wide screen, the first click on a marker opens its popup', async ({
  page,
  adminApi,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const tag = uniqueTag();
  const population = await adminApi.createItem('populations', { name: `Seniors ${tag}` });
  // A list longer than the screen, so the map beside it is sticky and the page scrolls.
  const sites = [];
  for (let i = 0; i < 10; i += 1) {
    sites.push(
      await adminApi.createSite({
        name: `Sticky Map Dining ${i} ${tag}`,
        lat: 37.74 + i * 0.006,
        lng: -122.46 + i * 0.008,
        PopulationIds: [population.id],
      }),
    );
  }
  await page.goto(`/sites?population=${population.id}`);
  const marker = map(page).getByRole('button', { name: sites[5]!.name });
  await expect(marker).toBeAttached();
  // Scrolled to the end again on each look: the page may still grow (the list's last rows, fonts).
  await expect
    .poll(() =>
      page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
      }),
    )
    .toBe(true);
  // One click, with the mouse, as a visitor would: the popup opens.
  await marker.click();
  await expect(map(page).getByRole('heading', { level: 3, name: sites[5]!.name })).toBeVisible();
});
