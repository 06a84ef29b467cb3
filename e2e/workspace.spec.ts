import type { Page } from '@playwright/test';
import { loginAsAdmin } from './support/admin.ts';
import { LANGUAGES } from './support/constants.ts';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { checkedToday, createSiteAs, uniqueFacts } from './support/keep-true.ts';
import { PHONE, scrollsSideways, useLargeText } from './support/large-text.ts';
import { newestMailTo } from './support/mail.ts';
import { type Lng, openReportForm, tr, uniqueTag } from './support/public-pages.ts';

/** The staff workspace (docs/product.md R194–R198) against the real server, as an administrator. */

const sitesRegion = (page: Page, lng: Lng) =>
  page.getByRole('region', { name: tr(lng, 'admin-workspace:sites.heading'), exact: true });

/** The workspace's row of one site. */
const siteRow = (page: Page, lng: Lng, name: string) =>
  sitesRegion(page, lng)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

async function openWorkspace(page: Page, lng: Lng) {
  await page.goto(`/admin?lng=${lng}`);
  await expect(
    page.getByRole('heading', { level: 1, name: tr(lng, 'admin-workspace:title'), exact: true }),
  ).toBeVisible();
}

async function search(page: Page, lng: Lng, text: string) {
  await sitesRegion(page, lng)
    .getByRole('searchbox', { name: tr(lng, 'admin-workspace:sites.search') })
    .fill(text);
}

