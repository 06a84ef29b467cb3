/**
 * Every create, update and delete of a site or a list item leaves a history row: who (the user),
 * when, and what changed — for an update only the changed fields, as { field: [before, after] }.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REFERENCE_LIST_NAMES,
  REFERENCE_LISTS,
  type ReferenceListName,
} from '#shared/schemas/reference-lists.ts';
import { buildNutritionPartner, buildReferenceItem, buildSite } from '#testing/factories.ts';
import { createTestApp, createUser, login, signInRoles, type TestContext } from './helpers.ts';

let ctx: TestContext;
let roles: Awaited<ReturnType<typeof signInRoles>>;
let otherAdmin: { id: number; cookie: string };

beforeAll(async () => {
  ctx = await createTestApp();
  roles = await signInRoles(ctx);
  const other = await createUser(ctx, { admin: true });
  otherAdmin = { id: other.id, cookie: await login(ctx, other.email) };
});
afterAll(() => ctx.close());

interface HistoryEntry {
  id: number;
  action: 'create' | 'update' | 'delete';
  changes: Record<string, unknown>;
  createdAt: string;
  user: { id: number; firstName: string; lastName: string } | null;
}

const as = (cookie: string, options: InjectOptions) =>
  ctx.app.inject({ ...options, headers: { cookie, ...options.headers } });
const asAdmin = (options: InjectOptions) => as(roles.admin.cookie, options);

async function historyOf(path: string): Promise<HistoryEntry[]> {
  const response = await asAdmin({ method: 'GET', url: `${path}/history` });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** `when` is a real timestamp of this run (not a placeholder or a far-off default). */
function expectRecent(createdAt: string) {
  expect(new Date(createdAt).toISOString()).toBe(createdAt);
  expect(Math.abs(Date.now() - Date.parse(createdAt))).toBeLessThan(10 * 60_000);
}

const ADMIN_USER = () => ({ id: roles.admin.id, firstName: 'Ada', lastName: 'Admin' });

async function createItem(list: ReferenceListName, body?: object) {
  const payload = body ?? (REFERENCE_LISTS[list].contact ? buildNutritionPartner() : buildReferenceItem());
  const response = await asAdmin({ method: 'POST', url: `/api/${list}`, payload });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; name: string; version: number } & Record<string, unknown>;
}

