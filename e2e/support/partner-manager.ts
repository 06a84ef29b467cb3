import { type APIRequestContext, expect, request } from '@playwright/test';

let counter = 0;

/**
 * A partner manager of the given nutrition partners, made through the journeys' test-only
 * `POST /test/accounts` (server/plugins/test-accounts.ts, TEST_ACCOUNTS in playwright.config.ts), and
 * an API context signed in as them.
 */
export async function partnerManager(baseURL: string, partnerIds: number[]) {
  counter += 1;
  const account = {
    email: `partner-${Date.now()}-${counter}-${process.pid}@example.org`,
    password: 'partner-pass-1',
    firstName: 'Pat',
    lastName: 'Partner',
  };
  const setup = await request.newContext({ baseURL });
  const made = await setup.post('/test/accounts', { data: { ...account, role: 'partner', partnerIds } });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()) as { id: number };
  await setup.dispose();
  const api: APIRequestContext = await request.newContext({ baseURL });
  const login = await api.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  return { ...account, id, api };
}

/** An editor made the same way, to sign in through the form (docs/product.md R570). */
export async function editorAccount(baseURL: string) {
  counter += 1;
  const account = {
    email: `editor-${Date.now()}-${counter}-${process.pid}@example.org`,
    password: 'editor-pass-1',
    firstName: 'Eddie',
    lastName: 'Editor',
  };
  const setup = await request.newContext({ baseURL });
  const made = await setup.post('/test/accounts', { data: { ...account, role: 'editor' } });
  expect(made.status(), await made.text()).toBe(201);
  await setup.dispose();
  return account;
}
