import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fakeClientDist, type TestContext } from './helpers.ts';

/**
 * Help pages, not-found answers and the agency settings as the server gives them (docs/product.md
 * R110, R112, R114–R118). The renderer stands in for dist/server/entry-server.js and writes down the
 * address it rendered and the data it was given.
 */
const FAKE_RENDERER = `
export function render({ url, language, data }) {
  return {
    html: '<h1>' + language + ' ' + url + '</h1><p id="not-found">' + Boolean(data.notFound) + '</p>',
    title: 'Rendered ' + url,
    description: 'Described ' + url,
  };
}
`;

const TEMPLATE =
  '<!doctype html><html lang="en"><head>' +
  '<meta name="description" content="Find a community dining site near you." />' +
  '<title>Community Meal Sites</title><!--app-data-->' +
  '<script type="module" crossorigin src="/assets/index.js"></script></head>' +
  '<body><div id="root"></div>' +
  '<noscript><!--noscript-->This site needs JavaScript.</noscript>' +
  '</body></html>';

let ctx: TestContext;

beforeAll(async () => {
  const dist = fakeClientDist(TEMPLATE, FAKE_RENDERER);
  ctx = await createTestApp({
    CLIENT_DIST: path.join(dist, 'client'),
    LOG_LEVEL: 'error',
    AGENCY_NAME: 'Riverside Aging Services',
    AGENCY_NAME_ES: 'Servicios para Mayores de Riverside',
    AGENCY_PHONE: '(510) 555-0199',
    AGENCY_EMAIL: 'help@riverside.example.org',
    AGENCY_CONTRIBUTION_TEXT_ES: 'Aporte lo que pueda; a nadie se le niega la comida.',
  });
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });
const root = (body: string) => /<div id="root">([\s\S]*?)<\/div>/.exec(body)?.[1] ?? '';
const appData = (body: string) =>
  JSON.parse(/<script id="app-data" type="application\/json">([\s\S]*?)<\/script>/.exec(body)![1]!);

describe('help pages', () => {
  it('are rendered on the server in the reader’s language, with their title and description', async () => {
    for (const page of ['/contact', '/accessibility', '/privacy']) {
      const response = await get(page, { 'accept-language': 'es' });
      expect(response.statusCode, page).toBe(200);
      expect(root(response.body)).toContain(`<h1>es ${page}</h1>`);
      expect(response.body).toContain(`<title>Rendered ${page}</title>`);
      expect(response.body).toContain(`<meta name="description" content="Described ${page}" />`);
      expect(response.body).toContain('<html lang="es">');
    }
  });

  it('are in the sitemap with their language versions', async () => {
    const sitemap = (await get('/sitemap.xml')).body;
    for (const page of ['/contact', '/accessibility', '/privacy']) {
      expect(sitemap).toContain(`<loc>http://meals.test${page}</loc>`);
      expect(sitemap).toContain(`hreflang="zh-Hant" href="http://meals.test${page}?lng=zh"`);
    }
  });
});

describe('addresses that are no page', () => {
  it('answer 404 with the not-found page, rendered once per language and marked for the browser', async () => {
    for (const [url, rendered] of [
      ['/nope', '/not-found'],
      ['/sites/abc', '/sites/0'],
      ['/sites/999999', '/sites/0'],
      ['/sites/12/photos', '/not-found'],
      ['/assets/missing.js', '/not-found'],
    ] as const) {
      const response = await get(url, { 'accept-language': 'zh' });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(root(response.body)).toBe(`<h1>zh ${rendered}</h1><p id="not-found">true</p>`);
      expect(response.body).toContain('<meta name="robots" content="noindex" />');
      expect(appData(response.body).notFound).toBe(true);
    }
  });

  it('leave the screens the browser draws (sign-in, account, staff) at 200', async () => {
    for (const url of [
      '/login',
      '/logout',
      '/passwords/forgot',
      '/passwords/reset/abc',
      '/account',
      '/account/password',
      '/admin/closures',
      '/sites/new',
      '/sites/12/edit',
      '/populations/new',
      '/populations/3/edit',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(appData(response.body).notFound, url).toBeUndefined();
    }
  });

  it('keep the API’s JSON 404', async () => {
    const response = await get('/api/nope');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 404, message: 'Not found' });
  });
});

describe('the agency settings', () => {
  it('reach the browser in /api/config and in every page’s data', async () => {
    const expected = {
      name: {
        en: 'Riverside Aging Services',
        es: 'Servicios para Mayores de Riverside',
        zh: 'Riverside Aging Services',
      },
      logoUrl: null,
      phone: '5105550199',
      phoneHours: null,
      email: 'help@riverside.example.org',
      // Only the language the deployment wrote: the others use the translated default.
      contribution: { es: 'Aporte lo que pueda; a nadie se le niega la comida.' },
    };
    expect((await get('/api/config')).json().agency).toEqual(expected);
    expect(appData((await get('/contact')).body).config.agency).toEqual(expected);
    expect(appData((await get('/login')).body).config.agency).toEqual(expected);
  });

  it('name the agency’s phone in the no-JavaScript message', async () => {
    const page = await get('/login', { 'accept-language': 'en' });
    expect(page.body).toContain('(510) 555-0199');
  });
});

describe('a language picked without JavaScript', () => {
  it('is kept in the language cookie for the next pages (?lng=)', async () => {
    const picked = await get('/about?lng=es');
    expect(picked.headers['set-cookie']).toBe('i18next=es; Path=/; Max-Age=31536000; SameSite=Lax');
    expect((await get('/about')).headers['set-cookie']).toBeUndefined();
    expect((await get('/about?lng=xx')).headers['set-cookie']).toBeUndefined();
  });
});
