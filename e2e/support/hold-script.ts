import type { Page } from '@playwright/test';

/**
 * Holds back the app's entry script, so a journey can act on the server's page before the app takes
 * it over, as a visitor on a slow phone does, with no timing involved. Call the answer to let it load.
 */
export async function holdEntryScript(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
