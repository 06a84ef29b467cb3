import { loginAsAdmin, unique } from './support/admin.ts';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';

/**
 * The trash of deleted sites (docs/product.md R553–R554), in English, as an administrator: a site
 * deleted from its form leaves the locations page, the API and the open-data feed (defunct), waits in
 * the Trash, and comes back from there with its id, hours and lists; the trash empties only after a
 * confirmation.
 */
test('delete a site from its form, find it in the Trash, restore it, see it back', async ({
  page,
  adminApi,
}) => {
  test.slow();
  const population = await adminApi.createItem('populations', { name: unique('Trash Seniors') });
  const name = unique('Trash Kitchen');
  const site = await adminApi.createSite({
    name,
    PopulationIds: [population.id],
    Hours: [{ day: 2, open: '11:30', close: '13:00' }],
  });
  const listed = () => page.getByRole('heading', { level: 3, name, exact: true });
  await loginAsAdmin(page);

  /** The site's service in the open-data feed, among those changed since the journey began. */
  const since = new Date(Date.now() - 60_000).toISOString();
  const inFeed = async () => {
    const feed = await page.request.get(
      `/api/hsds/services?modified_after=${encodeURIComponent(since)}&per_page=500`,
    );
    expect(feed.status()).toBe(200);
    const { contents } = (await feed.json()) as { contents: { name: string; status: string }[] };
    return contents.find((service) => service.name === name)?.status;
  };

  // Deleted from its form: gone from the locations page, the API and the feed (defunct).
  await page.goto(`/sites/${site.id}/edit`);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this site?' })
    .getByRole('button', { name: 'Delete site' })
    .click();
  await expect(page).toHaveURL(/\/sites\/$/);
  await page.goto(`/sites?population=${population.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(listed()).toHaveCount(0);
  expect((await page.request.get(`/api/sites/${site.id}`)).status()).toBe(404);
  const list = (await (await page.request.get('/api/sites')).json()) as { id: number }[];
  expect(list.map((s) => s.id)).not.toContain(site.id);
  expect(await inFeed()).toBe('defunct');

  // The workspace links to the Trash, which lists it.
  await page.goto('/admin');
  const section = page.getByRole('region', { name: 'Trash', exact: true });
  await section.getByRole('link', { name: 'Open the trash' }).click();
  await expect(page).toHaveURL(/\/admin\/trash$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
  // The page's own status region (the page shell has another, for the saved banner).
  const trash = page.getByRole('region', { name: 'Trash', exact: true });
  const table = page.getByRole('table', { name: 'Deleted sites, newest first' });
  await expect(table.getByRole('rowheader', { name, exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // Restored: said in the status region, out of the trash, back on the locations page as it was.
  await page.getByRole('button', { name: `Restore ${name}`, exact: true }).click();
  await expect(trash.getByRole('status')).toHaveText(`${name} was restored.`);
  await expect(table.getByRole('rowheader', { name, exact: true })).toHaveCount(0);
  await page.goto(`/sites?population=${population.id}`);
  await expect(listed()).toBeVisible();
  const back = await (await page.request.get(`/api/sites/${site.id}`)).json();
  expect(back).toMatchObject({ id: site.id, name, Hours: site.Hours, Populations: [{ id: population.id }] });
  expect(await inFeed()).toBe('active');

  // Emptying the trash asks first; Cancel keeps it, the confirmation empties it.
  const other = await adminApi.createSite({ name: unique('Trash Other') });
  await adminApi.deleteSite(other.id);
  await page.goto('/admin/trash');
  await expect(table.getByRole('rowheader', { name: other.name, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Empty the trash' }).click();
  const dialog = page.getByRole('dialog', { name: 'Empty the trash?' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Empty the trash' }).click();
  await dialog.getByRole('button', { name: 'Empty the trash' }).click();
  await expect(trash.getByRole('status')).toHaveText('The trash was emptied.');
  await expect(page.getByText('The trash is empty.')).toBeVisible();
  expect((await page.request.post(`/api/sites/trash/${other.id}/restore`)).status()).toBe(404);
});
