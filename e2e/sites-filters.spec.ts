import type { Page } from '@playwright/test';
import type { ReferenceItem } from '#shared/schemas/reference-lists.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { type AdminApi, expect, test } from './support/fixtures.ts';
import { appStarted, type Lng, signInAsAdmin, tr, uniqueTag } from './support/public-pages.ts';

/**
 * The page answers its controls once the browser has taken it over: a server-rendered select changed
 * before that is redrawn by the app. The status lines are empty in the server's HTML and filled in by
 * the app ("Closed now · …", "Open now · …", "Call for hours"…), so a status in a row shows it has.
 */
async function appReady(page: Page, site: Site, lng: Lng = 'en') {
  const words = ['open', 'opensLater', 'closedNow', 'closedToday', 'temporarilyClosed', 'unknown'].map(
    (key) => tr(lng, `common:status.${key}`, { time: '', reason: '' }).split('{{')[0]!.trim(),
  );
  const escaped = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  await expect(page.getByRole('listitem').filter({ hasText: site.name })).toContainText(
    new RegExp(escaped.join('|')),
  );
}

/** Five lists and four sites of this journey's own, so a filter on them shows only these sites. */
async function createDirectory(adminApi: AdminApi) {
  const tag = uniqueTag();
  const item = (list: Parameters<AdminApi['createItem']>[0], name: string) =>
    adminApi.createItem(list, { name: `${name} ${tag}` });
  const seniors = await item('populations', 'Seniors');
  const disabled = await item('populations', 'Adults with disabilities');
  const takeout = await item('services', 'Takeout');
  const lunch = await item('mealtypes', 'Lunch');
  const open = await item('covidstatuses', 'Open for takeout');
  const partner = await item('nutritionpartners', 'Kitchen Partner');
  const ids = (...items: ReferenceItem[]) => items.map((i) => i.id);
  const alpha = await adminApi.createSite({
    name: `Alpha Dining Room ${tag}`,
    phoneNumber: '4155550101',
    PopulationIds: ids(seniors, disabled),
    ServiceIds: ids(takeout),
    NutritionPartnerIds: ids(partner),
  });
  const bravo = await adminApi.createSite({
    name: `Bravo Senior Center ${tag}`,
    PopulationIds: ids(seniors),
    MealTypeIds: ids(lunch),
    CovidStatusIds: ids(open),
  });
  const charlie = await adminApi.createSite({
    name: `Charlie Community Hall ${tag}`,
    PopulationIds: ids(disabled),
    ServiceIds: ids(takeout),
  });
  const delta = await adminApi.createSite({
    name: `Delta Kitchen ${tag}`,
    PopulationIds: ids(seniors),
    lat: null,
    lng: null,
  });
  return { tag, seniors, disabled, takeout, lunch, open, partner, alpha, bravo, charlie, delta };
}

const list = (page: Page, lng: Lng = 'en') => page.getByRole('list', { name: tr(lng, 'sites:listHeading') });
const siteLinks = (page: Page, lng: Lng = 'en') => list(page, lng).getByRole('heading', { level: 3 });
const names = (...sites: Site[]) => sites.map((s) => s.name);
/** The polite live region that announces the number of results (the only status with a number). */
const count = (page: Page) => page.getByRole('status').filter({ hasText: /\d/ });

