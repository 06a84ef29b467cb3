/**
 * What an operator sees (docs/decisions/037-metrics-error-reporter-and-mail-queue.md, docs/product.md
 * R420–R434): request ids, the Prometheus series, a database outage told in two log lines, the small
 * "briefly unavailable" page, disk errors, the optional error reporter, the staff e-mail queue and the
 * accounts' events. The database is "made to fail" by replacing its client's query functions, so the
 * same tests run on the embedded database and on PostgreSQL.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { errorHandler } from '../plugins/errors.ts';
import { ensureAdmin } from '../services/accounts.ts';
import { startMetricsServer } from '../services/metrics.ts';
import {
  createTestApp,
  createUser,
  fakeClientDist,
  login,
  PASSWORD,
  signInRoles,
  type TestContext,
} from './helpers.ts';
import { eventually, freePort, repoRoot, within } from './processes.ts';

const json = (line: string) => {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return {};
  }
};

/**
 * Makes every query fail as a refused connection would (or with `error`), until `restore()`. The
 * drivers' own objects are patched, so the app's code path is the real one.
 */
function breakDatabase(database: Database, error?: () => Error) {
  const refused = () =>
    error?.() ?? Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  const fail = async () => {
    throw refused();
  };
  const targets: [object, string][] = database.pool
    ? [
        [database.pool, 'query'],
        [database.pool, 'connect'],
      ]
    : [
        [database.pglite!, 'query'],
        [database.pglite!, 'exec'],
        [database.pglite!, 'transaction'],
      ];
  for (const [target, name] of targets)
    Object.defineProperty(target, name, { value: fail, configurable: true });
  return () => {
    for (const [target, name] of targets) delete (target as Record<string, unknown>)[name];
  };
}

// ---- request ids ---------------------------------------------------------------------------------

describe('request ids (R420)', () => {
  const lines: string[] = [];
  let ctx: TestContext;
  let geocoder: http.Server;
  const geocoderIds: (string | undefined)[] = [];
  beforeAll(async () => {
    geocoder = http.createServer((request, response) => {
      geocoderIds.push(request.headers['x-request-id'] as string | undefined);
      response.writeHead(200, { 'content-type': 'application/json' }).end('[{"lat":"37.7","lon":"-122.4"}]');
    });
    await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
    const { port } = geocoder.address() as net.AddressInfo;
    ctx = await createTestApp(
      { LOG_LEVEL: 'info', GEOCODER: 'nominatim', GEOCODER_URL: `http://127.0.0.1:${port}` },
      { logStream: { write: (line) => void lines.push(line) } },
    );
  });
  afterAll(async () => {
    await ctx.close();
    geocoder.close();
  });

  it('keeps a sane X-Request-Id, echoes it, and logs it on every line of the request', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/sites/987654',
      headers: { 'x-request-id': 'edge-4f1c2a' },
    });
    expect(response.headers['x-request-id']).toBe('edge-4f1c2a');
    const mine = lines.map(json).filter((line) => line.requestId === 'edge-4f1c2a');
    expect(mine.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
    expect(lines.map(json).some((line) => 'reqId' in line)).toBe(false);
  });

  it('replaces a missing, over-long or unprintable id with a random UUID, never a counter', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const ids: string[] = [];
    for (const header of [undefined, 'x'.repeat(129), 'bad id with spaces', 'tab\tid']) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: header === undefined ? {} : { 'x-request-id': header },
      });
      ids.push(String(response.headers['x-request-id']));
    }
    for (const id of ids) expect(id).toMatch(uuid);
    expect(new Set(ids).size).toBe(ids.length);
    // 128 printable characters are kept as they are.
    const long = 'a'.repeat(128);
    const kept = await ctx.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': long } });
    expect(kept.headers['x-request-id']).toBe(long);
  });

  it('sends the id on to the geocoder', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/places?q=123%20Example%20Street',
      headers: { 'x-request-id': 'trace-geocode-1' },
    });
    expect(response.statusCode).toBe(200);
    expect(geocoderIds).toContain('trace-geocode-1');
  });
});

// ---- metrics ---------------------------------------------------------------------------------------

