import { REFERENCE_LISTS } from '#shared/schemas/reference-lists.ts';
import { getItem, getSite, LISTS, loginAsAdmin, unique } from './support/admin.ts';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';

test.describe('the one generic reference-list form', () => {
  for (const { segment, list, title, legend, add } of LISTS) {
    test(`${title}: create, rename and delete an item in use, with the usage warning`, async ({
      page,
      adminApi,
    }) => {
      await loginAsAdmin(page);
      const name = unique(title);
      const checklist = page.getByRole('group', { name: legend, exact: true });

      // Create from the site form's 'add' link; after saving it goes back one page.
      await page.goto('/sites/new');
      await checklist.getByRole('link', { name: add }).click();
      await expect(page).toHaveURL(new RegExp(`/${segment}/new$`));
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
      await page.getByLabel('Name (required)').fill(name);
      if (list === 'nutritionpartners') {
        await page.getByLabel('Phone number').fill('(628) 555-0142');
        await page.getByLabel('Email').fill('meals@partner.example.org');
        await page.getByLabel('Website').fill('partner.example.org');
      } else {
        await expect(page.getByLabel('Phone number')).toHaveCount(0);
      }
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page).toHaveURL(/\/sites\/new$/);
      await expect(checklist.getByRole('checkbox', { name })).toBeVisible();
      const items = (await (await page.request.get(`/api/${list}`)).json()) as { id: number; name: string }[];
      const id = items.find((i) => i.name === name)?.id;
      expect(id, 'the new item is listed').toBeTruthy();
      if (list === 'nutritionpartners') {
        expect((await getItem(page.request, list, id!)).item).toMatchObject({
          phoneNumber: '6285550142',
          email: 'meals@partner.example.org',
          website: 'https://partner.example.org',
        });
      }

      // Rename through the item's 'edit' link.
      await checklist.getByRole('link', { name: `edit ${name}` }).click();
      await expect(page).toHaveURL(new RegExp(`/${segment}/${id}/edit$`));
      await expect(page.getByText(/^Last updated by Ada Admin on /)).toBeVisible();
      await expect(page.getByLabel('Name (required)')).toHaveValue(name);
      const renamed = `${name} renamed`;
      await page.getByLabel('Name (required)').fill(renamed);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page).toHaveURL(/\/sites\/new$/);
      await expect(checklist.getByRole('checkbox', { name: renamed })).toBeVisible();
      expect((await getItem(page.request, list, id!)).item?.name).toBe(renamed);

      // Delete while two sites use it: the form says so and asks first.
      const uses = { [REFERENCE_LISTS[list].idsKey]: [id] };
      const first = await adminApi.createSite(uses);
      const second = await adminApi.createSite(uses);
      await checklist.getByRole('link', { name: `edit ${renamed}` }).click();
      await page.getByRole('button', { name: 'Delete' }).click();
      const dialog = page.getByRole('dialog', { name: `Delete “${renamed}”?` });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('2 sites use this item.');
      // Escape (or Cancel) keeps it.
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      expect((await getItem(page.request, list, id!)).status).toBe(200);
      await page.getByRole('button', { name: 'Delete' }).click();
      await dialog.getByRole('button', { name: 'Delete item' }).click();
      await expect(page).toHaveURL(/\/sites\/new$/);
      await expect(checklist.getByRole('checkbox', { name: renamed })).toHaveCount(0);
      expect((await getItem(page.request, list, id!)).status).toBe(404);
      // docs/product.md R62: the sites stay, without the item.
      for (const site of [first, second]) {
        const after = await getSite(page.request, site.id);
        expect(after.name).toBe(site.name);
        expect(JSON.stringify(after)).not.toContain(renamed);
      }
      await adminApi.deleteSite(first.id);
      await adminApi.deleteSite(second.id);
    });
  }

  test('opened directly, with no page to go back to, saving lands on /sites', async ({ page }) => {
    await loginAsAdmin(page);
    await page.goto('/statuses/new');
    await page.getByLabel('Name (required)').fill(unique('Open for takeout'));
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/sites$/);
  });
});

