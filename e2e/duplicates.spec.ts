import type { Page } from '@playwright/test';
import { loginAsAdmin } from './support/admin.ts';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { createSiteAs, uniqueFacts } from './support/keep-true.ts';
import { PHONE, scrollsSideways, useLargeText } from './support/large-text.ts';
import { uniqueTag } from './support/public-pages.ts';

/**
 * docs/product.md R575–R576: staff find a possible duplicate in the workspace, compare the two sites,
 * and either record that they are two places or merge one into the other — after which the merged
 * site's page leads to the kept one until it is restored from the trash.
 */

/** Two sites sharing a phone number (so flagged), named with the journey's tag. */
async function twins(page: Page, tag: string, names: [string, string]) {
  const first = uniqueFacts(tag);
  const a = await createSiteAs(page.request, { name: names[0], ...first, email: null });
  const b = await createSiteAs(page.request, {
    name: names[1],
    ...uniqueFacts(tag),
    phoneNumber: first.phoneNumber,
    Hours: [{ day: 2, open: '11:30', close: '13:00' }],
    confirmDuplicate: true,
  });
  return [a, b] as const;
}

/** Opens the workspace, finds `name`'s row and follows its "compare and decide" link. */
async function compareFromWorkspace(page: Page, name: string, other: string) {
  await page.goto('/admin');
  const sites = page.getByRole('region', { name: 'Sites' });
  await sites.getByRole('searchbox', { name: 'Search by name' }).fill(name);
  const row = sites
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
  await expect(row.getByRole('list', { name: 'Needs attention' })).toContainText('Possible duplicate of');
  await row.getByRole('link', { name: `compare and decide ${other} with this site` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Possible duplicates' })).toBeVisible();
}

test('two sites that are different places are recorded as such and no longer flagged', async ({ page }) => {
  const tag = uniqueTag();
  await loginAsAdmin(page);
  const [a, b] = await twins(page, tag, [`Twin Hall ${tag}`, `Twin Hall Annex ${tag}`]);
  await compareFromWorkspace(page, a.name, b.name);
  await expect(page.getByRole('region', { name: b.name })).toContainText('Tuesday');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Two different sites: not a duplicate' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'are different sites' })).toBeVisible();

  await page.goto('/admin');
  const sites = page.getByRole('region', { name: 'Sites' });
  await sites.getByRole('searchbox', { name: 'Search by name' }).fill(a.name);
  const row = sites
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: a.name, exact: true }) });
  await expect(row.getByRole('heading', { level: 3 })).toBeVisible();
  await expect(row.getByText('Possible duplicate of')).toHaveCount(0);
});

test('a site merged into its twin leads to it, and comes back from the trash', async ({ page }) => {
  const tag = uniqueTag();
  await loginAsAdmin(page);
  const [keep, merged] = await twins(page, tag, [`Merge Kitchen ${tag}`, `Merge Kitchen Again ${tag}`]);
  await compareFromWorkspace(page, keep.name, merged.name);

  await page
    .getByRole('button', { name: `The same place: keep “${keep.name}”, merge “${merged.name}” into it` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Merge “${merged.name}” into “${keep.name}”?` });
  await expect(dialog).toContainText('goes to the trash');
  await dialog.getByRole('button', { name: 'Merge' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `“${merged.name}” is in the trash` }),
  ).toBeVisible();

  // The kept site has the merged one's hours and e-mail; the merged site's address leads to it.
  await page.getByRole('link', { name: `See ${keep.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/sites/${keep.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: keep.name })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(merged.email!);
  await page.goto(`/sites/${merged.id}`);
  await expect(page).toHaveURL(new RegExp(`/sites/${keep.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: keep.name })).toBeVisible();

  // Restored from the trash, the merged site is itself again.
  await page.goto('/admin/trash');
  await page.getByRole('button', { name: `Restore ${merged.name}` }).click();
  await expect(page.getByRole('status').filter({ hasText: merged.name })).toBeVisible();
  await page.goto(`/sites/${merged.id}`);
  await expect(page.getByRole('heading', { level: 1, name: merged.name })).toBeVisible();
});

test('the comparison reads on a 360 px phone at 200 % text', async ({ browser }) => {
  const context = await browser.newContext({ ...PHONE });
  const page = await context.newPage();
  const tag = uniqueTag();
  await loginAsAdmin(page);
  const [a, b] = await twins(page, tag, [`Narrow Dining Room ${tag}`, `Narrow Dining Room Two ${tag}`]);
  await useLargeText(page);
  await page.goto(`/admin/duplicates/${a.id}/${b.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Possible duplicates' })).toBeVisible();
  await expect(page.getByRole('region', { name: b.name })).toBeVisible();
  expect(await scrollsSideways(page)).toBe(false);
  await expectNoAxeViolations(page);
  await context.close();
});
