import type { Page } from '@playwright/test';
import { E2E_ADMIN } from './support/constants.ts';
import {
  createPlainUser,
  expect,
  expectNoAxeViolations,
  loginThroughForm,
  test,
} from './support/fixtures.ts';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Fills the login form already on screen (loginThroughForm starts from /login and loses `from`). */
async function submitLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
}

test('a wrong password is refused, then the right one returns to the page the visitor came from', async ({
  page,
  baseURL,
}) => {
  const user = await createPlainUser(baseURL!);
  await page.goto('/about');
  await nav(page).getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
    'href',
    '/passwords/forgot',
  );
  await expectNoAxeViolations(page);

  await submitLogin(page, user.email, 'wrong-pass-1');
  // Summarised at the top, where focus goes, with a link to the box (docs/product.md R214).
  const summary = page.getByRole('region', { name: 'There is a problem' });
  await expect(summary.getByRole('heading')).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText('Invalid email and/or password.');
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Invalid email and/or password.');
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/login$/);
  await expectNoAxeViolations(page);

  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(nav(page).getByRole('link', { name: 'Log out' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a failure other than 422 is logged and shows the generic message', async ({ page }) => {
  await page.route('**/api/auth/login', (route) =>
    route.fulfill({ status: 500, json: { status: 500, message: 'Internal Server Error' } }),
  );
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text());
  });
  await page.goto('/login');
  await submitLogin(page, 'someone@example.org', 'whatever-1');
  await expect(page.getByRole('alert')).toHaveText('An unexpected error has occurred. Please try again.');
  expect(logged.join('\n')).toContain('Internal Server Error');
});

test('the guard sends a logged-out visitor from /account to /login and back after login', async ({
  page,
  baseURL,
}) => {
  const user = await createPlainUser(baseURL!);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?from=%2Faccount$/);
  await expect(page.getByText('Please log in to see that page.')).toBeVisible();
  await submitLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
});

test('the admin guard sends a plain user from /sites/new to /login; an admin login gets there', async ({
  page,
  baseURL,
}) => {
  const user = await createPlainUser(baseURL!);
  await loginThroughForm(page, user.email, user.password);
  await expect(nav(page).getByRole('link', { name: 'Log out' })).toBeVisible();

  await page.goto('/sites/new');
  await expect(page).toHaveURL(/\/login\?from=%2Fsites%2Fnew$/);
  await expect(page.getByText(`You are logged in as ${user.email}`)).toBeVisible();
  await expectNoAxeViolations(page);

  await submitLogin(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/sites\/new$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('log out ends the session: the navigation says Log in and /account needs a login again', async ({
  page,
  baseURL,
}) => {
  const user = await createPlainUser(baseURL!);
  await loginThroughForm(page, user.email, user.password);
  await nav(page).getByRole('link', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(nav(page).getByRole('link', { name: 'Log in' })).toBeVisible();
  // The server forgot the session too: a fresh load is still logged out.
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?from=%2Faccount$/);

  // Opening /logout directly works too, though the page is still asking who is logged in.
  await loginThroughForm(page, user.email, user.password);
  await expect(nav(page).getByRole('link', { name: 'Log out' })).toBeVisible();
  await page.goto('/logout');
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(nav(page).getByRole('link', { name: 'Log in' })).toBeVisible();
  expect((await page.request.get('/api/users/me')).status()).toBe(204);
});

test('a 401 from a call sends the browser to /login, remembering the page', async ({ page, baseURL }) => {
  const user = await createPlainUser(baseURL!);
  await loginThroughForm(page, user.email, user.password);
  await expect(nav(page).getByRole('link', { name: 'Log out' })).toBeVisible();
  await nav(page).getByRole('link', { name: 'My Account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();

  // The session ends behind the page's back (page.request shares the browser's cookies).
  expect((await page.request.post('/api/auth/logout')).status()).toBe(204);
  await page.getByLabel('First name').fill('Changed');
  await page.getByRole('button', { name: 'Save changes' }).click();

  await expect(page).toHaveURL(/\/login\?from=%2Faccount$/);
  await submitLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/\/account$/);
});

test('login never sends the user to another site (open redirect)', async ({ page, baseURL }) => {
  const user = await createPlainUser(baseURL!);
  for (const from of ['https://evil.example/', '//evil.example/account', '/\\evil.example']) {
    await page.goto(`/login?from=${encodeURIComponent(from)}`);
    await submitLogin(page, user.email, user.password);
    await expect(page).toHaveURL(`${baseURL}/`);
    await page.goto('/logout');
    await expect(nav(page).getByRole('link', { name: 'Log in' })).toBeVisible();
  }
});

test('the login screen speaks Spanish and Chinese', async ({ page, baseURL }) => {
  const user = await createPlainUser(baseURL!);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(user.email);
  await page.getByLabel('Contraseña').fill('wrong-pass-1');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('region', { name: 'Hay un problema' }).getByRole('link')).toHaveText(
    'Correo electrónico y/o contraseña no válidos.',
  );
  await expect(page.getByRole('link', { name: '¿Olvidó su contraseña?' })).toBeVisible();

  await page.getByRole('button', { name: '中文' }).click();
  // The message already shown follows the language switch.
  await expect(page.getByRole('region', { name: '表格有問題' }).getByRole('link')).toHaveText(
    '電郵和/或密碼無效。',
  );
  await expect(page.getByRole('heading', { level: 1, name: '登入' })).toBeVisible();
  await expect(page.getByLabel('電郵')).toBeVisible();
  await expect(page.getByLabel('密碼')).toBeVisible();
  await expect(page.getByRole('button', { name: '提交' })).toBeVisible();
  await expectNoAxeViolations(page);
});
