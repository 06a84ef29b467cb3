import { getSite, loginAsAdmin, unique } from './support/admin.ts';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';

/**
 * docs/product.md R238: an administrator imports a sheet with one new site, one changed site and
 * one bad row, reads the preview, skips the bad row, commits, and sees the result.
 */
test('import a spreadsheet: preview, skip the bad row, commit, see the result', async ({
  page,
  adminApi,
}) => {
  const existing = await adminApi.createSite({ name: unique('Import Changed'), phoneNumber: '4155550100' });
  const newName = unique('Import New');
  const csv = [
    'id,name,address,phoneNumber,hours',
    `,${newName},"12 Import Way, San Francisco, CA 94110",4155550177,Mon–Fri 11:30–13:30`,
    `${existing.id},${existing.name},"${existing.address}",4155550188,Mon 11:00–13:00; Wed 11:00–13:00`,
    `,${unique('Import Bad')},1 Bad St,555,`,
  ].join('\n');

  await loginAsAdmin(page);
  await page.goto('/admin/import');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Import sites from a spreadsheet' }),
  ).toBeVisible();
  await page.getByLabel('Spreadsheet file (CSV or .xlsx)').setInputFiles({
    name: 'sites.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByRole('button', { name: 'Show the preview' }).click();

  await expect(page.getByText('1 new, 1 changed, 0 unchanged, 1 with errors')).toBeVisible();
  const added = page.getByRole('table', { name: 'New sites (1)' });
  await expect(added.getByRole('rowheader', { name: newName })).toBeVisible();
  const changed = page.getByRole('table', { name: 'Changed sites (1)' });
  const phone = changed.getByRole('row', { name: /Phone/ });
  await expect(phone).toContainText('4155550100');
  await expect(phone).toContainText('4155550188');
  const errors = page.getByRole('table', { name: 'Rows with errors (1)' });
  await expect(errors.getByRole('row', { name: /^4 Phone/ })).toContainText('Must be exactly 10 digits.');
  await expectNoAxeViolations(page);

  // Nothing is saved before the commit.
  expect((await getSite(page.request, existing.id)).phoneNumber).toBe('4155550100');

  await page.getByRole('checkbox', { name: 'Skip the rows with errors' }).check();
  await page.getByRole('button', { name: 'Commit the import' }).click();
  const result = page.getByRole('status').filter({ hasText: 'Import saved' });
  await expect(result).toContainText('Import saved: 1 new sites, 1 changed sites.');
  await expect(result).toContainText('1 rows with errors were skipped.');
  await expect(result.getByRole('link', { name: `Site ${existing.id}` })).toBeVisible();
  expect((await getSite(page.request, existing.id)).phoneNumber).toBe('4155550188');

  await result.getByRole('link', { name: 'See the sites' }).click();
  await expect(page).toHaveURL(/\/sites$/);
  await expect(page.getByRole('link', { name: newName }).first()).toBeVisible();
});
