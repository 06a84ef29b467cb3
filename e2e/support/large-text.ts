import type { Page } from '@playwright/test';

/** The phone the large-text journeys use: a 360 × 740 CSS px screen, touch, like an old Android phone. */
export const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true } as const;

/**
 * Emulates a reader's text-size setting: the browser's default font size becomes `scale` × 16 px, the way
 * a phone's or a browser's own "text size" setting works (page zoom is a different thing: it also shrinks the
 * viewport). Everything the pages size in rem/em grows with it. Call before `page.goto`.
 */
export async function useLargeText(page: Page, scale = 2) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.enable');
  await cdp.send('Page.setFontSizes', {
    fontSizes: { standard: Math.round(16 * scale), fixed: Math.round(13 * scale) },
  });
}

/**
 * True when the page is wider than the screen (something scrolls sideways). Measured against the
 * root's `clientWidth`, not `innerWidth`: on a phone the window widens to the widest content, so a
 * page that overflows would seem to fit its own (widened) window.
 */
export function scrollsSideways(page: Page) {
  return page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth + 0.5,
  );
}

/** True when the element's top edge is within the first screen (no scrolling needed to see it start). */
export async function startsOnFirstScreen(
  page: Page,
  selector: { boundingBox(): Promise<{ y: number } | null> },
) {
  const box = await selector.boundingBox();
  const height = await page.evaluate(() => window.innerHeight);
  return box !== null && box.y >= 0 && box.y < height;
}
