/**
 * Stored XSS (docs/product.md R67): a site and list items whose every text field the schema lets carry markup hold
 * script payloads; the list, the site page, the map popup, the partners page and the admin forms must
 * show them as text. The context bypasses the Content-Security-Policy, so this checks the pages' own
 * escaping (the CSP is a second wall, tested in server/test/security.test.ts): no payload may run, no
 * dialog may open, and no element may come out of the payload text.
 */
import type { Page } from '@playwright/test';
import { E2E_ADMIN } from './support/constants.ts';
import { expect, loginThroughForm, test } from './support/fixtures.ts';
import { uniqueTag } from './support/public-pages.ts';

test.use({ bypassCSP: true });

const IMG = '<img src=x onerror="window.__xss=1;alert(1)">';
const SCRIPT = '"><script>window.__xss=1;alert(1)</script>';
const SVG = "<svg onload=window.__xss=1 x='";
const CLOSE_DATA = '</script><script>window.__xss=1</script>';

/** Watches a page for the payloads doing anything: dialogs, the flag, or markup built from them. */
function watch(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  return async (where: string) => {
    expect(
      await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss),
      where,
    ).toBeUndefined();
    expect(dialogs, where).toEqual([]);
    // No element came out of a payload: no <img src=x>, no <svg onload>, no script with the flag.
    expect(await page.locator('img[src="x"], svg[onload]').count(), where).toBe(0);
    const scripts = await page
      .locator('script')
      .evaluateAll((nodes) => nodes.map((n) => n.textContent ?? ''));
    expect(
      scripts.filter((text) => text.includes('window.__xss') && !text.trimStart().startsWith('{')),
      where,
    ).toEqual([]);
  };
}

test('script payloads in every text field stay text on the public pages, the map popup and the admin forms', async ({
  page,
  adminApi,
  request,
}) => {
  const tag = uniqueTag();
  const names = {
    site: `${IMG} Dining ${tag}`,
    address: `${SCRIPT} 1 Market St ${tag}`,
    population: `${SVG} Seniors ${tag}`,
    mealType: `${CLOSE_DATA} Lunch ${tag}`,
    service: `${IMG} Delivery ${tag}`,
    status: `${SCRIPT} Open ${tag}`,
    partner: `${SCRIPT} Partner ${tag}`,
  };
  const website = `https://xss-${tag}.example.org/?q="><img src=x onerror=window.__xss=1>`;
  // Stored as the URL parser writes it (docs/product.md R370): the markup arrives percent-encoded.
  const stored = new URL(website).href;
  // The e-mail schema refuses markup; the apostrophe it allows tests attribute quoting.
  const email = `o'brien.${tag}@example.org`;

  // The schema refuses markup in an e-mail and script URLs in a website: nothing to render there.
  const signIn = await request.post('/api/auth/login', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(signIn.status()).toBe(200);
  for (const [field, body] of [
    ['email', { name: `Refused ${tag}`, address: '1 Main St', email: `${IMG}@example.org` }],
    ['website', { name: `Refused ${tag}`, address: '1 Main St', website: 'javascript:window.__xss=1' }],
  ] as const) {
    const refused = await request.post('/api/sites', { data: body });
    expect(refused.status()).toBe(422);
    expect((await refused.json()).errors).toEqual([expect.objectContaining({ path: field })]);
  }

  const population = await adminApi.createItem('populations', { name: names.population });
  const mealType = await adminApi.createItem('mealtypes', { name: names.mealType });
  const service = await adminApi.createItem('services', { name: names.service });
  const status = await adminApi.createItem('covidstatuses', { name: names.status });
  const partner = await adminApi.createItem('nutritionpartners', {
    name: names.partner,
    email,
    website,
  });
  const site = await adminApi.createSite({
    name: names.site,
    address: names.address,
    email,
    website,
    lat: 37.7793,
    lng: -122.4193,
    PopulationIds: [population.id],
    MealTypeIds: [mealType.id],
    ServiceIds: [service.id],
    CovidStatusIds: [status.id],
    NutritionPartnerIds: [partner.id],
  });
  expect(site).toMatchObject({ name: names.site, address: names.address, website: stored, email });

  const clean = watch(page);

  // The list (its data is embedded in the page's HTML: the </script> payload must not close it).
  await page.goto(`/sites?population=${population.id}`);
  await expect(page.getByRole('link', { name: names.site, exact: true })).toBeVisible();
  await clean('/sites');

  // The map popup, opened from the marker named after the site.
  const map = page.getByRole('region', { name: 'Map of meal sites' });
  await map.getByRole('button', { name: names.site }).click();
  await expect(map.getByRole('heading', { level: 3, name: names.site })).toBeVisible();
  await expect(map.getByText(names.address)).toBeVisible();
  await expect(map.getByText(names.population, { exact: false })).toBeVisible();
  await clean('the map popup');

  // The site page.
  await page.goto(`/sites/${site.id}`);
  await expect(page.getByRole('heading', { level: 1, name: names.site })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Address' })).toContainText(names.address);
  for (const text of [names.population, names.mealType, names.service, names.status])
    await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
  const contact = page.getByRole('region', { name: 'Contact' });
  await expect(contact.getByRole('link', { name: stored })).toHaveAttribute('href', stored);
  await expect(contact.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
  await clean(`/sites/${site.id}`);

  // The partners page.
  await page.goto('/partners');
  await expect(page.getByText(names.partner)).toBeVisible();
  await clean('/partners');

  // The admin forms, signed in through the login form.
  await loginThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/sites/${site.id}/edit`);
  await expect(page.getByLabel('Name (required)')).toHaveValue(names.site);
  await expect(page.getByLabel('Address (required)')).toHaveValue(names.address);
  await expect(page.getByLabel('Website')).toHaveValue(stored);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  // The five checklists label their items with the payload names.
  for (const text of [names.population, names.mealType, names.service, names.status, names.partner])
    await expect(page.getByRole('checkbox', { name: text })).toBeChecked();
  await clean(`/sites/${site.id}/edit`);

  await page.goto(`/partners/${partner.id}/edit`);
  await expect(page.getByLabel('Name (required)')).toHaveValue(names.partner);
  await expect(page.getByLabel('Website')).toHaveValue(stored);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await clean(`/partners/${partner.id}/edit`);

  for (const [segment, item] of [
    ['populations', population],
    ['mealtypes', mealType],
    ['services', service],
    ['statuses', status],
  ] as const) {
    await page.goto(`/${segment}/${item.id}/edit`);
    await expect(page.getByLabel('Name (required)')).toHaveValue(item.name);
    await clean(`/${segment}/${item.id}/edit`);
  }
});