describe('site history', () => {
  it('records create, update (changed fields only) and delete, newest first, with who and when', async () => {
    const seniors = await createItem('populations', { name: 'Seniors' });
    const adults = await createItem('populations', { name: 'Adults' });
    const created = await asAdmin({
      method: 'POST',
      url: '/api/sites',
      payload: buildSite({
        name: 'History Dining Room',
        address: '1 History St',
        PopulationIds: [seniors.id],
        Hours: [{ day: 1, open: '9:00', close: '11:00' }],
      }),
    });
    expect(created.statusCode).toBe(201);
    const site = created.json();

    const [creation, ...none] = await historyOf(`/api/sites/${site.id}`);
    expect(none).toEqual([]);
    expect(creation).toMatchObject({ action: 'create', user: ADMIN_USER() });
    expectRecent(creation!.createdAt);
    // confirmedAt is not a fact of the site but of its checks: confirmations have entries of their own.
    const { version: _v, updatedAt: _u, confirmedAt: _c, ...snapshot } = site;
    expect(creation!.changes).toEqual(snapshot);

    // Another admin changes the name, the populations and the hours, and sends the address unchanged.
    const updated = await as(otherAdmin.cookie, {
      method: 'PATCH',
      url: `/api/sites/${site.id}`,
      payload: {
        name: 'Renamed Dining Room',
        address: '1 History St',
        PopulationIds: [adults.id, seniors.id],
        Hours: [{ day: 2, open: '10:00', close: '12:00' }],
      },
    });
    expect(updated.statusCode).toBe(200);
    const [update] = await historyOf(`/api/sites/${site.id}`);
    expect(update).toMatchObject({ action: 'update', user: { id: otherAdmin.id } });
    expect(update!.user!.id).not.toBe(roles.admin.id);
    expectRecent(update!.createdAt);
    expect(update!.changes).toEqual({
      name: ['History Dining Room', 'Renamed Dining Room'],
      Populations: [
        [{ id: seniors.id, name: 'Seniors', translations: {} }],
        [
          { id: adults.id, name: 'Adults', translations: {} },
          { id: seniors.id, name: 'Seniors', translations: {} },
        ],
      ],
      Hours: [[{ day: 1, open: '09:00', close: '11:00' }], [{ day: 2, open: '10:00', close: '12:00' }]],
    });

    const phone = await asAdmin({
      method: 'PATCH',
      url: `/api/sites/${site.id}`,
      payload: { phoneNumber: '' },
    });
    expect(phone.statusCode).toBe(200);
    const [clearing] = await historyOf(`/api/sites/${site.id}`);
    // As the API answers it: a site without a phone has phoneNumber "".
    expect(clearing!.changes).toEqual({ phoneNumber: [site.phoneNumber, ''] });

    const deleted = await asAdmin({ method: 'DELETE', url: `/api/sites/${site.id}` });
    expect(deleted.statusCode).toBe(204);
    const entries = await historyOf(`/api/sites/${site.id}`);
    expect(entries.map((e) => e.action)).toEqual(['delete', 'update', 'update', 'create']);
    expect(entries[0]).toMatchObject({ action: 'delete', user: ADMIN_USER() });
    expect(entries[0]!.changes).toMatchObject({
      id: site.id,
      name: 'Renamed Dining Room',
      phoneNumber: '',
    });
    expect(new Set(entries.map((e) => e.id)).size).toBe(4);
    const times = entries.map((e) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('keeps each site’s history apart', async () => {
    const a = (await asAdmin({ method: 'POST', url: '/api/sites', payload: buildSite() })).json();
    const b = (await asAdmin({ method: 'POST', url: '/api/sites', payload: buildSite() })).json();
    await asAdmin({ method: 'PATCH', url: `/api/sites/${b.id}`, payload: { name: 'Only B' } });
    expect((await historyOf(`/api/sites/${a.id}`)).map((e) => e.action)).toEqual(['create']);
    expect((await historyOf(`/api/sites/${b.id}`)).map((e) => e.action)).toEqual(['update', 'create']);
  });

  it('writes nothing for refused writes (validation, unknown ids, stale version)', async () => {
    const site = (await asAdmin({ method: 'POST', url: '/api/sites', payload: buildSite() })).json();
    const attempts: InjectOptions[] = [
      { method: 'PATCH', url: `/api/sites/${site.id}`, payload: { name: '' } },
      { method: 'PATCH', url: `/api/sites/${site.id}`, payload: { name: 'X', PopulationIds: [987_654] } },
      { method: 'PATCH', url: `/api/sites/${site.id}`, payload: { name: 'X', version: site.version + 5 } },
      { method: 'DELETE', url: `/api/sites/${site.id}?version=${site.version + 5}` },
    ];
    for (const attempt of attempts) expect((await asAdmin(attempt)).statusCode).toBeGreaterThanOrEqual(400);
    const user = await as(roles.user.cookie, {
      method: 'PATCH',
      url: `/api/sites/${site.id}`,
      payload: { name: 'X' },
    });
    expect(user.statusCode).toBe(403);
    expect((await historyOf(`/api/sites/${site.id}`)).map((e) => e.action)).toEqual(['create']);
  });
});

describe.each(REFERENCE_LIST_NAMES)('%s history', (list) => {
  const contact = REFERENCE_LISTS[list].contact;

  it('records create, update (changed fields only) and delete with who and when', async () => {
    const item = await createItem(list);
    const [creation] = await historyOf(`/api/${list}/${item.id}`);
    expect(creation).toMatchObject({
      action: 'create',
      user: ADMIN_USER(),
      changes: { id: item.id, name: item.name },
    });
    expectRecent(creation!.createdAt);

    const payload = contact
      ? { name: 'Renamed', email: item.email, website: 'new.example.org' }
      : { name: 'Renamed' };
    const updated = await as(otherAdmin.cookie, { method: 'PATCH', url: `/api/${list}/${item.id}`, payload });
    expect(updated.statusCode).toBe(200);
    const [update] = await historyOf(`/api/${list}/${item.id}`);
    expect(update).toMatchObject({ action: 'update', user: { id: otherAdmin.id } });
    expect(update!.changes).toEqual(
      contact
        ? { name: [item.name, 'Renamed'], website: [item.website, 'https://new.example.org'] }
        : { name: [item.name, 'Renamed'] },
    );

    // The item is used by one site when it is deleted: the history says so.
    const site = await asAdmin({
      method: 'POST',
      url: '/api/sites',
      payload: buildSite({ [REFERENCE_LISTS[list].idsKey]: [item.id] }),
    });
    expect(site.statusCode).toBe(201);
    expect((await asAdmin({ method: 'DELETE', url: `/api/${list}/${item.id}` })).statusCode).toBe(204);
    const entries = await historyOf(`/api/${list}/${item.id}`);
    expect(entries.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(entries[0]).toMatchObject({
      user: ADMIN_USER(),
      changes: { id: item.id, name: 'Renamed', sitesUsing: 1 },
    });
    expectRecent(entries[0]!.createdAt);
  });

  it('keeps the history of each list apart even where ids coincide', async () => {
    const item = await createItem(list);
    const entries = await historyOf(`/api/${list}/${item.id}`);
    expect(entries).toHaveLength(1);
    for (const other of REFERENCE_LIST_NAMES.filter((l) => l !== list)) {
      for (const entry of await historyOf(`/api/${other}/${item.id}`)) {
        expect(entry.changes).not.toMatchObject({ name: item.name });
      }
    }
  });
});
