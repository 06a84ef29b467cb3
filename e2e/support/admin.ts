import { randomInt } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { REFERENCE_LIST_NAMES, REFERENCE_LISTS, type ReferenceListName } from '#shared/reference-lists.ts';
import type { ReferenceItem } from '#shared/schemas/reference-lists.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { readLocale } from '#testing/locales.ts';
import { E2E_ADMIN } from './constants.ts';
import { expect, loginThroughForm } from './fixtures.ts';

/** English words of the admin screens, as the editors show them. */
const ADMIN_EN: { lists: Record<ReferenceListName, { title: string; plural: string; add: string }> } =
  readLocale('en', 'admin') as typeof ADMIN_EN;

/** Every list editor: URL segment, API list, form title, checklist legend and add link, from the registry. */
export const LISTS = REFERENCE_LIST_NAMES.map((list) => ({
  segment: REFERENCE_LISTS[list].adminSegment,
  list,
  title: ADMIN_EN.lists[list].title,
  legend: ADMIN_EN.lists[list].plural,
  add: ADMIN_EN.lists[list].add,
}));

/** Signs in as the e2e administrator through the real login form and waits until it has let us in. */
export async function loginAsAdmin(page: Page) {
  await loginThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).not.toHaveURL(/\/login/);
}

/** A name no other test (or earlier run on a reused database) has used. */
export function unique(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/**
 * Two phone numbers of (415) 7xx-xxxx no other journey uses, as stored and as the form shows them.
 * A journey that saves a phone through the form needs one: a number another site has makes the form
 * stop to ask whether it is a duplicate (docs/product.md R177).
 */
export function phonePair() {
  const phone = (n: number) => {
    const digits = `415${n}`;
    return { digits, shown: `(415) ${digits.slice(3, 6)}-${digits.slice(6)}` };
  };
  const base = 7_000_000 + randomInt(0, 999_000);
  return [phone(base), phone(base + 1)] as const;
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