describe('metrics (R421)', () => {
  const TOKEN = 'metrics-token-0123456789';
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => ctx.close());

  it('are not exposed on the public port without a token configured', async () => {
    const plain = await createTestApp();
    try {
      const response = await plain.app.inject({ method: 'GET', url: '/metrics' });
      // No such route: the path is a page like any unknown one (here: the client is not built).
      expect(response.statusCode).not.toBe(200);
      expect(response.statusCode).not.toBe(401);
      expect(response.body).not.toContain('meals_http_requests_total');
    } finally {
      await plain.close();
    }
  });

  it('answer /metrics only with the bearer token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-0123456780' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('count requests by route pattern and status, with latency, pool, cache, listener, e-mail and import series', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/sites/424242' });
    await ctx.app.inject({ method: 'GET', url: '/api/sites' });
    await ctx.app.inject({ method: 'GET', url: '/api/sites' });
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const text = response.body;
    expect(text).toMatch(
      /meals_http_requests_total\{method="GET",route="\/api\/sites\/:id",status="404"\} \d+/,
    );
    expect(text).not.toContain('424242');
    expect(text).toMatch(
      /meals_http_request_duration_seconds_bucket\{le="[^"]+",method="GET",route="\/api\/sites"\}/,
    );
    expect(text).toMatch(/meals_db_pool_connections\{state="total"\} [1-9]/);
    expect(text).toMatch(/meals_response_cache_lookups_total\{result="hit"\} [1-9]/);
    expect(text).toMatch(/meals_response_cache_lookups_total\{result="miss"\} [1-9]/);
    for (const name of [
      'meals_change_listener_up',
      'meals_emails_total',
      'meals_geocoder_requests_total',
      'meals_import_duration_seconds',
      'meals_process_cpu_user_seconds_total',
      'meals_nodejs_eventloop_lag_seconds',
    ])
      expect(text).toContain(`# TYPE ${name}`);
  });

  it('can be served on a port of their own (METRICS_PORT) and nothing else there', async () => {
    const port = await freePort();
    const server = await startMetricsServer(port, '127.0.0.1');
    try {
      const response = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('# TYPE meals_http_requests_total counter');
      expect((await fetch(`http://127.0.0.1:${port}/api/sites`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

// ---- a database outage ------------------------------------------------------------------------------

const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta name="description" content="d" />' +
  '<title>Community Meal Sites</title><!--app-data--></head>' +
  '<body><div id="root"></div><noscript><!--noscript-->x</noscript></body></html>';
const RENDERER = `export function render({ url, language }) {
  return { html: '<h1>' + language + ' ' + url + '</h1>', title: 'Rendered', description: 'D' };
}`;

describe('a database outage (R424–R426)', { timeout: 120_000 }, () => {
  const lines: string[] = [];
  let ctx: TestContext;
  beforeAll(async () => {
    const dist = fakeClientDist(TEMPLATE, RENDERER);
    ctx = await createTestApp(
      { CLIENT_DIST: path.join(dist, 'client'), LOG_LEVEL: 'info', AGENCY_PHONE: '(415) 555-0199' },
      { logStream: { write: (line) => void lines.push(line) } },
    );
  });
  afterAll(() => ctx.close());

  it('is logged as one "unreachable" line and one "back after N s, M requests refused" line, not a stack per request', async () => {
    // The home page is rendered and cached while the database is up.
    expect((await ctx.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
    ctx.app.responseCache.invalidate();
    const before = lines.length;
    const restore = breakDatabase(ctx.database);
    try {
      for (let i = 0; i < 12; i += 1) {
        const response = await ctx.app.inject({ method: 'GET', url: '/api/sites' });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({
          status: 503,
          message: 'The service is temporarily unavailable. Please try again in a moment.',
        });
      }
      // A load balancer's readiness probes are refused quietly too.
      for (let i = 0; i < 3; i += 1)
        expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    } finally {
      restore();
    }
    const back = await eventually(
      () =>
        lines
          .slice(before)
          .map(json)
          .find((line) => /^database back after/.test(String(line.msg))),
      20_000,
      'the "database back" line',
    );
    expect(back.msg).toMatch(/^database back after \d+ s, 15 requests refused$/);
    const outage = lines.slice(before).map(json);
    expect(outage.filter((line) => line.msg === 'database unreachable')).toHaveLength(1);
    // The one stack is the first refusal's: not one per request.
    expect(outage.filter((line) => line.err !== undefined)).toHaveLength(1);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/sites' })).statusCode).toBe(200);
  });

  it('gives pages a small 503 page in the visitor’s language with the agency phone and Retry-After; help and cached pages still work', async () => {
    ctx.app.responseCache.invalidate();
    // Warm: the home page in Spanish, cached with its demo flag.
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'es' } })).statusCode,
    ).toBe(200);
    const restore = breakDatabase(ctx.database);
    try {
      const page = await ctx.app.inject({
        method: 'GET',
        url: '/sites/1',
        headers: { 'accept-language': 'es' },
      });
      expect(page.statusCode).toBe(503);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['retry-after']).toBe('30');
      expect(page.body).toContain('<html lang="es">');
      expect(page.body).toContain('llame al <a href="tel:+14155550199">(415) 555-0199</a>');
      const zh = await ctx.app.inject({
        method: 'GET',
        url: '/sites',
        headers: { 'accept-language': 'zh-HK' },
      });
      expect(zh.statusCode).toBe(503);
      expect(zh.body).toContain('<html lang="zh-Hant">');
      expect(zh.body).toContain('請致電');
      // The API keeps its JSON answer.
      expect((await ctx.app.inject({ method: 'GET', url: '/api/sites/999999' })).json().status).toBe(503);
      // A help page needs no database; the cached home page is served as it was.
      const help = await ctx.app.inject({
        method: 'GET',
        url: '/contact',
        headers: { 'accept-language': 'es' },
      });
      expect(help.statusCode).toBe(200);
      expect(help.body).toContain('<h1>es /contact</h1>');
      const home = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'es' } });
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain('<h1>es /</h1>');
    } finally {
      restore();
    }
  });
});

