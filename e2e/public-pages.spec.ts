import { LANGUAGES } from './support/constants.ts';
import { createPlainUser, expect, test } from './support/fixtures.ts';
import { signInAsAdmin, tr, uniqueTag } from './support/public-pages.ts';

test('the navigation asks who is signed in once per page load, not once per screen', async ({
  page,
  adminApi,
}) => {
  const site = await adminApi.createSite({ name: `000 Once Only Kitchen ${uniqueTag()}` });
  let asked = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/users/me') asked += 1;
  });
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Log in' })).toBeVisible();
  await nav.getByRole('link', { name: 'About' }).click();
  await expect(page.getByRole('heading', { level: 1, name: tr('en', 'about:title') })).toBeVisible();
  await nav.getByRole('link', { name: 'Locations' }).click();
  await page.getByRole('link', { name: site.name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: site.name })).toBeVisible();
  await page.getByRole('button', { name: 'Español' }).click();
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Inicio' }).click();
  await expect(page.getByRole('heading', { level: 1, name: tr('es', 'home:title') })).toBeVisible();
  expect(asked).toBe(1);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: tr('es', 'home:title') })).toBeVisible();
  await expect.poll(() => asked).toBe(2);
});

for (const lng of LANGUAGES) {
  test(`the navigation bar has the logo, Home, About, Locations, Log in and the language buttons (${lng})`, async ({
    page,
  }) => {
    await page.goto(`/?lng=${lng}`);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: tr(lng, 'appName') })).toHaveAttribute('href', '/');
    const nav = page.getByRole('navigation', { name: tr(lng, 'nav.label') });
    for (const [key, href] of [
      ['nav.home', '/'],
      ['nav.about', '/about'],
      ['nav.locations', '/sites'],
      ['nav.login', '/login'],
    ] as const) {
      await expect(nav.getByRole('link', { name: tr(lng, key), exact: true })).toHaveAttribute('href', href);
    }
    await expect(nav.getByRole('link', { name: tr(lng, 'nav.logout') })).toHaveCount(0);
    for (const [language, label] of [
      ['en', 'English'],
      ['es', 'Español'],
      ['zh', '中文'],
    ] as const) {
      const button = page.getByRole('button', { name: label });
      await expect(button).toHaveAttribute('aria-pressed', String(language === lng));
      await expect(button).toHaveAttribute('lang', language === 'zh' ? 'zh-Hant' : language);
    }
  });
}

test('signed in, the bar offers Log out; only an administrator sees the administration links', async ({
  page,
  adminApi,
  baseURL,
}) => {
  const site = await adminApi.createSite({ name: `Admin Links Kitchen ${uniqueTag()}` });
  const user = await createPlainUser(baseURL!);
  const login = await page.request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  expect(login.status()).toBe(200);
  await page.goto('/sites');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Log out' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: site.name, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add new site' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: `edit ${site.name}` })).toHaveCount(0);
  await page.goto(`/sites/${site.id}`);
  await expect(page.getByRole('heading', { level: 1, name: site.name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit this site' })).toHaveCount(0);

  await page.context().clearCookies();
  await signInAsAdmin(page);
  await page.goto('/sites');
  await expect(page.getByRole('link', { name: 'Add new site' })).toHaveAttribute('href', '/sites/new');
  await expect(page.getByRole('link', { name: `edit ${site.name}` })).toHaveAttribute(
    'href',
    `/sites/${site.id}/edit`,
  );
  await page.goto(`/sites/${site.id}`);
  await expect(page.getByRole('link', { name: 'Edit this site' })).toHaveAttribute(
    'href',
    `/sites/${site.id}/edit`,
  );
});

for (const lng of LANGUAGES) {
  test(`the footer gives the information line as a tel link and the contact prompt, and changes at 768 px (${lng})`, async ({
    page,
  }) => {
    await page.goto(`/about?lng=${lng}`);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: '(417) 557-5000' })).toHaveAttribute(
      'href',
      'tel:+14175575000',
    );
    await expect(footer).toContainText(tr(lng, 'footer.phoneIntro'));
    await expect(footer).toContainText(tr(lng, 'footer.contactPrompt'));
    const background = () => footer.evaluate((element) => getComputedStyle(element).backgroundColor);
    await page.setViewportSize({ width: 767, height: 800 });
    const narrow = await background();
    await page.setViewportSize({ width: 768, height: 800 });
    const wide = await background();
    expect(narrow).not.toBe(wide);
  });
}

