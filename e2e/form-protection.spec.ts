import type { Page } from '@playwright/test';
import { getSite, loginAsAdmin, phonePair, unique } from './support/admin.ts';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';

/** The field's value typed key by key, as a person does (a browser asks before unloading only after real input). */
async function typeInto(page: Page, label: string, value: string) {
  const box = page.getByLabel(label, { exact: true });
  await box.clear();
  await box.pressSequentially(value);
}

const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Leave without saving?' });

test('unsaved changes: a link, Back and a reload ask first; after a save nothing asks and a banner says what was saved', async ({
  page,
  adminApi,
}) => {
  const site = await adminApi.createSite({ name: unique('Guarded Site'), phoneNumber: '4155550100' });
  await loginAsAdmin(page);
  await page.goto('/sites');
  await page.getByRole('link', { name: `edit ${site.name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${site.name}` })).toBeVisible();

  // Nothing changed: a link just goes.
  await page.getByRole('link', { name: 'Locations' }).click();
  await expect(page).toHaveURL(/\/sites$/);
  await page.getByRole('link', { name: `edit ${site.name}` }).click();
  await expect(page.getByLabel('Phone number')).toHaveValue('(415) 555-0100');

  // A link in the page's navigation.
  await typeInto(page, 'Phone number', '(415) 555-0142');
  await page.getByRole('link', { name: 'Locations' }).click();
  await expect(leaveDialog(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stay on this page' })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(leaveDialog(page)).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/sites/${site.id}/edit$`));
  await expect(page.getByLabel('Phone number')).toHaveValue('(415) 555-0142');

  // Back: the address stays on the form until the clerk decides.
  await page.evaluate(() => window.history.back());
  await expect(leaveDialog(page)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/sites/${site.id}/edit$`));
  await page.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page.getByLabel('Phone number')).toHaveValue('(415) 555-0142');

  // Reload: the browser's own question; dismissing it keeps the form.
  const question = page.waitForEvent('dialog');
  void page.evaluate(() => window.location.reload()).catch(() => {});
  const dialog = await question;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  await expect(page.getByLabel('Phone number')).toHaveValue('(415) 555-0142');

  // Back again, and leave this time: the changes are dropped.
  await page.evaluate(() => window.history.back());
  await page.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/sites$/);
  expect((await getSite(page.request, site.id)).phoneNumber).toBe('4155550100');

  // After a save: no question, back to the list it was opened from, with a banner naming the site.
  await page.getByRole('link', { name: `edit ${site.name}` }).click();
  await typeInto(page, 'Phone number', '(415) 555-0143');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/sites\/$/);
  await expect(page.getByRole('status').filter({ hasText: `Saved ${site.name}` })).toBeVisible();
  expect((await getSite(page.request, site.id)).phoneNumber).toBe('4155550143');
  await adminApi.deleteSite(site.id);
});

test('a version conflict keeps the clerk’s input, shows what the other person changed, and saves the merge', async ({
  page,
  adminApi,
  browser,
}) => {
  // A long journey with axe or many steps: 40–60 s on a busy machine.
  test.slow();
  // Numbers no other journey uses: changing a phone meets the duplicate check (docs/product.md R177).
  const [before, after] = phonePair();
  const site = await adminApi.createSite({ name: unique('Shared Café'), phoneNumber: before.digits });
  await loginAsAdmin(page);
  await page.goto(`/sites/${site.id}/edit`);
  await expect(page.getByLabel('Name (required)')).toHaveValue(site.name);

  // A second clerk, in another browser, changes the phone number and saves first.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await loginAsAdmin(otherPage);
  await otherPage.goto(`/sites/${site.id}/edit`);
  await otherPage.getByLabel('Phone number').fill(after.shown);
  await otherPage.getByRole('button', { name: 'Submit' }).click();
  await expect(otherPage).toHaveURL(/\/sites\/$/);
  await other.close();

  const mine = `${site.name} (mine)`;
  await page.getByLabel('Name (required)').fill(mine);
  await page.getByRole('button', { name: 'Submit' }).click();
  const panel = page.getByRole('region', {
    name: 'Someone else changed this record while you were editing it',
  });
  await expect(panel).toContainText(`Phone number: they changed ${before.shown} → ${after.shown}`);
  await expect(panel.getByRole('heading')).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/sites/${site.id}/edit$`));
  await expect(page.getByLabel('Name (required)')).toHaveValue(mine); // the clerk's input is kept
  await expect(panel.getByRole('radio', { name: `Use their version: ${after.shown}` })).toBeChecked();
  await expect(page.getByLabel('Phone number')).toHaveValue(after.shown);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/sites\/$/);
  expect(await getSite(page.request, site.id)).toMatchObject({ name: mine, phoneNumber: after.digits });
  await adminApi.deleteSite(site.id);
});

