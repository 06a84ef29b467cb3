import { randomBytes, randomInt } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Page, request } from '@playwright/test';
import type { ReferenceItem, ReferenceListName } from '#shared/schemas/reference-lists.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { buildNutritionPartner, buildReferenceItem, buildSite } from '#testing/factories.ts';
import { E2E_ADMIN } from './constants.ts';

let userCounter = 0;

/** Talks to the API as an administrator to set up a journey's own data (docs/architecture.md §4.7). */
export class AdminApi {
  constructor(private readonly context: APIRequestContext) {}

  static async create(baseURL: string) {
    const context = await request.newContext({ baseURL });
    const response = await context.post('/api/auth/login', {
      data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    });
    expect(response.status(), await response.text()).toBe(200);
    return new AdminApi(context);
  }

  async createItem(list: ReferenceListName, overrides: Record<string, unknown> = {}): Promise<ReferenceItem> {
    const body =
      list === 'nutritionpartners'
        ? buildNutritionPartner(overrides)
        : buildReferenceItem(overrides as { name?: string });
    const response = await this.context.post(`/api/${list}`, { data: body });
    expect(response.status(), await response.text()).toBe(201);
    return response.json();
  }

  async createSite(overrides: Parameters<typeof buildSite>[0] = {}): Promise<Site> {
    // Journeys' sites are set up on purpose, even when another worker's factory site shares an address
    // or phone (docs/product.md R177): the duplicate check is answered in advance. Each gets its own
    // address and phone too, so that a journey that edits one through the form (and so meets the
    // check again) is not stopped by another worker's site.
    const response = await this.context.post('/api/sites', {
      data: {
        ...buildSite({
          address: `${randomInt(100, 10_000)} ${randomBytes(4).toString('hex')} St, San Francisco, CA 94103`,
          phoneNumber: `415${randomInt(2_000_000, 10_000_000)}`,
          ...overrides,
        }),
        confirmDuplicate: true,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    return response.json();
  }

  /** A site's history, newest first (GET /api/sites/{id}/history). */
  async siteHistory(
    id: number,
  ): Promise<{ action: string; user: { id: number; firstName: string } | null }[]> {
    const response = await this.context.get(`/api/sites/${id}/history`);
    expect(response.status()).toBe(200);
    return response.json();
  }

  /** A closure (POST /api/closures): its id. */
  async createClosure(body: Record<string, unknown>): Promise<{ id: number }> {
    const response = await this.context.post('/api/closures', { data: body });
    expect(response.status(), await response.text()).toBe(201);
    return response.json();
  }

  /** A closure's history, newest first (GET /api/closures/{id}/history). */
  async closureHistory(id: number): Promise<{ action: string; user: { id: number } | null }[]> {
    const response = await this.context.get(`/api/closures/${id}/history`);
    expect(response.status()).toBe(200);
    return response.json();
  }

  async deleteSite(id: number) {
    await this.context.delete(`/api/sites/${id}`);
  }

  async dispose() {
    await this.context.dispose();
  }
}

/** Registers a plain (non-admin) user through the API; the e2e server allows registration. */
export async function createPlainUser(
  baseURL: string,
  overrides: { email?: string; password?: string } = {},
) {
  userCounter += 1;
  const user = {
    firstName: 'Uma',
    lastName: 'User',
    email: overrides.email ?? `user-${Date.now()}-${userCounter}-${process.pid}@example.org`,
    password: overrides.password ?? 'user-pass-1',
  };
  const context = await request.newContext({ baseURL });
  const response = await context.post('/api/auth/register', { data: user });
  expect(response.status(), await response.text()).toBe(201);
  await context.dispose();
  return user;
}

/** Signs in through the real login form. */
export async function loginThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /submit/i }).click();
}

/** Zero axe violations (WCAG 2.2 AA rules) on the page as it is now, or within the part `include` selects. */
export async function expectNoAxeViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  const results = await (include ? builder.include(include) : builder).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** A 1 × 1 transparent PNG: what every map tile of the journeys' offline tile address shows. */
const BLANK_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

export const test = base.extend<{ adminApi: AdminApi; offlineTiles: undefined }>({
  adminApi: async ({ baseURL }, use) => {
    const api = await AdminApi.create(baseURL!);
    await use(api);
    await api.dispose();
  },
  // The journeys' map tiles (MAP_TILE_URL, /tiles-offline/…) are answered in the browser: the app's
  // server has no such page (it would be a 404 in the console), and no tile server is reached.
  offlineTiles: [
    async ({ context }, use) => {
      await context.route('**/tiles-offline/**', (route) =>
        route.fulfill({ status: 200, contentType: 'image/png', body: BLANK_TILE }),
      );
      await use(undefined);
    },
    { auto: true },
  ],
});

export { expect };
