import type { FastifyInstance, HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths, apiRoutes, fillPath } from '#shared/api-paths.ts';
import { feedRoutes } from '#shared/feed-routes.ts';
import { REFERENCE_LIST_NAMES } from '#shared/reference-lists.ts';
import { createTestApp, type TestContext } from './helpers.ts';

/**
 * The one table of API paths (docs/product.md R72): every route the app registers under /api is a
 * pattern of `apiRoutes`, and every pattern of `apiRoutes` is registered, so a route written with its
 * own literal path, or a table entry no route uses, fails here.
 */

/** Every route the app registers, as its onRoute hook sees it: Fastify has no list of its own. */
const registered = vi.hoisted(() => [] as { method: string; url: string }[]);
vi.mock('fastify', async (importOriginal) => {
  const fastify = await importOriginal<typeof import('fastify')>();
  const create = fastify.default as unknown as (...args: unknown[]) => FastifyInstance;
  const withRouteList = (...args: unknown[]) => {
    const app = create(...args);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url });
    });
    return app;
  };
  return { ...fastify, default: withRouteList };
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const METHODS: HTTPMethods[] = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'];

/** Each pattern of the table; a list's patterns once per reference list, the export's once per format. */
function tablePatterns(): string[] {
  return Object.entries({ ...apiRoutes, ...feedRoutes }).flatMap(([name, entry]): string[] => {
    if (typeof entry === 'string') return [entry];
    if (name === 'sitesExport') return (['csv', 'xlsx'] as const).map(apiRoutes.sitesExport);
    return REFERENCE_LIST_NAMES.map(entry as (list: (typeof REFERENCE_LIST_NAMES)[number]) => string);
  });
}

describe('the table of API paths', () => {
  it('has a pattern for every route the app registers under /api', () => {
    expect(registered).toContainEqual({ method: 'GET', url: apiRoutes.site });
    const table = new Set(tablePatterns());
    const missing = registered.filter(
      ({ url }) => (url === '/api' || url.startsWith('/api/')) && !table.has(url),
    );
    expect(missing).toEqual([]);
  });

  it('has no pattern the app does not register', () => {
    const unused = tablePatterns().filter(
      (url) => !METHODS.some((method) => ctx.app.hasRoute({ method, url })),
    );
    expect(unused).toEqual([]);
  });

  it('fills a pattern in, each value encoded', () => {
    expect(fillPath(apiRoutes.holiday, { key: 'new year', date: '2027-01-01' })).toBe(
      '/api/closures/holidays/new%20year/2027-01-01',
    );
    expect(apiPaths.site(12)).toBe('/api/sites/12');
    expect(apiPaths.siteQr(12, 'es')).toBe('/api/sites/12/qr.svg?lng=es');
    expect(apiPaths.listItem('mealtypes', 3)).toBe('/api/mealtypes/3');
    expect(apiPaths.password('a/b')).toBe('/api/passwords/a%2Fb');
  });
});