test('filters combine with AND, live in the URL, work with back and forward, and clear', async ({
  page,
  adminApi,
}) => {
  const d = await createDirectory(adminApi);
  await page.goto('/sites');
  await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
  await appReady(page, d.alpha);
  const population = page.getByLabel('Population served');
  const service = page.getByLabel('Service', { exact: true });

  await population.selectOption({ label: d.seniors.name });
  await expect(page).toHaveURL(`/sites?population=${d.seniors.id}`);
  await expect(siteLinks(page)).toHaveText(names(d.alpha, d.bravo, d.delta));
  await expect(count(page)).toHaveText('3 sites found');
  // The choice shows as the select's value, with a Clear beside it.
  await expect(population).toHaveValue(String(d.seniors.id));
  await expect(page.getByRole('link', { name: 'Clear Population served' })).toBeVisible();

  await service.selectOption({ label: d.takeout.name });
  await expect(page).toHaveURL(`/sites?population=${d.seniors.id}&service=${d.takeout.id}`);
  await expect(siteLinks(page)).toHaveText(names(d.alpha));
  await expect(count(page)).toHaveText('1 site found');

  await page.goBack();
  await expect(page).toHaveURL(`/sites?population=${d.seniors.id}`);
  await expect(siteLinks(page)).toHaveText(names(d.alpha, d.bravo, d.delta));
  await expect(service).toHaveValue('');
  await page.goForward();
  await expect(siteLinks(page)).toHaveText(names(d.alpha));
  await expect(service).toHaveValue(String(d.takeout.id));

  // Clear beside a filter clears that filter (docs/product.md R134).
  await page.getByRole('link', { name: 'Clear Service' }).click();
  await expect(page).toHaveURL(`/sites?population=${d.seniors.id}`);
  await expect(service).toHaveValue('');
  await expect(page.getByRole('link', { name: 'Clear Service' })).toHaveCount(0);
  // So does choosing the first option.
  await population.selectOption({ label: 'All populations' });
  await expect(page).toHaveURL('/sites');

  // Every other list filters too, and nothing matching says so.
  await page.getByLabel('Meal type').selectOption({ label: d.lunch.name });
  await expect(siteLinks(page)).toHaveText(names(d.bravo));
  await page.getByLabel('COVID-19 status').selectOption({ label: d.open.name });
  await expect(siteLinks(page)).toHaveText(names(d.bravo));
  await page.getByLabel('Nutrition partner').selectOption({ label: d.partner.name });
  await expect(count(page)).toHaveText('0 sites found');
  await expect(page.getByText(tr('en', 'sites:emptyFiltered'))).toBeVisible();

  await page.getByRole('link', { name: 'Reset' }).click();
  await expect(page).toHaveURL('/sites');
  for (const label of ['Nutrition partner', 'Population served', 'Meal type', 'COVID-19 status']) {
    await expect(page.getByLabel(label)).toHaveValue('');
  }
});

test('a filtered address can be shared: opening it applies the filters', async ({ page, adminApi }) => {
  const d = await createDirectory(adminApi);
  await page.goto(`/sites?population=${d.disabled.id}&service=${d.takeout.id}`);
  await expect(siteLinks(page)).toHaveText(names(d.alpha, d.charlie));
  await expect(page.getByLabel('Population served')).toHaveValue(String(d.disabled.id));
  await expect(page.getByLabel('Service', { exact: true })).toHaveValue(String(d.takeout.id));
  await expect(count(page)).toHaveText('2 sites found');
});

test('each row shows the name linking to the site, the address, the phone as a tel link and populations', async ({
  page,
  adminApi,
}) => {
  const d = await createDirectory(adminApi);
  await page.goto(`/sites?partner=${d.partner.id}`);
  const row = list(page).getByRole('listitem').filter({ hasText: d.alpha.name });
  await expect(row.getByRole('link', { name: d.alpha.name, exact: true })).toHaveAttribute(
    'href',
    `/sites/${d.alpha.id}`,
  );
  await expect(row).toContainText(d.alpha.address);
  await expect(row).toContainText('(415) 555-0101');
  await expect(row.getByRole('link', { name: `Call ${d.alpha.name}` })).toHaveAttribute(
    'href',
    'tel:+14155550101',
  );
  await expect(row).toContainText('Populations served:');
  await expect(row.getByRole('list').getByRole('listitem')).toHaveText([d.disabled.name, d.seniors.name]);
  // A visitor sees no administration links.
  await expect(page.getByRole('link', { name: 'Add new site' })).toHaveCount(0);
  await expect(row.getByRole('link', { name: /edit/ })).toHaveCount(0);

  await row.getByRole('link', { name: d.alpha.name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: d.alpha.name })).toBeVisible();
});

test('an administrator also sees Add new site, an edit link per row and which sites have no map position', async ({
  page,
  adminApi,
}) => {
  const d = await createDirectory(adminApi);
  await signInAsAdmin(page);
  await page.goto(`/sites?population=${d.seniors.id}`);
  await expect(page.getByRole('link', { name: 'Add new site' })).toHaveAttribute('href', '/sites/new');
  const alpha = list(page).getByRole('listitem').filter({ hasText: d.alpha.name });
  const delta = list(page).getByRole('listitem').filter({ hasText: d.delta.name });
  await expect(alpha.getByRole('link', { name: `edit ${d.alpha.name}` })).toHaveAttribute(
    'href',
    `/sites/${d.alpha.id}/edit`,
  );
  await expect(alpha.getByText('No map position')).toHaveCount(0);
  await expect(delta.getByText('No map position')).toBeVisible();
  await expect(page.getByText('1 site has no map position and is only in the list.')).toBeVisible();
});