test('a possible duplicate is shown with why it matches; Save anyway saves it', async ({
  page,
  adminApi,
}) => {
  const address = `${Math.floor(Math.random() * 9000) + 1000} Duplicate Ave, San Francisco, CA 94124`;
  const first = await adminApi.createSite({
    name: unique('Original Site'),
    address,
    phoneNumber: '4155550111',
  });
  await loginAsAdmin(page);
  await page.goto('/sites/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Add a site' })).toBeVisible();
  const name = unique('Second Site');
  await page.getByLabel('Name (required)').fill(name);
  await page.getByLabel('Address (required)').fill(address.replace('Ave', 'Avenue'));
  await page.getByLabel('Latitude').fill('37.73');
  await page.getByLabel('Longitude').fill('-122.39');
  await page.getByRole('button', { name: 'Submit' }).click();

  const warning = page.getByRole('region', { name: 'This site may already be listed' });
  await expect(warning).toBeVisible();
  const link = warning.getByRole('link', { name: `${first.name} (opens in a new tab)` });
  await expect(link).toHaveAttribute('href', `/sites/${first.id}`);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(warning).toContainText('Same address');
  await expect(page).toHaveURL(/\/sites\/new$/);
  await expectNoAxeViolations(page);

  await warning.getByRole('button', { name: 'Save anyway' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Saved ${name}` })).toBeVisible();
  await expect(page).toHaveURL(/\/sites\/$/);
  await adminApi.deleteSite(first.id);
});

for (const [language, heading, title, addressMessage, addressLabel] of [
  ['en', 'Add a site', 'There is a problem', 'Enter the site’s address', 'Address (required)'],
  [
    'es',
    'Agregar un comedor',
    'Hay un problema',
    'Escriba la dirección del comedor',
    'Dirección (obligatoria)',
  ],
  ['zh', '新增用餐點', '表格有問題', '請輸入用餐點的地址', '地址（必填）'],
] as const) {
  test(`the error summary takes focus and links to each field (${language})`, async ({ page }) => {
    await loginAsAdmin(page);
    await page.goto(`/sites/new?lng=${language}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.locator('main form button[type="submit"]').last().click();
    const summary = page.getByRole('region', { name: title });
    await expect(summary.getByRole('heading', { name: title })).toBeFocused();
    await summary.getByRole('link', { name: addressMessage }).click();
    await expect(page.getByLabel(addressLabel)).toBeFocused();
    await expect(page.getByLabel(addressLabel)).toHaveAccessibleDescription(new RegExp(addressMessage));
    await expectNoAxeViolations(page);
  });
}

test('log in: a named error in a focused summary, and Show password', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('nobody@example.org');
  await page.getByRole('button', { name: 'Submit' }).click();
  const summary = page.getByRole('region', { name: 'There is a problem' });
  await expect(summary.getByRole('heading')).toBeFocused();
  await summary.getByRole('link', { name: 'Enter your password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();

  await page.getByLabel('Password', { exact: true }).pressSequentially('secret-12');
  const toggle = page.getByRole('button', { name: 'Show password' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  // A mouse press leaves the caret in the box, where it was.
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type('3');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('secret-123');
  await expectNoAxeViolations(page);
});

test('Confirm (no changes) and Send confirmation request, beside Save on an existing site', async ({
  page,
  adminApi,
}) => {
  const site = await adminApi.createSite({ name: unique('Checked Site'), email: 'checked@example.org' });
  const noEmail = await adminApi.createSite({ name: unique('Unmailed Site'), email: null });
  await loginAsAdmin(page);
  await page.goto('/sites/new');
  await expect(page.getByRole('button', { name: 'Confirm (no changes)' })).toHaveCount(0);

  await page.goto(`/sites/${site.id}/edit`);
  await page.getByLabel('How you checked').selectOption({ label: 'By a visit' });
  await page.getByRole('button', { name: 'Confirm (no changes)' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Information checked on / })).toBeVisible();
  const confirmed = await getSite(page.request, site.id);
  expect(confirmed.confirmedAt).toBeTruthy();
  expect(confirmed.version).toBe(site.version);

  await page.getByRole('button', { name: 'Send confirmation request' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Confirmation request sent to checked@example.org.' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(`/sites/${noEmail.id}/edit?lng=es`);
  await page.getByRole('button', { name: 'Enviar solicitud de confirmación' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Este comedor no tiene correo electrónico. Agregue uno y guarde el comedor; luego envíe la solicitud.',
  );
  await adminApi.deleteSite(site.id);
  await adminApi.deleteSite(noEmail.id);
});

test('a list item whose name is taken says so on the name, in the list’s words', async ({
  page,
  adminApi,
}) => {
  const item = await adminApi.createItem('mealtypes', { name: unique('Supper') });
  await loginAsAdmin(page);
  await page.goto('/mealtypes/new');
  await page.getByLabel('Name (required)').fill(`  ${item.name.toUpperCase()} `);
  await page.getByRole('button', { name: 'Submit' }).click();
  const summary = page.getByRole('region', { name: 'There is a problem' });
  await expect(summary.getByRole('link')).toHaveText('Name: A meal type with this name already exists.');
  await expect(page.getByLabel('Name (required)')).toHaveAccessibleDescription(
    /A meal type with this name already exists\.$/,
  );
  await page.goto(`/mealtypes/${item.id}/edit?lng=zh`);
  await expect(
    page.getByRole('heading', { level: 1, name: `編輯「${item.name}」（膳食類型）` }),
  ).toBeVisible();
});
