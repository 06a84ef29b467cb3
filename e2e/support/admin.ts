import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { ReferenceItem, ReferenceListName } from '../../shared/schemas/reference-lists.ts';
import type { Site } from '../../shared/schemas/sites.ts';
import { E2E_ADMIN } from './constants.ts';
import { expect, loginThroughForm } from './fixtures.ts';

/** The five list editors: URL segment, API list, form title, checklist legend and add link (SPEC.md §2). */
export const LISTS = [
  {
    segment: 'partners',
    list: 'nutritionpartners',
    title: 'Nutrition Partner',
    legend: 'Nutrition partners',
    add: 'Add nutrition partner',
  },
  {
    segment: 'populations',
    list: 'populations',
    title: 'Population',
    legend: 'Populations served',
    add: 'Add population',
  },
  { segment: 'mealtypes', list: 'mealtypes', title: 'Meal Type', legend: 'Meal types', add: 'Add meal type' },
  { segment: 'services', list: 'services', title: 'Service', legend: 'Services', add: 'Add service' },
  {
    segment: 'statuses',
    list: 'covidstatuses',
    title: 'Status',
    legend: 'COVID-19 statuses',
    add: 'Add status',
  },
] as const satisfies readonly {
  segment: string;
  list: ReferenceListName;
  title: string;
  legend: string;
  add: string;
}[];

/** Signs in as the e2e administrator through the real login form and waits until it has let us in. */
export async function loginAsAdmin(page: Page) {
  await loginThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).not.toHaveURL(/\/login/);
}

/** A name no other test (or earlier run on a reused database) has used. */
export function unique(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** Presses Tab (only the keyboard) until `target` has focus. */
export async function tabTo(page: Page, target: Locator, { backwards = false, max = 200 } = {}) {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

export async function getSite(request: APIRequestContext, id: number): Promise<Site> {
  const response = await request.get(`/api/sites/${id}`);
  expect(response.status()).toBe(200);
  return response.json();
}

export async function findSiteByName(request: APIRequestContext, name: string): Promise<Site> {
  const response = await request.get('/api/sites');
  const site = ((await response.json()) as Site[]).find((s) => s.name === name);
  expect(site, `site ${name} exists`).toBeTruthy();
  return site!;
}

export async function getItem(request: APIRequestContext, list: ReferenceListName, id: number) {
  const response = await request.get(`/api/${list}/${id}`);
  return {
    status: response.status(),
    item: response.ok() ? ((await response.json()) as ReferenceItem) : null,
  };
}

/** The ids of a site's items in one list, sorted. */
export const idsOf = (items: readonly { id: number }[]) => items.map((i) => i.id).sort((a, b) => a - b);
