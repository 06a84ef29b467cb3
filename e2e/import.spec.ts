import writeXlsxFile from 'write-excel-file/node';
import { AGENCY_SHEET_HEADERS } from '#testing/agency-sheet.ts';
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
  // The sites are named by their names, not their numbers (R622).
  await expect(result.getByRole('link', { name: existing.name })).toBeVisible();
  await expect(result.getByRole('link', { name: newName })).toBeVisible();
  expect((await getSite(page.request, existing.id)).phoneNumber).toBe('4155550188');

  await result.getByRole('link', { name: 'See the sites' }).click();
  await expect(page).toHaveURL(/\/sites$/);
  await expect(page.getByRole('link', { name: newName }).first()).toBeVisible();
});

/**
 * docs/product.md R610–R626: a clerk imports the county's own workbook — a merged title row, its own
 * headers, City and ZIP apart, a provider merged down two rows, a formula in a column not imported —
 * confirms the columns once, commits; then a second sheet with the same headers is matched by the
 * remembered choices, and what it would remove is summed up before the list of changes.
 */
test('an agency’s own sheet: columns confirmed once and remembered, losses shown before commit', async ({
  page,
}) => {
  const headers = [...AGENCY_SHEET_HEADERS];
  const oak = unique('Oak Street Center');
  const elm = unique('Elm Grove Hall');
  const provider = unique('Pine County Meals');
  const text = (value: string) => (value ? { value, type: String } : null);
  const status = { value: 'IF(TRUE,"Open","Closed")', type: 'Formula' };
  const workbook = await writeXlsxFile([
    [
      { value: 'Pine County Congregate Meal Sites, FY 2026', columnSpan: headers.length },
      ...headers.slice(1).map(() => null),
    ],
    headers.map(text),
    [
      ...[
        oak,
        '12 Oak St',
        'Springfield',
        '62701',
        '(415) 555-0161',
        'oak@example.org',
        'M-F 11:30-1:00',
      ].map(text),
      { value: provider, type: String, rowSpan: 2 },
      ...['Seniors 60+', 'Lunch', 'Vegetarian'].map(text),
      status,
      text('Bring a photo ID'),
    ],
    [
      ...[elm, '400 Elm Ave', 'Springfield', '62702', '415-555-0162', 'elm@example.org', 'Tue/Thu 12-1'].map(
        text,
      ),
      null,
      ...['Seniors 60+', 'Lunch', 'Halal'].map(text),
      status,
      text(''),
    ],
  ] as never).toBuffer();

  await loginAsAdmin(page);
  await page.goto('/admin/import');
  await page.getByLabel('Spreadsheet file (CSV or .xlsx)').setInputFiles({
    name: 'pine-county.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: workbook as Buffer,
  });
  await page
    .getByRole('checkbox', { name: 'Create the list items the file names that do not exist yet' })
    .check();
  await page.getByRole('button', { name: 'Show the preview' }).click();

  // The columns beside the fields, guessed; those not imported said.
  await expect(page.getByRole('heading', { name: 'Columns of the file' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Site Name' })).toHaveValue('name');
  await expect(page.getByRole('combobox', { name: 'Provider' })).toHaveValue('nutritionPartners');
  await expect(page.getByRole('combobox', { name: 'Diet / Cuisine' })).toHaveValue('');
  await expect(page.getByText('2 columns are not imported: Diet / Cuisine, Status.')).toBeVisible();
  const added = page.getByRole('table', { name: 'New sites (2)' });
  await expect(added.getByRole('row', { name: new RegExp(oak) })).toContainText(
    '12 Oak St, Springfield, 62701',
  );
  await expectNoAxeViolations(page);

  // The clerk leaves the notes out, by keyboard, and previews again: the choice is confirmed.
  const notes = page.getByRole('combobox', { name: 'Notes' });
  await notes.focus();
  await notes.selectOption({ label: 'Do not import' });
  await page.getByRole('button', { name: 'Preview again with these columns' }).click();
  await expect(page.getByText('3 columns are not imported: Diet / Cuisine, Status, Notes.')).toBeVisible();
  await page.getByRole('button', { name: 'Commit the import' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Import saved' })).toContainText(
    'Import saved: 2 new sites, 0 changed sites.',
  );

  // A second sheet with the same headers: the choices are remembered; an empty cell keeps, "-" clears.
  const update = [
    headers,
    [
      oak,
      '12 Oak St',
      'Springfield',
      '62701',
      '',
      '-',
      '',
      provider,
      '(none)',
      'Lunch',
      '',
      'Open',
      'New note',
    ],
    [
      elm,
      '400 Elm Ave',
      'Springfield',
      '62702',
      '',
      '',
      '',
      provider,
      'Seniors 60+',
      'Lunch',
      '',
      'Open',
      '',
    ],
  ]
    .map((row) => row.map((cell) => (/[",]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(','))
    .join('\n');
  await page.getByRole('button', { name: 'Import another file' }).click();
  await page.getByLabel('Spreadsheet file (CSV or .xlsx)').setInputFiles({
    name: 'pine-county-update.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(update),
  });
  await page.getByRole('button', { name: 'Show the preview' }).click();
  await expect(
    page.getByText('These are the choices made for an earlier file with the same columns.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Notes' })).toHaveValue('');

  const losses = page.getByRole('region', { name: 'What this import removes' });
  await expect(losses).toContainText('1 field will be emptied');
  await expect(losses).toContainText('1 list item will be removed');
  await expect(losses).toContainText(`${oak}: Email will be emptied`);
  await expect(losses).toContainText(`${oak}: Seniors 60+ removed from Populations served`);
  const changed = page.getByRole('table', { name: 'Changed sites (1)' });
  await expect(changed.getByRole('link', { name: oak })).toBeVisible();
  // The summary comes before the site-by-site list.
  const order = await page.evaluate(() => {
    const region = document.querySelector('.import-destructive');
    const table = [...document.querySelectorAll('table caption')].find((caption) =>
      caption.textContent?.startsWith('Changed sites'),
    );
    return region && table ? region.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING : 0;
  });
  expect(order).toBeTruthy();
  await expectNoAxeViolations(page);
});
