import { type APIRequestContext, type Page, request } from '@playwright/test';
import type { Site } from '#shared/schemas/sites.ts';
import { loginAsAdmin } from './support/admin.ts';
import { setClock } from './support/clock.ts';
import { E2E_ADMIN } from './support/constants.ts';
import { type AdminApi, expect, test } from './support/fixtures.ts';
import { type Lng, sitesAppReady, tr, uniqueTag } from './support/public-pages.ts';

/**
 * Statuses on the agency's clock (America/Los_Angeles by default) on a device set to Tokyo, where it is
 * already the next day: a fixed clock, three languages, closures created through the API as staff do.
 */
test.use({ timezoneId: 'Asia/Tokyo' });

/** Thanksgiving 2026, 09:00 in San Francisco (Friday 02:00 in Tokyo). */
const THANKSGIVING_MORNING = new Date('2026-11-26T09:00:00-08:00');
/** Tuesday 1 December 2026, noon in San Francisco (Wednesday 05:00 in Tokyo). */
const TUESDAY_NOON = new Date('2026-12-01T12:00:00-08:00');

const LANGUAGES: Lng[] = ['en', 'es', 'zh'];

let staff: APIRequestContext;
const closureIds: number[] = [];

test.beforeAll(async ({ baseURL }) => {
  staff = await request.newContext({ baseURL: baseURL! });
  const login = await staff.post('/api/auth/login', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(login.status()).toBe(200);
});

// An all-sites closure would close every other journey's sites on that date: each is removed after use.
test.afterEach(async () => {
  for (const id of closureIds.splice(0)) await staff.delete(`/api/closures/${id}`);
});

test.afterAll(async () => {
  await staff.dispose();
});

async function createClosure(body: Record<string, unknown>) {
  const response = await staff.post('/api/closures', { data: body });
  expect(response.status(), await response.text()).toBe(201);
  const closure = (await response.json()) as { id: number };
  closureIds.push(closure.id);
  return closure;
}

/** The site's status line on its page. */
const pageStatus = (page: Page) => page.locator('.site-details__status');
/** The status line of one row of the list. */
const rowStatus = (page: Page, site: Site) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: site.name, exact: true }) })
    .locator('.site-row__status');

async function thursdaySite(adminApi: AdminApi, tag: string) {
  return adminApi.createSite({
    name: `Thursday Table ${tag}`,
    Hours: [{ day: 4, open: '11:30', close: '13:30' }],
  });
}

test('on a new installation every site is closed on Thanksgiving with no staff action, on the list and the page, and reopens on its own next Thursday', async ({
  page,
  adminApi,
}) => {
  // No closure is recorded: Thanksgiving is one of the agency's holidays, which close every site.
  const site = await thursdaySite(adminApi, uniqueTag());
  await setClock(page, THANKSGIVING_MORNING);

  const expected: Record<Lng, string> = {
    en: 'Closed today: Thanksgiving Day · opens Thu, Dec 3 11:30 AM',
    es: 'Cerrado hoy: Día de Acción de Gracias · abre jue, 3 de dic a las 11:30 a.m.',
    zh: '今日休息：感恩節 · 12月3日週四上午11:30開放',
  };
  const holiday: Record<Lng, string> = {
    en: 'Thanksgiving Day',
    es: 'Día de Acción de Gracias',
    zh: '感恩節',
  };
  for (const lng of LANGUAGES) {
    await page.goto(`/sites?q=${encodeURIComponent(site.name)}&lng=${lng}`);
    await expect(rowStatus(page, site)).toHaveText(expected[lng]);
    await page.goto(`/sites/${site.id}?lng=${lng}`);
    await expect(pageStatus(page)).toHaveText(expected[lng]);
    const closures = page.getByRole('region', { name: tr(lng, 'site:closures.heading') });
    await expect(closures).toContainText(holiday[lng]);
    // Today is the agency's Thursday, not the device's Friday.
    const hours = page.getByRole('region', { name: tr(lng, 'site:hours') });
    await expect(hours.locator('[aria-current="date"] dt')).toContainText(tr(lng, 'site:today'));
  }
  // "Open today" leaves it out.
  await page.goto(`/sites?q=${encodeURIComponent(site.name)}&open=today&lng=en`);
  await expect(page.getByText(tr('en', 'sites:emptyFiltered'))).toBeVisible();
  await expect(page.getByRole('link', { name: site.name, exact: true })).toHaveCount(0);

  // Left open for a week: the page re-evaluates by itself, with no reload.
  await page.goto(`/sites/${site.id}?lng=en`);
  await expect(pageStatus(page)).toHaveText(expected.en);
  await page.clock.fastForward(7 * 24 * 60 * 60_000);
  await page.clock.fastForward(180 * 60_000);
  await expect(pageStatus(page)).toHaveText('Open now · until 1:30 PM');
  await page.clock.fastForward(91 * 60_000);
  await expect(pageStatus(page)).toHaveText('Closed now · opens Thu, Dec 10 11:30 AM');
});

