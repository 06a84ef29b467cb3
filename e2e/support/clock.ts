import { type APIRequestContext, expect, type Page, request } from '@playwright/test';
import { TEST_CLOCK_HEADER } from '#shared/test-clock.ts';
import { E2E_ADMIN } from './constants.ts';

/**
 * Sets the browser's clock and the server's to one instant for this page: the page's requests carry
 * it in the x-test-clock header (the journeys' server runs with TEST_CLOCK_HEADER=true), so a page seen
 * "on Thanksgiving 2026" is rendered and fed as on that day whatever the real date.
 * 'running' lets the browser's clock run on from there (and be fast-forwarded); 'fixed' stops it.
 */
export async function setClock(page: Page, time: Date, how: 'running' | 'fixed' = 'running') {
  await page.setExtraHTTPHeaders({ [TEST_CLOCK_HEADER]: time.toISOString() });
  if (how === 'fixed') await page.clock.setFixedTime(time);
  else await page.clock.install({ time });
}

/** The menus' journeys' morning: Tuesday 1 December 2026, 10:00 on the agency's clock (San Francisco). */
export const TUESDAY_MORNING = new Date('2026-12-01T10:00:00-08:00');

/**
 * An administrator's API session whose every request carries `time` as the server's clock: for the
 * set-up the admin fixture does not cover (a menu's date, a closure) on a journey's fixed day.
 */
export async function adminApiAt(baseURL: string, time: Date): Promise<APIRequestContext> {
  const context = await request.newContext({
    baseURL,
    extraHTTPHeaders: { [TEST_CLOCK_HEADER]: time.toISOString() },
  });
  const response = await context.post('/api/auth/login', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return context;
}
