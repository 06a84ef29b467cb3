import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '#testing/factories.ts';
import { pageRoute } from '../services/page-data.ts';
import { createTestApp, fakeClientDist, signInRoles, type TestContext, WITHOUT_HOLIDAYS } from './helpers.ts';

/**
 * The server's side of rendering pages (docs/decisions/011-server-rendering.md): which pages are
 * rendered, in which language, with which data, cached and dropped on writes. The renderer here is a
 * small ES module standing in for dist/server/entry-server.js, which writes down what it was given;
 * the real one is exercised in the browser journeys (e2e/server-rendering.spec.ts).
 */
const FAKE_RENDERER = `
export function render({ url, language, data }) {
  const text = JSON.stringify(data);
  if (text.includes('explode-render')) throw new Error('render failed on purpose');
  const keys = (data.queries ?? []).map((q) => q.key.join('/')).join(',');
  const names = (data.queries ?? []).flatMap((q) => (q.data && q.data.name ? [q.data.name] : []));
  return {
    html: '<h1>' + language + ' ' + url + '</h1><p id="keys">' + keys + '</p><p id="names">' + names.join('|') + '</p>',
    title: 'Rendered ' + language,
    description: 'Described ' + language + ' "quoted" &amp; ' + url,
  };
}
`;

const TEMPLATE =
  '<!doctype html><html lang="en"><head>' +
  '<meta name="description" content="Find a community dining site near you." />' +
  '<title>Community Meal Sites</title><!--app-data-->' +
  '<script type="module" crossorigin src="/assets/index.js"></script></head>' +
  '<body><div id="root"></div>' +
  '<noscript><!--noscript-->This site needs JavaScript. Call (417) 557-5000 for help finding a meal site.</noscript>' +
  '</body></html>';

const lines: string[] = [];
let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  const dist = fakeClientDist(TEMPLATE, FAKE_RENDERER);
  ctx = await createTestApp(
    { CLIENT_DIST: path.join(dist, 'client'), LOG_LEVEL: 'error', AGENCY_HOLIDAYS: WITHOUT_HOLIDAYS },
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
  admin = (await signInRoles(ctx)).admin.cookie;
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });
const root = (body: string) => /<div id="root">([\s\S]*?)<\/div>/.exec(body)?.[1] ?? '';
const appData = (body: string) =>
  JSON.parse(/<script id="app-data" type="application\/json">([\s\S]*?)<\/script>/.exec(body)![1]!);

async function createSite(name: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/sites',
    headers: { cookie: admin },
    payload: buildSite({ name }),
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; version: number };
}

describe('pageRoute', () => {
  it('knows the eight public pages and nothing else', () => {
    expect(pageRoute('/')).toEqual({ kind: 'home' });
    expect(pageRoute('/sites/')).toEqual({ kind: 'sites' });
    expect(pageRoute('/sites/12')).toEqual({ kind: 'site', id: 12 });
    expect(pageRoute('/about')).toEqual({ kind: 'about' });
    expect(pageRoute('/partners')).toEqual({ kind: 'partners' });
    expect(pageRoute('/contact/')).toEqual({ kind: 'contact' });
    expect(pageRoute('/accessibility')).toEqual({ kind: 'accessibility' });
    expect(pageRoute('/privacy')).toEqual({ kind: 'privacy' });
    for (const other of ['/sites/new', '/sites/0', '/sites/99999999999', '/sites/12/edit', '/login', '/x']) {
      expect(pageRoute(other)).toEqual({ kind: 'other' });
    }
  });
});

