import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReferenceItem } from '#testing/factories.ts';
import { assets } from '../db/schema.ts';
import { helmetOptions } from '../plugins/security.ts';
import { createTestApp, PASSWORD, signInRoles, type TestContext } from './helpers.ts';

let ctx: TestContext;
let roles: Awaited<ReturnType<typeof signInRoles>>;

beforeAll(async () => {
  ctx = await createTestApp({ ALLOW_REGISTRATION: 'true' });
  roles = await signInRoles(ctx);
});
afterAll(() => ctx.close());

function cspDirectives(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectSecurityHeaders(response: LightMyRequestResponse) {
  const csp = cspDirectives(response);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('img-src')).toContain('https://tile.openstreetmap.org');
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
}

const populationNames = async () =>
  (await ctx.app.inject({ method: 'GET', url: '/api/populations' }))
    .json()
    .map((p: { name: string }) => p.name);

describe('security headers', () => {
  it('are on an API answer, without HSTS over plain HTTP', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/sites' });
    expect(response.statusCode).toBe(200);
    expectSecurityHeaders(response);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it("are exactly the headers Helmet's own middleware sets, on reads, errors and refused writes", async () => {
    const reference = new http.ServerResponse(new http.IncomingMessage(new net.Socket()));
    helmet(helmetOptions(ctx.config.MAP_TILE_URL))(reference.req, reference, () => {});
    const expected = Object.entries(reference.getHeaders());
    expect(expected.length).toBeGreaterThanOrEqual(10);
    const answers = [
      await ctx.app.inject({ method: 'GET', url: '/api/sites' }),
      await ctx.app.inject({ method: 'GET', url: '/api/populations' }),
      await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: roles.user.cookie } }),
      await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' }),
      await ctx.app.inject({
        method: 'POST',
        url: '/api/populations',
        headers: { origin: 'https://evil.example', cookie: roles.admin.cookie },
        payload: buildReferenceItem(),
      }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 404, 403]);
    for (const answer of answers)
      for (const [name, value] of expected) expect(answer.headers[name], name).toBe(String(value));
  });

  it('are on a page path and on error answers', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/sites/12' });
    expectSecurityHeaders(page);
    expect(page.headers['strict-transport-security']).toBeUndefined();
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expectSecurityHeaders(missing);
  });

  it("are on the router's own errors too: an undecodable path and an over-long id", async () => {
    const badUrl = await ctx.app.inject({ method: 'GET', url: '/api/sites/%E0%A4%A' });
    const longId = await ctx.app.inject({ method: 'GET', url: `/api/sites/${'9'.repeat(300)}` });
    expect([badUrl.statusCode, longId.statusCode]).toEqual([400, 404]);
    expect(badUrl.json()).toEqual({ status: 400, message: 'The address is not valid.' });
    expectSecurityHeaders(badUrl);
    expectSecurityHeaders(longId);
  });

  describe('behind an HTTPS proxy', () => {
    let https: TestContext;
    beforeAll(async () => {
      https = await createTestApp({
        TRUST_PROXY: 'true',
        MAP_TILE_URL: 'https://{s}.tiles.example.net/{z}/{x}/{y}.png?key=abc',
      });
    });
    afterAll(() => https.close());

    it('ignores X-Forwarded-Proto unless TRUST_PROXY is set', async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/sites',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.headers['strict-transport-security']).toBeUndefined();
      const badUrl = await ctx.app.inject({
        method: 'GET',
        url: '/api/sites/%E0%A4%A',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(badUrl.statusCode).toBe(400);
      expect(badUrl.headers['strict-transport-security']).toBeUndefined();
    });

    it('adds HSTS only when the request came over HTTPS', async () => {
      const secure = await https.app.inject({
        method: 'GET',
        url: '/api/sites',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const page = await https.app.inject({
        method: 'GET',
        url: '/account',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const badUrl = await https.app.inject({
        method: 'GET',
        url: '/api/sites/%E0%A4%A',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(badUrl.statusCode).toBe(400);
      expect(badUrl.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const plain = await https.app.inject({ method: 'GET', url: '/api/sites' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    });

    it('lets the configured tile servers (any {s} subdomain) into img-src', async () => {
      const response = await https.app.inject({ method: 'GET', url: '/api/sites' });
      const imgSrc = cspDirectives(response).get('img-src');
      expect(imgSrc).toContain('https://*.tiles.example.net');
      expect(imgSrc).not.toContain('https://tile.openstreetmap.org');
    });
  });
});

describe('cross-site writes', () => {
  it('refuses a foreign Origin with 403 even for an administrator, and changes nothing', async () => {
    const item = buildReferenceItem();
    for (const origin of [
      'https://evil.example',
      'http://meals.test.evil.example',
      'null',
      'http://localhost:4000',
    ]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/populations',
        headers: { host: 'localhost', origin, cookie: roles.admin.cookie },
        payload: item,
      });
      expect(response.statusCode, origin).toBe(403);
      expect(response.json()).toEqual({ status: 403, message: 'Cross-site requests are not allowed.' });
    }
    expect(await populationNames()).not.toContain(item.name);
  });

  it('refuses a foreign Origin on account changes and login too', async () => {
    const evil = { host: 'localhost', origin: 'https://evil.example' };
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${roles.user.id}`,
      headers: { ...evil, cookie: roles.user.cookie },
      payload: { firstName: 'Hacked' },
    });
    expect(patch.statusCode).toBe(403);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: evil,
      payload: { email: roles.user.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    expect(login.headers['set-cookie']).toBeUndefined();
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { cookie: roles.user.cookie },
    });
    expect(me.json().firstName).toBe('Uma');
  });

  it('refuses Sec-Fetch-Site: cross-site with 403 even without an Origin', async () => {
    const item = buildReferenceItem();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/populations',
      headers: { 'sec-fetch-site': 'cross-site', cookie: roles.admin.cookie },
      payload: item,
    });
    expect(response.statusCode).toBe(403);
    expect(await populationNames()).not.toContain(item.name);
  });

  it('accepts the same origin, the BASE_URL origin, and requests without an Origin', async () => {
    const cases: Record<string, string>[] = [
      { host: 'localhost', origin: 'http://localhost', 'sec-fetch-site': 'same-origin' },
      { host: 'localhost:3000', origin: 'http://localhost:3000' },
      { host: 'internal:8080', origin: 'http://meals.test' },
      {},
    ];
    for (const headers of cases) {
      const item = buildReferenceItem();
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/populations',
        headers: { ...headers, cookie: roles.admin.cookie },
        payload: item,
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(201);
      expect(await populationNames()).toContain(item.name);
    }
  });

  it('refuses a cross-site logout (a link or image on another site, or a form posting to it)', async () => {
    const cookie = roles.user.cookie;
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/logout',
      headers: { 'sec-fetch-site': 'cross-site', cookie },
    });
    expect(response.statusCode).toBe(405);
    expect(response.headers['set-cookie']).toBeUndefined();
    const posted = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://elsewhere.example', cookie },
    });
    expect(posted.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
    const me = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
  });

  it('does not apply to reads: a foreign Origin may GET public data', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/sites',
      headers: { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
    // No CORS grant: a foreign page cannot read the answer.
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('accepts only JSON bodies for writes (a form post is 415)', async () => {
    const item = buildReferenceItem();
    for (const [type, body] of [
      ['application/x-www-form-urlencoded', `name=${encodeURIComponent(item.name)}`],
      ['text/plain', JSON.stringify(item)],
      [
        'multipart/form-data; boundary=x',
        `--x\r\nContent-Disposition: form-data; name="name"\r\n\r\n${item.name}\r\n--x--`,
      ],
    ] as const) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/populations',
        headers: { 'content-type': type, cookie: roles.admin.cookie },
        payload: body,
      });
      expect(response.statusCode, type).toBe(415);
    }
    expect(await populationNames()).not.toContain(item.name);
  });
});

describe('what answers never contain', () => {
  it('never a password hash, whichever account call is made', async () => {
    const answers: LightMyRequestResponse[] = [];
    const register = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        firstName: 'New',
        lastName: 'Person',
        email: 'new.person@example.org',
        password: 'goodpass1',
      },
    });
    expect(register.statusCode).toBe(201);
    answers.push(register);
    answers.push(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: roles.user.email, password: PASSWORD },
      }),
    );
    answers.push(
      await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: roles.user.cookie } }),
    );
    answers.push(
      await ctx.app.inject({
        method: 'GET',
        url: `/api/users/${roles.user.id}`,
        headers: { cookie: roles.user.cookie },
      }),
    );
    answers.push(
      await ctx.app.inject({
        method: 'PATCH',
        url: `/api/users/${roles.user.id}`,
        headers: { cookie: roles.user.cookie },
        payload: { lastName: 'Updated', password: PASSWORD, currentPassword: PASSWORD },
      }),
    );
    answers.push(
      await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/${roles.admin.id}`,
        headers: { cookie: roles.admin.cookie },
        payload: { lastName: 'Updated' },
      }),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(answer === register ? 201 : 200);
      expect(answer.body).not.toMatch(/\$argon2|passwordHash|password_hash/);
      expect(Object.keys(answer.json())).not.toContain('password');
    }
  });

  it('never a stack trace: malformed JSON is a plain 400, an oversized body 413', async () => {
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.org", ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ status: 400, message: 'The request body is not valid JSON.' });
    const big = await ctx.app.inject({
      method: 'POST',
      url: '/api/populations',
      headers: { 'content-type': 'application/json', cookie: roles.admin.cookie },
      payload: JSON.stringify({ name: 'x'.repeat(ctx.config.BODY_LIMIT_BYTES + 10) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ status: 413 });
    for (const response of [malformed, big])
      expect(response.body).not.toMatch(/\bat \S+ \(|node_modules|\.ts:\d+/);
  });

  it('never the session cookie in the body, and no framework banner', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: roles.admin.email, password: PASSWORD },
    });
    const sid = response.cookies.find((c) => c.name === 'sid')!.value;
    expect(response.body).not.toContain(sid);
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});

describe('path traversal on static paths', () => {
  // A built client laid out as in the repository (dist/client under the project), with marked files
  // where a traversal would land: the project's package.json, its source, and a file beside the root.
  const MARK = 'TRAVERSAL-MARK-7f3a';
  let base: string;
  let app: TestContext;
  let port: number;

  beforeAll(async () => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'meals-static-'));
    const root = path.join(base, 'dist', 'client');
    fs.mkdirSync(path.join(root, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Meals</title><!--app-data-->');
    fs.writeFileSync(path.join(root, 'assets', 'app-1234.js'), 'console.log("app");');
    fs.mkdirSync(path.join(base, 'server'));
    fs.writeFileSync(path.join(base, 'package.json'), `{"name": "${MARK}"}`);
    fs.writeFileSync(path.join(base, 'server', 'config.ts'), `export const secret = '${MARK}';`);
    fs.writeFileSync(path.join(base, 'dist', 'secret.txt'), MARK);
    app = await createTestApp({ CLIENT_DIST: root });
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(base, { recursive: true, force: true });
  });

  /** One raw HTTP/1.1 GET, the path sent exactly as written (fetch would normalise the dots). */
  const rawGet = (target: string) =>
    new Promise<{ status: number; head: string; body: string }>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let data = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => {
        data += chunk;
      });
      socket.on('error', reject);
      socket.on('end', () => {
        const [head = '', ...rest] = data.split('\r\n\r\n');
        resolve({ status: Number(head.split(' ')[1]), head, body: rest.join('\r\n\r\n') });
      });
      socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    });

  it('serves the built files themselves', async () => {
    const script = await rawGet('/assets/app-1234.js');
    expect(script.status).toBe(200);
    expect(script.body).toContain('console.log("app")');
  });

  it.each([
    '/assets/../../package.json',
    '/../../package.json',
    '/assets/..%2f..%2fpackage.json',
    '/assets/%2e%2e/%2e%2e/package.json',
    '/assets/%2E%2E%2F%2E%2E%2Fpackage.json',
    '/assets/..%5c..%5cpackage.json',
    '/assets/%252e%252e/%252e%252e/package.json',
    '/assets/....//....//package.json',
    '/..%2f..%2fserver/config.ts',
    '/%2e%2e/%2e%2e/server/config.ts',
    '/assets/../../server/config.ts',
    '/assets/..%2f..%2f..%2fserver%2fconfig.ts',
    '/..%2fsecret.txt',
    '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
    '/assets/..%00/../package.json',
    '//../package.json',
    '/uploads/..%2f..%2f..%2fpackage.json',
    '/assets/..;/..;/package.json',
  ])('never answers a file outside the client: GET %s', async (target) => {
    const response = await rawGet(target);
    expect(response.body).not.toContain(MARK);
    // Refused, not found, or the app's own page — never a source file, never a server error.
    expect([200, 400, 403, 404], `${target} → ${response.head.split('\r\n')[0]}`).toContain(response.status);
    if (response.status === 200) {
      expect(response.head).toMatch(/content-type: text\/html/i);
      expect(response.body).toContain('<title>Meals</title>');
    }
  });
});