test('a validation failure shows per-field errors and a summary, and stays on the page', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/partners/new');
  await page.getByLabel('Phone number').fill('555-12');
  await page.getByLabel('Email').fill('not an address');
  await page.getByRole('button', { name: 'Submit' }).click();
  const summary = page.getByRole('region', { name: 'There is a problem' });
  await expect(summary.getByRole('heading')).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([
    'Enter the name of the nutrition partner',
    'Phone number: Must be exactly 10 digits.',
    'Email: Must be a valid email address.',
  ]);
  await expect(page.getByLabel('Name (required)')).toHaveAccessibleDescription(
    /Enter the name of the nutrition partner$/,
  );
  await expect(page.getByLabel('Phone number')).toHaveAccessibleDescription(/Must be exactly 10 digits\.$/);
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Must be a valid email address.');
  await expect(page).toHaveURL(/\/partners\/new$/);
  await expectNoAxeViolations(page);

  // The server's own answer shows the same way (a name that is too long is caught by both).
  await page.getByLabel('Name (required)').fill('x'.repeat(201));
  await page.getByLabel('Phone number').fill('');
  await page.getByLabel('Email').fill('');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByLabel('Name (required)')).toHaveAccessibleDescription(
    /Must be at most 200 characters\.$/,
  );
  await expect(page).toHaveURL(/\/partners\/new$/);
});

test('a stale edit answers 409: the form keeps the admin’s copy, shows what changed, and saves against the new version', async ({
  page,
  adminApi,
}) => {
  const item = await adminApi.createItem('services', { name: unique('Takeout') });
  await loginAsAdmin(page);
  await page.goto(`/services/${item.id}/edit`);
  await expect(page.getByLabel('Name (required)')).toHaveValue(item.name);

  // Someone else renames it meanwhile.
  const theirs = `${item.name} (theirs)`;
  expect((await page.request.patch(`/api/services/${item.id}`, { data: { name: theirs } })).status()).toBe(
    200,
  );

  const mine = `${item.name} (mine)`;
  await page.getByLabel('Name (required)').fill(mine);
  await page.getByRole('button', { name: 'Submit' }).click();
  const panel = page.getByRole('region', {
    name: 'Someone else changed this record while you were editing it',
  });
  await expect(panel).toContainText(`Name: they changed ${item.name} → ${theirs}`);
  await expect(page).toHaveURL(new RegExp(`/services/${item.id}/edit$`));
  // Both changed the name: the admin's own is kept unless they take theirs.
  await expect(panel.getByRole('radio', { name: `Keep yours: ${mine}` })).toBeChecked();
  await expect(page.getByLabel('Name (required)')).toHaveValue(mine);
  expect((await getItem(page.request, 'services', item.id)).item?.name).toBe(theirs);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/sites$/);
  expect((await getItem(page.request, 'services', item.id)).item?.name).toBe(mine);
});

test('a stale delete answers 409 too, shows what changed, and nothing is deleted', async ({
  page,
  adminApi,
}) => {
  const item = await adminApi.createItem('mealtypes');
  await loginAsAdmin(page);
  await page.goto(`/mealtypes/${item.id}/edit`);
  await expect(page.getByLabel('Name (required)')).toHaveValue(item.name);
  await page.request.patch(`/api/mealtypes/${item.id}`, { data: { name: `${item.name}!` } });
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete item' }).click();
  await expect(page.getByRole('region', { name: /Someone else changed this record/ })).toContainText(
    `Name: they changed ${item.name} → ${item.name}!`,
  );
  expect((await getItem(page.request, 'mealtypes', item.id)).status).toBe(200);
});

// One journey per list: eleven pages, each with axe, in one journey made it long enough for a busy
// machine to run out of time.
for (const { segment, list, title } of LISTS) {
  test(`the ${segment} form, new and edit, has no axe violations`, async ({ page, adminApi }) => {
    await loginAsAdmin(page);
    await page.goto(`/${segment}/new`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expectNoAxeViolations(page);
    const item = await adminApi.createItem(list);
    await page.goto(`/${segment}/${item.id}/edit`);
    await expect(page.getByText(/^Last updated by/)).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test('the delete dialog has no axe violations', async ({ page, adminApi }) => {
  await loginAsAdmin(page);
  const item = await adminApi.createItem('populations');
  await page.goto(`/populations/${item.id}/edit`);
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toContainText('No site uses this item.');
  await expectNoAxeViolations(page);
});

test('an unknown or malformed id shows a not-found message in every language', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/populations/999999/edit');
  await expect(page.getByRole('alert')).toContainText('We could not find this record.');
  await page.goto('/statuses/abc/edit?lng=es');
  await expect(page.getByRole('heading', { level: 1, name: 'Situación' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('No encontramos este registro.');
  await page.goto('/partners/new?lng=zh');
  await expect(page.getByRole('heading', { level: 1, name: '膳食服務機構' })).toBeVisible();
  await expect(page.getByLabel('名稱（必填）')).toBeVisible();
  await page.goto('/partners/new?lng=en');
});
