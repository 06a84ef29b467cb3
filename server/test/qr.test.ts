/**
 * The printed page's QR code (docs/product.md R154, docs/decisions/025-printing-and-qr-codes.md): an SVG
 * made on this server that encodes the site page's canonical address in the printed language.
 */
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '#shared/api-paths.ts';
import { buildSite } from '#testing/factories.ts';
import { canonicalOrigin, createQrCache, sitePageUrl } from '../services/qr.ts';
import { createTestApp, signInRoles, type TestContext } from './helpers.ts';

/** The SVG the qrcode package makes for `text` with the route's options: the route must send exactly it. */
const expected = (text: string) =>
  QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });

describe('GET /api/sites/{id}/qr.svg with BASE_URL', () => {
  let ctx: TestContext;
  let siteId: number;
  beforeAll(async () => {
    ctx = await createTestApp({ BASE_URL: 'https://meals.example.org' });
    const { admin } = await signInRoles(ctx);
    const created = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.sites,
      headers: { cookie: admin.cookie },
      payload: buildSite(),
    });
    expect(created.statusCode, created.body).toBe(201);
    siteId = created.json<{ id: number }>().id;
  });
  afterAll(() => ctx.close());

  it('answers a cacheable SVG of the page address in the asked language', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: apiPaths.siteQr(siteId, 'es') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBeTruthy();
    expect(response.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*viewBox="0 0 \d+ \d+"/);
    expect(response.body.trimEnd()).toMatch(/<\/svg>$/);
    expect(response.body.length).toBeLessThan(6000);
    expect(response.body).toBe(await expected(`https://meals.example.org/sites/${siteId}?lng=es`));
  });

  it('encodes each language, and leaves an unknown one out', async () => {
    for (const language of ['en', 'zh']) {
      const response = await ctx.app.inject({ method: 'GET', url: apiPaths.siteQr(siteId, language) });
      expect(response.body).toBe(await expected(`https://meals.example.org/sites/${siteId}?lng=${language}`));
    }
    const odd = await ctx.app.inject({ method: 'GET', url: `/api/sites/${siteId}/qr.svg?lng=xx` });
    expect(odd.statusCode).toBe(200);
    expect(odd.body).toBe(await expected(`https://meals.example.org/sites/${siteId}`));
  });

  it('uses BASE_URL whatever Host the request names', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: apiPaths.siteQr(siteId, 'en'),
      headers: { host: 'evil.example.com', 'x-forwarded-host': 'evil.example.com' },
    });
    expect(response.body).toBe(await expected(`https://meals.example.org/sites/${siteId}?lng=en`));
  });

  it('answers 304 to a matching ETag', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: apiPaths.siteQr(siteId, 'en') });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await ctx.app.inject({
      method: 'GET',
      url: apiPaths.siteQr(siteId, 'en'),
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers 404 for a site that does not exist or an id that is not one', async () => {
    for (const url of ['/api/sites/999999/qr.svg?lng=en', '/api/sites/abc/qr.svg', '/api/sites/0/qr.svg']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
  });
});

describe('GET /api/sites/{id}/qr.svg without BASE_URL', () => {
  let ctx: TestContext;
  let siteId: number;
  beforeAll(async () => {
    ctx = await createTestApp({
      BASE_URL: '',
      PORT: '3999',
      ALLOWED_ORIGINS: 'https://www.meals.example.org',
      TRUST_PROXY: 'loopback',
    });
    const { admin } = await signInRoles(ctx);
    const created = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.sites,
      headers: { cookie: admin.cookie },
      payload: buildSite(),
    });
    siteId = created.json<{ id: number }>().id;
  });
  afterAll(() => ctx.close());

  const qrFor = (host: string) =>
    ctx.app.inject({ method: 'GET', url: apiPaths.siteQr(siteId, 'es'), headers: { host } });

  it("encodes the request's own address only when it is allowed or this machine", async () => {
    expect((await qrFor('127.0.0.1:4103')).body).toBe(
      await expected(`http://127.0.0.1:4103/sites/${siteId}?lng=es`),
    );
    // Allowed as https only: the plain-http address is not one of this deployment's.
    expect((await qrFor('www.meals.example.org')).body).toBe(
      await expected(`http://localhost:3999/sites/${siteId}?lng=es`),
    );
    // Behind a trusted proxy that says HTTPS, the allowed origin is used as the visitor named it.
    const proxied = await ctx.app.inject({
      method: 'GET',
      url: apiPaths.siteQr(siteId, 'zh'),
      headers: { host: 'www.meals.example.org', 'x-forwarded-proto': 'https' },
    });
    expect(proxied.body).toBe(await expected(`https://www.meals.example.org/sites/${siteId}?lng=zh`));
    // A forged Host falls back to the configured address.
    expect((await qrFor('evil.example.com')).body).toBe(
      await expected(`http://localhost:3999/sites/${siteId}?lng=es`),
    );
  });
});

