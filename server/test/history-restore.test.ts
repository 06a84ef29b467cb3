/**
 * Restoring an earlier version (docs/product.md R560–R563): the version right after a history entry
 * comes back as a new change, checked and recorded like a save, and the public reads show it at once;
 * each change says where it came from.
 */
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '#shared/api-paths.ts';
import { CONFIRMATION_METHODS } from '#shared/schemas/confirmations.ts';
import type { HistoryEntry } from '#shared/schemas/history.ts';
import type { Site, SiteInput } from '#shared/schemas/sites.ts';
import { buildReferenceItem, buildSite } from '#testing/factories.ts';
import { createTestApp, fakeClientDist, signInRoles, type TestContext, WITHOUT_HOLIDAYS } from './helpers.ts';

/** A renderer standing in for the built one: it writes the names of the data it was given. */
const RENDERER = `export function render({ data }) {
  const names = (data.queries ?? []).flatMap((q) => (q.data && q.data.name ? [q.data.name] : []));
  return { html: '<p id="names">' + names.join('|') + '</p>', title: 'Page', description: 'Page' };
}`;
const TEMPLATE =
  '<!doctype html><html lang="en"><head><title>x</title><!--app-data--></head><body><div id="root"></div></body></html>';

let ctx: TestContext;
let admin: string;
let user: string;

beforeAll(async () => {
  const dist = fakeClientDist(TEMPLATE, RENDERER);
  // The data-version backstop held off: only the restore's own "directory changed" makes reads fresh.
  ctx = await createTestApp({
    CACHE_VERSION_CHECK_MS: '60000',
    CLIENT_DIST: path.join(dist, 'client'),
    AGENCY_HOLIDAYS: WITHOUT_HOLIDAYS,
  });
  const roles = await signInRoles(ctx);
  admin = roles.admin.cookie;
  user = roles.user.cookie;
});
afterAll(() => ctx.close());

async function as<T = unknown>(options: InjectOptions, status: number, cookie = admin): Promise<T> {
  const response = await ctx.app.inject({ ...options, headers: { cookie, ...options.headers } });
  expect(response.statusCode, response.body).toBe(status);
  return (response.body ? response.json() : undefined) as T;
}
const read = async <T>(url: string) => (await ctx.app.inject({ method: 'GET', url })).json() as T;
const createSite = (body: Partial<SiteInput> = {}) =>
  as<Site>({ method: 'POST', url: apiPaths.sites, payload: buildSite(body) }, 201);
const patch = (id: number, payload: object) =>
  as<Site>({ method: 'PATCH', url: apiPaths.site(id), payload }, 200);
const historyOf = (id: number) => as<HistoryEntry[]>({ method: 'GET', url: apiPaths.siteHistory(id) }, 200);
const restore = (id: number, historyId: number, version: number, status = 200) =>
  as<{ changed: boolean; record: Site; leftOut: unknown[] }>(
    { method: 'POST', url: apiPaths.siteHistoryRestore(id, historyId), payload: { version } },
    status,
  );
const item = async (list: 'populations' | 'mealtypes', name: string) =>
  (
    await as<{ id: number }>(
      { method: 'POST', url: apiPaths.list(list), payload: buildReferenceItem({ name }) },
      201,
    )
  ).id;

