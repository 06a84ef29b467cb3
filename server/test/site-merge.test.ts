/**
 * docs/product.md R575–R576: a pair of possible duplicates marked "not a duplicate" is recorded and no
 * longer flagged (in the workspace or when saving); a site merged into another gives it its lists,
 * hours, contacts, facts, reports and closures, goes to the trash, and its old addresses lead to the
 * site it became part of — until it is restored.
 */
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, apiRoutes } from '#shared/api-paths.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { buildReferenceItem, buildSite } from '#testing/factories.ts';
import { history, reports } from '../db/schema.ts';
import { createTestApp, fakeClientDist, signInRoles, type TestContext, WITHOUT_HOLIDAYS } from './helpers.ts';

const RENDERER = `export function render({ url }) { return { html: '<h1>' + url + '</h1>', title: 't', description: 'd' }; }`;
const TEMPLATE =
  '<!doctype html><html><head><title>x</title><!--app-data--></head><body><div id="root"></div></body></html>';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  const dist = fakeClientDist(TEMPLATE, RENDERER);
  ctx = await createTestApp({ CLIENT_DIST: path.join(dist, 'client'), AGENCY_HOLIDAYS: WITHOUT_HOLIDAYS });
  admin = (await signInRoles(ctx)).admin.cookie;
});
afterAll(() => ctx.close());

async function as(
  request: { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: object },
  status: number,
) {
  const response = await ctx.app.inject({ ...request, headers: { cookie: admin } });
  expect(response.statusCode, response.body).toBe(status);
  return response.body ? response.json() : undefined;
}

const site = (overrides: Parameters<typeof buildSite>[0] = {}): Promise<Site> =>
  as(
    { method: 'POST', url: apiPaths.sites, payload: { ...buildSite(overrides), confirmDuplicate: true } },
    201,
  );

const flagged = async (id: number): Promise<number[]> => {
  const workspace = await as({ method: 'GET', url: apiRoutes.workspace }, 200);
  return workspace.sites.find((s: { id: number }) => s.id === id).possibleDuplicates;
};

const actions = async (id: number) =>
  (
    await ctx.database.db
      .select({ action: history.action, changes: history.changes })
      .from(history)
      .where(eq(history.entityId, id))
  ).filter((row) => row.action === 'not_duplicate' || row.action === 'merge');

