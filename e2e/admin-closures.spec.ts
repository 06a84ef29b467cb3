import type { Page } from '@playwright/test';
import { getSite, loginAsAdmin, unique } from './support/admin.ts';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';

const group = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

/** A date `days` from now, 'YYYY-MM-DD' (far enough ahead to stay upcoming whatever the zone). */
function daysAhead(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

test('the holiday calendar: every site closed as usual, one site kept open on a holiday, then closed again', async ({
  page,
  adminApi,
}) => {
  const site = await adminApi.createSite({ name: unique('Holiday Kitchen') });
  // A second site, so "closed at the others" has one to close whatever ran before this journey.
  await adminApi.createSite({ name: unique('Holiday Neighbor') });
  await loginAsAdmin(page);
  await page.goto('/sites');
  await page.getByRole('navigation').getByRole('link', { name: 'Closures' }).click();
  await expect(page).toHaveURL(/\/admin\/closures$/);
  const calendar = page.getByRole('region', { name: 'Holiday calendar' });
  const items = calendar
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: /^Change:/ }) });
  await expect(items.first()).toBeVisible();
  // The last holiday of the next twelve months: no other journey's day.
  const label = (await items.last().locator('strong').textContent())!;
  const item = calendar.getByRole('listitem').filter({ hasText: label });
  await expect(item).toContainText('Closed at every site');
  await expectNoAxeViolations(page);

  await item.getByRole('button', { name: `Change: ${label}` }).click();
  const form = item.getByRole('group', { name: `What happens on ${label}` });
  await form.getByLabel('Open at some sites, closed at the others').check();
  await form.getByLabel(site.name).check();
  await form.getByRole('button', { name: 'Save and mark reviewed' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved the decision for / })).toBeVisible();
  await expect(item).toContainText('Open at 1 site, closed at the others · Reviewed');

  // The public closures: the holiday closes every other site, not this one.
  const date = await page.evaluate(async () => {
    const list = (await (await fetch('/api/closures/holidays')).json()) as { date: string }[];
    return list.at(-1)!.date;
  });
  const closures = (await (await page.request.get('/api/closures')).json()) as {
    startDate: string;
    allSites: boolean;
    siteIds: number[];
    holiday?: { key: string };
  }[];
  const holiday = closures.find((c) => c.holiday && c.startDate === date)!;
  expect(holiday.allSites).toBe(false);
  expect(holiday.siteIds).not.toContain(site.id);
  expect(holiday.siteIds.length).toBeGreaterThan(0);

  // Back to closed as usual.
  await item.getByRole('button', { name: `Change: ${label}` }).click();
  await item.getByLabel('Closed at every site, as usual').check();
  await item.getByRole('button', { name: 'Save and mark reviewed' }).click();
  await expect(item).toContainText('Closed at every site · Reviewed');
});