// ---- a full or read-only disk -------------------------------------------------------------------------

describe('a full or read-only data folder (R428)', () => {
  it('answers 507 or 503 with a plain message and logs one clear line, not a 500 and a stack', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    app.setErrorHandler(errorHandler);
    const fsError = (code: string) =>
      Object.assign(new Error(`${code}: refused, open '/data/outbox/x.eml'`), {
        code,
        path: '/data/outbox/x.eml',
      });
    app.get('/full', async () => {
      throw fsError('ENOSPC');
    });
    app.get('/read-only', async () => {
      throw new Error('could not write', { cause: fsError('EROFS') });
    });
    const full = await app.inject({ method: 'GET', url: '/full' });
    expect(full.statusCode).toBe(507);
    expect(full.json().message).toMatch(/run out of storage space/);
    const readOnly = await app.inject({ method: 'GET', url: '/read-only' });
    expect(readOnly.statusCode).toBe(503);
    expect(readOnly.json().message).toMatch(/cannot save anything right now/);
    const logged = lines.map(json).filter((line) => line.level === 50);
    expect(logged.map((line) => line.msg)).toEqual([
      expect.stringMatching(/^disk full: the data folder \(DATA_DIR\)/),
      expect.stringMatching(/read-only or not writable/),
    ]);
    expect(logged.every((line) => line.err === undefined && line.code !== undefined)).toBe(true);
    await app.close();
  });
});

describe('a data folder the server cannot write at start (R428)', { timeout: 120_000 }, () => {
  // sysfs refuses a new folder even to root, so this works wherever the tests run as root or not.
  it.runIf(process.platform === 'linux' && fs.existsSync('/sys/kernel'))(
    'stops with one line naming DATA_DIR and what to check, not a stack',
    async () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: repoRoot,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          DATA_DIR: '/sys/meals-data',
          PORT: String(await freePort()),
          HOST: '127.0.0.1',
          CLIENT_DIST: '/nonexistent',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
      });
      const code = await within(90_000, new Promise((resolve) => child.once('exit', resolve)), 'the exit');
      expect(code).toBe(1);
      expect(stderr.trim()).toMatch(
        /^Cannot start: DATA_DIR \(\/sys\/meals-data\) is read-only or not writable by this process \(E[A-Z]+ at [^)]+\)\. Check its mount and permissions\.$/,
      );
    },
  );
});

// ---- the error reporter -----------------------------------------------------------------------------

describe('the optional error reporter (R422)', { timeout: 120_000 }, () => {
  it('sends a 5xx to SENTRY_DSN without cookies, authorization, body, query or e-mail addresses', async () => {
    const envelopes: string[] = [];
    const sink = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks);
        const gzip = request.headers['content-encoding'] === 'gzip';
        envelopes.push((gzip ? zlib.gunzipSync(body) : body).toString('utf8'));
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    const { port } = sink.address() as net.AddressInfo;
    const ctx = await createTestApp({ SENTRY_DSN: `http://publickey@127.0.0.1:${port}/1` });
    try {
      const restore = breakDatabase(
        ctx.database,
        () => new Error('boom while reading for ada.person@example.org'),
      );
      ctx.app.responseCache.invalidate();
      try {
        const response = await ctx.app.inject({
          method: 'GET',
          url: '/api/sites?email=ada.person@example.org',
          headers: { cookie: 'sid=secret-cookie-value', authorization: 'Bearer secret-token-value' },
        });
        expect(response.statusCode).toBe(500);
      } finally {
        restore();
      }
      const envelope = await eventually(
        () => envelopes.find((text) => text.includes('boom while reading')),
        20_000,
        'the error report',
      );
      expect(envelope).toContain('"/api/sites"');
      for (const secret of [
        'ada.person@example.org',
        'secret-cookie-value',
        'secret-token-value',
        'cookie',
        'authorization',
      ])
        expect(envelope.toLowerCase()).not.toContain(secret.toLowerCase());
      expect(envelope).not.toContain('127.0.0.1"');
      expect(envelope).not.toMatch(/"ip_address"/);
    } finally {
      await ctx.close();
      sink.close();
    }
  });
});