describe('path traversal on upload names', () => {
  let app: TestContext;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it.each(['../../../outside.pdf', '..\\..\\outside.pdf', '/etc/outside.pdf', 'uploads/../../outside.pdf'])(
    'stores an upload named %s inside the uploads folder under a random key, and serves it by its base name',
    async (filename) => {
      const { cookie } = (await signInRoles(app)).user;
      const bytes = Buffer.from('%PDF-1.4 traversal test');
      const created = await app.app.inject({
        method: 'POST',
        url: '/api/assets',
        headers: { cookie },
        payload: { blob: { filename, byte_size: bytes.length } },
      });
      expect(created.statusCode).toBe(200);
      const { signed_id, direct_upload } = created.json() as {
        signed_id: string;
        direct_upload: { url: string; headers: Record<string, string> };
      };
      const put = await app.app.inject({
        method: 'PUT',
        url: direct_upload.url,
        headers: { ...direct_upload.headers, cookie },
        payload: bytes,
      });
      expect(put.statusCode).toBe(204);
      // Nothing was written beside or above DATA_DIR/uploads: only random keys inside it.
      const uploads = path.join(app.dataDir, 'uploads');
      expect(fs.readdirSync(app.dataDir).filter((f) => f.includes('outside'))).toEqual([]);
      expect(fs.existsSync(path.resolve(uploads, filename))).toBe(false);
      const files = fs.readdirSync(uploads);
      expect(files.every((f) => /^[A-Za-z0-9_-]{32}$/.test(f))).toBe(true);
      const [row] = await app.database.db
        .select({ key: assets.key })
        .from(assets)
        .where(eq(assets.id, Number(signed_id.split('--')[0])));
      expect(files).toContain(row!.key);
      const served = await app.app.inject({ method: 'GET', url: `/uploads/${row!.key}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''outside\.pdf$/);
    },
  );
});
