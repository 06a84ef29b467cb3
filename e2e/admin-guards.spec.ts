import type { Page } from '@playwright/test';
import { LISTS } from './support/admin.ts';
import { type AdminApi, createPlainUser, expect, loginThroughForm, test } from './support/fixtures.ts';

/** Every admin route of docs/product.md R52, with real ids so the edit screens would have something to show. */
async function adminRoutes(adminApi: AdminApi) {
  const site = await adminApi.createSite();
  const routes = ['/sites/new', `/sites/${site.id}/edit`];
  for (const { segment, list } of LISTS) {
    const item = await adminApi.createItem(list);
    routes.push(`/${segment}/new`, `/${segment}/${item.id}/edit`);
  }
  return routes;
}

async function expectSentToLogin(page: Page, route: string) {
  await page.goto(route);
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('from') === route);
  await expect(page.getByRole('heading', { level: 1, name: 'Site' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
}

test('a visitor is sent to /login from every admin route, which remembers the page', async ({
  page,
  adminApi,
}) => {
  const routes = await adminRoutes(adminApi);
  expect(routes).toHaveLength(12);
  for (const route of routes) await expectSentToLogin(page, route);
});

test('a signed-in user who is not an administrator is sent to /login from every admin route', async ({
  page,
  adminApi,
  baseURL,
}) => {
  const routes = await adminRoutes(adminApi);
  const user = await createPlainUser(baseURL!);
  await loginThroughForm(page, user.email, user.password);
  await expect(page).not.toHaveURL(/\/login/);
  for (const route of routes) await expectSentToLogin(page, route);
});
