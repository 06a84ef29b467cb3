/**
 * docs/product.md R65 and R78: one error shape — 422 `{status, errors: [{path, message}]}` with one entry per
 * bad field, 400 for malformed JSON, 415 for non-JSON bodies, 413 for oversized bodies — and never a
 * stack trace in an answer.
 */
import { count } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldError } from '#shared/schemas/common.ts';
import { buildSite } from '#testing/factories.ts';
import { history, sites } from '../db/schema.ts';
import { createTestApp, signInRoles, type TestContext } from './helpers.ts';

let ctx: TestContext;
let cookies: Awaited<ReturnType<typeof signInRoles>>;
let siteId: number;
const BODY_LIMIT = 2048;

beforeAll(async () => {
  ctx = await createTestApp({ BODY_LIMIT_BYTES: String(BODY_LIMIT) });
  cookies = await signInRoles(ctx);
  const created = await asAdmin({ method: 'POST', url: '/api/sites', payload: buildSite() });
  expect(created.statusCode).toBe(201);
  siteId = created.json().id;
});
afterAll(() => ctx.close());

const asAdmin = (options: InjectOptions) =>
  ctx.app.inject({ ...options, headers: { cookie: cookies.admin.cookie, ...options.headers } });

/** No stack trace, file path or dependency name leaks into an error answer. */
function expectNoInternals(response: LightMyRequestResponse) {
  expect(response.body).not.toMatch(/\n\s+at /);
  expect(response.body).not.toMatch(/\bat .+:\d+:\d+/);
  expect(response.body).not.toContain('node_modules');
  expect(response.body).not.toMatch(/\.ts\b|\.js\b/);
  expect(response.body).not.toContain('"stack"');
}

async function counts() {
  const [s] = await ctx.database.db.select({ n: count() }).from(sites);
  const [h] = await ctx.database.db.select({ n: count() }).from(history);
  return { sites: s!.n, history: h!.n };
}

/** POSTs a site with `override` applied and expects exactly `errors` and nothing saved. */
async function expectRefused(override: Record<string, unknown>, errors: FieldError[]) {
  const before = await counts();
  const payload: Record<string, unknown> = { ...buildSite(), ...override };
  for (const [key, value] of Object.entries(override)) if (value === undefined) delete payload[key];
  const response = await asAdmin({ method: 'POST', url: '/api/sites', payload });
  expect(response.statusCode, response.body).toBe(422);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.json()).toEqual({ status: 422, errors });
  expectNoInternals(response);
  expect(await counts()).toEqual(before);
}

const HOURS_DAY = 'must be a weekday from 0 (Sunday) to 6 (Saturday)';
const TIME = 'must be a time like 9:00 or 17:30';

