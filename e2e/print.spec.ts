/**
 * Printing (docs/product.md R153–R157, R491–R493): a site page prints on one page with its QR code,
 * its closures and its printed day, and the list prints as a handout in the list's own order — what a
 * caseworker hands to someone without a phone, true for the day it says it was printed.
 */
import { inflateSync } from 'node:zlib';
import { type APIRequestContext, type Page, request } from '@playwright/test';
import { setClock } from './support/clock.ts';
import { E2E_ADMIN } from './support/constants.ts';
import { expect, test } from './support/fixtures.ts';
import { tr, uniqueTag } from './support/public-pages.ts';

/** Tuesday 1 December 2026, noon in San Francisco. */
const TUESDAY_NOON = new Date('2026-12-01T12:00:00-08:00');

let staff: APIRequestContext;
const closureIds: number[] = [];

test.beforeAll(async ({ baseURL }) => {
  staff = await request.newContext({ baseURL: baseURL! });
  const login = await staff.post('/api/auth/login', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(login.status()).toBe(200);
});

test.afterAll(async () => {
  for (const id of closureIds.splice(0)) await staff.delete(`/api/closures/${id}`);
  await staff.dispose();
});

/** The pages of a PDF: its `/Type /Page` objects (not the `/Type /Pages` tree above them). */
function pageCount(pdf: Buffer) {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0;
}

/**
 * How many paths the PDF's pages start (`x y m` operators in its inflated content streams). Chromium
 * draws an SVG image as vector paths: a QR code is a couple of hundred of them; text, rules and borders
 * use other operators.
 */
function pathSegments(pdf: Buffer) {
  let count = 0;
  const text = pdf.toString('latin1');
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    try {
      const content = inflateSync(pdf.subarray(start, end)).toString('latin1');
      count += content.match(/ m\n/g)?.length ?? 0;
    } catch {
      // Not a compressed stream (or not one we read): fonts and the like.
    }
  }
  return count;
}

/** The PDF of the page as the browser prints it (US Letter, the printing stylesheet). */
const printPdf = (page: Page) => page.pdf({ format: 'Letter', printBackground: false });

const WEEK = [1, 2, 3, 4, 5, 6, 0];

