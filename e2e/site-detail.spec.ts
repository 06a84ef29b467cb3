import type { Page } from '@playwright/test';
import { MAP_ZOOM } from '#shared/constants.ts';
import { setClock } from './support/clock.ts';
import { type AdminApi, expect, test } from './support/fixtures.ts';
import { type Lng, recordTiles, tileOf, tr, uniqueTag } from './support/public-pages.ts';

async function createDetailedSite(adminApi: AdminApi) {
  const tag = uniqueTag();
  const item = (list: Parameters<AdminApi['createItem']>[0], name: string) =>
    adminApi.createItem(list, { name: `${name} ${tag}` });
  const adults = await item('populations', 'Adults with disabilities');
  const seniors = await item('populations', 'Seniors 60+');
  const takeout = await item('covidstatuses', 'Takeout only');
  const lunch = await item('mealtypes', 'Lunch');
  const delivery = await item('services', 'Delivery');
  const pickup = await item('services', 'Pick-up');
  const site = await adminApi.createSite({
    name: `Chinatown Dining Room ${tag}`,
    address: '777 Stockton St, San Francisco, CA 94108',
    phoneNumber: '4155550177',
    email: `dining-${tag}@example.org`,
    website: `https://dining-${tag}.example.org/`,
    lat: 37.7941,
    lng: -122.4078,
    PopulationIds: [seniors.id, adults.id],
    CovidStatusIds: [takeout.id],
    MealTypeIds: [lunch.id],
    ServiceIds: [delivery.id, pickup.id],
    // Stored out of order, and Sunday (day 0) must come last.
    Hours: [
      { day: 0, open: '10:00', close: '12:00' },
      { day: 3, open: '16:00', close: '18:00' },
      { day: 1, open: '11:00', close: '13:00' },
      { day: 3, open: '9:00', close: '11:00' },
    ],
  });
  return { site, adults, seniors, takeout, lunch, delivery, pickup };
}

/** The definition that holds a name (facts are a description list: term, then definition). */
const fact = (page: Page, holding: string) => page.getByRole('definition').filter({ hasText: holding });

test('the site page shows name, populations with statuses, meal types with services, address, contact and hours', async ({
  page,
  adminApi,
}) => {
  const d = await createDetailedSite(adminApi);
  await page.goto(`/sites/${d.site.id}`);
  await expect(page.getByRole('heading', { level: 1, name: d.site.name })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(d.site.name));
  await expect(page.getByRole('term').filter({ hasText: /^Populations served$/ })).toBeVisible();
  // Shown as 'Adults … | Seniors …', heard as a list of two: the bar is drawn by CSS, not read.
  const populations = fact(page, d.seniors.name).getByRole('listitem');
  await expect(populations).toHaveText([d.adults.name, d.seniors.name]);
  await expect(fact(page, d.seniors.name)).toContainText(`${d.seniors.name} (${d.takeout.name})`);
  expect(await populations.nth(1).evaluate((item) => getComputedStyle(item, '::before').content)).toContain(
    ' | ',
  );
  await expect(page.getByRole('term').filter({ hasText: /^Meal types$/ })).toBeVisible();
  await expect(fact(page, d.lunch.name)).toHaveText(
    `${d.lunch.name} (${d.delivery.name} and ${d.pickup.name})`,
  );

  const address = page.getByRole('region', { name: 'Address' });
  await expect(address).toContainText(d.site.address);
  const directions = address.getByRole('link', { name: /Get Directions/ });
  await expect(directions).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=777%20Stockton/,
  );
  await expect(directions).toHaveAttribute('target', '_blank');
  await expect(directions).toHaveAttribute('rel', /noopener/);

  const contact = page.getByRole('region', { name: 'Contact' });
  await expect(contact.getByRole('link', { name: '(415) 555-0177' })).toHaveAttribute(
    'href',
    'tel:+14155550177',
  );
  await expect(contact.getByRole('link', { name: d.site.email! })).toHaveAttribute(
    'href',
    `mailto:${d.site.email}`,
  );
  await expect(contact.getByRole('link', { name: d.site.website! })).toHaveAttribute('href', d.site.website!);

  const hours = page.getByRole('region', { name: 'Opening hours' });
  // All seven days, Monday first (today's, whichever it is, also says "Today").
  await expect(hours.getByRole('term')).toHaveText(
    ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map(
      (day) => new RegExp(`^${day}( Today)?$`),
    ),
  );
  await expect(hours.getByRole('definition')).toHaveText([
    '11:00 AM – 1:00 PM',
    'Closed',
    '9:00 AM – 11:00 AM',
    '4:00 PM – 6:00 PM',
    'Closed',
    'Closed',
    'Closed',
    '10:00 AM – 12:00 PM',
  ]);
});

