import type { Locator, Page } from '@playwright/test';
import { SEARCH_LIST_PAGE } from '#shared/directory-query.ts';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { PHONE, scrollsSideways, useLargeText } from './support/large-text.ts';
import { type Lng, mapSection, scrollToMap, tr } from './support/public-pages.ts';
import { STATE_SITES, type StateServer, startStateServer } from './support/state-server.ts';

/**
 * A state's directory (docs/product.md R25, R715–R719): 10,000 sites on a server of their own. The
 * list comes from the server 25 rows at a time; the map groups crowded sites with their counts, at most a few hundred
 * marks at any zoom; the groups add up to the list's count; a group zooms in by click, tap and keyboard.
 */

let state: StateServer;
test.beforeAll(async () => {
  test.setTimeout(300_000);
  state = await startStateServer();
});
test.afterAll(async () => {
  await state?.stop();
});

const mapView = (page: Page, lng: Lng) =>
  mapSection(page, lng).getByRole('group', { name: tr(lng, 'sites:map.label') });
/** A group's button: "12 sites here: zoom in to see them" in the page's language. */
const groupName = (lng: Lng) =>
  new RegExp(tr(lng, 'sites:map.cluster_other', { count: 999_999 }).replace('999999', '([\\d,.]+)'));
const groups = (page: Page, lng: Lng) => mapView(page, lng).getByRole('button', { name: groupName(lng) });
/** The single sites' markers: images named by their site. */
const singles = (page: Page, lng: Lng) => mapView(page, lng).locator('img.leaflet-marker-icon');

const number = (text: string) => Number(text.replace(/[^\d]/g, ''));

/** How many sites the marks on the map stand for: every group's count and one per single marker. */
async function sitesOnMap(page: Page, lng: Lng) {
  const labels = await groups(page, lng).evaluateAll((buttons) =>
    buttons.map((button) => button.getAttribute('aria-label') ?? ''),
  );
  const grouped = labels.reduce((sum, label) => sum + number(label.match(groupName(lng))?.[1] ?? ''), 0);
  return {
    marks: labels.length + (await singles(page, lng).count()),
    sites: grouped + (await singles(page, lng).count()),
  };
}

/** The names of the marks on the map, groups and sites. */
const markNames = (page: Page, lng: Lng) =>
  mapView(page, lng)
    .locator('.leaflet-marker-icon')
    .evaluateAll((marks) => marks.map((mark) => mark.getAttribute('aria-label') ?? mark.getAttribute('alt')));

/** The list's count ("10,000 sites found"), as a number. */
async function listCount(page: Page, lng: Lng) {
  const found = page.getByText(
    new RegExp(tr(lng, 'sites:count_other', { count: 999_999 }).replace('999999', '[\\d,.]+')),
  );
  return number((await found.first().textContent()) ?? '');
}

async function mapShowsTheList(page: Page, lng: Lng) {
  await expect(groups(page, lng).first()).toBeVisible({ timeout: 30_000 });
  const total = await listCount(page, lng);
  await expect(async () => {
    const onMap = await sitesOnMap(page, lng);
    expect(onMap.sites).toBe(total);
    expect(onMap.marks).toBeLessThanOrEqual(300);
  }).toPass();
  return total;
}

/** A group wholly inside the map's view (one cut by its edge could be under the bar above the map). */
async function groupInView(page: Page, lng: Lng): Promise<Locator> {
  const view = await mapView(page, lng).boundingBox();
  const boxes = await groups(page, lng).evaluateAll((buttons) =>
    buttons.map((button) => {
      const r = button.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );
  const inside = boxes.findIndex(
    (box) =>
      view &&
      box.x >= view.x &&
      box.y >= view.y &&
      box.x + box.width <= view.x + view.width &&
      box.y + box.height <= view.y + view.height,
  );
  return groups(page, lng).nth(Math.max(0, inside));
}

/** Clicks (or taps) groups until single markers show; answers the first single marker. */
async function zoomUntilSingles(
  page: Page,
  lng: Lng,
  open: (group: Locator) => Promise<void>,
): Promise<Locator> {
  for (let step = 0; step < 10; step += 1) {
    if ((await singles(page, lng).count()) > 0) return singles(page, lng).first();
    const before = await markNames(page, lng);
    await open(await groupInView(page, lng));
    // Zoomed in: the group came apart into other marks.
    await expect.poll(() => markNames(page, lng)).not.toEqual(before);
  }
  throw new Error('no single site after ten zooms into groups');
}

/** Every answer of GET /api/search the page asked for, with its bytes as sent. */
function searchAnswers(page: Page) {
  const answers: { url: URL; sent: number }[] = [];
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (url.pathname !== '/api/search') return;
    const sizes = await response.request().sizes();
    answers.push({ url, sent: sizes.responseBodySize });
  });
  return answers;
}

