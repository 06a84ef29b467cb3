/**
 * docs/product.md R66: sites get lat/lng by geocoding the address on save when a geocoder is configured;
 * a pin placed by hand wins; a failed, empty or slow geocoder never blocks the save. A local fake
 * geocoder speaks the Nominatim and the Google formats.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSite } from '#testing/factories.ts';
import { createTestApp, signInRoles, type TestContext } from './helpers.ts';

const DEFAULT_POSITION = { lat: 37.1, lng: -122.1 };
const SLOW_MS = 5000;
const WARNING = 'no map position found';

/** Addresses containing these words make the fake misbehave. */
const NOWHERE = 'Nowhere Lane';
const BROKEN = 'Broken Road';
const SLOW = 'Slow Street';
const GARBLED = 'Garbled Way';

interface Fake {
  url: string;
  calls: URL[];
  positions: Map<string, { lat: number; lng: number }>;
  close(): Promise<void>;
}

type Kind = 'nominatim' | 'google';

const FORMATS = {
  nominatim: {
    path: '/search',
    env: (url: string) => ({ GEOCODER: 'nominatim', GEOCODER_URL: url }),
    addressOf: (url: URL) => url.searchParams.get('q'),
    found: (p: { lat: number; lng: number }) => [
      { lat: String(p.lat), lon: String(p.lng), display_name: 'x' },
    ],
    notFound: () => [],
    garbled: () => [{ lat: 'north', lon: 'west' }],
    checkRequest: (url: URL) => {
      expect(url.pathname).toBe('/search');
      expect(url.searchParams.get('format')).toBe('jsonv2');
    },
  },
  google: {
    path: '/maps/api/geocode/json',
    env: (url: string) => ({
      GEOCODER: 'google',
      GOOGLE_MAPS_API_KEY: 'k',
      GEOCODER_URL: `${url}/maps/api/geocode/json`,
    }),
    addressOf: (url: URL) => url.searchParams.get('address'),
    found: (p: { lat: number; lng: number }) => ({
      status: 'OK',
      results: [{ geometry: { location: { lat: p.lat, lng: p.lng } } }],
    }),
    notFound: () => ({ status: 'ZERO_RESULTS', results: [] }),
    garbled: () => ({ status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.' }),
    checkRequest: (url: URL) => {
      expect(url.pathname).toBe('/maps/api/geocode/json');
      expect(url.searchParams.get('key')).toBe('k');
    },
  },
} as const;

/** One local HTTP server answering in the format its path asks for. */
async function startFake(): Promise<Fake> {
  const calls: URL[] = [];
  const positions = new Map<string, { lat: number; lng: number }>();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    calls.push(url);
    const format = url.pathname === FORMATS.google.path ? FORMATS.google : FORMATS.nominatim;
    const address = format.addressOf(url) ?? '';
    const send = (status: number, body: unknown) => {
      if (response.destroyed) return;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (address.includes(BROKEN)) return send(500, { error: 'internal' });
    if (address.includes(NOWHERE)) return send(200, format.notFound());
    if (address.includes(GARBLED)) return send(200, format.garbled());
    const answer = format.found(positions.get(address) ?? DEFAULT_POSITION);
    if (address.includes(SLOW)) {
      setTimeout(() => send(200, answer), SLOW_MS).unref();
      return;
    }
    send(200, answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    positions,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let fake: Fake;
beforeAll(async () => {
  fake = await startFake();
});
afterAll(() => fake.close());

describe.each(['nominatim', 'google'] as const)('with GEOCODER=%s', (kind: Kind) => {
  const format = FORMATS[kind];
  let ctx: TestContext;
  let cookie: string;

  beforeAll(async () => {
    ctx = await createTestApp(format.env(fake.url));
    cookie = (await signInRoles(ctx)).admin.cookie;
  });
  afterAll(() => ctx.close());
  beforeEach(() => {
    fake.calls.length = 0;
  });

  const asAdmin = (options: InjectOptions) =>
    ctx.app.inject({ ...options, headers: { cookie, ...options.headers } });

  /** A site body without coordinates. */
  const unplaced = (overrides: Record<string, unknown> = {}) => {
    const { lat: _lat, lng: _lng, ...site } = buildSite();
    return { ...site, ...overrides };
  };

  const create = async (body: object) => {
    const response = await asAdmin({ method: 'POST', url: '/api/sites', payload: body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  const stored = async (id: number) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/sites/${id}` })).json();

  it('fills lat/lng from the address on create', async () => {
    const address = `1 Found Ave #${kind}, San Francisco`;
    fake.positions.set(address, { lat: 37.781_23, lng: -122.411_55 });
    const site = await create(unplaced({ address }));
    expect(site).toMatchObject({ lat: 37.781_23, lng: -122.411_55 });
    expect(site).not.toHaveProperty('geocodeWarning');
    expect(fake.calls).toHaveLength(1);
    format.checkRequest(fake.calls[0]!);
    expect(format.addressOf(fake.calls[0]!)).toBe(address);
    expect(await stored(site.id)).toMatchObject({ lat: 37.781_23, lng: -122.411_55 });
  });

  it('geocodes a create whose pin is sent empty (null, null)', async () => {
    const site = await create(unplaced({ lat: null, lng: null }));
    expect(site).toMatchObject(DEFAULT_POSITION);
    expect(fake.calls).toHaveLength(1);
  });

  it('keeps the coordinates given on create and does not call the geocoder', async () => {
    const site = await create(unplaced({ lat: 40.5, lng: -73.9 }));
    expect(site).toMatchObject({ lat: 40.5, lng: -73.9 });
    expect(site).not.toHaveProperty('geocodeWarning');
    expect(fake.calls).toHaveLength(0);
  });

  it('re-geocodes when a PATCH changes the address', async () => {
    const site = await create(unplaced());
    const address = `2 Moved Blvd #${kind}, San Francisco`;
    fake.positions.set(address, { lat: 37.7, lng: -122.5 });
    fake.calls.length = 0;
    const response = await asAdmin({ method: 'PATCH', url: `/api/sites/${site.id}`, payload: { address } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ address, lat: 37.7, lng: -122.5 });
    expect(fake.calls.map(format.addressOf)).toEqual([address]);
    expect(await stored(site.id)).toMatchObject({ lat: 37.7, lng: -122.5 });
  });

  it('re-geocodes when the whole site is sent back with a new address and its old pin', async () => {
    const site = await create(unplaced());
    const address = `3 Whole Entity St #${kind}`;
    fake.positions.set(address, { lat: 37.65, lng: -122.45 });
    fake.calls.length = 0;
    const { id: _id, version: _version, updatedAt: _updatedAt, ...entity } = site;
    const response = await asAdmin({
      method: 'PATCH',
      url: `/api/sites/${site.id}`,
      payload: { ...entity, address },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ address, lat: 37.65, lng: -122.45 });
    expect(fake.calls).toHaveLength(1);
  });

  it('keeps a pin moved by hand in the same PATCH as a new address, without calling the geocoder', async () => {
    const site = await create(unplaced());
    fake.calls.length = 0;
    const response = await asAdmin({
      method: 'PATCH',
      url: `/api/sites/${site.id}`,
      payload: { address: '4 Hand Placed Rd', lat: 37.6, lng: -122.3 },
    });
    expect(response.json()).toMatchObject({ address: '4 Hand Placed Rd', lat: 37.6, lng: -122.3 });
    expect(fake.calls).toHaveLength(0);
  });

  it('does not call the geocoder when a PATCH leaves the address as it is', async () => {
    const site = await create(unplaced());
    fake.calls.length = 0;
    const renamed = await asAdmin({
      method: 'PATCH',
      url: `/api/sites/${site.id}`,
      payload: { name: 'Renamed' },
    });
    expect(renamed.json()).toMatchObject({ lat: site.lat, lng: site.lng });
    const same = await asAdmin({
      method: 'PATCH',
      url: `/api/sites/${site.id}`,
      payload: { address: site.address, phoneNumber: '4155550000' },
    });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ lat: site.lat, lng: site.lng });
    const { id: _id, version: _version, updatedAt: _updatedAt, ...entity } = site;
    const whole = await asAdmin({ method: 'PATCH', url: `/api/sites/${site.id}`, payload: entity });
    expect(whole.statusCode).toBe(200);
    expect(fake.calls).toHaveLength(0);
  });

  it.each([
    ['finds nothing', NOWHERE],
    ['answers 500', BROKEN],
    ['answers something unusable', GARBLED],
  ])('saves the site without a pin and with a warning when the geocoder %s', async (_label, word) => {
    const site = await create(unplaced({ address: `5 ${word}` }));
    expect(site).toMatchObject({ address: `5 ${word}`, lat: null, lng: null, geocodeWarning: WARNING });
    expect(fake.calls).toHaveLength(1);
    const read = await stored(site.id);
    expect(read).toMatchObject({ lat: null, lng: null });
    expect(read).not.toHaveProperty('geocodeWarning');

    // A PATCH to an address it cannot place clears the old, now wrong, pin and warns.
    const placed = await create(unplaced());
    expect(placed.lat).not.toBeNull();
    const moved = await asAdmin({
      method: 'PATCH',
      url: `/api/sites/${placed.id}`,
      payload: { address: `6 ${word}` },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ lat: null, lng: null, geocodeWarning: WARNING });
  });
});

describe.each(['nominatim', 'google'] as const)('with a slow %s geocoder', (kind: Kind) => {
  let ctx: TestContext;
  let cookie: string;

  beforeAll(async () => {
    ctx = await createTestApp({ ...FORMATS[kind].env(fake.url), GEOCODER_TIMEOUT_MS: '300' });
    cookie = (await signInRoles(ctx)).admin.cookie;
  });
  afterAll(() => ctx.close());

  it('gives up after GEOCODER_TIMEOUT_MS and saves with a warning', async () => {
    const { lat: _lat, lng: _lng, ...site } = buildSite({ address: `7 ${SLOW}` });
    const started = performance.now();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/sites',
      headers: { cookie },
      payload: site,
    });
    const elapsed = performance.now() - started;
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ lat: null, lng: null, geocodeWarning: WARNING });
    // The fake answers after 5 s; the write must not wait for it.
    expect(elapsed).toBeLessThan(2000);
  });
});

describe('with GEOCODER=none (the default)', () => {
  it('saves without a pin, without a warning and without calling anything', async () => {
    const ctx = await createTestApp();
    try {
      const { cookie } = (await signInRoles(ctx)).admin;
      fake.calls.length = 0;
      const { lat: _lat, lng: _lng, ...site } = buildSite();
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/sites',
        headers: { cookie },
        payload: site,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ lat: null, lng: null });
      expect(response.json()).not.toHaveProperty('geocodeWarning');
      expect(fake.calls).toHaveLength(0);
    } finally {
      await ctx.close();
    }
  });
});