describe('server-rendered pages', () => {
  it('renders a public page in the language of Accept-Language, with its title and <html lang>', async () => {
    const page = await get('/about', { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="es">');
    expect(page.body).toContain('<title>Rendered es</title>');
    expect(root(page.body)).toContain('<h1>es /about</h1>');
    expect(page.headers.vary).toMatch(/Accept-Language/);
    expect(page.headers.vary).toMatch(/Cookie/);
  });

  it('takes the language from ?lng first, then the i18next cookie, then Accept-Language', async () => {
    const both = { cookie: 'sid=x; i18next=zh', 'accept-language': 'es' };
    expect(root((await get('/about?lng=en', both)).body)).toContain('<h1>en /about</h1>');
    expect(root((await get('/about', both)).body)).toContain('<h1>zh /about</h1>');
    expect(root((await get('/about', { 'accept-language': 'fr, es;q=0.5' })).body)).toContain('<h1>es ');
    expect(root((await get('/about', { 'accept-language': 'fr' })).body)).toContain('<h1>en ');
  });

  it('declares a Chinese page as Traditional Chinese (zh-Hant) while zh stays the code', async () => {
    const page = await get('/about?lng=zh');
    expect(page.body).toContain('<html lang="zh-Hant">');
    expect(root(page.body)).toContain('<h1>zh /about</h1>');
    expect(page.body).toContain('hreflang="zh-Hant" href="http://meals.test/about?lng=zh"');
    const byCookie = await get('/partners', { cookie: 'i18next=zh' });
    expect(byCookie.body).toContain('<html lang="zh-Hant">');
  });

  it("says that the page needs JavaScript in the reader's language, on rendered pages and the others", async () => {
    const expected = {
      en: 'This site needs JavaScript. Call (417) 557-5000 for help finding a meal site.',
      es: 'Este sitio necesita JavaScript. Llame al (417) 557-5000 para recibir ayuda para encontrar un comedor.',
      zh: '本網站需要使用 JavaScript。如需協助尋找用餐點，請致電 (417) 557-5000。',
    };
    for (const [language, text] of Object.entries(expected)) {
      for (const url of [
        `/about?lng=${language}`,
        `/login?lng=${language}`,
        `/sites?lng=${language}&partner=1`,
      ]) {
        const page = await get(url);
        expect(page.body, url).toContain(`<noscript>${text}</noscript>`);
        expect(page.body, url).not.toContain('<!--noscript-->');
      }
    }
  });

  it('gives the pages the browser draws (sign-in, password reset) their language and description in it', async () => {
    const spanish = await get('/login', { 'accept-language': 'es' });
    expect(spanish.body).toContain('<html lang="es">');
    expect(spanish.body).toContain(
      '<meta name="description" content="Encuentre un comedor comunitario cerca de usted: comidas gratuitas o de bajo costo para personas de 60 años o más y adultos con discapacidades." />',
    );
    expect(spanish.headers.vary).toMatch(/Accept-Language/);
    expect(spanish.headers.vary).toMatch(/Cookie/);
    const chinese = await get('/passwords/reset/some-token', { cookie: 'i18next=zh' });
    expect(chinese.body).toContain('<html lang="zh-Hant">');
    expect(chinese.body).toContain('<meta name="description" content="尋找您附近的社區用餐點：');
    expect(chinese.body).toContain('本網站需要使用 JavaScript');
    // The same address in English is its own answer, not the cached Chinese one.
    const english = await get('/passwords/reset/some-token', { 'accept-language': 'en' });
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('This site needs JavaScript.');
  });

  it('renders each page with exactly the data it embeds', async () => {
    const site = await createSite('Rendered Site Kitchen');
    const home = await get('/');
    expect(root(home.body)).toContain('<p id="keys">sites/list,menus/today,closures/list</p>');
    const sites = await get('/sites');
    expect(root(sites.body)).toContain(
      'sites/list,nutritionpartners/list,populations/list,mealtypes/list,services/list,covidstatuses/list,menus/today,closures/list',
    );
    expect(appData(sites.body).queries).toHaveLength(8);
    // Every site's dishes of today, for the rows and the diet filter (docs/product.md R688).
    expect(appData(sites.body).queries[6].data).toMatchObject({ sites: {} });
    const detail = await get(`/sites/${site.id}`);
    expect(root(detail.body)).toContain(
      `<p id="keys">sites/detail/${site.id},sites/menu/${site.id},closures/list</p>`,
    );
    expect(root(detail.body)).toContain('Rendered Site Kitchen');
    expect(appData(detail.body).queries[0].data.name).toBe('Rendered Site Kitchen');
    // Today's and tomorrow's menu and the week ahead are drawn from the site's menu of nine days
    // (docs/product.md R659, R661, R680).
    expect(appData(detail.body).queries[1].key).toEqual(['sites', 'menu', site.id]);
    expect(appData(detail.body).queries[1].data.days).toHaveLength(9);
    expect(appData(detail.body).queries[2]).toEqual({ key: ['closures', 'list'], data: [] });
    expect(appData(detail.body).config.agencyTimeZone).toBe('America/Los_Angeles');
    expect(root((await get('/partners')).body)).toContain('<p id="keys">nutritionpartners/list</p>');
  });

  it('serves the same rendered bytes from cache, and fresh ones right after a write', async () => {
    const site = await createSite('Before Rename Kitchen');
    const first = await get(`/sites/${site.id}`);
    const again = await get(`/sites/${site.id}`, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    const renamed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/sites/${site.id}`,
      headers: { cookie: admin },
      payload: { ...buildSite({ name: 'After Rename Kitchen' }), version: site.version },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = await get(`/sites/${site.id}`, { 'if-none-match': first.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(root(after.body)).toContain('After Rename Kitchen');
  });

  it('renders /sites with choices for that request only (no-store), with the known parameters in their order', async () => {
    // docs/product.md R136: a GET form without scripts lands here.
    const filtered = await get(
      '/sites?service=2&junk=%3Cb%3E&q=%20caf%C3%A9%20&population=1&lng=es&open=now',
    );
    expect(filtered.statusCode).toBe(200);
    expect(filtered.headers['cache-control']).toBe('no-store');
    expect(root(filtered.body)).toContain('es /sites?lng=es&q=caf%C3%A9&population=1&service=2&open=now');
    const data = appData(filtered.body);
    expect(data.queries[0].key).toEqual(['sites', 'list']);
    // The minute it was rendered at: the opening filter and statuses are computed for it.
    expect(data.config.renderedAt % 60_000).toBe(0);
    expect(Math.abs(data.config.renderedAt - Date.now())).toBeLessThan(120_000);
    const again = await get('/sites?population=1');
    expect(again.headers['cache-control']).toBe('no-store');
  });

  it('embeds the near box’s place, found or not, in the page’s language', async () => {
    const found = appData((await get('/sites?near=94110&lng=zh')).body);
    expect(found.queries).toContainEqual({
      key: ['places', 'zh', '94110'],
      data: { found: true, place: { lat: 37.750021, lng: -122.415201, label: '94110', kind: 'zip' } },
    });
    // A neighborhood is written as its name in the page's language (docs/decisions/031).
    const chinatown = appData((await get('/sites?near=chinatown&lng=zh')).body);
    expect(chinatown.renderedFor).toBe('/sites?lng=zh&near=%E5%94%90%E4%BA%BA%E8%A1%97');
    expect(chinatown.queries).toContainEqual({
      key: ['places', 'zh', '唐人街'],
      data: expect.objectContaining({
        place: expect.objectContaining({ label: '唐人街', kind: 'neighborhood' }),
      }),
    });
    const missing = appData((await get('/sites?near=1%20Nowhere%20Lane')).body);
    expect(missing.queries).toContainEqual({
      key: ['places', 'en', '1 Nowhere Lane'],
      data: { found: false, geocoder: false },
    });
  });

  it('leaves non-public pages to the browser, with no data embedded', async () => {
    const login = await get('/login');
    expect(root(login.body)).toBe('');
    expect(appData(login.body).queries).toEqual([]);
  });

  it('loads the scripts of a rendered page at low priority: its text is already there', async () => {
    const page = await get('/');
    expect(page.body).toContain(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index.js">',
    );
  });

  it('answers 404 for an unknown site with the site not-found page, rendered at one address', async () => {
    const page = await get('/sites/2147483000');
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toContain('text/html');
    expect(root(page.body)).toContain('<h1>en /sites/0</h1>');
  });

  it('names every language version of a page (hreflang) and gives its description in its language', async () => {
    const page = await get('/sites', { 'accept-language': 'zh' });
    const links = [...page.body.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)];
    expect(links.map(([, lang, href]) => `${lang} ${href}`)).toEqual([
      'en http://meals.test/sites?lng=en',
      'es http://meals.test/sites?lng=es',
      'zh-Hant http://meals.test/sites?lng=zh',
      'x-default http://meals.test/sites',
    ]);
    expect(page.body).toContain(
      '<meta name="description" content="Described zh &quot;quoted&quot; &amp; /sites" />',
    );
    expect(page.body).not.toContain('Find a community dining site near you.');
    // A page the browser draws has no language links, and the interface's description.
    const login = await get('/login');
    expect(login.body).toContain(
      '<meta name="description" content="Find a community dining site near you: free or low-cost meals for seniors 60+ and adults with disabilities." />',
    );
    expect(login.body).not.toContain('hreflang');
  });

  it('keeps "$&" and markup in data as text, and sends the page unrendered when rendering fails', async () => {
    const tricky = await createSite("Soup $& $' </script><script>alert(1)</script> Kitchen");
    const page = await get(`/sites/${tricky.id}`);
    expect(root(page.body)).toContain("Soup $& $' </script>");
    const block = /<script id="app-data" type="application\/json">([\s\S]*?)<\/script>/.exec(page.body)![1]!;
    expect(block).not.toContain('<');

    const broken = await createSite('explode-render Kitchen');
    lines.length = 0;
    const fallback = await get(`/sites/${broken.id}`);
    expect(fallback.statusCode).toBe(200);
    expect(root(fallback.body)).toBe('');
    expect(lines.join('\n')).toContain('render failed on purpose');
  });
});

describe('one address per page: variants cannot poison the page cache', () => {
  it('sends slash variants and leading zeros of a public page to its canonical address, query kept', async () => {
    const cases: [string, string][] = [
      ['/sites/', '/sites'],
      ['//sites', '/sites'],
      ['/about//', '/about'],
      ['//', '/'],
      ['/partners/?lng=es', '/partners?lng=es'],
      ['/sites/?population=1&population=2', '/sites?population=1&population=2'],
      ['/sites/?a=%E0%A4%A&b=%', '/sites?a=%E0%A4%A&b=%'],
      ['/sites/?q=a b', '/sites?q=a%20b'],
      // A query too long for a Location header (every parser refuses 16 KB of headers) is not carried.
      [`/sites///?x=${'es,'.repeat(3000)}`, '/sites'],
    ];
    for (const [variant, canonical] of cases) {
      const response = await get(variant);
      expect(response.statusCode, variant).toBe(301);
      expect(response.headers.location, variant).toBe(canonical);
      expect(response.headers['content-security-policy'], variant).toBeDefined();
    }
    // Protocol-relative-looking paths are never answered with a Location that leaves the site (and,
    // naming no page, are the not-found page).
    const host = await get('//evil.example/sites');
    expect(host.headers.location).toBeUndefined();
    expect(host.statusCode).toBe(404);
  });

  it('a variant fetched first after a write does not decide what the site page shows', async () => {
    const site = await createSite('Canonical Kitchen');
    for (const variant of [
      `/sites/${site.id}//`,
      `//sites/${site.id}`,
      `/sites/${site.id}/`,
      `/sites/0${site.id}`,
    ]) {
      // A write empties the page cache, so the variant is the first to ask for the page.
      const renamed = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/sites/${site.id}`,
        headers: { cookie: admin },
        payload: { name: `Canonical Kitchen ${variant}` },
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      const first = await get(variant, { cookie: 'i18next=es' });
      expect(first.statusCode, variant).toBe(301);
      expect(first.headers.location).toBe(`/sites/${site.id}`);
      const page = await get(`/sites/${site.id}`, { cookie: 'i18next=es' });
      expect(page.statusCode).toBe(200);
      expect(root(page.body)).toContain(`<h1>es /sites/${site.id}</h1>`);
      expect(root(page.body)).toContain(`Canonical Kitchen ${variant}`);
    }
  });

  it('renders and caches a page for its canonical address, whatever ?lng= the first request carried', async () => {
    await createSite('Empties The Cache Kitchen');
    const first = await get('/about?lng=en&lng=%3Cb%3Ezh%3C/b%3E');
    expect(root(first.body)).toContain('<h1>en /about</h1>');
    expect(first.body).not.toContain('<b>zh');
    const plain = await get('/about');
    expect(root(plain.body)).toBe(root(first.body));
  });

  it('a language cookie that cannot be decoded is ignored: the page comes in the next language found', async () => {
    for (const cookie of ['i18next=%', 'i18next=%E0%A4%A', 'sid=%; i18next=%ZZ', 'i18next="%"']) {
      const english = await get('/about', { cookie });
      expect(english.statusCode, cookie).toBe(200);
      expect(english.body, cookie).toContain('<html lang="en">');
      const spanish = await get('/partners', { cookie, 'accept-language': 'es' });
      expect(spanish.statusCode, cookie).toBe(200);
      expect(spanish.body, cookie).toContain('<html lang="es">');
    }
  });
});

describe('what search engines read', () => {
  it('a sitemap of the public pages and every site page, each with its language versions, fresh after a write', async () => {
    const first = await get('/sitemap.xml');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(first.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    for (const page of ['/', '/sites', '/about', '/partners', '/contact', '/accessibility', '/privacy']) {
      expect(first.body).toContain(`<url><loc>http://meals.test${page}</loc>`);
    }
    const again = await get('/sitemap.xml', { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);

    const site = await createSite('Sitemap & Co Kitchen');
    const after = await get('/sitemap.xml', { 'if-none-match': first.headers.etag as string });
    expect(after.statusCode).toBe(200);
    const entry = new RegExp(`<url><loc>http://meals.test/sites/${site.id}</loc>(.*?)</url>`).exec(
      after.body,
    );
    expect(entry?.[1]).toBe(
      [
        ['en', 'en'],
        ['es', 'es'],
        ['zh-Hant', 'zh'],
      ]
        .map(
          ([tag, lang]) =>
            `<xhtml:link rel="alternate" hreflang="${tag}" href="http://meals.test/sites/${site.id}?lng=${lang}"/>`,
        )
        .join('') +
        `<xhtml:link rel="alternate" hreflang="x-default" href="http://meals.test/sites/${site.id}"/>`,
    );
    const sites = (await get('/api/sites')).json() as { id: number }[];
    expect(after.body.match(/<url>/g)).toHaveLength(7 + sites.length);
  });

  it('robots.txt names the sitemap by its full address and keeps crawlers out of the API and private screens', async () => {
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = robots.body.trim().split('\n');
    expect(lines).toContain('Sitemap: http://meals.test/sitemap.xml');
    for (const rule of ['Disallow: /api/', 'Disallow: /account', 'Disallow: /login', 'Disallow: /*/edit']) {
      expect(lines).toContain(rule);
    }
    expect(lines).not.toContain('Disallow: /');
  });
});
