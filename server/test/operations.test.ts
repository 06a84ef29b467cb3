import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_LIST_NAMES } from '#shared/schemas/reference-lists.ts';
import { sessions, users } from '../db/schema.ts';
import { ensureAdmin } from '../services/accounts.ts';
import { createTestApp, createUser, login, PASSWORD, TEST_SECRET, type TestContext } from './helpers.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({
    MAP_API_KEY: 'public-tile-key',
    GEOCODER: 'google',
    GOOGLE_MAPS_API_KEY: 'server-only-google-key',
    ADMIN_EMAIL: 'config-admin@example.org',
    ADMIN_PASSWORD: 'config-admin-password-1',
  });
});
afterAll(() => ctx.close());

describe('health', () => {
  it('GET /healthz answers 200', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers 200 while the database answers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: ctx.database.kind });
  });

  it('GET /readyz answers 200 while a long transaction holds the database', async () => {
    // The sites list's rebuild is one transaction of seconds on the embedded database, whose one
    // connection a ping would otherwise wait for (docs/product.md R463).
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let begun!: () => void;
    const inside = new Promise<void>((resolve) => {
      begun = resolve;
    });
    const transaction = ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      begun();
      await held;
    });
    try {
      await inside;
      const response = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(200);
    } finally {
      release();
      await transaction;
    }
  });

  it('GET /readyz answers 503 once the process is shutting down, while other requests are served', async () => {
    let draining = false;
    const shutting = await createTestApp({}, { draining: () => draining });
    try {
      expect((await shutting.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      draining = true;
      const response = await shutting.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 503, message: 'The server is shutting down.' });
      expect((await shutting.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect((await shutting.app.inject({ method: 'GET', url: '/api/sites' })).statusCode).toBe(200);
    } finally {
      await shutting.close();
    }
  });

  describe('when the database is gone', () => {
    let broken: TestContext;
    beforeAll(async () => {
      broken = await createTestApp();
    });
    afterAll(async () => {
      await broken.app.close();
      // Closed already; drop what is left (the PostgreSQL test database) without closing twice.
      await broken.database.drop().catch(() => {});
      fs.rmSync(broken.dataDir, { recursive: true, force: true });
    });

    it('GET /readyz answers 503 and the process keeps serving', async () => {
      await broken.database.close();
      const response = await broken.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 503, message: 'The database is not reachable.' });
      const again = await broken.app.inject({ method: 'GET', url: '/readyz' });
      expect(again.statusCode).toBe(503);
      const health = await broken.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      // A call that needs the database fails cleanly, without a stack trace.
      const sites = await broken.app.inject({ method: 'GET', url: '/api/sites' });
      expect(sites.statusCode).toBeGreaterThanOrEqual(500);
      expect(sites.json()).toMatchObject({ status: sites.statusCode });
      expect(sites.body).not.toMatch(/node_modules|\.ts:\d+|\bat \S+ \(/);
    });
  });
});

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3 document listing every API path', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBeTruthy();
    const paths = Object.keys(doc.paths);
    const expected = [
      '/api/sites',
      '/api/sites/{id}',
      '/api/auth/login',
      '/api/auth/logout',
      '/api/auth/register',
      '/api/users/me',
      '/api/users/{id}',
      '/api/passwords',
      '/api/passwords/{token}',
      '/api/assets',
      '/api/config',
      ...REFERENCE_LIST_NAMES.flatMap((list) => [`/api/${list}`, `/api/${list}/{id}`]),
    ];
    expect(paths).toEqual(expect.arrayContaining(expected));
    expect(REFERENCE_LIST_NAMES).toHaveLength(5);
    // Each path is described from the route schemas: login has its body, the lists their writes.
    expect(doc.paths['/api/auth/login'].post.requestBody).toBeDefined();
    expect(Object.keys(doc.paths['/api/users/{id}'])).toEqual(expect.arrayContaining(['patch', 'put']));
    for (const list of REFERENCE_LIST_NAMES) {
      expect(Object.keys(doc.paths[`/api/${list}`])).toEqual(expect.arrayContaining(['get', 'post']));
    }
    // Internal routes stay out of the document.
    expect(paths).not.toContain('/healthz');
    expect(paths).not.toContain('/uploads/{key}');
  });
});

describe('fallbacks', () => {
  it('answers unknown API paths with JSON 404, whatever the method', async () => {
    for (const [method, url] of [
      ['GET', '/api/unknown'],
      ['GET', '/api'],
      ['POST', '/api/unknown'],
      ['DELETE', '/api/sites/1/nothing'],
    ] as const) {
      const response = await ctx.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ status: 404, message: 'Not found' });
    }
  });

  it('answers page paths with 503 text while the client is not built', async () => {
    for (const url of ['/some/page', '/', '/sites/3', '/passwords/reset/abc']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(503);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.body).toContain('not built');
    }
  });
});