describe('not a duplicate (R575)', () => {
  it('is recorded on both sites, no longer flagged or asked about, and can be taken back', async () => {
    const a = await site({ phoneNumber: '4155550911' });
    const b = await site({ phoneNumber: '4155550911' });
    expect(await flagged(a.id)).toContain(b.id);

    const url = apiPaths.siteNotDuplicates(a.id);
    expect(await as({ method: 'POST', url, payload: { otherId: b.id } }, 201)).toEqual({
      siteId: a.id,
      otherId: b.id,
      created: true,
    });
    expect(await as({ method: 'POST', url, payload: { otherId: b.id } }, 200)).toMatchObject({
      created: false,
    });
    expect(await flagged(a.id)).not.toContain(b.id);
    expect(await flagged(b.id)).not.toContain(a.id);
    expect(await actions(a.id)).toEqual([
      { action: 'not_duplicate', changes: { notDuplicateOf: [null, b.id] } },
    ]);
    expect(await actions(b.id)).toEqual([
      { action: 'not_duplicate', changes: { notDuplicateOf: [null, a.id] } },
    ]);

    // Saving a change the rule compares no longer stops on that pair.
    await as({ method: 'PATCH', url: apiPaths.site(b.id), payload: { name: `${b.name} West` } }, 200);

    await as({ method: 'DELETE', url: apiPaths.siteNotDuplicate(b.id, a.id) }, 204);
    expect(await flagged(a.id)).toContain(b.id);
    await as({ method: 'DELETE', url: apiPaths.siteNotDuplicate(b.id, a.id) }, 404);
    const again = await ctx.app.inject({
      method: 'PATCH',
      url: apiPaths.site(b.id),
      headers: { cookie: admin },
      payload: { name: `${b.name} East` },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('duplicate');
  });

  it('refuses a site paired with itself, and an unknown site', async () => {
    const a = await site();
    const url = apiPaths.siteNotDuplicates(a.id);
    await as({ method: 'POST', url, payload: { otherId: a.id } }, 422);
    await as({ method: 'POST', url, payload: { otherId: 999_999 } }, 404);
    await as({ method: 'POST', url, payload: { otherId: 'x' } }, 422);
  });
});

describe('merging (R576)', () => {
  it('keeps what both had, moves reports and closures, redirects the old addresses, until restored', async () => {
    const population = await as(
      { method: 'POST', url: apiPaths.list('populations'), payload: buildReferenceItem() },
      201,
    );
    const meal = await as(
      { method: 'POST', url: apiPaths.list('mealtypes'), payload: buildReferenceItem() },
      201,
    );
    const keep = await site({
      phoneNumber: '',
      email: null,
      Hours: [],
      PopulationIds: [population.id],
    } as never);
    const merged = await site({
      email: 'merged@example.org',
      Hours: [{ day: 2, open: '11:30', close: '13:00' }],
      PopulationIds: [population.id],
      MealTypeIds: [meal.id],
      facts: { walkIns: true },
    } as never);
    const [report] = await ctx.database.db
      .insert(reports)
      .values({ siteId: merged.id, reasons: ['hours'], message: 'Closed on Tuesdays now' })
      .returning();
    const closure = await as(
      {
        method: 'POST',
        url: apiPaths.closures,
        payload: { startDate: '2030-01-02', endDate: '2030-01-05', reason: 'Repairs', siteIds: [merged.id] },
      },
      201,
    );

    const result: Site = await as(
      {
        method: 'POST',
        url: apiPaths.siteMerge(keep.id),
        payload: { mergedId: merged.id, version: keep.version, mergedVersion: merged.version },
      },
      200,
    );
    expect(result).toMatchObject({
      id: keep.id,
      name: keep.name,
      email: 'merged@example.org',
      phoneNumber: merged.phoneNumber,
      Hours: [{ day: 2, open: '11:30', close: '13:00' }],
      facts: { walkIns: true },
    });
    expect(result.Populations.map((item) => item.id)).toEqual([population.id]);
    expect(result.MealTypes.map((item) => item.id)).toEqual([meal.id]);
    const [moved] = await ctx.database.db.select().from(reports).where(eq(reports.id, report!.id));
    expect(moved!.siteId).toBe(keep.id);
    expect((await as({ method: 'GET', url: apiPaths.closure(closure.id) }, 200)).siteIds).toEqual([keep.id]);
    expect((await actions(keep.id)).map((row) => row.action)).toEqual(['merge']);

    // The merged site is gone from the list, in the trash, and its addresses lead to the kept one.
    const list: Site[] = await as({ method: 'GET', url: apiPaths.sites }, 200);
    expect(list.map((s) => s.id)).not.toContain(merged.id);
    const trash = await as({ method: 'GET', url: apiRoutes.sitesTrash }, 200);
    expect(trash.map((entry: { id: number }) => entry.id)).toContain(merged.id);
    const api = await ctx.app.inject({ method: 'GET', url: apiPaths.site(merged.id) });
    expect(api.statusCode).toBe(301);
    expect(api.headers.location).toBe(apiPaths.site(keep.id));
    const page = await ctx.app.inject({ method: 'GET', url: `/sites/${merged.id}?lng=es` });
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe(`/sites/${keep.id}?lng=es`);
    expect((await ctx.app.inject({ method: 'GET', url: '/sites/999999' })).statusCode).toBe(404);

    // Restored, it is itself again.
    await as({ method: 'POST', url: `/api/sites/trash/${merged.id}/restore` }, 200);
    expect((await ctx.app.inject({ method: 'GET', url: apiPaths.site(merged.id) })).statusCode).toBe(200);
  });

  it('refuses a merge against a version changed since, and changes nothing', async () => {
    const keep = await site();
    const merged = await site();
    await as({ method: 'PATCH', url: apiPaths.site(merged.id), payload: { email: 'new@example.org' } }, 200);
    const response = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.siteMerge(keep.id),
      headers: { cookie: admin },
      payload: { mergedId: merged.id, version: keep.version, mergedVersion: merged.version },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('version_conflict');
    expect((await as({ method: 'GET', url: apiPaths.site(keep.id) }, 200)).version).toBe(keep.version);
    await as({ method: 'GET', url: apiPaths.site(merged.id) }, 200);
    await as(
      {
        method: 'POST',
        url: apiPaths.siteMerge(keep.id),
        payload: { mergedId: keep.id, version: 1, mergedVersion: 1 },
      },
      422,
    );
    await as({ method: 'POST', url: apiPaths.siteMerge(keep.id), payload: { mergedId: merged.id } }, 422);
  });
});