describe('422 for each bad site field, one entry per field', () => {
  it.each([
    ['name missing', { name: undefined }, [{ path: 'name', message: 'is required', code: 'required' }]],
    ['name blank', { name: '   ' }, [{ path: 'name', message: 'is required', code: 'required' }]],
    ['name not text', { name: 42 }, [{ path: 'name', message: 'is required', code: 'required' }]],
    [
      'name too long',
      { name: 'x'.repeat(201) },
      [{ path: 'name', message: 'must be at most 200 characters', code: 'too_long', params: { max: 200 } }],
    ],
    [
      'address missing',
      { address: undefined },
      [{ path: 'address', message: 'is required', code: 'required' }],
    ],
    ['address blank', { address: '' }, [{ path: 'address', message: 'is required', code: 'required' }]],
    [
      'phone of 7 digits',
      { phoneNumber: '555-0123' },
      [{ path: 'phoneNumber', message: 'must be exactly 10 digits', code: 'invalid_phone' }],
    ],
    [
      'phone of 11 digits',
      { phoneNumber: '24155550123' },
      [{ path: 'phoneNumber', message: 'must be exactly 10 digits', code: 'invalid_phone' }],
    ],
    [
      'phone of letters',
      { phoneNumber: 'call us' },
      [{ path: 'phoneNumber', message: 'must be exactly 10 digits', code: 'invalid_phone' }],
    ],
    [
      'bad e-mail',
      { email: 'not-an-email' },
      [{ path: 'email', message: 'must be a valid e-mail address', code: 'invalid_email' }],
    ],
    [
      'e-mail without domain',
      { email: 'chef@' },
      [{ path: 'email', message: 'must be a valid e-mail address', code: 'invalid_email' }],
    ],
    [
      'bad URL',
      { website: 'http://' },
      [{ path: 'website', message: 'must be a valid web address', code: 'invalid_website' }],
    ],
    [
      'URL with spaces',
      { website: 'not a url' },
      [{ path: 'website', message: 'must be a valid web address', code: 'invalid_website' }],
    ],
    [
      'javascript: URL',
      { website: 'javascript:alert(1)' },
      [{ path: 'website', message: 'must be a valid web address', code: 'invalid_website' }],
    ],
    [
      'data: URL',
      { website: 'data:text/html,<script>alert(1)</script>' },
      [{ path: 'website', message: 'must be a valid web address', code: 'invalid_website' }],
    ],
    [
      'ftp: URL',
      { website: 'ftp://files.example.org' },
      [{ path: 'website', message: 'must be a valid web address', code: 'invalid_website' }],
    ],
    [
      'hour day 7',
      { Hours: [{ day: 7, open: '09:00', close: '10:00' }] },
      [{ path: 'Hours.0.day', message: HOURS_DAY, code: 'invalid_weekday' }],
    ],
    [
      'hour day -1',
      { Hours: [{ day: -1, open: '09:00', close: '10:00' }] },
      [{ path: 'Hours.0.day', message: HOURS_DAY, code: 'invalid_weekday' }],
    ],
    [
      'hour day 1.5',
      { Hours: [{ day: 1.5, open: '09:00', close: '10:00' }] },
      [{ path: 'Hours.0.day', message: HOURS_DAY, code: 'invalid_weekday' }],
    ],
    [
      'hour day as text',
      { Hours: [{ day: 'Monday', open: '09:00', close: '10:00' }] },
      [{ path: 'Hours.0.day', message: HOURS_DAY, code: 'invalid_weekday' }],
    ],
    [
      'open 25:00',
      { Hours: [{ day: 1, open: '25:00', close: '26:00' }] },
      [
        { path: 'Hours.0.open', message: TIME, code: 'invalid_time' },
        { path: 'Hours.0.close', message: TIME, code: 'invalid_time' },
      ],
    ],
    [
      'close 9',
      { Hours: [{ day: 1, open: '08:00', close: '9' }] },
      [{ path: 'Hours.0.close', message: TIME, code: 'invalid_time' }],
    ],
    [
      'open 9:60',
      { Hours: [{ day: 1, open: '9:60', close: '10:00' }] },
      [{ path: 'Hours.0.open', message: TIME, code: 'invalid_time' }],
    ],
    [
      'open missing',
      { Hours: [{ day: 1, close: '10:00' }] },
      [{ path: 'Hours.0.open', message: TIME, code: 'invalid_time' }],
    ],
    [
      'close before open',
      { Hours: [{ day: 1, open: '14:00', close: '9:00' }] },
      [{ path: 'Hours.0.close', message: 'must be after the opening time', code: 'close_not_after_open' }],
    ],
    [
      'close equal to open',
      { Hours: [{ day: 1, open: '9:00', close: '09:00' }] },
      [{ path: 'Hours.0.close', message: 'must be after the opening time', code: 'close_not_after_open' }],
    ],
    [
      'second interval bad',
      {
        Hours: [
          { day: 1, open: '9:00', close: '10:00' },
          { day: 2, open: '11:00', close: '10:59' },
        ],
      },
      [{ path: 'Hours.1.close', message: 'must be after the opening time', code: 'close_not_after_open' }],
    ],
    [
      'lat 91',
      { lat: 91, lng: -122.4 },
      [
        {
          path: 'lat',
          message: 'must be between -90 and 90',
          code: 'out_of_range',
          params: { min: -90, max: 90 },
        },
      ],
    ],
    [
      'lat -90.5',
      { lat: -90.5, lng: -122.4 },
      [
        {
          path: 'lat',
          message: 'must be between -90 and 90',
          code: 'out_of_range',
          params: { min: -90, max: 90 },
        },
      ],
    ],
    [
      'lng 181',
      { lat: 37.7, lng: 181 },
      [
        {
          path: 'lng',
          message: 'must be between -180 and 180',
          code: 'out_of_range',
          params: { min: -180, max: 180 },
        },
      ],
    ],
    [
      'lat as text',
      { lat: '37.7', lng: -122.4 },
      [{ path: 'lat', message: 'must be a number', code: 'not_a_number' }],
    ],
    [
      'lat without lng',
      { lat: 37.7, lng: undefined },
      [{ path: 'lng', message: 'must be given with the other coordinate', code: 'both_coordinates' }],
    ],
    [
      'lng without lat',
      { lat: undefined, lng: -122.4 },
      [{ path: 'lat', message: 'must be given with the other coordinate', code: 'both_coordinates' }],
    ],
    [
      'lat with lng null',
      { lat: 37.7, lng: null },
      [{ path: 'lng', message: 'must be given with the other coordinate', code: 'both_coordinates' }],
    ],
    [
      'ids not a list',
      { PopulationIds: 3 },
      [{ path: 'PopulationIds', message: 'must be a list of ids', code: 'invalid_id_list' }],
    ],
    [
      'id not a number',
      { ServiceIds: ['3'] },
      [{ path: 'ServiceIds.0', message: 'must be a list of ids', code: 'invalid_id_list' }],
    ],
  ] as const)('%s', async (_label, override, errors) => {
    await expectRefused(override as Record<string, unknown>, errors as unknown as FieldError[]);
  });

  it('reports every bad field at once, one entry each', async () => {
    await expectRefused(
      {
        name: '',
        address: undefined,
        phoneNumber: '123',
        email: 'nope',
        website: 'javascript:alert(1)',
        Hours: [{ day: 9, open: '9', close: '10:00' }],
        lat: 91,
        lng: 0,
      },
      [
        { path: 'name', message: 'is required', code: 'required' },
        { path: 'address', message: 'is required', code: 'required' },
        { path: 'phoneNumber', message: 'must be exactly 10 digits', code: 'invalid_phone' },
        { path: 'email', message: 'must be a valid e-mail address', code: 'invalid_email' },
        { path: 'website', message: 'must be a valid web address', code: 'invalid_website' },
        {
          path: 'lat',
          message: 'must be between -90 and 90',
          code: 'out_of_range',
          params: { min: -90, max: 90 },
        },
        { path: 'Hours.0.day', message: HOURS_DAY, code: 'invalid_weekday' },
        { path: 'Hours.0.open', message: TIME, code: 'invalid_time' },
      ],
    );
  });

  it('refuses a body that is not an object', async () => {
    for (const payload of ['[]', '"a site"', 'null']) {
      const response = await asAdmin({
        method: 'POST',
        url: '/api/sites',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(422);
      expect(response.json()).toMatchObject({
        status: 422,
        errors: [expect.objectContaining({ path: expect.any(String) })],
      });
      expectNoInternals(response);
    }
  });
});

describe('422 on PATCH', () => {
  it.each([
    [{ name: '' }, [{ path: 'name', message: 'is required', code: 'required' }]],
    [{ name: null }, [{ path: 'name', message: 'is required', code: 'required' }]],
    [
      { phoneNumber: '12345' },
      [{ path: 'phoneNumber', message: 'must be exactly 10 digits', code: 'invalid_phone' }],
    ],
    [
      { Hours: [{ day: 1, open: '10:00', close: '9:00' }] },
      [{ path: 'Hours.0.close', message: 'must be after the opening time', code: 'close_not_after_open' }],
    ],
    [
      { lat: 37.7 },
      [{ path: 'lng', message: 'must be given with the other coordinate', code: 'both_coordinates' }],
    ],
    [
      { lat: null, lng: -122.4 },
      [{ path: 'lat', message: 'must be given with the other coordinate', code: 'both_coordinates' }],
    ],
    [
      { lat: null },
      [{ path: 'lng', message: 'must be given with the other coordinate', code: 'both_coordinates' }],
    ],
    [
      { version: 0 },
      [{ path: 'version', message: 'must be a positive whole number', code: 'invalid_version' }],
    ],
    [
      { version: 'one' },
      [{ path: 'version', message: 'must be a positive whole number', code: 'invalid_version' }],
    ],
  ])('PATCH %j', async (payload, errors) => {
    const before = (await ctx.app.inject({ method: 'GET', url: `/api/sites/${siteId}` })).json();
    const response = await asAdmin({ method: 'PATCH', url: `/api/sites/${siteId}`, payload });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ status: 422, errors });
    expectNoInternals(response);
    const after = (await ctx.app.inject({ method: 'GET', url: `/api/sites/${siteId}` })).json();
    expect(after).toEqual(before);
  });
});

