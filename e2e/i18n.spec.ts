import type { Page } from '@playwright/test';
import { htmlLang } from '#shared/languages.ts';
import { expect, test } from './support/fixtures.ts';
import { type Lng, tr, uniqueTag } from './support/public-pages.ts';

const LABELS: Record<Lng, string> = { en: 'English', es: 'Español', zh: '中文' };

/** The page is in `lng`: <html lang> ('zh-Hant' for Chinese), the pressed button and the home title all say so. */
async function expectLanguage(page: Page, lng: Lng) {
  await expect(page.locator('html')).toHaveAttribute('lang', htmlLang(lng));
  await expect(page.getByRole('button', { name: LABELS[lng] })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('navigation', { name: tr(lng, 'nav.label') })).toBeVisible();
}

for (const lng of ['es', 'zh', 'en'] as const) {
  test(`the ${LABELS[lng]} button switches the page, <html lang>, and the choice is remembered`, async ({
    page,
  }) => {
    const start: Lng = lng === 'en' ? 'es' : 'en';
    await page.goto(`/?lng=${start}`);
    await expectLanguage(page, start);
    await page.getByRole('button', { name: LABELS[lng] }).click();
    await expectLanguage(page, lng);
    await expect(page.getByRole('heading', { level: 1, name: tr(lng, 'home:title') })).toBeVisible();
    for (const other of (['en', 'es', 'zh'] as const).filter((l) => l !== lng)) {
      await expect(page.getByRole('button', { name: LABELS[other] })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
    }
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe(lng);
    // Remembered across visits without the query parameter.
    await page.goto('/about');
    await expectLanguage(page, lng);
    await expect(page.getByRole('heading', { level: 1, name: tr(lng, 'about:title') })).toBeVisible();
  });
}

for (const lng of ['en', 'es', 'zh'] as const) {
  test(`every public text resource exists in ${lng}: navigation, footer, home, about, locations, site, partners`, async ({
    page,
    adminApi,
  }) => {
    const site = await adminApi.createSite({ name: `Language Kitchen ${uniqueTag()}` });
    await page.goto(`/?lng=${lng}`);
    const nav = page.getByRole('navigation', { name: tr(lng, 'nav.label') });
    for (const key of ['nav.home', 'nav.about', 'nav.locations', 'nav.login']) {
      await expect(nav.getByRole('link', { name: tr(lng, key), exact: true })).toBeVisible();
    }
    await expect(page.getByRole('contentinfo')).toContainText(tr(lng, 'footer.contactPrompt'));
    await expect(page.getByRole('heading', { level: 1, name: tr(lng, 'home:title') })).toBeVisible();

    await nav.getByRole('link', { name: tr(lng, 'nav.about'), exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: tr(lng, 'about:title') })).toBeVisible();

    await nav.getByRole('link', { name: tr(lng, 'nav.locations'), exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: tr(lng, 'sites:title') })).toBeVisible();
    await expect(page.getByLabel(tr(lng, 'sites:filters.population.label'))).toBeVisible();

    await page.getByRole('link', { name: site.name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: site.name })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: tr(lng, 'site:hours') })).toBeVisible();

    await page.goto('/partners');
    await expect(page.getByRole('heading', { level: 1, name: tr(lng, 'partners:title') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', htmlLang(lng));
    // The API learns the language from the cookie the page keeps, as the server renderer does
    // (request.language); the API calls carry no language of their own.
    const request = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/users/me');
    await page.reload();
    expect((await (await request).allHeaders()).cookie).toContain(`i18next=${lng}`);
  });
}

test.describe('language detection order: query, cookie, local storage, session storage, browser, <html lang>', () => {
  test.describe('with a Spanish browser', () => {
    test.use({ locale: 'es-ES' });

    test('the browser language is used when nothing was chosen', async ({ page }) => {
      await page.goto('/');
      await expectLanguage(page, 'es');
    });

    test('session storage beats the browser', async ({ page }) => {
      await page.addInitScript(() => sessionStorage.setItem('i18nextLng', 'zh'));
      await page.goto('/');
      await expectLanguage(page, 'zh');
    });

    test('local storage beats session storage', async ({ page }) => {
      await page.addInitScript(() => {
        sessionStorage.setItem('i18nextLng', 'zh');
        if (!localStorage.getItem('i18nextLng')) localStorage.setItem('i18nextLng', 'en');
      });
      await page.goto('/');
      await expectLanguage(page, 'en');
    });

    test('a cookie beats local storage', async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: 'i18next', value: 'zh', url: baseURL! }]);
      await page.addInitScript(() => {
        if (!localStorage.getItem('i18nextLng')) localStorage.setItem('i18nextLng', 'en');
      });
      await page.goto('/');
      await expectLanguage(page, 'zh');
    });

    test('the lng query parameter beats everything', async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: 'i18next', value: 'zh', url: baseURL! }]);
      await page.goto('/?lng=en');
      await expectLanguage(page, 'en');
    });
  });

  test.describe('with a Chinese (Taiwan) browser', () => {
    test.use({ locale: 'zh-TW' });

    test('a regional variant finds its language', async ({ page }) => {
      await page.goto('/');
      await expectLanguage(page, 'zh');
    });
  });

  test.describe('with a French browser', () => {
    test.use({ locale: 'fr-FR' });

    test('an unsupported language falls back to English', async ({ page }) => {
      await page.goto('/');
      await expectLanguage(page, 'en');
      await expect(page.getByRole('heading', { level: 1, name: tr('en', 'home:title') })).toBeVisible();
    });
  });
});