const listRows = (page: Page, lng: Lng) =>
  page.getByRole('list', { name: tr(lng, 'sites:listHeading') }).getByRole('heading', { level: 3 });

test.describe('the list of a large directory comes from the server a page at a time', () => {
  test.use({ geolocation: { latitude: 37.76, longitude: -122.41 }, permissions: ['geolocation'] });

  test('10,000 sites: one page rendered, Show more, a filter, a name and nearest first each ask for one page', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const answers = searchAnswers(page);
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(`${state.baseURL}/sites`);
    await expect(listRows(page, 'en')).toHaveCount(SEARCH_LIST_PAGE);
    expect(await listCount(page, 'en')).toBe(STATE_SITES);
    // The first page came with the HTML.
    expect(answers).toEqual([]);

    const more = page.getByRole('link', {
      name: tr('en', 'sites:showMore_other', { count: SEARCH_LIST_PAGE }),
    });
    await more.click();
    await expect(listRows(page, 'en')).toHaveCount(2 * SEARCH_LIST_PAGE);
    // The keyboard goes on at the first new row.
    await expect(listRows(page, 'en').nth(SEARCH_LIST_PAGE).getByRole('link')).toBeFocused();
    expect(answers.at(-1)?.url.searchParams.get('offset')).toBe(String(SEARCH_LIST_PAGE));

    // A filter: a new first page and the server's count.
    await page.getByLabel(tr('en', 'sites:filters.partner.label')).selectOption({ index: 1 });
    await expect.poll(() => listCount(page, 'en')).toBeLessThan(STATE_SITES);
    await expect(listRows(page, 'en')).toHaveCount(SEARCH_LIST_PAGE);
    const partner = await listCount(page, 'en');
    expect(partner).toBeGreaterThan(SEARCH_LIST_PAGE);

    // A name: fewer still, every row bearing it.
    await page.getByLabel(tr('en', 'sites:search.label')).fill('bayview');
    await expect.poll(() => listCount(page, 'en')).toBeLessThan(partner);
    for (const name of await listRows(page, 'en').allTextContents())
      expect(name.toLowerCase()).toContain('bayview');

    // Nearest first from the visitor: the rows come with their distances, nearest first.
    await page.getByRole('button', { name: tr('en', 'sites:nearest.show') }).click();
    await expect(page.getByText(/About [\d.]+ miles? away/).first()).toBeVisible();
    const miles = (await page.getByText(/About [\d.]+ miles? away/).allTextContents()).map((text) =>
      Number(text.replace(/[^\d.]/g, '')),
    );
    expect(miles.length).toBe(await listRows(page, 'en').count());
    expect(miles).toEqual([...miles].sort((a, b) => a - b));

    // Every answer is small on the wire; none carried a position the logs could keep beyond ~10 m.
    expect(answers.length).toBeGreaterThanOrEqual(4);
    for (const answer of answers) expect(answer.sent).toBeLessThanOrEqual(20_000);
    const point = answers.at(-1)?.url.searchParams;
    expect(point?.get('lat')).toBe('37.76');
    // The browser never asked for every site.
    expect(asked).not.toContain('/api/sites');
  });

  test('10,000 sites without JavaScript: the server renders the first page for the address', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${state.baseURL}/sites?q=bayview&near=94110`);
    await expect(listRows(page, 'en')).toHaveCount(SEARCH_LIST_PAGE);
    const count = await listCount(page, 'en');
    expect(count).toBeGreaterThan(SEARCH_LIST_PAGE);
    expect(count).toBeLessThan(STATE_SITES);
    await expect(page.getByText(/About [\d.]+ miles? away/).first()).toBeVisible();
    await context.close();
  });

  test('10,000 sites without JavaScript, in Spanish: Show more is a link that renders the next 25 rows (R721)', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${state.baseURL}/sites?lng=es`);
    const rows = listRows(page, 'es');
    await expect(rows).toHaveCount(SEARCH_LIST_PAGE);
    const first = await rows.allTextContents();
    const more = page.getByRole('link', {
      name: tr('es', 'sites:showMore_other', { count: SEARCH_LIST_PAGE }),
    });
    // Reached by keyboard, and followed with Enter.
    await more.focus();
    await expect(more).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/[?&]shown=50(&|$)/);
    await expect(rows).toHaveCount(2 * SEARCH_LIST_PAGE);
    const shown = await rows.allTextContents();
    expect(shown.slice(0, SEARCH_LIST_PAGE)).toEqual(first);
    await expect(
      page.getByText(tr('es', 'sites:shownOf_other', { shown: 2 * SEARCH_LIST_PAGE, count: STATE_SITES })),
    ).toBeVisible();
    await context.close();
  });
});