describe('GET /api/config', () => {
  it('answers only the whitelist, never a server secret', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      // GEOCODER=google here: the key stays on the server, only the fact that addresses work is told.
      addressLookup: true,
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      mapAttribution: expect.stringContaining('OpenStreetMap'),
      mapApiKey: 'public-tile-key',
      allowRegistration: false,
      agencyTimeZone: 'America/Los_Angeles',
      staleAfterDays: 180,
      agency: {
        name: {},
        logoUrl: null,
        phone: '4175575000',
        phoneHours: null,
        email: 'meals@example.org',
        contribution: {},
      },
    });
    for (const secret of ['server-only-google-key', 'config-admin-password-1', TEST_SECRET, ctx.dataDir]) {
      expect(response.body).not.toContain(secret);
    }
  });
});

describe('ensureAdmin', () => {
  const me = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
  const rowByEmail = async (email: string) =>
    ctx.database.db.select().from(users).where(eq(users.email, email));

  it('creates an administrator who can log in', async () => {
    const result = await ensureAdmin(ctx.database.db, {
      firstName: 'Ann',
      lastName: 'Admin',
      email: ' New.Admin@Example.org ',
      password: 'admin-pass-1',
    });
    expect(result.created).toBe(true);
    const rows = await rowByEmail('new.admin@example.org');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: result.id, role: 'admin', firstName: 'Ann', lastName: 'Admin' });
    expect(rows[0]!.passwordHash).toMatch(/^\$argon2id\$/);
    const cookie = await login(ctx, 'new.admin@example.org', 'admin-pass-1');
    expect((await me(cookie)).json()).toMatchObject({ id: result.id, isAdmin: true });
  });

  it('promotes an existing user and keeps their sessions when the password is unchanged', async () => {
    const user = await createUser(ctx);
    const cookie = await login(ctx, user.email);
    expect((await me(cookie)).json().isAdmin).toBe(false);
    const result = await ensureAdmin(ctx.database.db, {
      firstName: 'Ignored',
      lastName: 'Ignored',
      email: user.email.toUpperCase(),
      password: PASSWORD,
    });
    expect(result).toEqual({ created: false, id: user.id, promoted: true, passwordKept: true });
    expect(await rowByEmail(user.email)).toHaveLength(1);
    // The same session now acts as an administrator.
    const response = await me(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, isAdmin: true, firstName: 'Uma' });
    const write = await ctx.app.inject({
      method: 'POST',
      url: '/api/populations',
      headers: { cookie },
      payload: { name: 'Promoted admin list item' },
    });
    expect(write.statusCode).toBe(201);
  });

  it('never resets an existing account’s password from ADMIN_PASSWORD: password and sessions stay (R430)', async () => {
    const user = await createUser(ctx);
    const cookie = await login(ctx, user.email);
    const result = await ensureAdmin(ctx.database.db, {
      firstName: 'A',
      lastName: 'B',
      email: user.email,
      password: 'environment-pass-9',
    });
    expect(result).toEqual({ created: false, id: user.id, promoted: true, passwordKept: true });
    // Still signed in, now as an administrator; the password changed since is the one that works.
    expect((await me(cookie)).json()).toMatchObject({ id: user.id, isAdmin: true });
    await login(ctx, user.email, PASSWORD);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'environment-pass-9' },
    });
    expect(refused.statusCode).toBe(422);
    // A second start changes nothing either.
    expect(
      await ensureAdmin(ctx.database.db, {
        firstName: 'A',
        lastName: 'B',
        email: user.email,
        password: 'x-pass-10',
      }),
    ).toEqual({ created: false, id: user.id, promoted: false, passwordKept: true });
  });

  it('create-admin (resetPassword) sets a new password and ends the old sessions when it differs', async () => {
    const user = await createUser(ctx);
    const cookie = await login(ctx, user.email);
    await ensureAdmin(
      ctx.database.db,
      { firstName: 'A', lastName: 'B', email: user.email, password: 'rotated-pass-2' },
      { resetPassword: true, via: 'create-admin' },
    );
    expect((await me(cookie)).statusCode).toBe(204);
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    const old = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(old.statusCode).toBe(422);
    expect((await me(await login(ctx, user.email, 'rotated-pass-2'))).json().isAdmin).toBe(true);
  });
});

