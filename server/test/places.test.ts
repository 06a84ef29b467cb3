/**
 * docs/product.md R131–R132: GET /api/places turns the near box's text into a point — a ZIP code, a
 * neighborhood (three languages) or, with a geocoder, a street address — limited per client and
 * never logged with what was typed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Geocoder } from '../services/geocoding.ts';
import { createTestApp, type TestContext } from './helpers.ts';

const calls: string[] = [];
const geocoder: Geocoder = {
  geocode: async (address) => {
    calls.push(address);
    return /^24th & Mission/.test(address)
      ? { ok: true, lat: 37.7524, lng: -122.4184 }
      : { ok: false, reason: 'not-found' };
  },
};

const get = (ctx: TestContext, query: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: `/api/places?${query}`, headers });

describe('GET /api/places without a geocoder', () => {
  let ctx: TestContext;
  const log: string[] = [];
  beforeAll(async () => {
    ctx = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => log.push(line) } });
  });
  afterAll(() => ctx.close());

  it.each<[string, object]>([
    ['q=94110', { kind: 'zip', label: '94110', lat: 37.750021, lng: -122.415201 }],
    ['q=Bayview', { kind: 'neighborhood', label: 'Bayview' }],
    ['q=la%20misi%C3%B3n&lng=es', { kind: 'neighborhood', label: 'La Misión' }],
    [`q=${encodeURIComponent('唐人街')}&lng=zh`, { kind: 'neighborhood', label: '唐人街' }],
    ['q=outer%20sunset', { kind: 'neighborhood', label: 'Outer Sunset' }],
  ])('%s → 200 %j', async (query, expected) => {
    const response = await get(ctx, query);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject(expected);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('tells the browser that street addresses cannot be looked up (the near box does not offer them)', async () => {
    const config = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({ addressLookup: false });
  });

  it('names a neighborhood in the language of the request', async () => {
    const response = await get(ctx, 'q=chinatown', { cookie: 'i18next=zh' });
    expect(response.json()).toMatchObject({ label: '唐人街' });
  });

  it.each<[string, string, object]>([
    ['an intersection', '24th & Mission', { kind: 'neighborhood', label: 'Mission', lat: 37.7599 }],
    ['a sentence', 'near the Mission district, SF', { kind: 'neighborhood', label: 'Mission' }],
    ['the longest name first', '3rd St in Mission Bay', { kind: 'neighborhood', label: 'Mission Bay' }],
    ['a longer name first', 'Judah at the outer sunset', { kind: 'neighborhood', label: 'Outer Sunset' }],
    ['Spanish, with accents folded', 'cerca de la mision', { kind: 'neighborhood', label: 'Mission' }],
    ['Chinese, inside other characters', '唐人街附近', { kind: 'neighborhood', label: 'Chinatown' }],
  ])('finds the neighborhood named inside a longer text: %s', async (_name, text, expected) => {
    const response = await get(ctx, `q=${encodeURIComponent(text)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject(expected);
  });

  it('finds no neighborhood inside a longer word', async () => {
    const response = await get(ctx, `q=${encodeURIComponent('Missionary Ridge Rd')}`);
    expect(response.statusCode).toBe(404);
  });

  it('answers 404 place_not_found, saying no street address can be looked up here', async () => {
    const response = await get(ctx, 'q=1%20Nowhere%20Lane');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404, code: 'place_not_found', geocoder: false });
  });

  it.each([
    ['no q', '', 'required'],
    ['an empty q', 'q=', 'required'],
    ['a blank q', 'q=%20%20', 'required'],
    ['a q over 200 characters', `q=${'a'.repeat(201)}`, 'too_long'],
  ])('answers 422 for %s', async (_name, query, code) => {
    const response = await get(ctx, query);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      status: 422,
      errors: [expect.objectContaining({ path: 'q', code })],
    });
  });

  it('never logs what was typed, on the API or on a /sites page', async () => {
    log.length = 0;
    await get(ctx, 'q=1706%20Yosemite%20Avenue&lng=en');
    await ctx.app.inject({ method: 'GET', url: '/sites?population=2&near=1706%20Yosemite%20Avenue&q=cafe' });
    const text = log.join('\n');
    expect(text).toContain('/api/places?q=[redacted]&lng=en');
    expect(text).toContain('/sites?population=2&near=[redacted]&q=cafe');
    expect(text).not.toMatch(/Yosemite/);
  });
});

describe('GET /api/places with a geocoder', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ PLACES_RATE_LIMIT_MAX: '5', PLACES_GEOCODES_MAX: '2' }, { geocoder });
  });
  afterAll(() => ctx.close());

  it('looks up a street address in the agency city, and says when it found nothing', async () => {
    const found = await get(ctx, 'q=24th%20%26%20Mission', { 'x-forwarded-for': '' });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({ lat: 37.7524, lng: -122.4184, label: '24th & Mission', kind: 'address' });
    expect(calls).toContain('24th & Mission, San Francisco');
    const missing = await get(ctx, 'q=1%20Nowhere%20Lane');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'place_not_found', geocoder: true });
  });

  it('limits the geocoder calls, then every request, per client (429)', async () => {
    // Two geocoder calls were used above; the third address is refused, a ZIP code still answered.
    expect((await get(ctx, 'q=2%20Nowhere%20Lane')).statusCode).toBe(429);
    expect((await get(ctx, 'q=94124')).statusCode).toBe(200);
    // Five requests per window in all.
    const fifth = await get(ctx, 'q=94124');
    expect(fifth.statusCode).toBe(200);
    const sixth = await get(ctx, 'q=94124');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ status: 429 });
  });
});

describe('GET /api/places with a geocoder, for a text naming a neighborhood', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({}, { geocoder });
  });
  afterAll(() => ctx.close());

  it('tells the browser that street addresses can be looked up (the near box offers them)', async () => {
    const config = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({ addressLookup: true });
  });

  it('asks the geocoder first: an intersection it knows is an address, as before', async () => {
    const response = await get(ctx, 'q=24th%20%26%20Mission');
    expect(response.json()).toMatchObject({ kind: 'address', label: '24th & Mission' });
  });

  it('falls back to the neighborhood named in the text when the geocoder finds nothing', async () => {
    const response = await get(ctx, 'q=Folsom%20near%20the%20Mission');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ kind: 'neighborhood', label: 'Mission' });
    expect(calls).toContain('Folsom near the Mission, San Francisco');
  });
});
