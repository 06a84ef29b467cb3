import type { Page } from '@playwright/test';
import { loginAsAdmin } from './support/admin.ts';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { type Lng, openReportForm, tr, uniqueTag } from './support/public-pages.ts';

/** Opens the site page's "Report a problem" and sends one with the hours and a message. */
async function sendReport(page: Page, lng: Lng, siteId: number, message: string) {
  await page.goto(`/sites/${siteId}?lng=${lng}`);
  const reasons = await openReportForm(page, lng);
  // Nothing chosen: the error is on the reasons, and focus goes there.
  await page.getByRole('button', { name: tr(lng, 'reports:form.send') }).click();
  await expect(reasons).toContainText(tr(lng, 'reports:errors.reasons'));
  await expect(reasons.getByRole('checkbox').first()).toBeFocused();
  // The robot trap is out of everyone's way.
  await expect(page.getByRole('textbox', { name: tr(lng, 'reports:form.honeypot') })).toHaveCount(0);
  await reasons.getByRole('checkbox', { name: tr(lng, 'reports:reasons.hours') }).check();
  await page.getByRole('textbox', { name: tr(lng, 'reports:form.message') }).fill(message);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: tr(lng, 'reports:form.send') }).click();
  await expect(page.getByText(tr(lng, 'reports:form.thanks'))).toBeVisible();
  await expect(page.locator('.report-thanks')).toBeFocused();
}

for (const lng of ['en', 'es', 'zh'] as const) {
  test(`${lng}: a report sent from a site page reaches the staff queue`, async ({
    page,
    adminApi,
    browser,
  }) => {
    const site = await adminApi.createSite({ name: `Report Table ${uniqueTag()}` });
    const message = `Opens at noon now ${uniqueTag()}`;
    await sendReport(page, lng, site.id, message);

    const staff = await browser.newPage();
    await loginAsAdmin(staff);
    await staff.goto(`/admin?lng=${lng}`);
    const queue = staff.getByRole('region', { name: tr(lng, 'admin-workspace:reports.heading') });
    const report = queue.getByRole('article').filter({ hasText: message });
    await expect(report.getByRole('link', { name: site.name, exact: true })).toHaveAttribute(
      'href',
      `/sites/${site.id}`,
    );
    await expect(report).toContainText(tr(lng, 'reports:reasons.hours'));
    await expect(report).toContainText(tr(lng, 'admin-workspace:reports.statuses.new'));
    await staff.close();
  });
}

test('staff move a report along and confirm its site; the public page then says when it was checked', async ({
  page,
  adminApi,
}) => {
  const site = await adminApi.createSite({ name: `Checked Table ${uniqueTag()}` });
  await page.goto(`/sites/${site.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(site.name);
  await expect(page.getByText(/^Information checked on/)).toHaveCount(0);
  const message = `Phone changed ${uniqueTag()}`;
  const sent = await page.request.post('/api/reports', {
    data: { siteId: site.id, reasons: ['phone'], message },
  });
  expect(sent.status()).toBe(202);

  await loginAsAdmin(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Workspace' })).toBeVisible();
  const queue = page.getByRole('region', { name: 'Reports from the public' });
  const report = queue.getByRole('article').filter({ hasText: message });
  await report.getByRole('combobox', { name: 'Change the status' }).selectOption('in-progress');
  await report.getByRole('textbox', { name: 'Staff note (optional)' }).fill('Calling the site');
  await report.getByRole('button', { name: `Save ${site.name}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The report is now: In progress.' })).toBeVisible();
  await expect(queue.getByRole('article').filter({ hasText: message })).toContainText('Calling the site');

  await queue
    .getByRole('article')
    .filter({ hasText: message })
    .getByRole('button', { name: `Confirm ${site.name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Confirm “${site.name}”` });
  await dialog.getByRole('radio', { name: 'Phone call' }).check();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `“${site.name}” is confirmed as of today.` }),
  ).toBeVisible();

  await page.goto(`/sites/${site.id}`);
  await expect(page.getByText(/^Information checked on \w+ \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(page.getByText('This information may be out of date.', { exact: false })).toHaveCount(0);
});

test('the site page with its report form is accessible at 360 px', async ({ page, adminApi }) => {
  const site = await adminApi.createSite({ name: `Narrow Table ${uniqueTag()}` });
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`/sites/${site.id}`);
  await page.getByRole('button', { name: 'Report a problem' }).click();
  await expect(page.getByRole('group', { name: 'What is wrong?' })).toBeVisible();
  await expectNoAxeViolations(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
