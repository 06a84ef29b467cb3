import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createGeocoder, GEOCODER_MAX_BYTES, type Geocoder } from '../services/geocoding.ts';
import { createTestApp, fakeClientDist, TEST_SECRET, type TestContext } from './helpers.ts';

const FAKE_RENDERER = `
export function render({ url, language }) {
  return { html: '<h1>' + language + ' ' + url + '</h1>', title: 'Rendered', description: 'Described' };
}
`;
const TEMPLATE =
  '<!doctype html><html lang="en"><head><title>Community Meal Sites</title><!--app-data--></head>' +
  '<body><div id="root"></div></body></html>';

const appData = (body: string) =>
  JSON.parse(/<script id="app-data" type="application\/json">([\s\S]*?)<\/script>/.exec(body)![1]!);

describe('geocoder calls per client network, shared by the API, the pages and the processes', () => {
  const calls: string[] = [];
  const geocoder: Geocoder = {
    geocode: async (address) => {
      calls.push(address);
      return { ok: false, reason: 'not-found' };
    },
  };
  let ctx: TestContext;
  let second: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    const dist = fakeClientDist(TEMPLATE, FAKE_RENDERER);
    ctx = await createTestApp(
      { CLIENT_DIST: path.join(dist, 'client'), PLACES_GEOCODES_MAX: '3', PLACES_RATE_LIMIT_MAX: '100' },
      { geocoder },
    );
    // A second server process on the same database, with its own memory.
    second = await buildApp(ctx.config, { database: ctx.database, secret: TEST_SECRET, geocoder });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await ctx.close();
  });

  const api = (app: typeof second, text: string, remoteAddress: string) =>
    app.inject({ method: 'GET', url: `/api/places?q=${encodeURIComponent(text)}`, remoteAddress });
  const page = async (app: typeof second, text: string, remoteAddress: string) => {
    const response = await app.inject({
      method: 'GET',
      url: `/sites?near=${encodeURIComponent(text)}`,
      remoteAddress,
    });
    expect(response.statusCode).toBe(200);
    const data = appData(response.body) as { queries: { key: string[]; data: unknown }[] };
    return data.queries.find((query) => query.key[0] === 'places')?.data;
  };

  it('counts every address of one /64 together, on either process, API or page', async () => {
    expect((await api(ctx.app, '1 Nowhere Lane', '2001:db8:7:1::1')).statusCode).toBe(404);
    expect(await page(ctx.app, '2 Nowhere Lane', '2001:db8:7:1::2')).toEqual({
      found: false,
      geocoder: true,
    });
    expect((await api(second, '3 Nowhere Lane', '2001:db8:7:1:a:b:c:d')).statusCode).toBe(404);
    // The limit of 3 is reached for the whole /64: the page says so, the API answers 429.
    expect(await page(second, '4 Nowhere Lane', '2001:db8:7:1::4')).toEqual({ found: false, limited: true });
    const refused = await api(ctx.app, '5 Nowhere Lane', '2001:db8:7:1:ffff::5');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: 429, message: expect.stringContaining('ZIP code') });
    expect(calls).toEqual([
      '1 Nowhere Lane, San Francisco',
      '2 Nowhere Lane, San Francisco',
      '3 Nowhere Lane, San Francisco',
    ]);
  });

  it('still answers ZIP codes, neighborhoods and remembered addresses past the limit', async () => {
    expect(await page(ctx.app, '94110', '2001:db8:7:1::6')).toMatchObject({ found: true });
    expect(await page(second, 'Mission', '2001:db8:7:1::6')).toMatchObject({ found: true });
    expect((await api(ctx.app, '1 Nowhere Lane', '2001:db8:7:1::7')).statusCode).toBe(404);
    expect(calls).toHaveLength(3);
  });

  it('counts the requests of a rate-limited route per /64 too', async () => {
    const zip = (remoteAddress: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/places?q=94110', remoteAddress });
    // As the app's other rate limits (@fastify/rate-limit keys by /64): PLACES_RATE_LIMIT_MAX is 100
    // here, and one /64 spreads its requests over many addresses.
    const answers = [];
    for (let i = 1; i <= 101; i++) answers.push((await zip(`2001:db8:9:1::${i.toString(16)}`)).statusCode);
    expect(answers.slice(0, 100).every((status) => status === 200)).toBe(true);
    expect(answers[100]).toBe(429);
    expect((await zip('2001:db8:9:2::1')).statusCode).toBe(200);
  });

  it('leaves another /64 and an IPv4 client their own count', async () => {
    expect((await api(second, '6 Nowhere Lane', '2001:db8:7:2::1')).statusCode).toBe(404);
    expect(await page(ctx.app, '7 Nowhere Lane', '192.0.2.70')).toEqual({ found: false, geocoder: true });
    expect(calls).toHaveLength(5);
  });
});

/** A local geocoder that answers whatever the test asks for. */
async function startServer(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('the geocoder client', () => {
  const requests: string[] = [];
  let elsewhere: Awaited<ReturnType<typeof startServer>>;
  let geocoderServer: Awaited<ReturnType<typeof startServer>>;
  let endlessClosed = false;

  beforeAll(async () => {
    elsewhere = await startServer((request, response) => {
      requests.push(`elsewhere ${request.url}`);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify([{ lat: '1', lon: '2' }]));
    });
    geocoderServer = await startServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://x');
      const q = url.searchParams.get('q') ?? '';
      requests.push(`geocoder ${q}`);
      if (q === 'redirect') {
        response.writeHead(302, { location: `${elsewhere.url}/search${url.search}` });
        return response.end();
      }
      if (q === 'large') {
        // A valid answer padded past the cap, with its length declared.
        const body = JSON.stringify([{ lat: '37.7', lon: '-122.4', pad: 'x'.repeat(GEOCODER_MAX_BYTES) }]);
        response.writeHead(200, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        });
        return response.end(body);
      }
      if (q === 'endless') {
        // No length declared, and bytes for as long as the client reads them.
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write('[{"lat":"37.7","lon":"-122.4","pad":"');
        response.on('close', () => {
          endlessClosed = true;
        });
        const chunk = 'x'.repeat(16 * 1024);
        const more = () => {
          if (!response.destroyed) response.write(chunk, () => setTimeout(more, 1));
        };
        return more();
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify([{ lat: '37.7', lon: '-122.4' }]));
    });
  });
  afterAll(async () => {
    await geocoderServer?.close();
    await elsewhere?.close();
  });

  const client = () => createGeocoder({ kind: 'nominatim', url: geocoderServer.url, timeoutMs: 20_000 })!;

  it('answers a position from a plain answer', async () => {
    expect(await client().geocode('plain')).toEqual({ ok: true, lat: 37.7, lng: -122.4 });
  });

  it('refuses a redirect: the other host is never asked', async () => {
    requests.length = 0;
    expect(await client().geocode('redirect')).toEqual({ ok: false, reason: 'error' });
    expect(requests).toEqual(['geocoder redirect']);
  });

  it('refuses an answer declared larger than 256 KB', async () => {
    expect(await client().geocode('large')).toEqual({ ok: false, reason: 'error' });
  });

  it('stops reading an answer of no declared length at 256 KB', async () => {
    // Read to the end, it would last until the time-out; the client gives up at the cap and hangs up.
    expect(await client().geocode('endless')).toEqual({ ok: false, reason: 'error' });
    await expect.poll(() => endlessClosed, { timeout: 20_000 }).toBe(true);
  });
});