for (const lng of LANGUAGES) {
  test(`${lng}: the workspace is linked for administrators only, finds sites, confirms them and asks their contacts`, async ({
    page,
    browser,
  }) => {
    const tag = uniqueTag();
    // Signed out: the main navigation has no workspace link.
    const visitor = await browser.newPage();
    await visitor.goto(`/?lng=${lng}`);
    const visitorNav = visitor.getByRole('navigation', { name: tr(lng, 'nav.label'), exact: true });
    await expect(visitorNav.getByRole('link').first()).toBeVisible();
    await expect(visitorNav.getByRole('link', { name: tr(lng, 'admin:nav.workspace') })).toHaveCount(0);

    // The login form is in English (its labels are what the helper finds); the rest in `lng`.
    await loginAsAdmin(page);
    const nav = page.getByRole('navigation', { name: tr(lng, 'nav.label'), exact: true });
    const name = `Café Ñandú ${tag}`;
    const facts = uniqueFacts(tag);
    const site = await createSiteAs(page.request, { name, ...facts });
    const other = await createSiteAs(page.request, { name: `Cafeteria Other ${tag}`, ...uniqueFacts(tag) });

    await page.goto(`/?lng=${lng}`);
    await nav.getByRole('link', { name: tr(lng, 'admin:nav.workspace') }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(
      page.getByRole('heading', { level: 1, name: tr(lng, 'admin-workspace:title'), exact: true }),
    ).toBeVisible();

    // The search ignores case and accents.
    await search(page, lng, `CAFE NANDU ${tag.toUpperCase()}`);
    const names = sitesRegion(page, lng).getByRole('heading', { level: 3 });
    await expect(names).toHaveText([name]);
    await expect(siteRow(page, lng, name)).toContainText(tr(lng, 'admin-workspace:sites.neverConfirmed'));
    await expect(siteRow(page, lng, other.name)).toHaveCount(0);

    // Confirm: a method and a note in a dialog; the public page then says it was checked today.
    await siteRow(page, lng, name)
      .getByRole('button', { name: `${tr(lng, 'admin-workspace:sites.confirm')} ${name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: tr(lng, 'admin-workspace:confirm.title', { name }) });
    await dialog.getByRole('radio', { name: tr(lng, 'admin-workspace:confirm.methods.visit') }).check();
    await dialog
      .getByRole('textbox', { name: tr(lng, 'admin-workspace:confirm.note') })
      .fill('Seen on Monday');
    await dialog
      .getByRole('button', { name: tr(lng, 'admin-workspace:confirm.submit'), exact: true })
      .click();
    await expect(
      page.getByRole('status').filter({ hasText: tr(lng, 'admin-workspace:confirm.done', { name }) }),
    ).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(siteRow(page, lng, name)).not.toContainText(tr(lng, 'admin-workspace:sites.neverConfirmed'));

    // "Send confirmation request" says where the link went, and the e-mail is there.
    await siteRow(page, lng, name)
      .getByRole('button', { name: `${tr(lng, 'admin-workspace:sites.request')} ${name}` })
      .click();
    await expect(siteRow(page, lng, name)).toContainText(
      tr(lng, 'admin-workspace:sites.requestSent', { email: facts.email }),
    );
    expect(await newestMailTo(facts.email)).toContain('/confirm/');

    await visitor.goto(`/sites/${site.id}?lng=${lng}`);
    await expect(visitor.getByText(checkedToday(lng), { exact: true })).toBeVisible();
    await expect(visitor.getByText(tr(lng, 'site:checked.stale'))).toHaveCount(0);
    await visitor.close();
  });
}

test('each "show only" filter lists the right sites', async ({ page }) => {
  const lng = 'en';
  const tag = uniqueTag();
  await loginAsAdmin(page);
  const api = page.request;
  const closing = await api.post('/api/covidstatuses', {
    data: { name: `Closed for repairs ${tag}`, closesSite: true },
  });
  expect(closing.status(), await closing.text()).toBe(201);
  const closingId = ((await closing.json()) as { id: number }).id;

  const named = (label: string) => `WS ${tag} ${label}`;
  const plain = await createSiteAs(api, { name: named('A Plain'), ...uniqueFacts(tag) });
  await createSiteAs(api, { name: named('B Unplaced'), ...uniqueFacts(tag), lat: null, lng: null });
  await createSiteAs(api, { name: named('C Hourless'), ...uniqueFacts(tag), Hours: [] });
  await createSiteAs(api, { name: named('D Closed'), ...uniqueFacts(tag), CovidStatusIds: [closingId] });
  const reported = await createSiteAs(api, { name: named('E Reported'), ...uniqueFacts(tag) });
  const twin = uniqueFacts(tag);
  await createSiteAs(api, { name: named('F Twin East'), ...twin });
  // Same phone number as the one before: refused as a duplicate unless confirmed (R177).
  const refused = await api.post('/api/sites', {
    data: { name: named('G Twin West'), ...uniqueFacts(tag), phoneNumber: twin.phoneNumber },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { code: string }).code).toBe('duplicate');
  await createSiteAs(api, {
    name: named('G Twin West'),
    ...uniqueFacts(tag),
    phoneNumber: twin.phoneNumber,
    confirmDuplicate: true,
  });

  const confirmed = await api.post(`/api/sites/${plain.id}/confirmations`, { data: { method: 'phone' } });
  expect(confirmed.status(), await confirmed.text()).toBe(201);
  const report = await api.post('/api/reports', { data: { siteId: reported.id, reasons: ['hours'] } });
  expect(report.status()).toBe(202);

  await openWorkspace(page, lng);
  await search(page, lng, `ws ${tag}`);
  const region = sitesRegion(page, lng);
  const names = region.getByRole('heading', { level: 3 });
  const all = ['A Plain', 'B Unplaced', 'C Hourless', 'D Closed', 'E Reported', 'F Twin East', 'G Twin West'];
  await expect(names).toHaveText(all.map(named));

  const filter = (key: string, vars: Record<string, number> = {}) =>
    region.getByRole('checkbox', { name: tr(lng, `admin-workspace:sites.filters.${key}`, vars) });
  const expectations: [checkbox: ReturnType<typeof filter>, shown: string[]][] = [
    [filter('notConfirmed', { count: 180 }), all.filter((label) => label !== 'A Plain')],
    [filter('noPosition'), ['B Unplaced']],
    [filter('noHours'), ['C Hourless']],
    [filter('temporarilyClosed'), ['D Closed']],
    [filter('openReports'), ['E Reported']],
    [filter('duplicate'), ['F Twin East', 'G Twin West']],
  ];
  for (const [checkbox, shown] of expectations) {
    await checkbox.check();
    await expect(names).toHaveText(shown.map(named));
    await checkbox.uncheck();
    await expect(names).toHaveText(all.map(named));
  }
  // Filters add up: sites matching every chosen one.
  await filter('notConfirmed', { count: 180 }).check();
  await filter('openReports').check();
  await expect(names).toHaveText([named('E Reported')]);
  await expect(region.getByRole('status')).toHaveText(/^1 of \d+ sites$/);

  // The flags say why a site needs attention; a duplicate names the other site.
  await filter('openReports').uncheck();
  await filter('duplicate').check();
  const east = siteRow(page, lng, named('F Twin East'));
  await expect(east.getByRole('list', { name: 'Needs attention' })).toContainText('Possible duplicate of');
  await expect(east.getByRole('link', { name: named('G Twin West'), exact: true })).toBeVisible();
});

test('es: the reference lists show how many sites use each item; a report from a site page is moved along', async ({
  page,
  browser,
}) => {
  const lng = 'es';
  const tag = uniqueTag();
  await loginAsAdmin(page);
  const api = page.request;
  const created = await api.post('/api/populations', { data: { name: `Vecinos ${tag}` } });
  expect(created.status(), await created.text()).toBe(201);
  const item = (await created.json()) as { id: number; name: string };
  await createSiteAs(api, { name: `Uso uno ${tag}`, ...uniqueFacts(tag), PopulationIds: [item.id] });
  await createSiteAs(api, { name: `Uso dos ${tag}`, ...uniqueFacts(tag), PopulationIds: [item.id] });
  const site = await createSiteAs(api, { name: `Mesa informada ${tag}`, ...uniqueFacts(tag) });

  // A visitor reports a problem from the site's page.
  const visitor = await browser.newPage();
  await visitor.goto(`/sites/${site.id}?lng=${lng}`);
  await (await openReportForm(visitor, lng))
    .getByRole('checkbox', { name: tr(lng, 'reports:reasons.phone') })
    .check();
  const message = `Nuevo teléfono ${tag}`;
  await visitor.getByRole('textbox', { name: tr(lng, 'reports:form.message') }).fill(message);
  await visitor.getByRole('button', { name: tr(lng, 'reports:form.send') }).click();
  await expect(visitor.getByText(tr(lng, 'reports:form.thanks'))).toBeVisible();
  await visitor.close();

  await openWorkspace(page, lng);
  const lists = page.getByRole('region', { name: tr(lng, 'admin-workspace:lists.heading'), exact: true });
  const populations = lists.getByRole('region', { name: tr(lng, 'admin:lists.populations.plural') });
  await expect(populations.getByRole('listitem').filter({ hasText: item.name })).toContainText(
    tr(lng, 'admin-workspace:lists.uses', { count: 2 }),
  );

  // The site shows its open report; the queue has it and its status changes.
  await search(page, lng, tag);
  await expect(siteRow(page, lng, site.name)).toContainText(
    tr(lng, 'admin-workspace:sites.flags.openReports', { count: 1 }),
  );
  const queue = page.getByRole('region', { name: tr(lng, 'admin-workspace:reports.heading') });
  const entry = queue.getByRole('article').filter({ hasText: message });
  await expect(entry).toContainText(tr(lng, 'admin-workspace:reports.statuses.new'));
  await entry
    .getByRole('combobox', { name: tr(lng, 'admin-workspace:reports.newStatus') })
    .selectOption('resolved');
  await entry.getByRole('textbox', { name: tr(lng, 'admin-workspace:reports.noteLabel') }).fill('Corregido');
  await entry
    .getByRole('button', { name: `${tr(lng, 'admin-workspace:reports.save')} ${site.name}` })
    .click();
  const resolved = tr(lng, 'admin-workspace:reports.statuses.resolved');
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: tr(lng, 'admin-workspace:reports.saved', { status: resolved }) }),
  ).toBeVisible();
  await expect(queue.getByRole('article').filter({ hasText: message })).toContainText('Corregido');
  // Resolved, it is no longer an open report of the site.
  await page.reload();
  await search(page, lng, tag);
  await expect(siteRow(page, lng, site.name)).not.toContainText(
    tr(lng, 'admin-workspace:sites.flags.openReports', { count: 1 }),
  );
});

test('the workspace is accessible on a desktop and on a 360 px phone with large text', async ({
  page,
  browser,
}) => {
  // Two full scans of a workspace that lists every site the other journeys made: slow on a busy machine.
  test.slow();
  await loginAsAdmin(page);
  const tag = uniqueTag();
  await createSiteAs(page.request, { name: `Axe Table ${tag}`, ...uniqueFacts(tag), Hours: [] });
  await openWorkspace(page, 'en');
  await expect(siteRow(page, 'en', `Axe Table ${tag}`)).toBeVisible();
  await expectNoAxeViolations(page);

  const phone = await browser.newContext({ ...PHONE });
  const small = await phone.newPage();
  await useLargeText(small);
  await loginAsAdmin(small);
  await openWorkspace(small, 'en');
  await search(small, 'en', tag);
  await expect(siteRow(small, 'en', `Axe Table ${tag}`)).toBeVisible();
  await expectNoAxeViolations(small);
  expect(await scrollsSideways(small)).toBe(false);
  await phone.close();
});