test('a site page in Spanish prints on one page: facts, all seven days, closures, QR code, date and phone', async ({
  page,
  adminApi,
  baseURL,
}) => {
  const tag = uniqueTag();
  const site = await adminApi.createSite({
    name: `Comedor de la Misión ${tag}`,
    address: '3255 24th St, San Francisco, CA 94110',
    phoneNumber: '4155550142',
    phoneExtension: '3',
    lat: 37.7752,
    lng: -122.4189,
    // Every kind of "Before you go" line: the page still prints on one sheet.
    facts: {
      reservation: 'required',
      reserveDays: 1,
      reserveBy: '13:00',
      walkIns: false,
      cost: 'suggested',
      suggestedAmount: 3,
      guestPrice: 6,
      spouse: true,
      firstVisit: 'form',
      languages: ['es', 'en', 'yue'],
      stepFree: true,
      restroom: true,
      transport: true,
      transportPhone: '4155550199',
    },
    Hours: [
      { day: 1, open: '11:30', close: '13:30' },
      { day: 2, open: '11:30', close: '13:30' },
      { day: 3, open: '11:30', close: '13:30' },
      { day: 3, open: '17:00', close: '18:30' },
      { day: 4, open: '11:30', close: '13:30', weeks: [1, 3] },
      { day: 5, open: '11:30', close: '13:30' },
    ],
  });
  // Three closures of its own (and the agency's holidays of the next 60 days besides): still one page.
  for (const data of [
    { startDate: '2026-12-07', endDate: '2026-12-07', reason: 'Kitchen inspection' },
    { startDate: '2026-12-14', endDate: '2026-12-15', reason: 'Staff training' },
    { startDate: '2026-12-24', endDate: '2026-12-25', reason: 'Christmas' },
  ]) {
    const closure = await staff.post('/api/closures', { data: { ...data, siteIds: [site.id] } });
    expect(closure.status(), await closure.text()).toBe(201);
    closureIds.push(((await closure.json()) as { id: number }).id);
  }
  await setClock(page, TUESDAY_NOON, 'fixed');

  const qr = page.waitForResponse((response) => response.url().includes(`/api/sites/${site.id}/qr.svg`));
  await page.goto(`/sites/${site.id}?lng=es`);
  await expect(page.locator('.site-details__status')).not.toHaveText('');
  // The QR image comes with the page (hidden on screen), from this server, in the page's language.
  const qrResponse = await qr;
  expect(qrResponse.status()).toBe(200);
  expect(new URL(qrResponse.url()).searchParams.get('lng')).toBe('es');
  expect(qrResponse.headers()['content-type']).toMatch(/^image\/svg\+xml/);

  // On screen the print-only part is neither seen nor heard.
  const qrImage = page.getByRole('img', { name: tr('es', 'print:qrAlt') });
  await expect(qrImage).toBeHidden();
  // The page's own "Before you go" is on screen; its printed copy (label beside value) is not.
  const factsRegions = page.getByRole('region', { name: tr('es', 'facts:title'), includeHidden: true });
  await expect(factsRegions).toHaveCount(2);
  await expect(factsRegions.and(page.locator('.print-only'))).toBeHidden();

  await page.emulateMedia({ media: 'print' });
  // What prints: the facts, the week, the closures, the QR code (loaded), its short address, date, phone.
  await expect(page.getByRole('heading', { level: 1, name: site.name })).toBeVisible();
  await expect(page.getByText(site.address, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: '(415) 555-0142' })).toBeVisible();
  const hours = page.getByRole('region', { name: tr('es', 'site:hours') });
  await expect(hours).toBeVisible();
  for (const day of WEEK) {
    const name = new Intl.DateTimeFormat('es-US', { weekday: 'long', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2026, 0, 4 + day)),
    );
    await expect(hours.getByText(new RegExp(`^${name}`, 'i'))).toBeVisible();
  }
  const beforeYouGo = page.getByRole('region', { name: tr('es', 'facts:title') });
  await expect(beforeYouGo).toBeVisible();
  await expect(beforeYouGo).toContainText('(415) 555-0142, ext. 3');
  await expect(beforeYouGo).toContainText('El personal habla español, inglés, cantonés');
  const closures = page.getByRole('region', { name: tr('es', 'site:closures.heading') });
  for (const reason of ['Kitchen inspection', 'Staff training', 'Christmas'])
    await expect(closures).toContainText(reason);
  // The printed day instead of the minute's status: what holds all of Tuesday, and no "Abierto ahora".
  await expect(page.getByText(/^Hoy, martes, 1 de diciembre: 11:30/)).toBeVisible();
  const printedText = await page.evaluate(() => document.body.innerText);
  expect(printedText).not.toContain(tr('es', 'sites:filters.open.now'));
  expect(printedText).not.toContain('Abierto ahora');
  await expect(qrImage).toBeVisible();
  expect(await qrImage.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(
    true,
  );
  const host = new URL(baseURL!).host;
  await expect(page.getByText(`${host}/sites/${site.id}`, { exact: true })).toBeVisible();
  await expect(
    page.getByText(tr('es', 'print:printedOn', { date: 'martes, 1 de diciembre de 2026' })),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: tr('es', 'print:siteLabel') })).toContainText(
    `${tr('es', 'footer.phoneIntro')} (417) 557-5000`,
  );
  await expect(page.getByRole('contentinfo')).toBeHidden();
  // What does not: navigation, buttons and links styled as buttons, the map, the skip links.
  for (const navigation of await page.getByRole('navigation').all()) await expect(navigation).toBeHidden();
  for (const button of await page.getByRole('button').all()) await expect(button).toBeHidden();
  await expect(page.getByRole('link', { name: new RegExp(tr('es', 'site:getDirections')) })).toBeHidden();
  await expect(page.getByRole('heading', { name: tr('es', 'sites:map.heading') })).toBeHidden();
  await expect(page.locator('.leaflet-container')).toBeHidden();
  await expect(page.locator('.site-map__frame')).toBeHidden();

  // The PDF has exactly one page, and the QR code is drawn in it (hundreds of path segments, one per
  // run of dark modules); a PDF of the page whose image failed to load has none of them.
  const pdf = await printPdf(page);
  expect(pageCount(pdf)).toBe(1);
  await page.route('**/qr.svg*', (route) => route.abort());
  await page.evaluate(() => {
    const image = document.querySelector<HTMLImageElement>('.print-site__qr')!;
    image.src = `${image.src}&without=1`;
  });
  await expect
    .poll(() =>
      page.evaluate(() => document.querySelector<HTMLImageElement>('.print-site__qr')!.naturalWidth),
    )
    .toBe(0);
  const without = await printPdf(page);
  expect(pageCount(without)).toBe(1);
  expect(pathSegments(pdf)).toBeGreaterThan(150);
  expect(pathSegments(without)).toBeLessThan(30);

  // English and Chinese fit on one page too, with the code of the page in their language.
  await page.unroute('**/qr.svg*');
  for (const lng of ['en', 'zh'] as const) {
    await page.emulateMedia({ media: 'screen' });
    await page.goto(`/sites/${site.id}?lng=${lng}`);
    await page.emulateMedia({ media: 'print' });
    const image = page.getByRole('img', { name: tr(lng, 'print:qrAlt') });
    await expect(image).toHaveAttribute('src', `/api/sites/${site.id}/qr.svg?lng=${lng}`);
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
      .toBe(true);
    const printed = await printPdf(page);
    expect(pageCount(printed), lng).toBe(1);
    expect(pathSegments(printed), lng).toBeGreaterThan(150);
  }
});