describe('restoring an earlier version of a site', () => {
  it('brings back its fields, hours and list items as a new change, seen by the public reads', async () => {
    const seniors = await item('populations', `Seniors ${Date.now()}`);
    const lunch = await item('mealtypes', `Lunch ${Date.now()}`);
    const dinner = await item('mealtypes', `Dinner ${Date.now()}`);
    const hours = [{ day: 2, open: '11:30', close: '13:00', weeks: [1, 3] }];
    const site = await createSite({
      name: 'Version Hall',
      Hours: hours,
      PopulationIds: [seniors],
      MealTypeIds: [lunch],
      translations: { es: { name: 'Salón Versión' } },
    });
    // The change to undo, then a later one that the restore undoes too.
    await patch(site.id, {
      name: 'Mistaken Hall',
      Hours: [{ day: 5, open: '17:00', close: '18:00' }],
      PopulationIds: [],
      MealTypeIds: [dinner],
    });
    const later = await patch(site.id, { phoneNumber: '4155550199', translations: {} });
    const [, , created] = await historyOf(site.id);

    // The public list, the site and its page are cached with the mistaken values.
    expect((await read<Site[]>(apiPaths.sites)).map((s) => s.name)).toContain('Mistaken Hall');
    expect((await read<Site>(apiPaths.site(site.id))).name).toBe('Mistaken Hall');
    expect((await ctx.app.inject({ method: 'GET', url: `/sites/${site.id}` })).body).toContain(
      'Mistaken Hall',
    );

    const answer = await restore(site.id, created!.id, later.version);
    expect(answer.changed).toBe(true);
    expect(answer.leftOut).toEqual([]);
    const restored = await read<Site>(apiPaths.site(site.id));
    expect(restored).toMatchObject({
      name: 'Version Hall',
      phoneNumber: site.phoneNumber,
      translations: { es: { name: 'Salón Versión' } },
      Hours: hours,
      version: later.version + 1,
    });
    expect(restored.Populations.map((p) => p.id)).toEqual([seniors]);
    expect(restored.MealTypes.map((m) => m.id)).toEqual([lunch]);
    expect((await read<Site[]>(apiPaths.sites)).find((s) => s.id === site.id)?.name).toBe('Version Hall');
    const page = (await ctx.app.inject({ method: 'GET', url: `/sites/${site.id}` })).body;
    expect(page).toContain('Version Hall');
    expect(page).not.toContain('Mistaken Hall');

    const [entry, ...rest] = await historyOf(site.id);
    expect(rest).toHaveLength(3);
    expect(entry).toMatchObject({ action: 'update', source: 'history', restoredFrom: created!.id });
    expect(entry!.changes).toMatchObject({ name: ['Mistaken Hall', 'Version Hall'] });
  });

  it('answers 409 with the current site for a stale version, and changes nothing', async () => {
    const site = await createSite({ name: 'Stale Hall' });
    const changed = await patch(site.id, { name: 'Newer Hall' });
    const [, created] = await historyOf(site.id);
    const conflict = await restore(site.id, created!.id, site.version, 409);
    expect(conflict).toMatchObject({ code: 'version_conflict', current: { name: 'Newer Hall' } });
    expect((await read<Site>(apiPaths.site(site.id))).version).toBe(changed.version);
    expect(await historyOf(site.id)).toHaveLength(2);
  });

  it('answers 404 for an entry of another record, of a list item, or a site in the trash', async () => {
    const site = await createSite();
    const other = await createSite();
    const [foreign] = await historyOf(other.id);
    await restore(site.id, foreign!.id, site.version, 404);
    const population = await item('populations', `Foreign ${Date.now()}`);
    const [itemEntry] = await as<HistoryEntry[]>(
      { method: 'GET', url: apiPaths.listItemHistory('populations', population) },
      200,
    );
    await restore(site.id, itemEntry!.id, site.version, 404);
    await as(
      { method: 'POST', url: `/api/sites/${site.id}/history/x/restore`, payload: { version: 1 } },
      404,
    );

    const [own] = await historyOf(other.id);
    await as({ method: 'DELETE', url: apiPaths.site(other.id) }, 204);
    await restore(other.id, own!.id, other.version, 404);
  });

  it('answers 200 with nothing changed when the site is already in that version', async () => {
    const site = await createSite();
    const [created] = await historyOf(site.id);
    const answer = await restore(site.id, created!.id, site.version);
    expect(answer).toMatchObject({ changed: false, record: { id: site.id, version: site.version } });
    expect(await historyOf(site.id)).toHaveLength(1);
  });

  it('is for administrators only, like the site’s save', async () => {
    const site = await createSite();
    const [created] = await historyOf(site.id);
    const url = apiPaths.siteHistoryRestore(site.id, created!.id);
    await as({ method: 'POST', url, payload: { version: site.version } }, 403, user);
    await as({ method: 'POST', url, payload: { version: site.version } }, 401, '');
    await as({ method: 'POST', url, payload: {} }, 422);
  });
});

describe('restoring an earlier version of a list item', () => {
  it('brings its name back, and refuses a stale version', async () => {
    const created = await as<{ id: number; version: number }>(
      { method: 'POST', url: apiPaths.list('services'), payload: { name: 'Rides to lunch' } },
      201,
    );
    const renamed = await as<{ version: number }>(
      { method: 'PATCH', url: apiPaths.listItem('services', created.id), payload: { name: 'Wrong name' } },
      200,
    );
    const entries = await as<HistoryEntry[]>(
      { method: 'GET', url: apiPaths.listItemHistory('services', created.id) },
      200,
    );
    const url = apiPaths.listItemHistoryRestore('services', created.id, entries[1]!.id);
    await as({ method: 'POST', url, payload: { version: created.version } }, 409);
    const answer = await as<{ changed: boolean; record: { name: string } }>(
      { method: 'POST', url, payload: { version: renamed.version } },
      200,
    );
    expect(answer).toMatchObject({ changed: true, record: { name: 'Rides to lunch' } });
    const names = (await read<{ name: string }[]>(apiPaths.list('services'))).map((i) => i.name);
    expect(names).toContain('Rides to lunch');
    const [entry] = await as<HistoryEntry[]>(
      { method: 'GET', url: apiPaths.listItemHistory('services', created.id) },
      200,
    );
    expect(entry).toMatchObject({ source: 'history', restoredFrom: entries[1]!.id });
  });
});

describe('where a change came from', () => {
  it('records the form, an import and a confirmation', async () => {
    const site = await createSite({ name: 'Source Hall' });
    await patch(site.id, { name: 'Source Hall 2' });
    await as(
      {
        method: 'POST',
        url: `${apiPaths.site(site.id)}/confirmations`,
        payload: { method: CONFIRMATION_METHODS[0] },
      },
      201,
    );
    const file = ['id,name,address', `${site.id},Source Hall 3,"${site.address}"`].join('\n');
    const preview = await as<{ id: string }>(
      {
        method: 'POST',
        url: '/api/imports',
        payload: Buffer.from(file),
        headers: { 'content-type': 'text/csv' },
      },
      201,
    );
    await as({ method: 'POST', url: apiPaths.importCommit(preview.id), payload: {} }, 200);
    const entries = await historyOf(site.id);
    expect(entries.map((e) => [e.action, e.source])).toEqual([
      ['import', 'import'],
      ['confirm', 'confirmation'],
      ['update', 'form'],
      ['create', 'form'],
    ]);
    expect(entries.every((e) => e.restoredFrom === null)).toBe(true);
  });
});