describe('request bodies that are not valid JSON objects', () => {
  it('answers 400 for malformed JSON', async () => {
    const before = await counts();
    for (const payload of ['{"name": "Broken"', '{name: 1}', '{"a":1}}']) {
      const response = await asAdmin({
        method: 'POST',
        url: '/api/sites',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json()).toEqual({ status: 400, message: 'The request body is not valid JSON.' });
      expectNoInternals(response);
    }
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['application/x-www-form-urlencoded', 'name=Form+Site&address=1+Main+St'],
    ['text/plain', JSON.stringify(buildSite())],
    [
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nA\r\n--x--',
    ],
    ['application/xml', '<site><name>A</name></site>'],
  ])('answers 415 for a %s body, on POST and PATCH', async (type, payload) => {
    const before = await counts();
    for (const [method, url] of [
      ['POST', '/api/sites'],
      ['PATCH', `/api/sites/${siteId}`],
      ['POST', '/api/populations'],
    ] as const) {
      const response = await asAdmin({ method, url, headers: { 'content-type': type }, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(415);
      expect(response.json()).toMatchObject({ status: 415, message: expect.any(String) });
      expectNoInternals(response);
    }
    expect(await counts()).toEqual(before);
  });

  it(`answers 413 for a body over BODY_LIMIT_BYTES (${BODY_LIMIT})`, async () => {
    const before = await counts();
    const payload = JSON.stringify({ ...buildSite(), name: 'Big', address: 'x'.repeat(BODY_LIMIT) });
    expect(Buffer.byteLength(payload)).toBeGreaterThan(BODY_LIMIT);
    const response = await asAdmin({
      method: 'POST',
      url: '/api/sites',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ status: 413, message: expect.any(String) });
    expectNoInternals(response);
    expect(await counts()).toEqual(before);

    // Just under the limit is read (and here refused only for the long address).
    const underLimit = JSON.stringify({ ...buildSite(), address: 'x'.repeat(301) });
    expect(Buffer.byteLength(underLimit)).toBeLessThan(BODY_LIMIT);
    const small = await asAdmin({
      method: 'POST',
      url: '/api/sites',
      headers: { 'content-type': 'application/json' },
      payload: underLimit,
    });
    expect(small.statusCode).toBe(422);
    expect(small.json().errors).toEqual([
      { path: 'address', message: 'must be at most 300 characters', code: 'too_long', params: { max: 300 } },
    ]);
  });
});

describe('errors never carry internals', () => {
  it.each([
    ['GET', '/api/sites/abc'],
    ['GET', '/api/nope'],
    ['DELETE', '/api/sites/123456789'],
    ['PATCH', '/api/populations/123456789'],
  ] as const)('%s %s → 404 JSON without internals', async (method, url) => {
    const response = await asAdmin({ method, url, ...(method === 'PATCH' && { payload: { name: 'x' } }) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 404, message: 'Not found' });
    expectNoInternals(response);
  });
});
