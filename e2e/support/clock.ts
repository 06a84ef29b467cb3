import type { Page } from '@playwright/test';
import { TEST_CLOCK_HEADER } from '#shared/test-clock.ts';

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
