import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '#shared/api-paths.ts';
import { REFERENCE_LIST_NAMES, REFERENCE_LISTS } from '#shared/reference-lists.ts';
import { buildNutritionPartner, buildReferenceItem, buildSite } from '#testing/factories.ts';
import { createTestApp, signInRoles, type TestContext } from './helpers.ts';

/**
 * Walks the registry of reference lists over the real app and database: every list answers on its
 * API path and is in the OpenAPI document, a site write takes its ids key and answers its items under
 * its site key, its filter key is in the site list's query, and a write to it drops the public cache.
 * A list added to the registry without its tables (a migration) or routes fails here.
 */
let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signInRoles(ctx)).admin.cookie;
});
afterAll(() => ctx.close());

const asAdmin = (options: InjectOptions) =>
  ctx.app.inject({ ...options, headers: { cookie: admin, ...options.headers } });

describe.each(REFERENCE_LIST_NAMES)('the %s list, end to end', (list) => {
  const entry = REFERENCE_LISTS[list];

  it('answers on its API paths, and is in the OpenAPI document', async () => {
    const read = await ctx.app.inject({ method: 'GET', url: apiPaths.list(list) });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual(expect.any(Array));

    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([apiPaths.list(list), apiPaths.listItem(list, '{id}')]),
    );
    const json = (operation: { content: { 'application/json': { schema: { properties: object } } } }) =>
      Object.keys(operation.content['application/json'].schema.properties);
    expect(json(doc.paths['/api/sites/{id}'].get.responses['200'])).toContain(entry.siteKey);
    expect(json(doc.paths['/api/sites'].post.requestBody)).toContain(entry.idsKey);
  });

  it('stores its items on a site under the ids key and answers them under the site key', async () => {
    const body = entry.contact ? buildNutritionPartner() : buildReferenceItem();
    const created = await asAdmin({ method: 'POST', url: apiPaths.list(list), payload: body });
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json() as { id: number; name: string };

    const site = await asAdmin({
      method: 'POST',
      url: apiPaths.sites,
      payload: buildSite({ [entry.idsKey]: [item.id] }),
    });
    expect(site.statusCode, site.body).toBe(201);
    expect(site.json()[entry.siteKey]).toEqual([expect.objectContaining({ id: item.id, name: item.name })]);

    const read = await ctx.app.inject({ method: 'GET', url: apiPaths.site(site.json().id) });
    expect(read.json()[entry.siteKey]).toEqual([expect.objectContaining({ id: item.id })]);
  });

  it('drops the cached public reads when one of its items is written', async () => {
    const before = await ctx.app.inject({ method: 'GET', url: apiPaths.list(list) });
    const etag = before.headers.etag;
    expect(etag).toBeTruthy();
    const body = entry.contact ? buildNutritionPartner() : buildReferenceItem();
    const created = await asAdmin({ method: 'POST', url: apiPaths.list(list), payload: body });
    expect(created.statusCode, created.body).toBe(201);
    const after = await ctx.app.inject({
      method: 'GET',
      url: apiPaths.list(list),
      headers: { 'if-none-match': String(etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: created.json().id })]),
    );
  });
});