test('10,000 sites: the list pages, the map draws groups that add up to it, and a click zooms into one', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto(`${state.baseURL}/sites`);
  await scrollToMap(page);
  const total = await mapShowsTheList(page, 'en');
  expect(total).toBe(STATE_SITES);

  // A filter narrows list and map alike.
  const partner = page.getByLabel(tr('en', 'sites:filters.partner.label'));
  await partner.selectOption({ index: 1 });
  await expect.poll(() => listCount(page, 'en')).toBeLessThan(STATE_SITES);
  await scrollToMap(page);
  await mapShowsTheList(page, 'en');

  // The list pages: 25 rows, then "Show 25 more sites" (R717), the map unchanged by it.
  const rows = listRows(page, 'en');
  await expect(rows).toHaveCount(SEARCH_LIST_PAGE);
  await page
    .getByRole('link', { name: tr('en', 'sites:showMore_other', { count: SEARCH_LIST_PAGE }) })
    .click();
  await expect(rows).toHaveCount(2 * SEARCH_LIST_PAGE);
  await scrollToMap(page);
  await mapShowsTheList(page, 'en');

  const marker = await zoomUntilSingles(page, 'en', (group) => group.click());
  const name = await marker.getAttribute('alt');
  await marker.click();
  await expect(page.getByRole('link', { name: name ?? '' }).first()).toBeVisible();
});

test('10,000 sites by keyboard: Enter on a group zooms in and lands on a mark near it', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(`${state.baseURL}/sites`);
  await scrollToMap(page);
  await mapShowsTheList(page, 'en');
  await mapView(page, 'en').focus();
  await page.keyboard.press('Enter');
  const first = page.locator('.leaflet-marker-icon:focus');
  await expect(first).toHaveAccessibleName(groupName('en'));
  const before = (await sitesOnMap(page, 'en')).marks;
  await page.keyboard.press('Enter');
  // Zoomed in: focus is on one of the new marks, from where arrow keys go on.
  await expect(page.locator('.leaflet-marker-icon:focus')).toHaveCount(1);
  await expect.poll(async () => (await sitesOnMap(page, 'en')).sites).toBeLessThan(STATE_SITES);
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('.leaflet-marker-icon:focus')).toHaveCount(1);
  expect(before).toBeGreaterThan(0);
});

test.describe('on a phone with 200 % text', () => {
  test.use(PHONE);
  for (const lng of ['es', 'zh'] as const) {
    test(`10,000 sites in ${lng}: the list pages, groups are named and counted in the page's language, and a tap zooms in`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await useLargeText(page);
      await page.goto(`${state.baseURL}/sites?lng=${lng}`);
      await scrollToMap(page, lng);
      await mapShowsTheList(page, lng);
      expect(await scrollsSideways(page)).toBe(false);
      // The list pages in the reader's language too.
      const rows = page
        .getByRole('list', { name: tr(lng, 'sites:listHeading') })
        .getByRole('heading', { level: 3 });
      await expect(rows).toHaveCount(SEARCH_LIST_PAGE);
      await page
        .getByRole('link', { name: tr(lng, 'sites:showMore_other', { count: SEARCH_LIST_PAGE }) })
        .tap();
      await expect(rows).toHaveCount(2 * SEARCH_LIST_PAGE);
      // The handout prints the rows on screen, and says they are the first of how many (R717).
      await page.evaluate(() => {
        window.print = () => {};
      });
      await page.getByRole('button', { name: tr(lng, 'print:list.print') }).tap();
      await page.emulateMedia({ media: 'print' });
      const handout = page.getByRole('region', { name: tr(lng, 'print:list.title') });
      await expect(handout).toContainText(
        tr(lng, 'print:list.countOf_other', { count: STATE_SITES, shown: 2 * SEARCH_LIST_PAGE }),
      );
      await expect(handout.getByRole('listitem')).toHaveCount(2 * SEARCH_LIST_PAGE);
      await page.emulateMedia({ media: 'screen' });
      await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
      await expect(handout).toHaveCount(0);
      await scrollToMap(page, lng);
      const marker = await zoomUntilSingles(page, lng, (group) => group.tap());
      await expect(marker).toHaveAttribute('alt', /.+/);
      await expectNoAxeViolations(page, '.site-map');
    });
  }
});