// ---- the staff e-mail queue -------------------------------------------------------------------------

/** A minimal SMTP server that keeps what it is sent; it says nothing TLS, so none is tried. */
function smtpSink(port: number) {
  const received: string[] = [];
  const server = net.createServer((socket) => {
    let data = false;
    let buffer = '';
    socket.on('error', () => {});
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      while (true) {
        if (data) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          received.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          data = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const command = buffer.slice(0, eol).toUpperCase();
        buffer = buffer.slice(eol + 2);
        if (command.startsWith('EHLO')) socket.write('250-sink\r\n250 8BITMIME\r\n');
        else if (command.startsWith('DATA')) {
          data = true;
          socket.write('354 go on\r\n');
        } else if (command.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return {
    received,
    listen: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('staff e-mail from the outbox (R427)', { timeout: 120_000 }, () => {
  it('a report’s notice waits in mail_outbox while the mail server is down and is delivered once it is back', async () => {
    const port = await freePort();
    const ctx = await createTestApp({
      REPORTS_EMAIL: 'meals-team@agency.example.org',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      SMTP_TIMEOUT_MS: '2000',
      MAIL_RETRY_MS: '200',
    });
    const sink = smtpSink(port);
    try {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/reports',
        payload: { reasons: ['hours'], message: 'The outbox keeps this one' },
      });
      expect(response.statusCode).toBe(202);
      // The mail server refuses: the notice stays queued and its attempts are counted.
      const failed = await eventually(
        async () => {
          const [row] = await ctx.database.db.select().from(mailOutbox);
          return row && row.attempts >= 2 ? row : undefined;
        },
        30_000,
        'two failed attempts',
      );
      expect(failed.sentAt).toBeNull();
      expect(failed.lastError).toBeTruthy();
      await sink.listen();
      const mail = await eventually(
        () => sink.received.find((text) => text.includes('The outbox keeps this one')),
        60_000,
        'the delivered notice',
      );
      expect(mail).toContain('To: meals-team@agency.example.org');
      // The mail server has the message before the queue has marked it sent: wait for the mark.
      const row = await eventually(
        async () => {
          const [stored] = await ctx.database.db
            .select()
            .from(mailOutbox)
            .where(eq(mailOutbox.id, failed.id));
          return stored?.sentAt ? stored : undefined;
        },
        30_000,
        'the notice marked sent',
      );
      expect(row.sentAt).not.toBeNull();
      expect(sink.received.filter((text) => text.includes('The outbox keeps this one'))).toHaveLength(1);
    } finally {
      await ctx.close();
      await sink.close();
    }
  });
});

// ---- accounts' events ---------------------------------------------------------------------------------

describe('account events (R431)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('records creation, promotion, sign-in failures and password and e-mail changes, readable by administrators', async () => {
    const roles = await signInRoles(ctx);
    const user = await createUser(ctx);
    const failed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'not-the-password-1' },
    });
    expect(failed.statusCode).toBe(422);
    const cookie = await login(ctx, user.email);
    const changed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      headers: { cookie },
      payload: { password: 'a-new-password-2', email: `new-${user.email}`, currentPassword: PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    await ensureAdmin(ctx.database.db, {
      firstName: 'A',
      lastName: 'B',
      email: `new-${user.email}`,
      password: 'ignored-pass-3',
    });

    const events = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/${user.id}/events`,
      headers: { cookie: roles.admin.cookie },
    });
    expect(events.statusCode).toBe(200);
    const actions = (events.json() as { action: string }[]).map((event) => event.action);
    expect(actions).toEqual(['promoted', 'password_changed', 'email_changed', 'sign_in_failed']);
    const emailChange = (events.json() as { action: string; detail: object; actor: object }[]).find(
      (event) => event.action === 'email_changed',
    )!;
    expect(emailChange.detail).toEqual({ from: user.email, to: `new-${user.email}` });
    expect(emailChange.actor).toMatchObject({ id: user.id });
    expect(events.body).not.toMatch(/argon2|password123|a-new-password-2/);

    const adminEvents = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/${roles.admin.id}/events`,
      headers: { cookie: roles.admin.cookie },
    });
    expect(adminEvents.json()[0]).toMatchObject({
      action: 'created',
      detail: { via: 'ADMIN_EMAIL', admin: true },
    });
  });

  it('is for administrators only, 404 for an unknown account, and in the OpenAPI document', async () => {
    const roles = await signInRoles(ctx);
    const url = `/api/users/${roles.user.id}/events`;
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'GET', url, headers: { cookie: roles.user.cookie } })).statusCode,
    ).toBe(403);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/99999999/events',
      headers: { cookie: roles.admin.cookie },
    });
    expect(unknown.statusCode).toBe(404);
    const openapi = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(openapi.paths['/api/users/{id}/events'].get.responses['200']).toBeDefined();
  });
});
