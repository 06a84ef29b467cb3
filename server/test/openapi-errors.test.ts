/**
 * Every route, public or staff, declares the error answers it can give (docs/product.md R552), so /api/openapi.json tells
 * a client what to expect: a body → 422, a staff route (anonymous → 401) → 401 and 403, an :id → 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_LIST_NAMES } from '#shared/schemas/reference-lists.ts';
import { createTestApp, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

interface Operation {
  requestBody?: unknown;
  responses?: Record<string, unknown>;
}

async function operations() {
  const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );
}

describe('declared error answers in /api/openapi.json', () => {
  it('covers every route (the document is not empty by mistake)', async () => {
    const checked = await operations();
    expect(checked.length).toBeGreaterThanOrEqual(REFERENCE_LIST_NAMES.length * 7);
  });

  it('every route with a body declares 422', async () => {
    const missing = (await operations())
      .filter(({ operation }) => operation.requestBody)
      .filter(({ operation }) => !operation.responses?.['422'])
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(missing).toEqual([]);
  });

  it('every route with an :id declares 404', async () => {
    const missing = (await operations())
      .filter(({ path }) => path.includes('{id}'))
      .filter(({ operation }) => !operation.responses?.['404'])
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(missing).toEqual([]);
  });

  it('every staff route (401 to nobody signed in) declares 401 and 403', async () => {
    const missing: string[] = [];
    let staff = 0;
    for (const { path, method, operation } of await operations()) {
      const response = await ctx.app.inject({
        method: method.toUpperCase() as 'GET',
        url: path.replace(/\{[^}]+\}/g, '1'),
        ...(operation.requestBody ? { payload: {} } : {}),
      });
      if (response.statusCode !== 401) continue;
      staff += 1;
      if (!operation.responses?.['401'] || !operation.responses?.['403'])
        missing.push(`${method.toUpperCase()} ${path}`);
    }
    expect(staff).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });
});