test('a list that fails to load says so plainly, gives the HTTP detail, and can be retried', async ({
  page,
  adminApi,
}) => {
  const d = await createDirectory(adminApi);
  await page.route('**/api/sites', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"status":503,"message":"Down"}' }),
  );
  // The server embeds the list in the locations page itself; coming from About, the page asks the API.
  await page.goto('/about');
  await appStarted(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Locations' }).click();
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'We could not load the list of sites.' })).toBeVisible();
  await expect(alert).toContainText('This is an HTTP error: The status is 503');
  await expect(list(page)).toHaveCount(0);

  await page.unroute('**/api/sites');
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('link', { name: d.alpha.name, exact: true })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

for (const lng of ['en', 'es', 'zh'] as const) {
  test(`the filters speak ${lng}: labels, the chosen mark, the count and Reset`, async ({
    page,
    adminApi,
  }) => {
    const d = await createDirectory(adminApi);
    await page.goto(`/sites?lng=${lng}`);
    await expect(page.getByRole('heading', { level: 1, name: tr(lng, 'sites:title') })).toBeVisible();
    await appReady(page, d.alpha, lng);
    await expect(page.getByRole('search', { name: tr(lng, 'sites:filters.legend') })).toBeVisible();
    const population = page.getByLabel(tr(lng, 'sites:filters.population.label'));
    for (const key of ['partner', 'mealtype', 'service', 'status']) {
      await expect(page.getByLabel(tr(lng, `sites:filters.${key}.label`), { exact: true })).toBeVisible();
    }
    await population.selectOption({ label: d.disabled.name });
    await expect(population).toHaveValue(String(d.disabled.id));
    await expect(count(page)).toHaveText(tr(lng, 'sites:count', { count: 2 }));
    await expect(siteLinks(page, lng)).toHaveText(names(d.alpha, d.charlie));
    const row = list(page, lng).getByRole('listitem').filter({ hasText: d.alpha.name });
    await expect(row).toContainText(tr(lng, 'sites:row.populations'));

    await page.getByRole('link', { name: tr(lng, 'sites:filters.reset') }).click();
    await expect(population).toHaveValue('');
    await expect(
      population.getByRole('option', { name: tr(lng, 'sites:filters.population.all') }),
    ).toHaveCount(1);
    await expect(page).toHaveURL(`/sites?lng=${lng}`);
  });
}

test('ArrowDown through a filter lands on each option in turn, the select showing it at once', async ({
  page,
  adminApi,
}) => {
  const d = await createDirectory(adminApi);
  await page.goto('/sites');
  await appReady(page, d.alpha);
  const population = page.getByLabel('Population served');
  const values = await population
    .getByRole('option')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  expect(values.length).toBeGreaterThan(2);
  await population.focus();
  // Each key press moves one option on from the one shown, even before the address has followed:
  // the value is read right after the press, with no waiting for the list to catch up.
  for (const value of values.slice(1)) {
    await page.keyboard.press('ArrowDown');
    expect(await population.inputValue()).toBe(value);
  }
  await expect(page).toHaveURL(`/sites?population=${values.at(-1)}`);
  await expect(population).toBeFocused();
});

test('when the server cannot be reached, /sites says so once, with the agency’s phone', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The link must be the app's: before it starts, a click loads the server's page with its data.
  await appStarted(page);
  // From here on no request reaches the server (a dropped connection, not an error answer).
  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Locations' }).click();
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'We could not load the list of sites.' })).toBeVisible();
  await expect(alert.getByRole('link', { name: '(417) 557-5000' })).toBeVisible();
  // The filters' own lists failed too, but that is the same failure: one message, not two.
  await expect(alert).toHaveCount(1);
  await expect(page.getByText(tr('en', 'sites:filters.listsError'))).toHaveCount(0);
});
