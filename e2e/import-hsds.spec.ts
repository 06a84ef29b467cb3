import { loginAsAdmin, unique } from './support/admin.ts';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';

/**
 * docs/product.md R648: an administrator brings in an HSDS 3.0 datapackage.zip — here the directory's
 * own — from the import screen's open-data section, and reads the same preview as for a sheet, with
 * what could not be brought in listed.
 */
test('import open data: a datapackage.zip previewed like a sheet, with what was not brought in', async ({
  page,
  adminApi,
}) => {
  await adminApi.createSite({ name: unique('Open Data Lunch') });
  const zip = await page.request.get('/api/hsds/datapackage.zip');
  expect(zip.status()).toBe(200);

  await loginAsAdmin(page);
  await page.goto('/admin/import');
  const section = page.getByRole('region', { name: 'Import open data (HSDS)' });
  await expect(section).toBeVisible();

  // Nothing chosen: the screen says what to do.
  await section.getByRole('button', { name: 'Preview the data package' }).click();
  await expect(page.getByRole('alert')).toHaveText('Choose a datapackage.zip file first.');

  await section.getByLabel('HSDS data package (datapackage.zip)').setInputFiles({
    name: 'datapackage.zip',
    mimeType: 'application/zip',
    buffer: await zip.body(),
  });
  await section.getByRole('button', { name: 'Preview the data package' }).click();
  // The directory's own data: the sites it holds already, matched by name and address.
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview).toBeVisible();
  await expect(preview.getByText(/^Unchanged sites \(\d+\)$/)).toBeVisible();
  const unmapped = page.getByRole('region', { name: 'Not brought in' });
  await expect(
    unmapped.getByRole('listitem').filter({ hasText: /^service\.description: \d+ records?$/ }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});