test.describe("the status and today, on the agency's clock whatever the device's zone", () => {
  // Tokyo is already the next day when it is morning in San Francisco (the agency's zone by default).
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('a Wednesday morning: open until 11:00 AM and Wednesday marked; a Tuesday: closed, opens Wednesday; all seven days listed', async ({
    page,
    adminApi,
  }) => {
    const { site } = await createDetailedSite(adminApi);
    await setClock(page, new Date('2026-11-25T10:00:00-08:00'), 'fixed');
    await page.goto(`/sites/${site.id}`);
    await expect(page.locator('.site-details__status')).toHaveText('Open now · until 11:00 AM');
    const hours = page.getByRole('region', { name: 'Opening hours' });
    await expect(hours.locator('[aria-current="date"]').getByRole('term')).toHaveText('Wednesday Today');

    await setClock(page, new Date('2026-11-24T10:00:00-08:00'), 'fixed');
    await page.goto(`/sites/${site.id}?lng=es`);
    await expect(page.locator('.site-details__status')).toHaveText(
      'Cerrado ahora · abre mié a las 9:00 a.m.',
    );
    const horario = page.getByRole('region', { name: tr('es', 'site:hours') });
    await expect(horario.getByRole('term')).toHaveText([
      'Lunes',
      'Martes Hoy',
      'Miércoles',
      'Jueves',
      'Viernes',
      'Sábado',
      'Domingo',
    ]);
    await expect(horario.locator('[aria-current="date"]')).toHaveCount(1);
    await expect(horario.getByRole('definition').filter({ hasText: /^Cerrado$/ })).toHaveCount(4);
  });
});

test('the site page map is centred on the site at zoom 14 with one marker and its popup', async ({
  page,
  adminApi,
}) => {
  const { site } = await createDetailedSite(adminApi);
  const tiles = recordTiles(page);
  await page.goto(`/sites/${site.id}`);
  const map = page.getByRole('region', { name: 'Map of meal sites' });
  const marker = map.getByRole('button', { name: site.name });
  await expect(marker).toBeVisible();
  // One marker: the map's only buttons are it and the two zoom buttons.
  await expect(map.getByRole('button')).toHaveCount(3);
  await expect(map.getByRole('button', { name: /^Zoom (in|out)$/ })).toHaveCount(2);
  const centre = tileOf(site.lat!, site.lng!, MAP_ZOOM);
  await expect
    .poll(() => tiles.some((t) => t.z === MAP_ZOOM && t.x === centre.x && t.y === centre.y))
    .toBe(true);

  await marker.focus();
  await page.keyboard.press('Enter');
  await expect(map.getByRole('link', { name: site.name })).toHaveAttribute('href', `/sites/${site.id}`);
  await expect(map.getByText(site.address)).toBeVisible();
  await expect(map.getByRole('link', { name: /Get Directions/ })).toHaveAttribute('target', '_blank');
  await expect(map.getByRole('link', { name: '(415) 555-0177' })).toBeVisible();
  await expect(map.getByText(/Populations served: .*Seniors 60\+/)).toBeVisible();
  await expect(map.getByRole('link', { name: 'SEE LOCATION DETAILS' })).toHaveAttribute(
    'href',
    `/sites/${site.id}`,
  );
});

test('a site without a position says so instead of showing a map', async ({ page, adminApi }) => {
  const site = await adminApi.createSite({ name: `Unplaced Kitchen ${uniqueTag()}`, lat: null, lng: null });
  await page.goto(`/sites/${site.id}`);
  await expect(page.getByRole('heading', { level: 1, name: site.name })).toBeVisible();
  await expect(page.getByText('This site does not have a map position yet.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Map of meal sites' })).toHaveCount(0);
});

for (const lng of ['es', 'zh'] as const) {
  test(`weekday names and times are written the ${lng} way`, async ({ page, adminApi }) => {
    const { site } = await createDetailedSite(adminApi);
    await page.goto(`/sites/${site.id}?lng=${lng}`);
    await expect(page.getByRole('heading', { level: 1, name: site.name })).toBeVisible();
    const hours = page.getByRole('region', { name: tr(lng, 'site:hours') });
    const expected: Record<Lng, { days: string[]; first: RegExp }> = {
      en: { days: [], first: /./ },
      es: {
        days: ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'],
        first: /^11:00\s?a\.\s?m\. – 1:00\s?p\.\s?m\.$/,
      },
      zh: {
        days: ['星期一', '星期二', '星期三', '星期四', '星期五', '星期六', '星期日'],
        first: /^上午\s?11:00 – 下午\s?1:00$/,
      },
    };
    // All seven days; today's (whichever it is) also says so.
    await expect(hours.getByRole('term')).toHaveText(
      expected[lng].days.map((day) => new RegExp(`^${day}( ${tr(lng, 'site:today')})?$`)),
    );
    await expect(hours.getByRole('definition').first()).toHaveText(expected[lng].first);
    await expect(page.getByRole('region', { name: tr(lng, 'site:contact') })).toBeVisible();
    await expect(page.getByRole('link', { name: tr(lng, 'site:backToList') })).toHaveAttribute(
      'href',
      '/sites',
    );
  });
}

for (const lng of ['en', 'es', 'zh'] as const) {
  test(`an unknown site is a friendly not-found page in ${lng}`, async ({ page }) => {
    const response = await page.request.get('/api/sites/999999999');
    expect(response.status()).toBe(404);
    for (const path of ['/sites/999999999', '/sites/not-a-number']) {
      await page.goto(`${path}?lng=${lng}`);
      await expect(
        page.getByRole('heading', { level: 1, name: tr(lng, 'site:notFound.title') }),
      ).toBeVisible();
      await expect(page.getByText(tr(lng, 'site:notFound.text'))).toBeVisible();
      await page.getByRole('link', { name: tr(lng, 'site:notFound.back') }).click();
      await expect(page).toHaveURL(/\/sites(\?|$)/);
      await expect(page.getByRole('heading', { level: 1, name: tr(lng, 'sites:title') })).toBeVisible();
    }
  });
}
