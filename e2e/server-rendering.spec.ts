import type { Page } from '@playwright/test';
import { htmlLang } from '#shared/languages.ts';
import { expect, test } from './support/fixtures.ts';
import { type Lng, tr, uniqueTag } from './support/public-pages.ts';

const LANGUAGES = ['en', 'es', 'zh'] as const;

/** Every console error and uncaught exception while the page loads (a hydration mismatch is one). */
function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('the public pages arrive rendered: readable before (and without) any script', () => {
  test.use({ javaScriptEnabled: false });

  for (const lng of LANGUAGES) {
    test(`home, locations, a site, about and partners in ${lng} with JavaScript off`, async ({
      page,
      adminApi,
    }) => {
      // First by name, so the home page's first screenful shows it however many sites the other
      // journeys have added.
      const site = await adminApi.createSite({
        name: `0 Rendered Kitchen ${uniqueTag()}`,
        phoneNumber: '4155550199',
      });
      const partner = await adminApi.createItem('nutritionpartners', {
        name: `Rendered Partner ${uniqueTag()}`,
      });

      const home = await page.goto(`/?lng=${lng}`);
      expect(home?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', htmlLang(lng));
      await expect(page.getByRole('heading', { level: 1, name: tr(lng, 'home:title') })).toBeVisible();
      await expect(page.getByRole('link', { name: site.name, exact: true })).toHaveAttribute(
        'href',
        `/sites/${site.id}`,
      );
      await expect(page).toHaveTitle(`${tr(lng, 'home:title')} – ${tr(lng, 'appName')}`);

      await page.goto(`/sites?lng=${lng}`);
      await expect(page.getByRole('heading', { level: 1, name: tr(lng, 'sites:title') })).toBeVisible();
      await expect(page.getByRole('link', { name: site.name, exact: true })).toBeVisible();
      await expect(page.getByText(tr(lng, 'sites:filters.population.label')).first()).toBeVisible();

      await page.goto(`/sites/${site.id}?lng=${lng}`);
      await expect(page.getByRole('heading', { level: 1, name: site.name })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: tr(lng, 'site:hours') })).toBeVisible();
      // The phone in the contact details, and the Call button at the top, both dial it without scripts.
      await expect(page.getByRole('link', { name: '(415) 555-0199', exact: true })).toHaveAttribute(
        'href',
        'tel:+14155550199',
      );
      await expect(page.getByRole('link', { name: /\(415\) 555-0199/ })).toHaveCount(2);
      await expect(page).toHaveTitle(`${site.name} – ${tr(lng, 'appName')}`);
      // "Report a problem" cannot work without scripts: its button is disabled, the agency's phone follows.
      await expect(page.getByRole('button', { name: tr(lng, 'site:report.open') })).toBeDisabled();
      await expect(page.getByText(tr(lng, 'site:report.noScript'))).toBeVisible();
      // What a search result shows: the site, its address, in the page's language; and where the
      // other languages' versions of this page are.
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        'content',
        tr(lng, 'meta.site', { name: site.name, address: site.address }),
      );
      const alternates = await page
        .locator('link[rel="alternate"][hreflang]')
        .evaluateAll((links) =>
          links.map(
            (l) =>
              `${l.getAttribute('hreflang')} ${new URL(l.getAttribute('href')!).pathname}${new URL(l.getAttribute('href')!).search}`,
          ),
        );
      expect(alternates).toEqual([
        `en /sites/${site.id}?lng=en`,
        `es /sites/${site.id}?lng=es`,
        `zh-Hant /sites/${site.id}?lng=zh`,
        `x-default /sites/${site.id}`,
      ]);

      await page.goto(`/about?lng=${lng}`);
      await expect(page.getByRole('heading', { level: 1, name: tr(lng, 'about:title') })).toBeVisible();
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        'content',
        tr(lng, 'meta.description'),
      );

      await page.goto(`/partners?lng=${lng}`);
      await expect(page.getByRole('heading', { level: 1, name: tr(lng, 'partners:title') })).toBeVisible();
      await expect(page.getByText(partner.name)).toBeVisible();
    });
  }

  test.describe('with a Chinese browser', () => {
    test.use({ locale: 'zh-TW' });

    test('the language comes from Accept-Language, then from the cookie once chosen', async ({
      page,
      context,
    }) => {
      await page.goto('/about');
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant');
      await expect(page.getByRole('heading', { level: 1, name: tr('zh', 'about:title') })).toBeVisible();
      const { hostname } = new URL(page.url());
      await context.addCookies([{ name: 'i18next', value: 'es', domain: hostname, path: '/' }]);
      await page.goto('/about');
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page.getByRole('heading', { level: 1, name: tr('es', 'about:title') })).toBeVisible();
    });
  });

  test('an unknown site answers 404 (the browser then shows the friendly not-found page)', async ({
    page,
  }) => {
    const response = await page.goto('/sites/2147483000');
    expect(response?.status()).toBe(404);
  });

  test('markup in a site name is text in the rendered page', async ({ page, adminApi }) => {
    const name = `<img src=x onerror=alert(1)> "$&" Kitchen ${uniqueTag()}`;
    const site = await adminApi.createSite({ name });
    await page.goto(`/sites/${site.id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.locator('main img[src="x"]')).toHaveCount(0);
    // In the description attribute too: quotes and angle brackets stay text, nothing is added to <head>.
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      tr('en', 'meta.site', { name, address: site.address }),
    );
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
  });
});

test.describe('the browser takes over the rendered page', () => {
  for (const lng of LANGUAGES) {
    test(`home, locations and a site in ${lng} hydrate without errors and respond`, async ({
      page,
      adminApi,
    }) => {
      const site = await adminApi.createSite({ name: `Hydrated Kitchen ${uniqueTag()}` });
      const errors = collectErrors(page);
      // Marks the server's heading once the HTML is parsed, before any module script runs: if the app
      // took the page over, the same element is still there; a redraw would have replaced it.
      await page.addInitScript(() => {
        document.addEventListener('readystatechange', () => {
          const heading = document.querySelector('h1');
          if (document.readyState === 'interactive' && heading) Object.assign(heading, { fromServer: true });
        });
      });
      for (const path of ['/', '/sites', `/sites/${site.id}`]) {
        await page.goto(`${path}?lng=${lng}`);
        await expect(page.locator('html')).toHaveAttribute('lang', htmlLang(lng));
        // The map loads only after the page is live: it shows that the scripts took over.
        const map = page.getByRole('region', { name: tr(lng, 'sites:map.label') });
        await expect(map.getByRole('button', { name: site.name })).toBeVisible();
        expect(
          await page.evaluate(
            () => (document.querySelector('h1') as { fromServer?: boolean } | null)?.fromServer,
          ),
        ).toBe(true);
      }
      const other: Lng = lng === 'en' ? 'es' : 'en';
      await page.getByRole('button', { name: other === 'en' ? 'English' : 'Español' }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', other);
      await expect(page.getByRole('heading', { level: 2, name: tr(other, 'site:hours') })).toBeVisible();
      expect(errors).toEqual([]);
    });
  }

  test('a language kept only in local storage wins over the rendered one, without errors', async ({
    page,
    context,
  }) => {
    await context.addInitScript(() => {
      if (!document.cookie.includes('i18next=')) localStorage.setItem('i18nextLng', 'zh');
    });
    const errors = collectErrors(page);
    const response = await page.goto('/about');
    expect(await response?.text()).toContain('<html lang="en">');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant');
    await expect(page.getByRole('heading', { level: 1, name: tr('zh', 'about:title') })).toBeVisible();
    // The choice is now in the cookie too, so the server renders the next page in Chinese.
    const next = await page.request.get('/about');
    expect(await next.text()).toContain('<html lang="zh-Hant">');
    expect(errors).toEqual([]);
  });
});