for (const lng of LANGUAGES) {
  test(`home has its title, description, the map and the list — the list once (${lng})`, async ({
    page,
    adminApi,
  }) => {
    const site = await adminApi.createSite({ name: `000 Home Page Kitchen ${uniqueTag()}` });
    await page.goto(`/?lng=${lng}`);
    await expect(page.getByRole('heading', { level: 1, name: tr(lng, 'home:title') })).toBeVisible();
    await expect(page.getByText(tr(lng, 'home:intro'))).toBeVisible();
    await expect(page.getByRole('region', { name: tr(lng, 'sites:map.label') })).toBeVisible();
    await expect(page.getByRole('list', { name: tr(lng, 'sites:listHeading') })).toHaveCount(1);
    await expect(page.getByRole('link', { name: site.name, exact: true })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 2, name: tr(lng, 'sites:listHeading') })).toHaveCount(1);
  });
}

for (const lng of LANGUAGES) {
  test(`about has its title, description and three organisations with logo, link, name and description (${lng})`, async ({
    page,
  }) => {
    await page.goto(`/about?lng=${lng}`);
    await expect(page.getByRole('heading', { level: 1, name: tr(lng, 'about:title') })).toBeVisible();
    await expect(page.getByText(tr(lng, 'about:intro'))).toBeVisible();
    for (const key of ['agency', 'nonprofit', 'civictech']) {
      const name = tr(lng, `about:orgs.${key}.name`);
      await expect(page.getByRole('heading', { level: 3, name })).toBeVisible();
      await expect(page.getByText(tr(lng, `about:orgs.${key}.description`))).toBeVisible();
      await expect(page.getByRole('link', { name: tr(lng, 'about:visit', { name }) })).toHaveAttribute(
        'href',
        /^https:\/\//,
      );
      const logo = page.getByRole('img', { name: tr(lng, 'about:logoAlt', { name }) });
      await expect(logo).toBeVisible();
      // Our own image file, and it really loaded.
      await expect(logo).toHaveAttribute('src', /^\/partners\/.+\.svg$/);
      expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
  });
}

for (const lng of LANGUAGES) {
  test(`partners lists the nutrition partners with phone, e-mail and website (${lng})`, async ({
    page,
    adminApi,
  }) => {
    const partner = await adminApi.createItem('nutritionpartners', {
      name: `Mission Meals ${uniqueTag()}`,
      phoneNumber: '6285550199',
      email: `mission-meals-${uniqueTag()}@example.org`,
      website: 'https://mission-meals.example.org/',
    });
    await page.goto(`/partners?lng=${lng}`);
    await expect(page.getByRole('heading', { level: 1, name: tr(lng, 'partners:title') })).toBeVisible();
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: partner.name }) });
    await expect(card.getByRole('link', { name: '(628) 555-0199' })).toHaveAttribute(
      'href',
      'tel:+16285550199',
    );
    await expect(card.getByRole('link', { name: partner.email! })).toHaveAttribute(
      'href',
      `mailto:${partner.email}`,
    );
    await expect(card.getByRole('link', { name: partner.website! })).toHaveAttribute(
      'href',
      partner.website!,
    );
    await expect(card).toContainText(tr(lng, 'partners:phone'));
  });
}

for (const lng of LANGUAGES) {
  test(`a lazy screen whose code cannot load names the chunk and offers a reload (${lng})`, async ({
    page,
  }) => {
    const chunk = /\/assets\/login-[^/]*\.js$/;
    await page.route(chunk, (route) => route.abort('failed'));
    await page.goto(`/login?lng=${lng}`);
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { level: 1, name: tr(lng, 'errors.chunkTitle') })).toBeVisible();
    await expect(alert).toContainText(tr(lng, 'errors.chunkText'));
    await expect(alert).toContainText(/Loading chunk login failed\. \((missing|error)\)/);
    await page.unroute(chunk);
    await alert.getByRole('button', { name: tr(lng, 'errors.reload') }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
}
