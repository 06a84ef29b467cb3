import { loginAsAdmin, phonePair, unique } from './support/admin.ts';
import { expect, expectNoAxeViolations, loginThroughForm, test } from './support/fixtures.ts';
import { scrollsSideways, useLargeText } from './support/large-text.ts';
import { decodedBodies, newestMailTo } from './support/mail.ts';
import { editorAccount, partnerManager } from './support/partner-manager.ts';

/**
 * Proposed changes (docs/product.md R590–R599), in English: a partner manager changes their own
 * site's hours, which waits as a proposal; an editor applies it on the review screen; the
 * public site page then shows the new hours and the history credits the partner manager. The same
 * partner manager is refused another partner's site.
 */
test('a partner manager proposes new hours, staff apply them, the public page shows them', async ({
  page,
  adminApi,
  baseURL,
}) => {
  test.slow();
  const own = await adminApi.createItem('nutritionpartners', { name: unique('Proposal Partner') });
  const another = await adminApi.createItem('nutritionpartners', { name: unique('Other Partner') });
  const [phone] = phonePair();
  const name = unique('Proposal Kitchen');
  const site = await adminApi.createSite({
    name,
    phoneNumber: phone.digits,
    NutritionPartnerIds: [own.id],
    Hours: [{ day: 1, open: '11:00', close: '13:00' }],
  });
  const other = await adminApi.createSite({ name: unique('Not Theirs'), NutritionPartnerIds: [another.id] });
  const manager = await partnerManager(baseURL!, [own.id]);
  const newHours = [{ day: 2, open: '12:00', close: '14:00' }];

  // The change waits for staff; another partner's site is refused.
  const proposed = await manager.api.patch(`/api/sites/${site.id}`, {
    data: { version: site.version, Hours: newHours },
  });
  expect(proposed.status(), await proposed.text()).toBe(202);
  const refused = await manager.api.patch(`/api/sites/${other.id}`, { data: { Hours: newHours } });
  expect(refused.status()).toBe(403);
  await manager.api.dispose();

  // An editor (not only an administrator) takes it from the workspace to the proposal's review.
  const editor = await editorAccount(baseURL!);
  await loginThroughForm(page, editor.email, editor.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/admin');
  await page
    .getByRole('region', { name: 'Proposed changes' })
    .getByRole('link', { name: 'Review the proposed changes' })
    .click();
  await expect(page).toHaveURL(/\/admin\/proposals$/);
  await page.getByRole('link', { name: `Review the changes to ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Proposed changes to ${name}`);
  await expect(page.getByText('Proposed by Pat Partner on', { exact: false })).toBeVisible();
  const hours = page.getByRole('region', { name: 'Hours' });
  await expect(hours.getByText('Tuesday: 12:00 PM – 2:00 PM')).toBeVisible();
  await expectNoAxeViolations(page);

  await hours.getByRole('group', { name: 'Decision for Hours' }).getByLabel('Apply').check();
  await page.getByRole('button', { name: 'Submit decisions' }).click();
  const review = page.getByRole('region', { name: `Proposed changes to ${name}` });
  await expect(review.getByRole('status')).toHaveText(
    'Every change has been decided. The person who proposed them was told by email.',
  );
  await expect(hours.getByText(/^Applied by Eddie Editor on /)).toBeVisible();
  await expectNoAxeViolations(page);

  // The public page shows the new hours; the history credits the partner manager.
  await page.goto(`/sites/${site.id}`);
  const week = page.getByRole('region', { name: 'Opening hours' });
  await expect(week.getByRole('definition')).toHaveText([
    'Closed',
    '12:00 PM – 2:00 PM',
    'Closed',
    'Closed',
    'Closed',
    'Closed',
    'Closed',
  ]);
  const [latest] = await adminApi.siteHistory(site.id);
  expect(latest).toMatchObject({ action: 'update', user: { id: manager.id, firstName: 'Pat' } });
});

test('the proposed changes fit a 320 px screen at 200 % text', async ({ page, adminApi, baseURL }) => {
  test.slow();
  const own = await adminApi.createItem('nutritionpartners', { name: unique('Narrow Partner') });
  const name = unique('Narrow Proposal Kitchen');
  const site = await adminApi.createSite({ name, NutritionPartnerIds: [own.id] });
  const manager = await partnerManager(baseURL!, [own.id]);
  const proposed = await manager.api.patch(`/api/sites/${site.id}`, {
    data: {
      version: site.version,
      Hours: [{ day: 4, open: '11:30', close: '13:30', weeks: [1, 3] }],
      website: 'https://a-rather-long-address-for-a-narrow-screen.example.org/meals/lunch',
      facts: { walkIns: true, cost: 'free' },
    },
  });
  expect(proposed.status(), await proposed.text()).toBe(202);
  const { id } = await proposed.json();
  await manager.api.dispose();

  await loginAsAdmin(page);
  await page.setViewportSize({ width: 320, height: 640 });
  await useLargeText(page, 2);
  await page.goto('/admin/proposals');
  await expect(page.getByRole('link', { name: `Review the changes to ${name}` })).toBeVisible();
  expect(await scrollsSideways(page)).toBe(false);
  await page.goto(`/admin/proposals/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Proposed changes to ${name}`);
  await expect(page.getByRole('group', { name: 'Decision for Website' })).toBeVisible();
  expect(await scrollsSideways(page)).toBe(false);
  await expectNoAxeViolations(page);
});

test('a partner manager sends a change from their own screen: sent for review, listed as waiting', async ({
  page,
  adminApi,
  baseURL,
}) => {
  test.slow();
  const own = await adminApi.createItem('nutritionpartners', { name: unique('Screen Partner') });
  const name = unique('Screen Proposal Kitchen');
  const site = await adminApi.createSite({ name, NutritionPartnerIds: [own.id] });
  const manager = await partnerManager(baseURL!, [own.id]);
  await manager.api.dispose();

  await loginThroughForm(page, manager.email, manager.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.getByRole('link', { name: 'My sites' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My sites');
  await page.getByRole('link', { name: `Change the hours, contacts and facts of ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/my-sites/${site.id}$`));
  await page.getByLabel(/^Website/).fill('https://proposed.example.org');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sent for review' })).toBeVisible();
  // Nothing public changed.
  expect((await (await page.request.get(`/api/sites/${site.id}`)).json()).website).toBe(site.website);
  await page.getByRole('link', { name: 'Back to my sites' }).click();
  // Only what was changed is proposed: not the hours, phone or facts the form sent back as they were.
  await expect(page.getByText(`${name},`, { exact: false })).toHaveText(/: Website: Waiting$/);
});

test('a site contact proposes corrections from their link; staff see them as the contact’s', async ({
  page,
  adminApi,
  browser,
}) => {
  test.slow();
  const name = unique('Contact Proposal Kitchen');
  const email = `contact-${Date.now()}@example.org`;
  const site = await adminApi.createSite({ name, email });
  await loginAsAdmin(page);
  const requested = await page.request.post(`/api/sites/${site.id}/confirmation-requests`);
  expect(requested.status(), await requested.text()).toBe(202);
  let link = '';
  await expect
    .poll(async () => {
      const eml = await newestMailTo(email);
      link =
        decodedBodies(eml)
          .map((body) => /https?:\/\/[^\s"'<>]+(\/confirm\/[A-Za-z0-9_-]+)/.exec(body)?.[1])
          .find(Boolean) ?? '';
      return link;
    })
    .not.toBe('');

  // The contact, signed out.
  const contact = await browser.newContext();
  const contactPage = await contact.newPage();
  await contactPage.goto(link);
  await contactPage.getByRole('button', { name: 'Something is wrong? Propose corrections' }).click();
  await expect(contactPage.getByRole('heading', { level: 2, name: 'Propose corrections' })).toBeVisible();
  await contactPage.getByLabel(/^Website/).fill('https://corrected.example.org');
  await expectNoAxeViolations(contactPage);
  await contactPage.getByRole('button', { name: 'Send the corrections' }).click();
  await expect(contactPage.getByText(/^We received your corrections\./)).toBeVisible();
  await contact.close();

  await page.goto('/admin/proposals');
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  await expect(row.getByRole('cell').nth(0)).toHaveText('The site’s contact');
  await expect(row.getByRole('cell').nth(2)).toHaveText('Website');
});

/** A date `days` from now, 'YYYY-MM-DD' (far enough ahead to stay upcoming whatever the zone). */
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('a partner manager closes their own site at once, and cannot remove a closure staff keep', async ({
  page,
  adminApi,
  baseURL,
}) => {
  test.slow();
  const own = await adminApi.createItem('nutritionpartners', { name: unique('Closing Partner') });
  const another = await adminApi.createItem('nutritionpartners', { name: unique('Neighbor Partner') });
  const name = unique('Burst Pipe Kitchen');
  const site = await adminApi.createSite({ name, NutritionPartnerIds: [own.id] });
  const neighbor = await adminApi.createSite({
    name: unique('Neighbor Kitchen'),
    NutritionPartnerIds: [another.id],
  });
  // Staff's closure naming both partners' sites: the partner manager sees it but may not remove it.
  await adminApi.createClosure({
    startDate: daysAhead(30),
    endDate: daysAhead(31),
    reason: 'Street fair',
    siteIds: [site.id, neighbor.id],
  });
  const manager = await partnerManager(baseURL!, [own.id]);
  await manager.api.dispose();

  await loginThroughForm(page, manager.email, manager.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/my-sites/${site.id}`);
  const closures = page.getByRole('group', { name: 'Closures of this site', exact: true });
  await expect(closures.getByText(/shown to visitors at once/)).toBeVisible();
  await expect(closures.getByRole('link', { name: 'All closures' })).toHaveCount(0);
  const table = closures.getByRole('table', { name: 'Closures of this site' });
  await expect(table.getByRole('row', { name: /Street fair/ })).toContainText('Kept by staff');
  await expect(table.getByRole('button', { name: 'Remove Street fair' })).toHaveCount(0);

  const adder = closures.getByRole('group', { name: 'Add a closure' });
  await adder.getByLabel('Reason (required)').fill('Burst pipe');
  await adder.getByLabel('First day closed (required)').fill(daysAhead(3));
  await adder.getByLabel('Last day closed').fill(daysAhead(4));
  await adder.getByRole('button', { name: 'Add closure' }).click();
  await expect(table.getByRole('row', { name: /Burst pipe/ })).toBeVisible();
  await expectNoAxeViolations(page);

  // Published at once, not a proposal: the public closures list has it, credited to the partner.
  const stored = (await (await page.request.get(`/api/closures?siteId=${site.id}`)).json()) as {
    id: number;
    reason: string;
    siteIds: number[];
  }[];
  const burst = stored.find((closure) => closure.reason === 'Burst pipe');
  expect(burst).toMatchObject({ siteIds: [site.id] });
  const [created] = await adminApi.closureHistory(burst!.id);
  expect(created).toMatchObject({ action: 'create', user: { id: manager.id } });

  // And they can take it off again.
  await table.getByRole('button', { name: 'Remove Burst pipe' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove closure' }).click();
  await expect(table.getByRole('row', { name: /Burst pipe/ })).toHaveCount(0);
});