test('a site’s own closure is added and removed in its form', async ({ page, adminApi }) => {
  const site = await adminApi.createSite({ name: unique('Sunset Dining Room') });
  await loginAsAdmin(page);
  await page.goto(`/sites/${site.id}/edit`);
  const own = group(page, 'Closures of this site');
  await expect(own.getByText('No current or upcoming closures.')).toBeVisible();

  const adder = own.getByRole('group', { name: 'Add a closure' });
  await adder.getByLabel('Reason (required)').fill('Kitchen repairs');
  await adder.getByLabel('First day closed (required)').fill(daysAhead(10));
  await adder.getByLabel('Last day closed').fill(daysAhead(12));
  await adder.getByRole('button', { name: 'Add closure' }).click();

  const row = own
    .getByRole('table', { name: 'Closures of this site' })
    .getByRole('row', { name: /Kitchen repairs/ });
  await expect(row).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/sites/${site.id}/edit$`)); // the site form stays open
  const stored = (await (await page.request.get(`/api/closures?siteId=${site.id}`)).json()) as {
    reason: string;
    startDate: string;
    endDate: string | null;
    siteIds: number[];
  }[];
  expect(stored).toContainEqual(
    expect.objectContaining({
      reason: 'Kitchen repairs',
      startDate: daysAhead(10),
      endDate: daysAhead(12),
      siteIds: [site.id],
    }),
  );
  await expectNoAxeViolations(page);

  // Until further notice: no last day.
  await adder.getByLabel('Reason (required)').fill('Flood damage');
  await adder.getByLabel('First day closed (required)').fill(daysAhead(20));
  await adder.getByLabel('Until further notice').check();
  await expect(adder.getByLabel('Last day closed')).toBeDisabled();
  await adder.getByLabel('Reason (required)').press('Enter'); // adds; does not submit the site
  await expect(own.getByRole('row', { name: /Flood damage/ })).toContainText('until further notice');

  await row.getByRole('button', { name: 'Remove Kitchen repairs' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove closure' }).click();
  await expect(row).toHaveCount(0);
  await expect(own.getByRole('row', { name: /Flood damage/ })).toBeVisible();
});

test('a covid status that means "closed": ticked on a site without a closure, the site form warns', async ({
  page,
  adminApi,
}) => {
  const site = await adminApi.createSite({ name: unique('Bayview Dining Room') });
  const status = unique('Closed for renovation');
  await loginAsAdmin(page);

  await page.goto('/statuses/new');
  await page.getByLabel('Name (required)').fill(status);
  const closes = page.getByRole('checkbox', { name: 'Means the site is closed' });
  await expect(closes).not.toBeChecked();
  await closes.check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).not.toHaveURL(/\/statuses\/new$/);
  const statuses = (await (await page.request.get('/api/covidstatuses')).json()) as {
    id: number;
    name: string;
    closesSite: boolean;
  }[];
  const saved = statuses.find((s) => s.name === status);
  expect(saved?.closesSite).toBe(true);

  await page.goto(`/sites/${site.id}/edit`);
  const warning = page.getByText(`“${status}” means the site is closed, but the site has no closure.`, {
    exact: false,
  });
  await expect(warning).toHaveCount(0);
  await group(page, 'COVID-19 statuses').getByRole('checkbox', { name: status }).check();
  await expect(warning).toBeVisible();
  await expectNoAxeViolations(page);

  // A closure of the site's own answers it.
  const adder = group(page, 'Closures of this site').getByRole('group', { name: 'Add a closure' });
  await adder.getByLabel('Reason (required)').fill('Renovation');
  await adder.getByLabel('First day closed (required)').fill(daysAhead(1));
  await adder.getByLabel('Until further notice').check();
  await adder.getByRole('button', { name: 'Add closure' }).click();
  await expect(warning).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/sites\/$/);
  expect((await getSite(page.request, site.id)).CovidStatuses.map((s) => s.name)).toEqual([status]);
});

test('Monday to Friday, 11:30 AM to 1:30 PM, added in one action, shows on the public page', async ({
  page,
  adminApi,
}) => {
  const site = await adminApi.createSite({ name: unique('Excelsior Dining Room'), Hours: [] });
  await loginAsAdmin(page);
  await page.goto(`/sites/${site.id}/edit`);
  const adder = group(page, 'Add hours');
  await adder.getByRole('button', { name: 'Weekdays (Monday to Friday)' }).click();
  await adder.getByLabel('Opens').fill('11:30');
  await adder.getByLabel('Closes').fill('13:30');
  await adder.getByRole('button', { name: 'Add Hours' }).click();
  const list = page.getByRole('list', { name: 'Opening hours, Monday first' });
  await expect(list.getByRole('listitem')).toHaveText([
    /^Monday, 11:30\sAM to 1:30\sPM/,
    /^Tuesday, 11:30\sAM to 1:30\sPM/,
    /^Wednesday, 11:30\sAM to 1:30\sPM/,
    /^Thursday, 11:30\sAM to 1:30\sPM/,
    /^Friday, 11:30\sAM to 1:30\sPM/,
  ]);

  // Wednesday only on the 1st and 3rd weeks, changed in place.
  await list.getByRole('button', { name: /^Edit Wednesday/ }).click();
  const editing = list.getByRole('group', { name: /^Change Wednesday/ });
  await editing.getByRole('checkbox', { name: '1st' }).check();
  await editing.getByRole('checkbox', { name: '3rd' }).check();
  await expect(editing.getByRole('checkbox', { name: 'Every week' })).not.toBeChecked();
  await editing.getByRole('button', { name: 'Save hours' }).click();
  await expect(list.getByRole('listitem').nth(2)).toHaveText(
    /^Wednesday, 11:30\sAM to 1:30\sPM \(1st and 3rd Wednesday of the month\)/,
  );
  await expect(list.getByRole('button', { name: /^Edit Wednesday/ })).toBeFocused();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/sites\/$/);
  expect((await getSite(page.request, site.id)).Hours).toEqual([
    { day: 1, open: '11:30', close: '13:30' },
    { day: 2, open: '11:30', close: '13:30' },
    { day: 3, open: '11:30', close: '13:30', weeks: [1, 3] },
    { day: 4, open: '11:30', close: '13:30' },
    { day: 5, open: '11:30', close: '13:30' },
  ]);

  await page.goto(`/sites/${site.id}`);
  const hours = page.getByRole('region', { name: 'Opening hours' });
  await expect(hours).toContainText('11:30');
  const text = await hours.innerText();
  expect(text.match(/11:30\sAM/g)).toHaveLength(5);
  expect(text.match(/1:30\sPM/g)).toHaveLength(5);
});

test('the closures screen speaks Spanish and Chinese', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/admin/closures');
  await expect(page.getByRole('heading', { level: 1, name: 'Closures' })).toBeVisible();
  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cierres' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Cierres' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Calendario de días festivos' })).toBeVisible();
  await page.getByRole('button', { name: '中文' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '休息日' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '假期日曆' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'English' }).click();
});
