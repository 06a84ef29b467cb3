import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REFERENCE_LIST_NAMES,
  REFERENCE_LISTS,
  type ReferenceListName,
} from '#shared/schemas/reference-lists.ts';
import { buildNutritionPartner, buildReferenceItem, buildSite } from '#testing/factories.ts';
import { createTestApp, signInRoles, type TestContext } from './helpers.ts';

let ctx: TestContext;
let cookies: Awaited<ReturnType<typeof signInRoles>>;

beforeAll(async () => {
  ctx = await createTestApp();
  cookies = await signInRoles(ctx);
});
afterAll(() => ctx.close());

type Item = { id: number; name: string; version: number; updatedAt: string } & Record<string, unknown>;

const asAdmin = (options: InjectOptions) =>
  ctx.app.inject({ ...options, headers: { cookie: cookies.admin.cookie, ...options.headers } });

const build = (list: ReferenceListName) =>
  REFERENCE_LISTS[list].contact ? buildNutritionPartner() : buildReferenceItem();

async function create(list: ReferenceListName, body: object = build(list)): Promise<Item> {
  const response = await asAdmin({ method: 'POST', url: `/api/${list}`, payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function createSiteUsing(list: ReferenceListName, ids: number[]) {
  const response = await asAdmin({
    method: 'POST',
    url: '/api/sites',
    payload: buildSite({ [REFERENCE_LISTS[list].idsKey]: ids }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; version: number } & Record<string, unknown>;
}

const keysOf = (list: ReferenceListName) =>
  REFERENCE_LISTS[list].contact
    ? ['email', 'id', 'name', 'phoneNumber', 'translations', 'updatedAt', 'version', 'website']
    : REFERENCE_LISTS[list].closesSite
      ? ['closesSite', 'id', 'name', 'translations', 'updatedAt', 'version']
      : ['id', 'name', 'translations', 'updatedAt', 'version'];

describe('closesSite on the lists whose items can close a site', () => {
  const closing = REFERENCE_LIST_NAMES.filter((list) => REFERENCE_LISTS[list].closesSite);

  it('is the covid statuses', () => {
    expect(closing).toEqual(['covidstatuses']);
  });

  it.each(closing)(
    '%s: false unless given, kept through PATCH, answered on the list and on a site',
    async (list) => {
      const plain = await create(list, { name: 'Open for dine-in' });
      expect(plain.closesSite).toBe(false);
      const closed = await create(list, { name: 'Temporarily closed', closesSite: true });
      expect(closed.closesSite).toBe(true);

      const renamed = await asAdmin({
        method: 'PATCH',
        url: `/api/${list}/${closed.id}`,
        payload: { name: 'Closed' },
      });
      expect(renamed.json()).toMatchObject({ name: 'Closed', closesSite: true });
      const reopened = await asAdmin({
        method: 'PATCH',
        url: `/api/${list}/${plain.id}`,
        payload: { closesSite: true },
      });
      expect(reopened.json()).toMatchObject({ name: 'Open for dine-in', closesSite: true });
      const back = await asAdmin({
        method: 'PATCH',
        url: `/api/${list}/${plain.id}`,
        payload: { closesSite: false },
      });
      expect(back.json().closesSite).toBe(false);

      const items = (await ctx.app.inject({ method: 'GET', url: `/api/${list}` })).json() as Item[];
      expect(items.find((i) => i.id === closed.id)?.closesSite).toBe(true);
      const site = await createSiteUsing(list, [closed.id, plain.id]);
      expect(site[REFERENCE_LISTS[list].siteKey]).toEqual([
        { id: closed.id, name: 'Closed', translations: {}, closesSite: true },
        { id: plain.id, name: 'Open for dine-in', translations: {}, closesSite: false },
      ]);
      const read = (await ctx.app.inject({ method: 'GET', url: `/api/sites/${site.id}` })).json();
      expect(read[REFERENCE_LISTS[list].siteKey]).toEqual(site[REFERENCE_LISTS[list].siteKey]);

      const refused = await asAdmin({
        method: 'POST',
        url: `/api/${list}`,
        payload: { name: 'X', closesSite: 'yes' },
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual([
        expect.objectContaining({ path: 'closesSite', code: 'not_boolean' }),
      ]);
    },
  );

  it('is not a field of the other lists', async () => {
    const item = await create('populations', { name: 'Seniors', closesSite: true });
    expect(item).not.toHaveProperty('closesSite');
  });
});

describe.each(REFERENCE_LIST_NAMES)('/api/%s', (list) => {
  const contact = REFERENCE_LISTS[list].contact;
  const siteKey = REFERENCE_LISTS[list].siteKey;

  it('creates an item (201) with exactly the fields of its list', async () => {
    const body = contact
      ? {
          name: '  Meals Partner  ',
          phoneNumber: '(628) 555-0100',
          email: 'Info@Partner.ORG',
          website: 'partner.org',
        }
      : { name: '  Seniors 60+  ' };
    const item = await create(list, body);
    expect(Object.keys(item).sort()).toEqual(keysOf(list));
    expect(item.id).toBeGreaterThan(0);
    expect(item.version).toBe(1);
    expect(new Date(item.updatedAt).toISOString()).toBe(item.updatedAt);
    if (contact) {
      expect(item).toMatchObject({
        name: 'Meals Partner',
        phoneNumber: '6285550100',
        email: 'info@partner.org',
        website: 'https://partner.org',
      });
    } else {
      expect(item.name).toBe('Seniors 60+');
    }
  });

  it('ignores contact fields sent to a list that has none', async () => {
    const item = await create(list, {
      name: 'With extras',
      phoneNumber: '4155550000',
      email: 'x@example.org',
    });
    expect(Object.keys(item).sort()).toEqual(keysOf(list));
    const stored = (await ctx.app.inject({ method: 'GET', url: `/api/${list}/${item.id}` })).json();
    expect(stored).toEqual(item);
    if (contact) expect(stored).toMatchObject({ phoneNumber: '4155550000', email: 'x@example.org' });
  });

  it('lists items by name, anonymously', async () => {
    const c = await create(list, { name: 'Sort Charlie' });
    const a = await create(list, { name: 'Sort Alpha' });
    const b = await create(list, { name: 'Sort Bravo' });
    const response = await ctx.app.inject({ method: 'GET', url: `/api/${list}` });
    expect(response.statusCode).toBe(200);
    const items = response.json() as Item[];
    expect(items.filter((i) => i.name.startsWith('Sort ')).map((i) => i.id)).toEqual([a.id, b.id, c.id]);
    for (const item of items) expect(Object.keys(item).sort()).toEqual(keysOf(list));
  });

  it('gets one item by id, anonymously', async () => {
    const item = await create(list);
    const response = await ctx.app.inject({ method: 'GET', url: `/api/${list}/${item.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(item);
  });

  it('patches the name, bumps the version and keeps the other fields', async () => {
    const item = await create(list);
    const response = await asAdmin({
      method: 'PATCH',
      url: `/api/${list}/${item.id}`,
      payload: { name: 'Renamed Item' },
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json() as Item;
    const { name, version, updatedAt: _u, ...rest } = updated;
    const { name: _n, version: _v, updatedAt: _u2, ...restBefore } = item;
    expect(name).toBe('Renamed Item');
    expect(version).toBe(item.version + 1);
    expect(rest).toEqual(restBefore);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/${list}/${item.id}` })).json()).toEqual(updated);
  });

  it('shows a renamed item on the sites that use it', async () => {
    const item = await create(list);
    const site = await createSiteUsing(list, [item.id]);
    await asAdmin({ method: 'PATCH', url: `/api/${list}/${item.id}`, payload: { name: 'Renamed On Site' } });
    const stored = (await ctx.app.inject({ method: 'GET', url: `/api/sites/${site.id}` })).json();
    expect(stored[siteKey]).toEqual([expect.objectContaining({ id: item.id, name: 'Renamed On Site' })]);
  });

  if (contact) {
    it('patches and clears contact fields', async () => {
      const item = await create(list);
      const changed = await asAdmin({
        method: 'PATCH',
        url: `/api/${list}/${item.id}`,
        payload: { phoneNumber: '628.555.0111', website: 'new.example.org' },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({
        name: item.name,
        email: item.email,
        phoneNumber: '6285550111',
        website: 'https://new.example.org',
      });
      const cleared = await asAdmin({
        method: 'PATCH',
        url: `/api/${list}/${item.id}`,
        payload: { phoneNumber: '', email: null, website: '' },
      });
      expect(cleared.json()).toMatchObject({
        name: item.name,
        phoneNumber: null,
        email: null,
        website: null,
      });
    });

    it('refuses bad contact fields with one error per field', async () => {
      const response = await asAdmin({
        method: 'POST',
        url: `/api/${list}`,
        payload: {
          name: 'Bad Partner',
          phoneNumber: '555-0100',
          email: 'nope',
          website: 'javascript:alert(1)',
        },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        status: 422,
        errors: [
          { path: 'phoneNumber', message: 'must be exactly 10 digits', code: 'invalid_phone' },
          { path: 'email', message: 'must be a valid e-mail address', code: 'invalid_email' },
          { path: 'website', message: 'must be a valid web address', code: 'invalid_website' },
        ],
      });
    });
  }

  it('refuses a missing or blank name with 422 on create and on patch', async () => {
    for (const payload of [{}, { name: '   ' }]) {
      const response = await asAdmin({ method: 'POST', url: `/api/${list}`, payload });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        status: 422,
        errors: [{ path: 'name', message: 'is required', code: 'required' }],
      });
    }
    const item = await create(list);
    const patch = await asAdmin({ method: 'PATCH', url: `/api/${list}/${item.id}`, payload: { name: '' } });
    expect(patch.statusCode).toBe(422);
    expect(patch.json()).toEqual({
      status: 422,
      errors: [{ path: 'name', message: 'is required', code: 'required' }],
    });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/${list}/${item.id}` })).json()).toEqual(item);
  });

  it('deletes an item: 204, then 404', async () => {
    const item = await create(list);
    const response = await asAdmin({ method: 'DELETE', url: `/api/${list}/${item.id}` });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const gone = await ctx.app.inject({ method: 'GET', url: `/api/${list}/${item.id}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ status: 404, message: 'Not found' });
    const ids = ((await ctx.app.inject({ method: 'GET', url: `/api/${list}` })).json() as Item[]).map(
      (i) => i.id,
    );
    expect(ids).not.toContain(item.id);
    expect((await asAdmin({ method: 'DELETE', url: `/api/${list}/${item.id}` })).statusCode).toBe(404);
  });

  it('removes a deleted item from the sites that use it; the sites stay intact', async () => {
    const doomed = await create(list);
    const kept = await create(list);
    const site = await createSiteUsing(list, [doomed.id, kept.id]);
    const other = await createSiteUsing(list, [doomed.id]);
    expect(site[siteKey]).toHaveLength(2);

    const usage = await asAdmin({ method: 'GET', url: `/api/${list}/${doomed.id}/usage` });
    expect(usage.statusCode).toBe(200);
    expect(usage.json()).toEqual({ sites: 2 });

    expect((await asAdmin({ method: 'DELETE', url: `/api/${list}/${doomed.id}` })).statusCode).toBe(204);

    const after = await ctx.app.inject({ method: 'GET', url: `/api/sites/${site.id}` });
    expect(after.statusCode).toBe(200);
    const { [siteKey]: items, updatedAt: _u, version: _v, ...fields } = after.json();
    const { [siteKey]: _items, updatedAt: _u2, version: _v2, ...fieldsBefore } = site;
    expect(items).toEqual([expect.objectContaining({ id: kept.id, name: kept.name })]);
    expect(fields).toEqual(fieldsBefore);
    const afterOther = await ctx.app.inject({ method: 'GET', url: `/api/sites/${other.id}` });
    expect(afterOther.statusCode).toBe(200);
    expect(afterOther.json()[siteKey]).toEqual([]);
  });

  it('counts the sites using an item', async () => {
    const item = await create(list);
    const usage = async () => (await asAdmin({ method: 'GET', url: `/api/${list}/${item.id}/usage` })).json();
    expect(await usage()).toEqual({ sites: 0 });
    const first = await createSiteUsing(list, [item.id]);
    await createSiteUsing(list, [item.id]);
    await createSiteUsing(list, []);
    expect(await usage()).toEqual({ sites: 2 });
    await asAdmin({ method: 'DELETE', url: `/api/sites/${first.id}` });
    expect(await usage()).toEqual({ sites: 1 });
    const unknown = await asAdmin({ method: 'GET', url: `/api/${list}/987654/usage` });
    expect(unknown.statusCode).toBe(404);
  });

  it('PATCH with a stale version → 409 and nothing changes; current version and no version are accepted', async () => {
    const item = await create(list);
    const first = await asAdmin({
      method: 'PATCH',
      url: `/api/${list}/${item.id}`,
      payload: { name: 'First Edit', version: item.version },
    });
    expect(first.statusCode).toBe(200);
    const stale = await asAdmin({
      method: 'PATCH',
      url: `/api/${list}/${item.id}`,
      payload: { name: 'Lost Edit', version: item.version },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ status: 409 });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/${list}/${item.id}` })).json().name).toBe(
      'First Edit',
    );
    const current = await asAdmin({
      method: 'PATCH',
      url: `/api/${list}/${item.id}`,
      payload: { name: 'Second Edit', version: item.version + 1 },
    });
    expect(current.statusCode).toBe(200);
    const unversioned = await asAdmin({
      method: 'PATCH',
      url: `/api/${list}/${item.id}`,
      payload: { name: 'Third Edit' },
    });
    expect(unversioned.statusCode).toBe(200);
    expect(unversioned.json()).toMatchObject({ name: 'Third Edit', version: item.version + 3 });
  });

  it('DELETE ?version= stale → 409 and the item stays; current → 204', async () => {
    const item = await create(list);
    await asAdmin({ method: 'PATCH', url: `/api/${list}/${item.id}`, payload: { name: 'Edited' } });
    const stale = await asAdmin({ method: 'DELETE', url: `/api/${list}/${item.id}?version=${item.version}` });
    expect(stale.statusCode).toBe(409);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/${list}/${item.id}` })).statusCode).toBe(200);
    const current = await asAdmin({
      method: 'DELETE',
      url: `/api/${list}/${item.id}?version=${item.version + 1}`,
    });
    expect(current.statusCode).toBe(204);
  });

  it.each(['987654', 'abc', '0', '-1', '99999999999', '1.5'])(
    'answers 404 JSON for the unknown or malformed id %s on GET, PATCH and DELETE',
    async (id) => {
      for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
        const response = await asAdmin({
          method,
          url: `/api/${list}/${id}`,
          ...(method === 'PATCH' && { payload: { name: 'Nobody' } }),
        });
        expect(response.statusCode, `${method} ${id}`).toBe(404);
        expect(response.json()).toEqual({ status: 404, message: 'Not found' });
      }
    },
  );
});
