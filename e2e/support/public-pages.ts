import type { Page } from '@playwright/test';
import { readLocale } from '#testing/locales.ts';
import { E2E_ADMIN } from './constants.ts';
import { expect } from './fixtures.ts';

export type Lng = 'en' | 'es' | 'zh';

const cache = new Map<string, Record<string, unknown>>();
function namespace(lng: Lng, ns: string) {
  const key = `${lng}/${ns}`;
  let data = cache.get(key);
  if (!data) {
    data = readLocale(lng, ns);
    cache.set(key, data);
  }
  return data;
}

/**
 * The text a visitor reads, taken from the same locale files the page uses: `tr('es', 'sites:count',
 * { count: 2 })`. Plurals follow the language's rules, as i18next does.
 */
export function tr(lng: Lng, key: string, vars: Record<string, string | number> = {}): string {
  const [ns, path] = key.includes(':') ? (key.split(':') as [string, string]) : ['common', key];
  const lookup = (p: string) =>
    p
      .split('.')
      .reduce<unknown>(
        (node, part) => (node as Record<string, unknown> | undefined)?.[part],
        namespace(lng, ns),
      );
  let value = lookup(path);
  if (value === undefined && typeof vars.count === 'number') {
    value = lookup(`${path}_${new Intl.PluralRules(lng).select(vars.count)}`) ?? lookup(`${path}_other`);
  }
  if (typeof value !== 'string') throw new Error(`No text for ${lng}:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name]));
}

/** A short unique suffix, so a journey's data cannot be confused with another journey's. */
export function uniqueTag() {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** Signs the page's browser context in as the e2e administrator (the login screen is another journey's). */
export async function signInAsAdmin(page: Page) {
  const response = await page.request.post('/api/auth/login', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(response.status()).toBe(200);
}

/** The slippy-map tile (x, y) that contains a point at a zoom level: what Leaflet requests first. */
export function tileOf(lat: number, lng: number, zoom: number) {
  const n = 2 ** zoom;
  const rad = (lat * Math.PI) / 180;
  return {
    x: Math.floor(((lng + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n),
  };
}

/** Records the map tiles the page asks for ('/tiles-offline/{z}/{x}/{y}.png' on the e2e server). */
export function recordTiles(page: Page) {
  const tiles: { z: number; x: number; y: number }[] = [];
  page.on('request', (request) => {
    const match = /\/tiles-offline\/(\d+)\/(\d+)\/(\d+)\.png/.exec(request.url());
    if (match) tiles.push({ z: Number(match[1]), x: Number(match[2]), y: Number(match[3]) });
  });
  return tiles;
}

/**
 * The map's section (the region named by its "Map" heading), there before the map has loaded. On a
 * small screen the map loads only once it is near the screen, so journeys scroll to it as a visitor would.
 */
export const mapSection = (page: Page, lng: Lng = 'en') =>
  page.getByRole('region', { name: tr(lng, 'sites:map.heading'), exact: true });

export async function scrollToMap(page: Page, lng: Lng = 'en') {
  await mapSection(page, lng).scrollIntoViewIfNeeded();
}

/**
 * Opens a site page's "Report a problem". Its button works once the app runs: a tap on the server's
 * page before that does nothing, and a visitor taps again, as this does until the form is open.
 */
export async function openReportForm(page: Page, lng: Lng) {
  const open = page.getByRole('button', { name: tr(lng, 'site:report.open') });
  const reasons = page.getByRole('group', { name: tr(lng, 'reports:form.reasonsLegend') });
  await expect(open).toHaveAttribute('aria-expanded', 'false');
  // With scripts on, the words for a browser without them stay hidden.
  await expect(page.getByText(tr(lng, 'site:report.noScript'))).toBeHidden();
  await expect(async () => {
    if ((await open.getAttribute('aria-expanded')) !== 'true') await open.click();
    await expect(reasons).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  return reasons;
}

/** /sites is the app's (not only the server's HTML) once the Apply button, for pages without scripts, is hidden. */
export const sitesAppReady = (page: Page, lng: Lng) =>
  expect(page.getByRole('button', { name: tr(lng, 'sites:filters.apply') })).toBeHidden();

/** Waits until the app has taken over the server's page (client/src/app/app.tsx sets <html data-started>). */
export const appStarted = (page: Page) => expect(page.locator('html[data-started]')).toHaveCount(1);
