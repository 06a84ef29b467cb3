import type { Page } from '@playwright/test';
import { loginAsAdmin, unique } from './support/admin.ts';
import { expect, expectNoAxeViolations, loginThroughForm, test } from './support/fixtures.ts';
import { PHONE, scrollsSideways, useLargeText } from './support/large-text.ts';
import { invitationLinkPathFor } from './support/mail.ts';

/**
 * Staff accounts (docs/product.md R580–R589): an administrator invites an editor and a partner
 * manager through the screen; the editor sets a password from the e-mail's link, keeps the sites but
 * cannot open the staff accounts; deactivated while signed in, the editor's next step is refused.
 */

const account = (page: Page, name: string) => page.getByRole('listitem', { name: new RegExp(`^${name}`) });

async function invite(page: Page, person: { email: string; first: string; last: string; role: string }) {
  const form = page.getByRole('form', { name: 'Invite someone' });
  await form.getByLabel('Email').fill(person.email);
  await form.getByLabel('First name').fill(person.first);
  await form.getByLabel('Last name').fill(person.last);
  await form.getByRole('radio', { name: person.role }).check();
  return form;
}

test('invite an editor and a partner manager, the editor joins, then is deactivated', async ({
  page,
  browser,
  adminApi,
}) => {
  test.slow();
  const partner = await adminApi.createItem('nutritionpartners', { name: unique('Invite Partner') });
  const site = await adminApi.createSite({ name: unique('Invite Site') });
  const tag = unique('x').split(' ')[1]!;
  const editor = {
    email: `editor-${tag}@example.org`,
    first: 'Eddie',
    last: `Editor ${tag}`,
    role: 'Editor',
  };
  const manager = {
    email: `manager-${tag}@example.org`,
    first: 'Pia',
    last: `Partner ${tag}`,
    role: 'Partner manager',
  };

  await loginAsAdmin(page);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Manage staff accounts' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Staff accounts' })).toBeVisible();

  // An empty invitation is refused with named errors, nothing sent.
  await page.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByRole('region', { name: 'There is a problem' }).getByRole('heading')).toBeFocused();
  await expect(page.getByRole('link', { name: 'Enter their email address' })).toBeVisible();

  const editorForm = await invite(page, editor);
  await editorForm.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(editorForm.getByRole('status')).toHaveText(`An invitation was sent to ${editor.email}.`);
  await expect(account(page, `Eddie Editor ${tag}`)).toContainText('Invitation pending');

  const managerForm = await invite(page, manager);
  await managerForm
    .getByRole('group', { name: 'Nutrition partners they keep' })
    .getByRole('checkbox', { name: partner.name })
    .check();
  await managerForm.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(managerForm.getByRole('status')).toHaveText(`An invitation was sent to ${manager.email}.`);
  await expect(account(page, `Pia Partner ${tag}`)).toContainText(partner.name);
  await expectNoAxeViolations(page);

  // The editor opens the e-mail's link in a browser of their own and sets a password.
  const editorContext = await browser.newContext();
  const editorPage = await editorContext.newPage();
  await editorPage.goto(await invitationLinkPathFor(editor.email));
  await expect(
    editorPage.getByRole('heading', { level: 1, name: 'Set a password for your account' }),
  ).toBeVisible();
  await editorPage.getByLabel('New password').fill('editor-pass-1');
  await editorPage.getByRole('button', { name: 'Save my password' }).click();
  await expect(editorPage).toHaveURL(/\/login$/);
  await expect(editorPage.getByText('Your password has been saved. You can now log in.')).toBeVisible();
  await loginThroughForm(editorPage, editor.email, 'editor-pass-1');
  await expect(editorPage).not.toHaveURL(/\/login/);

  // An editor keeps the sites, but staff accounts are for administrators.
  await editorPage.goto(`/sites/${site.id}/edit`);
  await expect(editorPage.getByRole('heading', { level: 1, name: `Edit ${site.name}` })).toBeVisible();
  const menu = editorPage.getByRole('navigation', { name: 'Main' });
  await expect(menu.getByRole('link', { name: 'Workspace' })).toBeAttached();
  await expect(menu.getByRole('link', { name: 'Staff accounts' })).toHaveCount(0);
  await editorPage.goto('/admin/users');
  await expect(editorPage).toHaveURL(/\/login\?from=%2Fadmin%2Fusers$/);
  await expect(editorPage.getByText(/^That page is for administrators\./)).toBeVisible();
  await editorPage.goto('/admin');
  await expect(editorPage.getByRole('heading', { level: 1, name: 'Workspace' })).toBeVisible();

  // The administrator deactivates the editor, whose browser is still signed in.
  await page.reload();
  await expect(account(page, `Eddie Editor ${tag}`)).toContainText('Active');
  await page.getByRole('button', { name: `Deactivate Eddie Editor ${tag}` }).click();
  const dialog = page.getByRole('dialog', { name: `Deactivate Eddie Editor ${tag}?` });
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText(`Eddie Editor ${tag} was deactivated.`)).toBeVisible();
  await expect(account(page, `Eddie Editor ${tag}`)).toContainText('Deactivated');

  // The editor's next step is refused: they are sent to log in, and logging in is refused.
  await editorPage.getByRole('link', { name: 'Open the trash' }).click();
  await expect(editorPage).toHaveURL(/\/login/);
  await loginThroughForm(editorPage, editor.email, 'editor-pass-1');
  await expect(editorPage.getByRole('region', { name: 'There is a problem' }).getByRole('link')).toHaveText(
    'Invalid email and/or password.',
  );
  await editorContext.close();
});

test('the staff accounts screen on a phone with 200 % text', async ({ browser }) => {
  test.slow();
  const phone = await browser.newContext({ ...PHONE });
  const page = await phone.newPage();
  await useLargeText(page);
  await loginAsAdmin(page);
  // A pending invitation with a long address: its card has the most to fit.
  const tag = unique('x').split(' ')[1]!;
  const invited = await page.request.post('/api/users/invitations', {
    data: {
      email: `a-rather-long-address-for-a-phone-${tag}@example.org`,
      firstName: 'Maximiliana',
      lastName: `Longname ${tag}`,
      role: 'user',
    },
  });
  expect(invited.status()).toBe(201);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff accounts' })).toBeVisible();
  await expect(account(page, `Maximiliana Longname ${tag}`)).toContainText('Invitation pending');
  await expectNoAxeViolations(page);
  expect(await scrollsSideways(page)).toBe(false);
  await phone.close();
});

test('an administrator reads the deployment settings on a phone with 200 % text; secrets stay hidden', async ({
  browser,
}) => {
  test.slow();
  const phone = await browser.newContext({ ...PHONE });
  const page = await phone.newPage();
  await useLargeText(page);
  await loginAsAdmin(page);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Deployment settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Deployment settings' })).toBeVisible();
  const setting = (name: string) =>
    page
      .getByRole('definition')
      .filter({ has: page.locator(`xpath=preceding-sibling::dt[1][normalize-space()="${name}"]`) });
  await expect(setting('PARTNER_CHANGES')).toHaveText('review (default)');
  await expect(setting('SESSION_SECRET')).toHaveText(/^(Set \(hidden\)|Not set) \(/);
  await expectNoAxeViolations(page);
  expect(await scrollsSideways(page)).toBe(false);
  await phone.close();
});