describe('canonicalOrigin', () => {
  const base = {
    baseUrl: undefined,
    allowedOrigins: ['https://www.meals.example.org'],
    fallback: 'http://localhost:3000',
  };
  it.each([
    ['https://www.meals.example.org', 'https://www.meals.example.org'],
    ['http://localhost:5173', 'http://localhost:5173'],
    ['http://127.0.0.1:4103', 'http://127.0.0.1:4103'],
    ['http://[::1]:3000', 'http://[::1]:3000'],
    ['http://evil.example.com', 'http://localhost:3000'],
    ['http://evil.example.com@localhost', 'http://localhost:3000'],
    ['http://localhost.evil.example.com', 'http://localhost:3000'],
    ['http://localhost/path', 'http://localhost:3000'],
    ['javascript://localhost', 'http://localhost:3000'],
    [undefined, 'http://localhost:3000'],
  ])('request origin %s gives %s', (requestOrigin, origin) => {
    expect(canonicalOrigin({ ...base, requestOrigin })).toBe(origin);
  });
  it('prefers BASE_URL', () => {
    expect(
      canonicalOrigin({
        ...base,
        baseUrl: 'https://meals.example.org/',
        requestOrigin: 'http://localhost:1',
      }),
    ).toBe('https://meals.example.org');
  });
  it('writes the page address with the language', () => {
    expect(sitePageUrl('https://meals.example.org', 12, 'es')).toBe(
      'https://meals.example.org/sites/12?lng=es',
    );
    expect(sitePageUrl('https://meals.example.org', 12)).toBe('https://meals.example.org/sites/12');
  });
});

describe('the QR image is made once per address (R372)', () => {
  let ctx: TestContext;
  let siteId: number;
  beforeAll(async () => {
    ctx = await createTestApp({ BASE_URL: 'https://meals.example.org' });
    const { admin } = await signInRoles(ctx);
    const created = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.sites,
      headers: { cookie: admin.cookie },
      payload: buildSite(),
    });
    siteId = created.json<{ id: number }>().id;
  });
  afterAll(() => ctx.close());

  it('answers repeated requests for a site and language from memory, each language made once', async () => {
    const make = vi.spyOn(QRCode, 'toString');
    try {
      const bodies = new Set<string>();
      for (let i = 0; i < 5; i += 1) {
        for (const lng of ['en', 'es']) {
          const response = await ctx.app.inject({ method: 'GET', url: apiPaths.siteQr(siteId, lng) });
          expect(response.statusCode).toBe(200);
          bodies.add(`${lng}:${response.body}`);
        }
      }
      expect(bodies.size).toBe(2);
      expect(make).toHaveBeenCalledTimes(2);
    } finally {
      make.mockRestore();
    }
  });

  it('keeps at most the bound, the least recently used going first', async () => {
    const made: string[] = [];
    const qr = createQrCache(2, async (text) => {
      made.push(text);
      return { svg: `<svg>${text}</svg>`, etag: `"${text}"` };
    });
    await qr('a');
    await qr('b');
    await qr('a');
    await qr('c'); // b goes
    await qr('a');
    await qr('b');
    expect(made).toEqual(['a', 'b', 'c', 'b']);
  });
});
