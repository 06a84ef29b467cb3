import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fakeClientDist, type TestContext } from './helpers.ts';

/**
 * The page a site's contact opens from the e-mail, /confirm/{token} (docs/product.md R201): its
 * address holds a secret, so it is never indexed and never kept by a cache, unlike other pages.
 */
const TEMPLATE =
  '<!doctype html><html lang="en"><head>' +
  '<meta name="description" content="Find a community dining site near you." />' +
  '<title>Community Meal Sites</title><!--app-data--></head>' +
  '<body><div id="root"></div><noscript><!--noscript-->Needs JavaScript.</noscript></body></html>';

let ctx: TestContext;

beforeAll(async () => {
  const dist = fakeClientDist(TEMPLATE);
  ctx = await createTestApp({ CLIENT_DIST: path.join(dist, 'client'), LOG_LEVEL: 'error' });
});
afterAll(() => ctx.close());

describe('/confirm/{token}', () => {
  it('is answered no-store and noindex, in the header and in the page', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/confirm/${'a'.repeat(43)}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(response.headers.etag).toBeUndefined();
    expect(response.body).toContain('<meta name="robots" content="noindex" /><title>');
    expect(response.body).toContain('<script id="app-data"');
  });

  it('/passwords/reset/{token} is answered no-store and noindex too (R371)', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/passwords/reset/${'b'.repeat(43)}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(response.body).toContain('<meta name="robots" content="noindex" /><title>');
  });

  it('leaves other pages as they were: cacheable by revalidation, indexable', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/login' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).not.toBe('no-store');
    expect(response.headers['x-robots-tag']).toBeUndefined();
    expect(response.body).not.toContain('name="robots"');
  });
});
