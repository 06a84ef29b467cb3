import type { Page } from '@playwright/test';
import { getSite, loginAsAdmin, unique } from './support/admin.ts';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';

const group = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

/** A date `days` from now, 'YYYY-MM-DD' (far enough ahead to stay upcoming whatever the zone). */
function daysAhead(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

test('the usual holidays: add Thanksgiving from the suggestions, see it listed and not offered again, remove it', async ({
  page,
}) => {
  await loginAsAdmin(page);
  await page.goto('/sites');
  await page.getByRole('navigation').getByRole('link', { name: 'Closures' }).click();
  await expect(page).toHaveURL(/\/admin\/closures$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Closures' })).toBeVisible();

  // Next year's holidays are all still to come, whatever today is.
  const nextYear = new Date().getUTCFullYear() + 1;
  await page.getByLabel('Year').selectOption(String(nextYear));
  const offered = group(page, `Holidays in ${nextYear} not yet listed`);
  const boxes = offered.getByRole('checkbox');
  await expect(boxes).toHaveCount(12);
  // Review: keep only Thanksgiving (the fourth Thursday of November).
  for (const box of await boxes.all()) await box.uncheck();
  const thanksgiving = offered.getByRole('checkbox', {
    name: /^Thanksgiving, Thursday, Nov (2[2-8]), \d{4}$/,
  });
  await thanksgiving.check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Add the chosen holidays' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added 1 holiday.' })).toBeVisible();

  const listed = page.getByRole('table', { name: 'Current and upcoming closures' });
  const row = listed.getByRole('row', { name: /Thanksgiving/ }).filter({ hasText: String(nextYear) });
  await expect(row).toContainText('All sites');
  await expect(row).toContainText(/Thursday, Nov 2[2-8], \d{4}/);
  // Not offered twice; the day after still is.
  await expect(offered.getByRole('checkbox', { name: /^Thanksgiving,/ })).toHaveCount(0);
  await expect(offered.getByRole('checkbox', { name: /^Day after Thanksgiving,/ })).toHaveCount(1);

  // The public list of closures has it, for every site.
  const closures = (await (await page.request.get('/api/closures')).json()) as {
    reason: string;
    startDate: string;
    allSites: boolean;
  }[];
  expect(closures).toContainEqual(
    expect.objectContaining({
      reason: 'Thanksgiving',
      allSites: true,
      startDate: expect.stringMatching(`^${nextYear}-11-`),
    }),
  );

  // Remove it, after confirming.
  await row.getByRole('button', { name: 'Remove Thanksgiving' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove the closure “Thanksgiving”?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Remove closure' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Removed the closure “Thanksgiving”.' }),
  ).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(offered.getByRole('checkbox', { name: /^Thanksgiving,/ })).toHaveCount(1);
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
  await expect(page).toHaveURL(new RegExp(`/sites/${site.id}$`));
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
  await expect(page).toHaveURL(new RegExp(`/sites/${site.id}$`));
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
  await expect(page.getByRole('button', { name: 'Agregar los días festivos elegidos' })).toBeVisible();
  await page.getByRole('button', { name: '中文' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '休息日' })).toBeVisible();
  await expect(page.getByRole('button', { name: '新增已選擇的假期' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'English' }).click();
});