// ---- the real server in a child process ----------------------------------------------------------

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('the real server (server/main.ts in a child process)', () => {
  const adminEmail = 'owner@example.org';
  const adminPassword = 'owner-password-1';
  let child: ChildProcess | undefined;
  let dataDir: string;
  let stdout = '';
  let stderr = '';
  let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  /** Resolves once a JSON log line matches. */
  function waitForLog(match: (line: Record<string, unknown>) => boolean, timeoutMs = 120_000) {
    return new Promise<Record<string, unknown>>((resolve, reject) => {
      const find = () =>
        stdout
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l) as Record<string, unknown>)
          .find(match);
      const fail = (why: string) => {
        stop();
        reject(new Error(`${why}. stdout:\n${stdout}\nstderr:\n${stderr}`));
      };
      const timer = setTimeout(() => fail('log line not seen in time'), timeoutMs);
      const onExit = () => fail('the server exited before the log line');
      const onData = () => {
        const found = find();
        if (found) {
          stop();
          resolve(found);
        }
      };
      const stop = () => {
        clearTimeout(timer);
        child?.stdout?.off('data', onData);
        child?.off('exit', onExit);
      };
      child?.stdout?.on('data', onData);
      child?.once('exit', onExit);
      onData();
    });
  }

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meals-server-'));
  });

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts on a brand-new embedded database with demo data, logs JSON, and shuts down gracefully on SIGTERM', async () => {
    const port = await freePort();
    // Only what the server needs: no DATABASE_URL from a PostgreSQL test run, so it uses PGlite.
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TMPDIR: process.env.TMPDIR,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'info',
      CLIENT_DIST: path.join(dataDir, 'no-client'),
    };
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    exited = new Promise((resolve) => child!.once('exit', (code, signal) => resolve({ code, signal })));

    await waitForLog((l) => typeof l.msg === 'string' && l.msg.startsWith('Server listening'), 180_000);
    const base = `http://127.0.0.1:${port}`;

    // Demo data on a brand-new database.
    const sites = await fetch(`${base}/api/sites`);
    expect(sites.status).toBe(200);
    expect(((await sites.json()) as unknown[]).length).toBeGreaterThanOrEqual(40);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    // The administrator from ADMIN_EMAIL can log in.
    const loginResponse = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: adminEmail, password: adminPassword }),
    });
    expect(loginResponse.status).toBe(200);
    expect(await loginResponse.json()).toMatchObject({ email: adminEmail, isAdmin: true });
    const cookie = loginResponse.headers.getSetCookie()[0]!.split(';')[0]!;
    expect(cookie).toMatch(/^sid=/);

    // A password reset through the real outbox: the link works, and the token never reaches the log.
    const forgot = await fetch(`${base}/api/passwords`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: adminEmail }),
    });
    expect(forgot.status).toBe(202);
    const [eml] = fs.readdirSync(path.join(dataDir, 'outbox'));
    const mail = fs.readFileSync(path.join(dataDir, 'outbox', eml!), 'utf8').replace(/=\r?\n/g, '');
    const token = /\/passwords\/reset\/([A-Za-z0-9_-]{43})/.exec(mail)![1]!;
    expect((await fetch(`${base}/api/passwords/${token}`)).status).toBe(200);
    // The page the e-mail links to (no client build here, so 503) is logged too.
    expect((await fetch(`${base}/passwords/reset/${token}`)).status).toBe(503);

    // A slow request in flight when SIGTERM arrives: an upload whose body is sent in two halves.
    const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#c00' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const asset = await fetch(`${base}/api/assets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        blob: { filename: 'slow.png', content_type: 'image/png', byte_size: png.length },
      }),
    });
    expect(asset.status).toBe(200);
    const { direct_upload } = (await asset.json()) as {
      direct_upload: { url: string; headers: Record<string, string> };
    };

    const upload = http.request(`${base}${direct_upload.url}`, {
      method: 'PUT',
      headers: { ...direct_upload.headers, cookie, 'content-length': String(png.length) },
    });
    const uploaded = new Promise<number>((resolve, reject) => {
      upload.once('response', (response) => {
        response.resume();
        response.once('end', () => resolve(response.statusCode ?? 0));
      });
      upload.once('error', reject);
    });
    upload.write(png.subarray(0, png.length / 2));
    await waitForLog(
      (l) =>
        l.msg === 'incoming request' && String((l.req as { url?: string })?.url).startsWith('/api/uploads/'),
    );
    child.kill('SIGTERM');
    await waitForLog((l) => l.msg === 'shutting down: finishing requests in flight');
    upload.end(png.subarray(png.length / 2));

    expect(await uploaded).toBe(204);
    expect(await exited).toEqual({ code: 0, signal: null });

    // Logs are JSON lines, with the start-up facts and no secrets.
    const lines = stdout.split('\n').filter((l) => l.trim());
    expect(lines.length).toBeGreaterThan(3);
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    for (const entry of entries) {
      expect(typeof entry.level).toBe('number');
      expect(typeof entry.time).toBe('number');
    }
    const seeded = entries.find((e) => String(e.msg).startsWith('brand-new database: demo data loaded'));
    expect(seeded?.sites).toBeGreaterThanOrEqual(40);
    expect(entries.some((e) => e.msg === 'administrator from ADMIN_EMAIL created')).toBe(true);
    expect(stdout).not.toContain(adminPassword);
    expect(stdout).not.toContain(cookie.slice('sid='.length));
    expect(stdout).not.toContain(token);
    // The request is still logged, with the secret part of its URL masked.
    const urls = entries
      .filter((e) => e.msg === 'incoming request')
      .map((e) => (e.req as { url: string }).url);
    expect(urls).toContain('/api/passwords/[redacted]');
    expect(urls).toContain('/passwords/reset/[redacted]');
    expect(urls).toContain('/api/sites');
    expect(stderr).toBe('');
    // Generous bounds: a cold start of a child server on a busy 2-core machine can take a minute; the
    // bounds only stop a hung test, they assert nothing about speed.
  }, 420_000);
});
