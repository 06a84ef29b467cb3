import { loginAsAdmin, phonePair, unique } from './support/admin.ts';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { PHONE, scrollsSideways, useLargeText } from './support/large-text.ts';

/**
 * The history of a site (docs/product.md R560–R563), in English, as an administrator: a mistaken
 * change made through the form shows in the site's history field by field; restoring the version
 * before it, after the confirmation, puts the old value back on the public site page.
 */
test('undo a mistaken change from the site’s history and see the site page show the old value', async ({
  page,
  adminApi,
  browser,
}) => {
  test.slow();
  const [right, wrong] = phonePair();
  const name = unique('History Kitchen');
  const site = await adminApi.createSite({ name, phoneNumber: right.digits });
  await loginAsAdmin(page);

  // The mistake, through the form.
  await page.goto(`/sites/${site.id}/edit`);
  await page.getByLabel('Phone number', { exact: true }).fill(wrong.shown);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/sites\/$/);

  // The form links to the history, which shows the change field by field, newest first.
  await page.goto(`/sites/${site.id}/edit`);
  await page.getByRole('link', { name: 'History of changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/sites/${site.id}/history$`));
  await expect(page.getByRole('heading', { level: 1, name: `History of changes: ${name}` })).toBeVisible();
  const entries = page.getByRole('list', { name: 'Changes, newest first' }).getByRole('listitem');
  await expect(entries).toHaveCount(2);
  await expect(entries.first().getByRole('term')).toHaveText(['Phone number']);
  await expect(entries.first().getByRole('definition')).toHaveText([
    `Before: ${right.shown} → After: ${wrong.shown}`,
  ]);
  await expect(entries.first()).toContainText('Made through the form');
  await expect(entries.first()).toContainText('By Ada Admin');
  await expectNoAxeViolations(page);

  // Restore the version before it: the dialog names its date; the status says so; the new entry is on top.
  const restore = entries.nth(1).getByRole('button', { name: /^Restore this version, from / });
  const label = (await restore.getAttribute('aria-label')) ?? '';
  const date = label.replace('Restore this version, from ', '');
  await restore.click();
  const dialog = page.getByRole('dialog', { name: `Restore the version of ${date}?` });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Restore this version' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Restored the version' })).toHaveText(
    `Restored the version of ${date}. It is now the current version, at the top of the list.`,
  );
  await expect(entries).toHaveCount(3);
  await expect(entries.first()).toContainText(`Restored the version of ${date}`);
  await expect(entries.first()).toContainText('Made through a restore from the history');
  await expect(entries.first().getByRole('definition')).toHaveText([
    `Before: ${wrong.shown} → After: ${right.shown}`,
  ]);

  // A list item's form links to its own history too.
  const service = await adminApi.createItem('services', { name: unique('History Rides') });
  await page.goto(`/services/${service.id}/edit`);
  await page.getByRole('link', { name: 'History of changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/services/${service.id}/history$`));
  await expect(
    page.getByRole('heading', { level: 1, name: `History of changes: ${service.name}` }),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Changes, newest first' }).getByRole('listitem')).toHaveCount(
    1,
  );
  await expect(page.getByRole('button', { name: /^Restore this version/ })).toHaveCount(0);

  // The public site page shows the old phone again.
  await page.goto(`/sites/${site.id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(
    page.getByRole('link', { name: new RegExp(right.shown.replace(/[()]/g, '\\$&')) }).first(),
  ).toBeVisible();
  await expect(page.getByText(wrong.shown)).toHaveCount(0);

  // On a 360 px phone with 200 % text, the history reads without sideways scrolling and passes axe.
  const phone = await browser.newContext({ ...PHONE });
  const small = await phone.newPage();
  await useLargeText(small);
  try {
    await loginAsAdmin(small);
    await small.goto(`/sites/${site.id}/history`);
    await expect(small.getByRole('heading', { level: 1, name: `History of changes: ${name}` })).toBeVisible();
    await expect(
      small.getByRole('list', { name: 'Changes, newest first' }).getByRole('listitem'),
    ).toHaveCount(3);
    expect(await scrollsSideways(small)).toBe(false);
    await expectNoAxeViolations(small);
  } finally {
    await phone.close();
  }
});
