import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers.ts';

const MAX = 3;
const PROXY = '127.0.0.1';
const STRANGER = '203.0.113.7';

/** A failed login from `remoteAddress`, with any extra headers (the spoofed or forwarded ones). */
const attempt = (ctx: TestContext, remoteAddress: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    headers,
    payload: { email: 'nobody@example.org', password: 'wrong-password-1' },
  });

/** The statuses of `count` attempts, each with the headers `headersFor(i)`. */
async function statuses(
  ctx: TestContext,
  remoteAddress: string,
  count: number,
  headersFor: (i: number) => Record<string, string> = () => ({}),
) {
  const found: number[] = [];
  for (let i = 0; i < count; i++) found.push((await attempt(ctx, remoteAddress, headersFor(i))).statusCode);
  return found;
}

const limited = [...Array(MAX).fill(422), 429];

/** Log lines written by an app, parsed. */
function logCapture() {
  const lines: { level: number; msg: string; [key: string]: unknown }[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(JSON.parse(line)) } };
}

describe('TRUST_PROXY=loopback (a reverse proxy on the same host)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ TRUST_PROXY: 'loopback', RATE_LIMIT_AUTH_MAX: String(MAX) });
  });
  afterAll(() => ctx.close());

  it('ignores X-Forwarded-For from a peer that is not the proxy: a new spoofed address each time is still limited', async () => {
    const found = await statuses(ctx, STRANGER, MAX + 1, (i) => ({
      'x-forwarded-for': `198.51.100.${i + 1}`,
    }));
    expect(found).toEqual(limited);
  });

  it('takes the client address from the proxy: two clients behind it have separate limits', async () => {
    const first = await statuses(ctx, PROXY, MAX + 1, () => ({ 'x-forwarded-for': '192.0.2.10' }));
    expect(first).toEqual(limited);
    // Another client through the same proxy is not affected, nor is the proxy's own address.
    expect((await attempt(ctx, PROXY, { 'x-forwarded-for': '192.0.2.11' })).statusCode).toBe(422);
    // An IPv4-mapped loopback peer (a dual-stack listener) is the proxy too.
    expect((await attempt(ctx, '::ffff:127.0.0.1', { 'x-forwarded-for': '192.0.2.12' })).statusCode).toBe(
      422,
    );
  });

  it('takes neither HTTPS nor the host name from the headers of a peer that is not the proxy', async () => {
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'meals.example.org' };
    const direct = await ctx.app.inject({
      method: 'GET',
      url: '/api/sites',
      remoteAddress: STRANGER,
      headers: forwarded,
    });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
    const proxied = await ctx.app.inject({
      method: 'GET',
      url: '/api/sites',
      remoteAddress: PROXY,
      headers: forwarded,
    });
    expect(proxied.headers['strict-transport-security']).toMatch(/max-age=/);
    // The router's own errors apply the same trust.
    const badDirect = await ctx.app.inject({
      method: 'GET',
      url: '/api/sites/%E0%A4%A',
      remoteAddress: STRANGER,
      headers: forwarded,
    });
    expect(badDirect.statusCode).toBe(400);
    expect(badDirect.headers['strict-transport-security']).toBeUndefined();
    // A write from https://meals.example.org is same-origin only when the proxy says that is the address.
    const write = (remoteAddress: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/passwords',
        remoteAddress,
        headers: { ...forwarded, 'x-forwarded-for': '192.0.2.99', origin: 'https://meals.example.org' },
        payload: { email: 'nobody@example.org' },
      });
    expect((await write(STRANGER)).statusCode).toBe(403);
    expect((await write(PROXY)).statusCode).toBe(404);
  });
});

describe('TRUST_PROXY as a hop count (a PaaS router)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ TRUST_PROXY: '1', RATE_LIMIT_AUTH_MAX: String(MAX) });
  });
  afterAll(() => ctx.close());

  it('takes the address the router saw (the last X-Forwarded-For entry): what the client adds before it changes nothing', async () => {
    const found = await statuses(ctx, '10.1.2.3', MAX + 1, (i) => ({
      'x-forwarded-for': `198.51.100.${i + 1}, 192.0.2.20`,
    }));
    expect(found).toEqual(limited);
    expect((await attempt(ctx, '10.1.2.3', { 'x-forwarded-for': '192.0.2.21' })).statusCode).toBe(422);
  });
});

