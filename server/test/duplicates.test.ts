/**
 * One place, one entry (docs/product.md R177–R179): a site write that matches another site by address,
 * phone, or nearly the same name within 100 m is answered 409 `duplicate` with the candidates unless
 * confirmed; a version conflict says so with the record as it is now; list item names are unique in
 * their list, ignoring case and spaces.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_LIST_NAMES, REFERENCE_LISTS } from '#shared/schemas/reference-lists.ts';
import { buildNutritionPartner, buildSite } from '#testing/factories.ts';
import { createTestApp, signInRoles, type TestContext } from './helpers.ts';

let ctx: TestContext;
let roles: Awaited<ReturnType<typeof signInRoles>>;

beforeAll(async () => {
  ctx = await createTestApp();
  roles = await signInRoles(ctx);
});
afterAll(() => ctx.close());

const asAdmin = (options: InjectOptions) =>
  ctx.app.inject({ ...options, headers: { cookie: roles.admin.cookie, ...options.headers } });
const post = (payload: object) => asAdmin({ method: 'POST', url: '/api/sites', payload });
const patch = (id: number, payload: object) => asAdmin({ method: 'PATCH', url: `/api/sites/${id}`, payload });

let place = 0;
/** A site far from every other one made here (about 1 km apart), with its own address and phone. */
function distinctSite(overrides: object = {}) {
  place += 1;
  return buildSite({
    name: `Harbor View Dining Hall`,
    address: `${place} Unique Way, San Francisco, CA 94110`,
    phoneNumber: `628777${String(place).padStart(4, '0')}`,
    lat: 37.6 + place * 0.01,
    lng: -122.3,
    ...overrides,
  });
}

