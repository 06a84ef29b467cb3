import type { Page } from '@playwright/test';
import { formatPhoneWithExtension } from '#shared/phone.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { RESERVED_LUNCH_FACTS } from '#testing/site-facts.ts';
import { setClock } from './support/clock.ts';
import { type AdminApi, expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { PHONE, scrollsSideways, useLargeText } from './support/large-text.ts';
import { type Lng, tr, uniqueTag } from './support/public-pages.ts';

/**
 * A person deciding whether to go: a site's "Before you go" on a 360 px phone with text at 200 %, in
 * English, Spanish and Chinese, and the status saying until when the next meal can be reserved — on
 * the agency's clock (Los Angeles) while the device is in Tokyo, a day ahead.
 */
test.use({ ...PHONE, timezoneId: 'Asia/Tokyo' });

/** Tuesday 1 December 2026, noon in San Francisco (Wednesday 05:00 in Tokyo). */
const TUESDAY_NOON = new Date('2026-12-01T12:00:00-08:00');
/** Past 1:00 PM, the cut-off for Wednesday's lunch. */
const PAST_CUTOFF_MS = 90 * 60_000;

const LANGUAGES: Lng[] = ['en', 'es', 'zh'];

async function createReservedSite(adminApi: AdminApi): Promise<Site> {
  return adminApi.createSite({
    name: `Golden Gate Lunch ${uniqueTag()}`,
    phoneExtension: '3',
    Hours: [1, 2, 3, 4, 5].map((day) => ({ day, open: '11:30', close: '13:00' })),
    facts: {
      ...RESERVED_LUNCH_FACTS,
      notes: { reservation: 'Ask for Grace at the front desk.' },
      translations: {
        es: { reservation: 'Pregunte por Grace en la recepción.' },
        zh: { reservation: '請到前台找Grace。' },
      },
    },
  } as never);
}

const NOTE: Record<Lng, string> = {
  en: 'Ask for Grace at the front desk.',
  es: 'Pregunte por Grace en la recepción.',
  zh: '請到前台找Grace。',
};

const STATUS: Record<Lng, { before: string; after: string }> = {
  en: {
    before: 'Open now · until 1:00 PM · for tomorrow 11:30 AM, call by 1:00 PM today to reserve',
    after: 'Closed now · opens Wed 11:30 AM · for Thu 11:30 AM, call by 1:00 PM tomorrow to reserve',
  },
  es: {
    before:
      'Abierto ahora · hasta 1:00 p.m. · para mañana a las 11:30 a.m., llame antes de la 1:00 p.m. de hoy para reservar',
    after:
      'Cerrado ahora · abre mié a las 11:30 a.m. · para jue a las 11:30 a.m., llame antes de la 1:00 p.m. de mañana para reservar',
  },
  zh: {
    before: '現正開放 · 至下午1:00 · 如要預約明日上午11:30的膳食，請於今日下午1:00前致電',
    after: '現正休息 · 星期三上午11:30開放 · 如要預約星期四上午11:30的膳食，請於明日下午1:00前致電',
  },
};

/** The screen's "Before you go" (the printed page's own is hidden on screen). */
const beforeYouGo = (page: Page, lng: Lng) => page.getByRole('region', { name: tr(lng, 'facts:title') });
const statusLine = (page: Page) => page.locator('.site-details__status');

for (const lng of LANGUAGES) {
  test(`${lng}: Before you go at 200 % text on a phone, and until when the next meal can be reserved`, async ({
    page,
    adminApi,
  }) => {
    const site = await createReservedSite(adminApi);
    await useLargeText(page);
    await setClock(page, TUESDAY_NOON);
    await page.goto(`/sites/${site.id}?lng=${lng}`);

    const section = beforeYouGo(page, lng);
    await expect(section.getByRole('heading', { level: 2, name: tr(lng, 'facts:title') })).toBeVisible();
    await expect(section.getByRole('term')).toHaveText([
      tr(lng, 'facts:reservation.label'),
      tr(lng, 'facts:cost.label'),
      tr(lng, 'facts:firstVisit.label'),
      tr(lng, 'facts:languages.label'),
      tr(lng, 'facts:access.label'),
    ]);
    const definitions = section.getByRole('definition');
    await expect(definitions.nth(0)).toContainText(NOTE[lng]);
    // The note is written in the page's language: nothing marks it as another.
    await expect(definitions.nth(0).locator('[lang]')).toHaveCount(0);
    await expect(definitions.nth(1)).toContainText(tr(lng, 'facts:cost.guests', { amount: '$6' }));
    await expect(definitions.nth(2)).toHaveText(tr(lng, 'facts:firstVisit.form'));
    await expect(definitions.nth(4)).toContainText(tr(lng, 'facts:access.stepFree'));

    // Before the cut-off: tomorrow's lunch, by 1:00 PM today.
    await expect(statusLine(page)).toHaveText(STATUS[lng].before);
    expect(await scrollsSideways(page)).toBe(false);
    // After it: the next meal one can still book is Thursday's, by 1:00 PM tomorrow.
    await page.clock.fastForward(PAST_CUTOFF_MS);
    await expect(statusLine(page)).toHaveText(STATUS[lng].after);
    expect(await scrollsSideways(page)).toBe(false);

    const number = formatPhoneWithExtension(site.phoneNumber, '3', tr(lng, 'facts:extension'));
    const call = page.getByRole('link', { name: tr(lng, 'site:call', { phone: number }) });
    await expect(call).toHaveAttribute('href', `tel:+1${site.phoneNumber},3`);
  });
}

test('Before you go and the row summary are in the server HTML: they need no JavaScript', async ({
  page,
  adminApi,
}) => {
  const site = await createReservedSite(adminApi);
  for (const lng of LANGUAGES) {
    const html = await (await page.request.get(`/sites/${site.id}?lng=${lng}`)).text();
    expect(html).toContain(`<h2 id="before-you-go-title">${tr(lng, 'facts:title')}</h2>`);
    expect(html).toContain(NOTE[lng]);
  }
  const list = await (await page.request.get('/sites?lng=en')).text();
  expect(list).toContain('Reservation needed · $3 suggested for 60+ · guests $6 · Step-free entrance');
});

test('the list row carries the facts in one line under the status', async ({ page, adminApi }) => {
  const site = await createReservedSite(adminApi);
  await setClock(page, TUESDAY_NOON);
  await page.goto('/sites?lng=en');
  const row = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: site.name, exact: true }) });
  await expect(row).toContainText(
    'Reservation needed · $3 suggested for 60+ · guests $6 · Step-free entrance',
  );
  await expect(row.locator('.site-row__status')).toContainText('call by 1:00 PM today to reserve');
});

test('the site page with its Before you go has no accessibility violations in three languages', async ({
  page,
  adminApi,
}) => {
  const site = await createReservedSite(adminApi);
  await setClock(page, TUESDAY_NOON);
  for (const lng of LANGUAGES) {
    await page.goto(`/sites/${site.id}?lng=${lng}`);
    await expect(beforeYouGo(page, lng)).toBeVisible();
    await expect(statusLine(page)).not.toBeEmpty();
    await expectNoAxeViolations(page);
  }
});
