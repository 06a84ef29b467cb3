/**
 * A site's facts — reservations, cost, who may come, languages staff speak, access, getting there —
 * and its phone extension (docs/product.md R500–R506): stored as data, validated with codes, nothing
 * stored on a refused write, answered on every read, recorded in the history, protected by the version.
 */

import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '#shared/api-paths.ts';
import { buildSite } from '#testing/factories.ts';
import { createTestApp, signInRoles, type TestContext } from './helpers.ts';

let ctx: TestContext;
let roles: Awaited<ReturnType<typeof signInRoles>>;

beforeAll(async () => {
  ctx = await createTestApp();
  roles = await signInRoles(ctx);
});
afterAll(() => ctx.close());

type Json = Record<string, unknown> & { id: number; version: number };

const asAdmin = (options: InjectOptions) =>
  ctx.app.inject({ ...options, headers: { cookie: roles.admin.cookie, ...options.headers } });

async function create(extra: object = {}) {
  const response = await asAdmin({
    method: 'POST',
    url: apiPaths.sites,
    payload: { ...buildSite(), ...extra },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Json;
}

const FULL = {
  reservation: 'required',
  reserveDays: 1,
  reserveBy: '13:00',
  reservePhone: '(415) 555-0199',
  reservePhoneDays: [5, 1, 2, 3, 4],
  reservePhoneOpen: '9:00',
  reservePhoneClose: '12:00',
  reserveUrl: 'meals.example.org/reserve',
  walkIns: false,
  cost: 'suggested',
  suggestedAmount: '$3.50',
  guestPrice: 6,
  spouse: true,
  caregiver: 'yes',
  guests: true,
  firstVisit: 'form',
  languages: ['yue', 'en', 'yue'],
  stepFree: true,
  restroom: true,
  elevator: null,
  hearingLoop: '',
  parking: false,
  transport: true,
  transportPhone: '4155550111',
  notes: { reservation: '  Ask for Mei.  ', cost: '', transit: 'Muni 14 at 24th St' },
  translations: { es: { transit: 'Muni 14 en la calle 24' }, zh: { transit: '' } },
};

describe('site facts', () => {
  it('stores every fact as data, normalised, and leaves the unknown ones out', async () => {
    const site = await create({ facts: FULL });
    expect(site.facts).toEqual({
      reservation: 'required',
      reserveDays: 1,
      reserveBy: '13:00',
      reservePhone: '4155550199',
      reservePhoneDays: [1, 2, 3, 4, 5],
      reservePhoneOpen: '09:00',
      reservePhoneClose: '12:00',
      reserveUrl: 'https://meals.example.org/reserve',
      walkIns: false,
      cost: 'suggested',
      suggestedAmount: 3.5,
      guestPrice: 6,
      spouse: true,
      caregiver: true,
      guests: true,
      firstVisit: 'form',
      languages: ['yue', 'en'],
      stepFree: true,
      restroom: true,
      parking: false,
      transport: true,
      transportPhone: '4155550111',
      notes: { reservation: 'Ask for Mei.', transit: 'Muni 14 at 24th St' },
      translations: { es: { transit: 'Muni 14 en la calle 24' } },
    });
    const read = await ctx.app.inject({ method: 'GET', url: apiPaths.site(site.id) });
    expect(read.json().facts).toEqual(site.facts);
    const list = await ctx.app.inject({ method: 'GET', url: apiPaths.sites });
    expect((list.json() as Json[]).find((s) => s.id === site.id)?.facts).toEqual(site.facts);
  });

  it('answers {} for a site nobody described, and null or {} clears the facts', async () => {
    const plain = await create();
    expect(plain.facts).toEqual({});
    expect(plain.phoneExtension).toBeNull();
    const site = await create({ facts: { stepFree: true } });
    const cleared = await asAdmin({ method: 'PATCH', url: apiPaths.site(site.id), payload: { facts: null } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().facts).toEqual({});
  });

  const BAD: Array<[string, object, string, string]> = [
    ['an amount with three decimals', { suggestedAmount: 3.505 }, 'facts.suggestedAmount', 'invalid_amount'],
    ['a negative amount', { guestPrice: -1 }, 'facts.guestPrice', 'invalid_amount'],
    ['an amount over the cap', { guestPrice: 250 }, 'facts.guestPrice', 'invalid_amount'],
    ['an amount in words', { suggestedAmount: 'three dollars' }, 'facts.suggestedAmount', 'invalid_amount'],
    [
      'an amount for a free meal',
      { cost: 'free', suggestedAmount: 3 },
      'facts.suggestedAmount',
      'amount_when_free',
    ],
    ['15 days ahead', { reserveDays: 15 }, 'facts.reserveDays', 'invalid_lead_time'],
    ['a fraction of a day', { reserveDays: 1.5 }, 'facts.reserveDays', 'invalid_lead_time'],
    ['337 hours ahead', { reserveHours: 337 }, 'facts.reserveHours', 'invalid_lead_time'],
    ['hours and days', { reserveHours: 48, reserveDays: 2 }, 'facts.reserveHours', 'lead_time_twice'],
    ['a cut-off time without days', { reserveBy: '13:00' }, 'facts.reserveDays', 'required'],
    [
      'a cut-off that is not a time',
      { reserveDays: 1, reserveBy: '25:00' },
      'facts.reserveBy',
      'invalid_time',
    ],
    ['an unknown language', { languages: ['yue', 'klingon'] }, 'facts.languages', 'unknown_language'],
    [
      'a reservation page that is not a URL',
      { reserveUrl: 'javascript:alert(1)' },
      'facts.reserveUrl',
      'invalid_website',
    ],
    ['an unknown policy', { reservation: 'maybe' }, 'facts.reservation', 'invalid_choice'],
    ['a yes/no that is neither', { stepFree: 'sometimes' }, 'facts.stepFree', 'not_boolean'],
    ['a short reservation phone', { reservePhone: '555-0199' }, 'facts.reservePhone', 'invalid_phone'],
    [
      'phone hours that end first',
      { reservePhoneOpen: '12:00', reservePhoneClose: '9:00' },
      'facts.reservePhoneClose',
      'close_not_after_open',
    ],
    ['a note too long', { notes: { about: 'x'.repeat(501) } }, 'facts.notes.about', 'too_long'],
  ];

  it.each(BAD)('refuses %s with its code and stores nothing', async (_label, facts, path, code) => {
    const site = await create({ facts: { stepFree: true } });
    const response = await asAdmin({
      method: 'PATCH',
      url: apiPaths.site(site.id),
      payload: { facts, version: site.version },
    });
    expect(response.statusCode, response.body).toBe(422);
    const errors = response.json().errors as Array<{ path: string; code: string }>;
    expect(errors).toContainEqual(expect.objectContaining({ path, code }));
    const after = await ctx.app.inject({ method: 'GET', url: apiPaths.site(site.id) });
    expect(after.json().facts).toEqual({ stepFree: true });
    expect(after.json().version).toBe(site.version);

    const created = await asAdmin({
      method: 'POST',
      url: apiPaths.sites,
      payload: { ...buildSite(), facts },
    });
    expect(created.statusCode).toBe(422);
  });

  it('records a change of facts in the history, before and after', async () => {
    const site = await create({ facts: { reservation: 'recommended' } });
    const response = await asAdmin({
      method: 'PATCH',
      url: apiPaths.site(site.id),
      payload: { facts: { reservation: 'required', reserveDays: 2 }, version: site.version },
    });
    expect(response.statusCode, response.body).toBe(200);
    const history = await asAdmin({ method: 'GET', url: `${apiPaths.site(site.id)}/history` });
    expect(history.statusCode, history.body).toBe(200);
    const [latest] = history.json() as Array<{ action: string; changes: Record<string, unknown> }>;
    expect(latest?.action).toBe('update');
    expect(latest?.changes.facts).toEqual([
      { reservation: 'recommended' },
      { reservation: 'required', reserveDays: 2 },
    ]);
  });

  it('refuses a change of facts made on an old version (409) and keeps the newer one', async () => {
    const site = await create({ facts: { walkIns: true } });
    const first = await asAdmin({
      method: 'PATCH',
      url: apiPaths.site(site.id),
      payload: { facts: { walkIns: false }, version: site.version },
    });
    expect(first.statusCode).toBe(200);
    const stale = await asAdmin({
      method: 'PATCH',
      url: apiPaths.site(site.id),
      payload: { facts: { walkIns: true, stepFree: true }, version: site.version },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current.facts).toEqual({ walkIns: false });
  });

  it('reads "415.555.0142 x3" as a number and its extension', async () => {
    const site = await create({ phoneNumber: '415.555.0142 x3' });
    expect(site.phoneNumber).toBe('4155550142');
    expect(site.phoneExtension).toBe('3');
    const ext = await create({ phoneNumber: '(415) 555-0143 ext. 120' });
    expect(ext.phoneExtension).toBe('120');
    const given = await create({ phoneNumber: '4155550144', phoneExtension: 'x7' });
    expect(given.phoneExtension).toBe('7');
    const bad = await asAdmin({
      method: 'POST',
      url: apiPaths.sites,
      payload: { ...buildSite(), phoneExtension: '12a' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toContainEqual(
      expect.objectContaining({ path: 'phoneExtension', code: 'invalid_extension' }),
    );
  });

  it('declares the facts and the extension in the OpenAPI document', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const text = response.body;
    for (const field of ['reserveDays', 'suggestedAmount', 'stepFree', 'languages', 'phoneExtension']) {
      expect(text).toContain(`"${field}"`);
    }
  });
});