test('the workspace lists the next holidays with what will happen, and warns about those not reviewed', async ({
  page,
}) => {
  await setClock(page, THANKSGIVING_MORNING);
  await loginAsAdmin(page);
  await page.goto('/admin');
  const section = page.getByRole('region', { name: 'Closures and holidays' });
  const next = section.getByRole('list', { name: 'Next holidays' });
  await expect(next.getByRole('listitem').first()).toHaveText(
    /^Thanksgiving Day, Nov 26, 2026: Closed at every site · Not reviewed yet$/,
  );
  await expect(next.getByRole('listitem').nth(2)).toContainText('Christmas Day, Dec 25, 2026');
  await expect(section.getByRole('note')).toContainText(
    /holidays in the next 60 days have no reviewed decision/,
  );
  await section.getByRole('link', { name: 'Review the holidays' }).click();
  await expect(page).toHaveURL(/\/admin\/closures$/);
  await expect(page.getByRole('heading', { name: 'Holiday calendar' })).toBeVisible();
});

test('a site closed until further notice, or with a "closed" status, never shows open', async ({
  page,
  adminApi,
}) => {
  const tag = uniqueTag();
  const closedStatus = await adminApi.createItem('covidstatuses', {
    name: `Temporarily closed ${tag}`,
    closesSite: true,
  });
  const tuesdays = [{ day: 2, open: '11:00', close: '14:00' }];
  const repairs = await adminApi.createSite({ name: `Roof Repairs ${tag}`, Hours: tuesdays });
  const status = await adminApi.createSite({
    name: `Closed Status ${tag}`,
    Hours: tuesdays,
    CovidStatusIds: [closedStatus.id],
  });
  await createClosure({
    startDate: '2026-11-30',
    endDate: null,
    reason: 'Roof repair',
    siteIds: [repairs.id],
  });
  await setClock(page, TUESDAY_NOON, 'fixed');

  for (const lng of LANGUAGES) {
    await page.goto(`/sites?lng=${lng}`);
    for (const site of [repairs, status]) {
      await expect(rowStatus(page, site)).toHaveText(tr(lng, 'status.temporarilyClosed'));
    }
    await page.goto(`/sites/${repairs.id}?lng=${lng}`);
    await expect(pageStatus(page)).toHaveText(
      tr(lng, 'status.temporarilyClosedBecause', { reason: 'Roof repair' }),
    );
    await expect(page.locator('main')).not.toContainText(/Open now|Abierto ahora|現正開放/);
  }
});

test('a site open now says until when, and "Open now" narrows the list (with the other filters)', async ({
  page,
  adminApi,
}) => {
  const tag = uniqueTag();
  const population = await adminApi.createItem('populations', { name: `Neighbours ${tag}` });
  const make = (name: string, open: string, close: string) =>
    adminApi.createSite({
      name: `${name} ${tag}`,
      PopulationIds: [population.id],
      Hours: [{ day: 2, open, close }],
    });
  const lunch = await make('Lunch Now', '11:30', '13:30');
  const supper = await make('Supper Later', '17:00', '19:00');
  const breakfast = await make('Breakfast Over', '08:00', '10:00');
  await setClock(page, TUESDAY_NOON, 'fixed');

  const expected: Record<Lng, [string, string]> = {
    en: ['Open now · until 1:30 PM', 'Opens today at 5:00 PM'],
    es: ['Abierto ahora · hasta 1:30 p.m.', 'Abre hoy a las 5:00 p.m.'],
    zh: ['現正開放 · 至下午1:30', '今日下午5:00開放'],
  };
  for (const lng of LANGUAGES) {
    await page.goto(`/sites/${lunch.id}?lng=${lng}`);
    await expect(pageStatus(page)).toHaveText(expected[lng][0]);
    await page.goto(`/sites?population=${population.id}&lng=${lng}`);
    await expect(rowStatus(page, lunch)).toHaveText(expected[lng][0]);
    await expect(rowStatus(page, supper)).toHaveText(expected[lng][1]);
  }

  const list = page.getByRole('list', { name: tr('en', 'sites:listHeading') });
  const names = list.getByRole('heading', { level: 3 });
  await page.goto(`/sites?population=${population.id}&lng=en`);
  await expect(names).toHaveText([breakfast.name, lunch.name, supper.name]);
  // The server's page shows the statuses too (same clock): choose once the app runs.
  await sitesAppReady(page, 'en');
  await page
    .getByLabel(tr('en', 'sites:filters.open.label'), { exact: true })
    .selectOption({ label: 'Open now' });
  await expect(page).toHaveURL(/[?&]open=now/);
  await expect(names).toHaveText([lunch.name]);
  await expect(page.getByRole('status').filter({ hasText: /\d/ })).toHaveText('1 site found');
  await page
    .getByLabel(tr('en', 'sites:filters.open.label'), { exact: true })
    .selectOption({ label: 'Open today' });
  await expect(page).toHaveURL(/[?&]open=today/);
  await expect(names).toHaveText([lunch.name, supper.name]);

  // A shared link opens on the same filtered list, in another language too.
  await page.goto(`/sites?population=${population.id}&open=now&lng=zh`);
  await expect(
    page.getByRole('list', { name: tr('zh', 'sites:listHeading') }).getByRole('heading', { level: 3 }),
  ).toHaveText([lunch.name]);
});