/** Near ZIP 94110 (the place the near box finds for '94110'). */
const ZIP_94110 = { lat: 37.750021, lng: -122.415201 };

test('the list prints as a handout in the list’s order, nearest first with distances, each site’s day and week, never a live status', async ({
  page,
  adminApi,
}) => {
  const tag = uniqueTag();
  const population = await adminApi.createItem('populations', { name: `Handout readers ${tag}` });
  // Created so that the name order and the distance order differ: Gamma is nearest, Alpha farthest.
  const sites = [];
  for (const [index, [name, north]] of (
    [
      [`Alpha Kitchen ${tag}`, 0.03],
      [`Beta Table ${tag}`, 0.01],
      [`Gamma Lunch ${tag}`, 0.002],
    ] as const
  ).entries()) {
    sites.push(
      await adminApi.createSite({
        name,
        address: `${10 + index} Valencia St, San Francisco, CA 94110`,
        phoneNumber: `415555010${index}`,
        lat: ZIP_94110.lat + north,
        lng: ZIP_94110.lng,
        Hours: [
          { day: 2, open: '11:30', close: '13:30' },
          { day: 4, open: '11:30', close: '13:30', weeks: [1, 3] },
        ],
        PopulationIds: [population.id],
        ...(index === 2 && { facts: { walkIns: true, cost: 'free', stepFree: true } }),
      }),
    );
  }
  const [alpha, beta, gamma] = sites as [(typeof sites)[0], (typeof sites)[0], (typeof sites)[0]];
  const own = await staff.post('/api/closures', {
    data: { startDate: '2026-12-09', endDate: '2026-12-09', reason: `Pipes ${tag}`, siteIds: [beta.id] },
  });
  expect(own.status(), await own.text()).toBe(201);
  closureIds.push(((await own.json()) as { id: number }).id);
  await setClock(page, TUESDAY_NOON, 'fixed');
  await page.goto(`/sites?near=94110&population=${population.id}`);
  await expect(
    page.getByRole('status').filter({ hasText: tr('en', 'sites:count', { count: 3 }) }),
  ).toBeVisible();
  // On screen: nearest first from the place, each with its distance.
  const list = page.getByRole('list', { name: tr('en', 'sites:listHeading') });
  await expect(list.getByRole('heading', { level: 3 })).toHaveText([gamma.name, beta.name, alpha.name]);
  const distances: string[] = [];
  for (const site of [gamma, beta, alpha]) {
    const row = list
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3, name: site.name }) });
    // textContent, not innerText: a row below the fold is not laid out yet (content-visibility).
    const distance = /About [\d.]+ miles? away/.exec((await row.textContent()) ?? '')?.[0];
    expect(distance, site.name).toBeDefined();
    distances.push(distance!);
  }
  // The browser's print dialog is not part of the page: the journey only records that it was asked for.
  await page.evaluate(() => {
    window.print = () => {
      document.body.dataset.printAsked = 'yes';
    };
  });
  const button = page.getByRole('button', { name: tr('en', 'print:list.print') });
  await expect(button).toBeVisible();
  expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44 - 0.01);
  await button.click();
  expect(await page.evaluate(() => document.body.dataset.printAsked)).toBe('yes');

  await page.emulateMedia({ media: 'print' });
  const handout = page.getByRole('region', { name: tr('en', 'print:list.title') });
  await expect(handout).toBeVisible();
  await expect(handout).toContainText(`Population served: ${population.name}`);
  await expect(handout).toContainText('Near: 94110');
  await expect(handout).toContainText(tr('en', 'print:list.count', { count: 3 }));
  await expect(handout).toContainText('Printed Tuesday, December 1, 2026');
  await expect(handout).toContainText('(417) 557-5000');
  // The holidays of every site once, above the sites.
  await expect(handout).toContainText(`${tr('en', 'print:list.allSites')} `);
  const items = handout.getByRole('listitem');
  await expect(items).toHaveCount(3);
  // Paper keeps the screen's order and distances.
  for (const [index, site] of [gamma, beta, alpha].entries()) {
    const item = items.nth(index);
    await expect(item).toContainText(`${site.name} — ${distances[index]}`);
    await expect(item).toContainText(site.address);
    await expect(item).toContainText('Today, Tuesday, December 1: 11:30 AM – 1:30 PM');
    await expect(item).toContainText(
      'Hours: Tuesday 11:30 AM – 1:30 PM · Thursday 11:30 AM – 1:30 PM (1st and 3rd Thursday of the month)',
    );
  }
  await expect(items.nth(1)).toContainText(`Closures: Pipes ${tag}: Wednesday, December 9`);
  // Each site's deciding facts in one line, for a site that has them.
  await expect(items.nth(0)).toContainText(
    `${tr('en', 'facts:summaryLabel')} Walk-ins welcome · Free · Step-free entrance`,
  );
  await expect(items.nth(1)).not.toContainText(tr('en', 'facts:summaryLabel'));
  await expect(items.nth(0)).not.toContainText('Pipes');
  // Never the minute's status.
  const printed = await handout.innerText();
  expect(printed).not.toContain('Open now');
  expect(printed).not.toContain('Closed now');
  // Nothing else of the page prints: no heading of the page, no filters, no map, no button.
  await expect(page.getByRole('heading', { level: 1, name: tr('en', 'sites:title') })).toBeHidden();
  await expect(page.getByRole('group', { name: tr('en', 'sites:filters.legend') })).toBeHidden();
  await expect(page.getByRole('heading', { name: tr('en', 'sites:map.heading') })).toBeHidden();
  await expect(button).toBeHidden();
  const pdf = await printPdf(page);
  expect(pageCount(pdf)).toBe(1);

  // After printing, the page is the page again.
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await expect(handout).toHaveCount(0);
});

test('without scripts there is no print button (it could not work), and the page prints without the map', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL! });
  const page = await context.newPage();
  await page.goto('/sites');
  await expect(page.getByRole('heading', { level: 1, name: tr('en', 'sites:title') })).toBeVisible();
  await expect(page.getByRole('button', { name: tr('en', 'print:list.print') })).toHaveCount(0);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('heading', { name: tr('en', 'sites:map.heading') })).toBeHidden();
  await context.close();
});