describe('TRUST_PROXY as addresses and CIDR ranges', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1', RATE_LIMIT_AUTH_MAX: String(MAX) });
  });
  afterAll(() => ctx.close());

  it('trusts a peer inside the range, and not one outside it', async () => {
    expect(await statuses(ctx, '10.9.8.7', MAX + 1, () => ({ 'x-forwarded-for': '192.0.2.30' }))).toEqual(
      limited,
    );
    expect((await attempt(ctx, '10.9.8.7', { 'x-forwarded-for': '192.0.2.31' })).statusCode).toBe(422);
    const outside = await statuses(ctx, '11.0.0.1', MAX + 1, (i) => ({
      'x-forwarded-for': `198.51.100.${i + 1}`,
    }));
    expect(outside).toEqual(limited);
  });
});

describe('TRUST_PROXY=true (every client behind proxies that overwrite X-Forwarded-For)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ TRUST_PROXY: 'true', RATE_LIMIT_AUTH_MAX: String(MAX) });
  });
  afterAll(() => ctx.close());

  it('takes the first X-Forwarded-For address from any peer, as documented: a client reaching the server directly chooses its own', async () => {
    const found = await statuses(ctx, STRANGER, MAX + 1, (i) => ({
      'x-forwarded-for': `198.51.100.${i + 1}`,
    }));
    expect(found).toEqual(Array(MAX + 1).fill(422));
    // The same address every time is limited, from wherever it comes.
    expect(await statuses(ctx, STRANGER, MAX + 1, () => ({ 'x-forwarded-for': '192.0.2.40' }))).toEqual(
      limited,
    );
  });
});

describe('X-Forwarded-* without TRUST_PROXY', () => {
  const log = logCapture();
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(
      { LOG_LEVEL: 'warn', RATE_LIMIT_AUTH_MAX: String(MAX) },
      { logStream: log.stream },
    );
  });
  afterAll(() => ctx.close());

  it('are ignored, and said once in the log, not on every request', async () => {
    const found = await statuses(ctx, PROXY, MAX + 1, (i) => ({
      'x-forwarded-for': `198.51.100.${i + 1}`,
      'x-forwarded-proto': 'https',
    }));
    expect(found).toEqual(limited);
    await ctx.app.inject({
      method: 'GET',
      url: '/api/sites',
      headers: { 'x-forwarded-host': 'elsewhere.example' },
    });
    const warnings = log.lines.filter((line) => /X-Forwarded-For\/Proto\/Host ignored/.test(line.msg));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40, peer: PROXY, trustProxy: 'off' });
    expect(warnings[0]!.msg).toMatch(/TRUST_PROXY/);
  });
});

describe('ALLOWED_ORIGINS', () => {
  const log = logCapture();
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(
      { LOG_LEVEL: 'warn', ALLOWED_ORIGINS: 'https://www.meals.test, https://meals.example.org/' },
      { logStream: log.stream },
    );
  });
  afterAll(() => ctx.close());
  const refusals = () => log.lines.filter((line) => /write refused/.test(line.msg));

  it('lets pages on the listed origins write, even when the browser calls them cross-site', async () => {
    const www = await ctx.app.inject({
      method: 'POST',
      url: '/api/passwords',
      headers: { host: 'internal:3000', origin: 'https://www.meals.test', 'sec-fetch-site': 'same-site' },
      payload: { email: 'nobody@example.org' },
    });
    expect(www.statusCode).toBe(404);
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/passwords',
      headers: { host: 'internal:3000', origin: 'https://meals.example.org', 'sec-fetch-site': 'cross-site' },
      payload: { email: 'nobody@example.org' },
    });
    expect(other.statusCode).toBe(404);
    expect(refusals()).toEqual([]);
  });

  it('still refuses every other origin, logging each one at most once a minute with what is allowed', async () => {
    for (const origin of ['https://evil.example', 'https://evil.example', 'http://www.meals.test']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/passwords',
        headers: { host: 'internal:3000', origin },
        payload: { email: 'nobody@example.org' },
      });
      expect(response.statusCode, origin).toBe(403);
      expect(response.json()).toEqual({ status: 403, message: 'Cross-site requests are not allowed.' });
    }
    expect(refusals().map((line) => line.origin)).toEqual(['https://evil.example', 'http://www.meals.test']);
    expect(refusals()[0]).toMatchObject({
      level: 40,
      requestOrigin: 'http://internal:3000',
      allowedOrigins: expect.arrayContaining([
        'https://www.meals.test',
        'https://meals.example.org',
        'http://meals.test',
      ]),
    });
  });
});