async function created(payload: object) {
  const response = await post(payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as {
    id: number;
    name: string;
    address: string;
    phoneNumber: string;
    version: number;
  };
}

describe('site duplicates', () => {
  it('the same address, written differently, is a duplicate: 409 with the candidate and why', async () => {
    const first = await created(distinctSite({ address: '500 Mission Street, San Francisco' }));
    const response = await post(
      distinctSite({ name: 'Mission Lunch Club', address: '500  mission st. san francisco' }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      status: 409,
      statusCode: 409,
      error: 'Conflict',
      code: 'duplicate',
      message: expect.stringMatching(/looks like one already/),
      candidates: [
        {
          id: first.id,
          name: first.name,
          address: first.address,
          phoneNumber: first.phoneNumber,
          reasons: ['address'],
        },
      ],
    });
  });

  it('the same phone is a duplicate', async () => {
    const first = await created(distinctSite({ phoneNumber: '4155559876' }));
    const response = await post(distinctSite({ name: 'Another Kitchen', phoneNumber: '(415) 555-9876' }));
    expect(response.statusCode).toBe(409);
    expect(response.json().candidates).toEqual([
      expect.objectContaining({ id: first.id, reasons: ['phone'] }),
    ]);
  });

  it('nearly the same name within 100 m is a duplicate; the same name 1 km away is not', async () => {
    const first = await created(distinctSite({ name: 'Bayview Senior Center', lat: 37.73, lng: -122.39 }));
    const near = await post(distinctSite({ name: 'Bayview Senior Centre', lat: 37.7305, lng: -122.39 }));
    expect(near.statusCode).toBe(409);
    expect(near.json().candidates).toEqual([expect.objectContaining({ id: first.id, reasons: ['name'] })]);
    const far = await post(distinctSite({ name: 'Bayview Senior Center', lat: 37.74, lng: -122.39 }));
    expect(far.statusCode).toBe(201);
  });

  it('confirmDuplicate: true saves it anyway; nothing is saved without it', async () => {
    await created(distinctSite({ address: '77 Geary Boulevard' }));
    const count = async () => (await ctx.app.inject({ method: 'GET', url: '/api/sites' })).json().length;
    const before = await count();
    const duplicate = distinctSite({ name: 'Geary Second Room', address: '77 geary blvd' });
    expect((await post(duplicate)).statusCode).toBe(409);
    expect(await count()).toBe(before);
    expect((await post({ ...duplicate, confirmDuplicate: true })).statusCode).toBe(201);
    expect(await count()).toBe(before + 1);
  });

  it('editing a site never matches itself; an edit that makes it match another is a 409 unless confirmed', async () => {
    const a = await created(distinctSite({ address: '12 Ocean Avenue' }));
    const b = await created(distinctSite({ name: 'Ocean Side Meals', address: '14 Ocean Avenue' }));
    // Saving a's own facts again, and changing its hours, is fine.
    const same = await patch(a.id, { name: a.name, address: '12 ocean ave', version: a.version });
    expect(same.statusCode, same.body).toBe(200);
    const clash = await patch(b.id, { address: '12 Ocean Ave.' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      code: 'duplicate',
      candidates: [{ id: a.id, reasons: ['address'] }],
    });
    const confirmed = await patch(b.id, { address: '12 Ocean Ave.', confirmDuplicate: true });
    expect(confirmed.statusCode).toBe(200);
    // Now a confirmed duplicate: an edit that leaves the compared facts alone is not asked again.
    const hours = await patch(b.id, {
      Hours: [{ day: 2, open: '11:00', close: '12:00' }],
      address: '12 Ocean Ave.',
    });
    expect(hours.statusCode).toBe(200);
  });

  it('a stale version is a 409 version_conflict carrying the site as it is now', async () => {
    const site = await created(distinctSite());
    await patch(site.id, { name: 'Renamed Harbor Hall', version: site.version });
    const stale = await patch(site.id, { name: 'Other Name Entirely', version: site.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'version_conflict',
      current: { id: site.id, name: 'Renamed Harbor Hall', version: site.version + 1, confirmedAt: null },
    });
    const remove = await asAdmin({ method: 'DELETE', url: `/api/sites/${site.id}?version=${site.version}` });
    expect(remove.statusCode).toBe(409);
    expect(remove.json()).toMatchObject({
      code: 'version_conflict',
      current: { name: 'Renamed Harbor Hall' },
    });
  });

  it('422 when confirmDuplicate is not a boolean', async () => {
    const response = await post({ ...distinctSite(), confirmDuplicate: 'yes' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      expect.objectContaining({ path: 'confirmDuplicate', code: 'not_boolean' }),
    ]);
  });
});

describe('list item names are unique in their list', () => {
  const body = (list: (typeof REFERENCE_LIST_NAMES)[number], name: string) =>
    REFERENCE_LISTS[list].contact ? buildNutritionPartner({ name }) : { name };

  it.each(REFERENCE_LIST_NAMES)(
    '%s: the same name in another case or spacing is 422 already_exists',
    async (list) => {
      const first = await asAdmin({
        method: 'POST',
        url: `/api/${list}`,
        payload: body(list, 'Hot  Lunch Program'),
      });
      expect(first.statusCode).toBe(201);
      for (const name of ['hot lunch program', '  HOT LUNCH   PROGRAM ', 'Hot Lunch Program']) {
        const again = await asAdmin({ method: 'POST', url: `/api/${list}`, payload: body(list, name) });
        expect(again.statusCode, name).toBe(422);
        expect(again.json().errors).toEqual([
          { path: 'name', code: 'already_exists', message: 'is already in this list' },
        ]);
      }
    },
  );

  it('another list may have the same name; an item may be saved under its own name; renaming onto another is refused', async () => {
    const a = (
      await asAdmin({ method: 'POST', url: '/api/services', payload: { name: 'Case management' } })
    ).json();
    const b = (
      await asAdmin({ method: 'POST', url: '/api/services', payload: { name: 'Transport' } })
    ).json();
    expect(
      (await asAdmin({ method: 'POST', url: '/api/mealtypes', payload: { name: 'Case management' } }))
        .statusCode,
    ).toBe(201);
    const own = await asAdmin({
      method: 'PATCH',
      url: `/api/services/${a.id}`,
      payload: { name: 'CASE management' },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().name).toBe('CASE management');
    const onto = await asAdmin({
      method: 'PATCH',
      url: `/api/services/${b.id}`,
      payload: { name: 'case  management' },
    });
    expect(onto.statusCode).toBe(422);
    expect(onto.json().errors[0]).toMatchObject({ path: 'name', code: 'already_exists' });
  });

  it('translations are not compared', async () => {
    await asAdmin({
      method: 'POST',
      url: '/api/populations',
      payload: { name: 'Veterans', translations: { es: { name: 'Veteranos' } } },
    });
    const other = await asAdmin({
      method: 'POST',
      url: '/api/populations',
      payload: { name: 'Former service members', translations: { es: { name: 'Veteranos' } } },
    });
    expect(other.statusCode).toBe(201);
  });
});
