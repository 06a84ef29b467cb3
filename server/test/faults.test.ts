/**
 * Faults (docs/product.md R85, R86): the directory degrades clearly and recovers by itself. Everything here is real — the
 * server in a child process (killed with SIGKILL mid-burst, stopped with SIGTERM mid-upload),
 * PostgreSQL behind a TCP proxy we can cut, PGlite files on disk, raw TCP uploads, geocoder and SMTP
 * servers that refuse or hang. Waits are bounded (`within`, `eventually`);
 * nothing measures speed.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildSite } from '#testing/factories.ts';
import { assets, passwordResets } from '../db/schema.ts';
import { adminUrl, cloneDatabase, dropDatabase, testBackend, urlFor } from './databases.ts';
import { createTestApp, createUser, login, type TestContext } from './helpers.ts';
import {
  eventually,
  freePort,
  loginCookie,
  type ServerProcess,
  sleep,
  startServerProcess,
  within,
} from './processes.ts';
import { TcpProxy } from './tcp-proxy.ts';

const ADMIN = { email: 'faults-admin@example.org', password: 'faults-pass-1' };
const json = { 'content-type': 'application/json' };

/** A port that refuses connections (nothing listens on it). */
const refusedPort = () => freePort();

/** A TCP server that accepts connections and never says a word. */
async function silentServer() {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  const server = net.createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    accepted: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

// ---- PostgreSQL going away --------------------------------------------------------------------

// Registered only on a PostgreSQL run: it needs a PostgreSQL server to stand in front of.
if (testBackend() === 'postgres') {
  describe('PostgreSQL going away during traffic (through a TCP proxy)', () => {
    /** "About a second": the bound for answers while PostgreSQL is stopped (refused connections). */
    const STOPPED_ANSWER_MS = 1500;
    /** A partition waits out the 2 s connection timeout or DATABASE_QUERY_TIMEOUT_MS (1 s here). */
    const HUNG_ANSWER_MS = 4000;
    const RECOVERY_MS = 20_000;

    let databaseName: string;
    let directUrl: string;
    let proxy: TcpProxy;
    let server: ServerProcess;
    let dataDir: string;

    beforeAll(async () => {
      const admin = adminUrl()!;
      databaseName = await cloneDatabase(admin, inject('postgresTemplate'));
      directUrl = urlFor(admin, databaseName);
      const target = new URL(directUrl);
      proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      await proxy.listen();
      const proxied = new URL(directUrl);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(proxy.port);
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meals-faults-pg-'));
      server = await startServerProcess({
        DATA_DIR: dataDir,
        DATABASE_URL: proxied.toString(),
        DATABASE_QUERY_TIMEOUT_MS: '1000',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      });
      await server.ready();
    }, 300_000);

    afterAll(async () => {
      await server?.stop('SIGKILL');
      await proxy?.close();
      if (databaseName) await dropDatabase(adminUrl()!, databaseName);
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('answers 503 with a clear JSON error at once, never crashes, and serves again by itself', async () => {
      const cookie = await loginCookie(server.base, ADMIN.email, ADMIN.password);
      const seed = await fetch(`${server.base}/api/populations`, {
        method: 'POST',
        headers: { ...json, cookie },
        body: JSON.stringify({ name: 'Seed population' }),
      });
      expect(seed.status).toBe(201);
      const seedId = ((await seed.json()) as { id: number }).id;

      // Background traffic through every phase: reads that need the database and admin writes.
      type Phase = 'up' | 'stopped' | 'recovering' | 'up-again' | 'hung' | 'healing' | 'up-at-last';
      let phase: Phase = 'up';
      const answers: { from: Phase; to: Phase; status: number | 'no answer' | 'network error' }[] = [];
      const acknowledged = new Map<number, string>();
      let traffic = true;
      let sequence = 0;
      const worker = async () => {
        while (traffic) {
          const from = phase;
          const op = Math.random();
          sequence += 1;
          const name = `Traffic ${sequence}`;
          const request =
            op < 0.4
              ? fetch(`${server.base}/api/populations/${seedId}`, { signal: AbortSignal.timeout(15_000) })
              : op < 0.7
                ? fetch(`${server.base}/api/users/me`, {
                    headers: { cookie },
                    signal: AbortSignal.timeout(15_000),
                  })
                : fetch(`${server.base}/api/populations`, {
                    method: 'POST',
                    headers: { ...json, cookie },
                    body: JSON.stringify({ name }),
                    signal: AbortSignal.timeout(15_000),
                  });
          try {
            const response = await request;
            const body = await response.text();
            if (response.status === 201) acknowledged.set((JSON.parse(body) as { id: number }).id, name);
            answers.push({ from, to: phase, status: response.status });
          } catch (error) {
            const status = (error as Error).name === 'TimeoutError' ? 'no answer' : 'network error';
            answers.push({ from, to: phase, status });
          }
          await sleep(20);
        }
      };
      const workers = Array.from({ length: 4 }, () => worker());

      /** Every call that needs the database answers 503 + JSON + Retry-After within `bound` ms. */
      const expectUnavailable = async (bound: number) => {
        const ready = await within(bound, fetch(`${server.base}/readyz`), 'GET /readyz');
        expect(ready.status).toBe(503);
        expect(await ready.json()).toEqual({ status: 503, message: 'The database is not reachable.' });
        const calls: [string, RequestInit][] = [
          [`/api/populations/${seedId}`, {}],
          ['/api/users/me', { headers: { cookie } }],
          [
            '/api/populations',
            { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify({ name: 'Refused' }) },
          ],
          ['/api/auth/login', { method: 'POST', headers: json, body: JSON.stringify({ ...ADMIN }) }],
        ];
        for (const [url, init] of calls) {
          const response = await within(bound, fetch(`${server.base}${url}`, init), `${url}`);
          expect(response.status, url).toBe(503);
          expect(response.headers.get('content-type')).toMatch(/^application\/json/);
          expect(response.headers.get('retry-after')).toBe('5');
          expect(await response.json()).toEqual({
            status: 503,
            message: 'The service is temporarily unavailable. Please try again in a moment.',
          });
        }
        // The process itself is fine: liveness answers, nothing exited.
        expect((await within(bound, fetch(`${server.base}/healthz`), '/healthz')).status).toBe(200);
        expect(server.child.exitCode).toBeNull();
      };

      const expectServing = async () => {
        await eventually(
          async () => ((await fetch(`${server.base}/readyz`)).status === 200 ? true : undefined),
          RECOVERY_MS,
          '/readyz answering 200 again',
        );
        const write = await fetch(`${server.base}/api/populations`, {
          method: 'POST',
          headers: { ...json, cookie },
          body: JSON.stringify({ name: `After ${phase}` }),
        });
        expect(write.status).toBe(201);
        expect((await fetch(`${server.base}/api/users/me`, { headers: { cookie } })).status).toBe(200);
      };

      await sleep(500);

      // 1. PostgreSQL stops: connections cut, the port refuses.
      phase = 'stopped';
      await proxy.close();
      await expectUnavailable(STOPPED_ANSWER_MS);
      await sleep(1000);
      await expectUnavailable(STOPPED_ANSWER_MS);

      // 2. PostgreSQL is back on the same address: the app recovers without a restart.
      phase = 'recovering';
      await proxy.listen(proxy.port);
      await expectServing();
      phase = 'up-again';
      await sleep(500);

      // 3. A network partition: open connections freeze, new ones are never answered.
      phase = 'hung';
      proxy.hang();
      await expectUnavailable(HUNG_ANSWER_MS);

      // 4. The partition heals (the frozen connections are gone, the port answers again).
      phase = 'healing';
      await proxy.close();
      await proxy.listen(proxy.port);
      await expectServing();
      phase = 'up-at-last';
      await sleep(500);

      traffic = false;
      await Promise.all(workers);

      // Never a hang, a dropped connection or a 5xx other than 503; all fine while the database was up.
      expect(answers.length).toBeGreaterThan(20);
      expect(answers.filter((a) => typeof a.status !== 'number')).toEqual([]);
      expect(answers.filter((a) => a.status !== 503 && Number(a.status) >= 500)).toEqual([]);
      const steady = answers.filter((a) => a.from === a.to && a.from.startsWith('up'));
      expect(steady.length).toBeGreaterThan(0);
      expect(steady.filter((a) => Number(a.status) >= 300)).toEqual([]);
      expect(answers.some((a) => a.from === 'stopped' && a.status === 503)).toBe(true);

      // Every write the server acknowledged, in any phase, is in the database.
      const client = new pg.Client({ connectionString: directUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ id: number; name: string }>('select id, name from populations');
        const stored = new Map(rows.map((r) => [r.id, r.name]));
        expect(acknowledged.size).toBeGreaterThan(0);
        for (const [id, name] of acknowledged) expect(stored.get(id), `population ${id}`).toBe(name);
      } finally {
        await client.end();
      }

      // It never crashed, and still shuts down cleanly.
      expect(server.output()).not.toMatch(/uncaught|unhandled rejection|FATAL/i);
      expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    }, 400_000);
  });
}

// ---- SIGKILL during a burst of writes on the embedded database ------------------------------------

describe('SIGKILL during a burst of writes (embedded database)', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meals-faults-kill-'));
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('reopens cleanly after each kill, with every acknowledged write present and no half-written site', async () => {
    const env = { DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
    const lockFile = path.join(dataDir, 'db.lock');
    /** Site id → the states it may be in: a name, or null for deleted. More than one when a write was cut off. */
    const expected = new Map<number, Set<string | null>>();
    const items = new Map<number, string>();
    const populationIds: number[] = [];

    const verify = async (base: string) => {
      const sites = (await (await fetch(`${base}/api/sites`)).json()) as {
        id: number;
        name: string;
        Hours: unknown[];
        Populations: { id: number }[];
      }[];
      const byId = new Map(sites.map((s) => [s.id, s]));
      for (const [id, states] of expected) {
        const state = byId.get(id)?.name ?? null;
        expect(states.has(state), `site ${id} is ${state}, expected one of ${[...states]}`).toBe(true);
      }
      // A site is all there or not at all: its hours and lists were written in the same transaction.
      for (const site of sites) {
        expect(site.Hours, site.name).toHaveLength(2);
        expect(site.Populations.map((p) => p.id).sort(), site.name).toEqual([...populationIds].sort());
      }
      const stored = new Map(
        ((await (await fetch(`${base}/api/services`)).json()) as { id: number; name: string }[]).map((s) => [
          s.id,
          s.name,
        ]),
      );
      for (const [id, name] of items) expect(stored.get(id), `service ${id}`).toBe(name);
      return sites.length;
    };

    for (let round = 1; round <= 2; round += 1) {
      server = await startServerProcess(env);
      await server.ready();
      // The lock now names the running process: a stale one (from the killed process) was taken over.
      expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(server.pid));
      await verify(server.base);
      const base = server.base;
      const cookie = await loginCookie(base, ADMIN.email, ADMIN.password);
      const headers = { ...json, cookie };
      if (round === 1) {
        for (const name of ['Burst seniors', 'Burst adults']) {
          const response = await fetch(`${base}/api/populations`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ name }),
          });
          populationIds.push(((await response.json()) as { id: number }).id);
        }
      }

      let acknowledgedThisRound = 0;
      let alive = true;
      const failures: string[] = [];
      const worker = async (w: number) => {
        const mine: number[] = [];
        for (let n = 0; alive; n += 1) {
          const name = `Burst ${round}-${w}-${n}`;
          const op = mine.length === 0 ? 0 : Math.random();
          try {
            if (op < 0.55) {
              const response = await fetch(`${base}/api/sites`, {
                method: 'POST',
                headers,
                body: JSON.stringify(
                  buildSite({
                    name,
                    PopulationIds: populationIds,
                    Hours: [
                      { day: 1, open: '11:00', close: '13:00' },
                      { day: 4, open: '17:00', close: '19:00' },
                    ],
                  }),
                ),
              });
              if (response.status !== 201) throw new Error(`create answered ${response.status}`);
              const id = ((await response.json()) as { id: number }).id;
              expected.set(id, new Set([name]));
              mine.push(id);
            } else if (op < 0.75) {
              const id = mine[Math.floor(Math.random() * mine.length)]!;
              const states = expected.get(id)!;
              states.add(name); // in flight: either name may be stored if the kill cuts it off
              const response = await fetch(`${base}/api/sites/${id}`, {
                method: 'PATCH',
                headers,
                body: JSON.stringify({ name }),
              });
              if (response.status !== 200) throw new Error(`edit answered ${response.status}`);
              expected.set(id, new Set([name]));
            } else if (op < 0.85) {
              const id = mine.pop()!;
              expected.get(id)!.add(null);
              const response = await fetch(`${base}/api/sites/${id}`, {
                method: 'DELETE',
                headers: { cookie },
              });
              if (response.status !== 204) throw new Error(`delete answered ${response.status}`);
              expected.set(id, new Set([null]));
            } else {
              const response = await fetch(`${base}/api/services`, {
                method: 'POST',
                headers,
                body: JSON.stringify({ name }),
              });
              if (response.status !== 201) throw new Error(`item answered ${response.status}`);
              items.set(((await response.json()) as { id: number }).id, name);
            }
            acknowledgedThisRound += 1;
          } catch (error) {
            // Only the kill may interrupt a write (fetch fails with a TypeError); anything else is a defect.
            if (!(error instanceof TypeError)) failures.push(String(error));
            return;
          }
        }
      };
      const workers = Array.from({ length: 12 }, (_, w) => worker(w));
      await eventually(
        () => (acknowledgedThisRound >= 60 || failures.length ? true : undefined),
        30_000,
        '60 acknowledged writes',
      );
      const killed = server.pid;
      expect(await server.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
      alive = false;
      await Promise.all(workers);
      expect(failures).toEqual([]);
      // The killed process could not remove its lock: the next start must take it over.
      expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(killed));
    }

    server = await startServerProcess(env);
    await server.ready();
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(server.pid));
    const count = await verify(server.base);
    expect(count).toBeGreaterThan(0);
    expect([...expected.values()].filter((s) => s.size === 1 && !s.has(null)).length).toBeGreaterThan(20);
    // The reopened database takes writes.
    const cookie = await loginCookie(server.base, ADMIN.email, ADMIN.password);
    const after = await fetch(`${server.base}/api/services`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({ name: 'After the kills' }),
    });
    expect(after.status).toBe(201);
    expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(fs.existsSync(lockFile)).toBe(false);
  }, 600_000);
});

// ---- SIGTERM during traffic ---------------------------------------------------------------------

describe('SIGTERM during traffic', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meals-faults-term-'));
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes every request in flight, refuses new ones, and exits 0', async () => {
    server = await startServerProcess({
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'info',
    });
    await server.ready();
    const { base } = server;
    const cookie = await loginCookie(base, ADMIN.email, ADMIN.password);
    const png = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#a40' } })
      .png({ compressionLevel: 0 })
      .toBuffer();

    // Three uploads in flight: headers and half of each body sent.
    const uploads = await Promise.all(
      [1, 2, 3].map(async (n) => {
        const asset = await fetch(`${base}/api/assets`, {
          method: 'POST',
          headers: { ...json, cookie },
          body: JSON.stringify({ blob: { filename: `term-${n}.png`, byte_size: png.length } }),
        });
        const { direct_upload } = (await asset.json()) as { direct_upload: { url: string } };
        const request = http.request(`${base}${direct_upload.url}`, {
          method: 'PUT',
          agent: false,
          headers: { cookie, 'content-type': 'image/png', 'content-length': String(png.length) },
        });
        const answered = new Promise<number>((resolve, reject) => {
          request.once('response', (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          });
          request.once('error', reject);
        });
        request.write(png.subarray(0, png.length / 2));
        return { request, answered };
      }),
    );
    const uploadsDir = path.join(dataDir, 'uploads');
    const partials = () => fs.readdirSync(uploadsDir).filter((f) => f.startsWith('.partial-'));
    // Bodies are read into memory until complete (docs/decisions/012): the server's request log says
    // when the three have arrived.
    const arrived = () =>
      server!
        .output()
        .split('\n')
        .filter((line) => line.includes('incoming request') && line.includes('"url":"/api/uploads/')).length;
    await eventually(() => (arrived() === 3 ? true : undefined), 10_000, 'three uploads in flight');

    server.child.kill('SIGTERM');
    await eventually(
      () => (server!.output().includes('shutting down: finishing requests in flight') ? true : undefined),
      10_000,
      'the shutdown to begin',
    );
    // A new request is refused: the port no longer accepts connections.
    const refused = await fetch(`${base}/api/sites`).then(
      (response) => `HTTP ${response.status}`,
      (error: Error) => String((error.cause as { code?: string })?.code ?? error.message),
    );
    expect(['ECONNREFUSED', 'HTTP 503']).toContain(refused);

    // The requests in flight finish, and are kept.
    for (const upload of uploads) upload.request.end(png.subarray(png.length / 2));
    expect(await Promise.all(uploads.map((u) => u.answered))).toEqual([204, 204, 204]);
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(partials()).toEqual([]);
    expect(fs.readdirSync(uploadsDir)).toHaveLength(3);
  }, 300_000);
});

// ---- uploads cut off or too long, over a real TCP connection ----------------------------------------

describe('uploads cut off half-way or longer than declared (real TCP)', () => {
  let ctx: TestContext;
  let base: URL;
  let cookie: string;
  let userId: number;
  let png: Buffer;
  const uploadsDir = () => path.join(ctx.dataDir, 'uploads');
  const partials = () => fs.readdirSync(uploadsDir()).filter((f) => f.startsWith('.partial-'));
  const log: string[] = [];

  beforeAll(async () => {
    ctx = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => log.push(line) } });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = new URL(`http://127.0.0.1:${(ctx.app.server.address() as net.AddressInfo).port}`);
    const user = await createUser(ctx);
    userId = user.id;
    cookie = await login(ctx, user.email);
    png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#2a6' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
  });
  afterAll(() => ctx.close());

  const newAsset = async (byteSize: number) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/assets',
      headers: { cookie },
      payload: { blob: { filename: 'photo.png', content_type: 'image/png', byte_size: byteSize } },
    });
    expect(response.statusCode).toBe(200);
    const { signed_id } = response.json() as { signed_id: string };
    const [row] = await ctx.database.db
      .select()
      .from(assets)
      .where(eq(assets.id, Number(signed_id.split('--')[0])));
    return { signedId: signed_id, key: row!.key, id: row!.id };
  };

  /** The asset is not uploaded, has no file, and cannot become the user's picture. */
  const expectNothingKept = async (asset: { signedId: string; key: string; id: number }) => {
    await eventually(() => (partials().length === 0 ? true : undefined), 5000, 'no partial file left');
    expect(fs.existsSync(path.join(uploadsDir(), asset.key))).toBe(false);
    const [row] = await ctx.database.db.select().from(assets).where(eq(assets.id, asset.id));
    expect(row!.uploadedAt).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: `/uploads/${asset.key}` })).statusCode).toBe(404);
    const picture = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${userId}`,
      headers: { cookie },
      payload: { picture: asset.signedId },
    });
    expect(picture.statusCode).toBe(422);
    expect(picture.json().errors).toEqual([
      { path: 'picture', message: 'has not been uploaded yet', code: 'not_uploaded' },
    ]);
  };

  /** Sends an HTTP/1.1 PUT by hand: headers, then the given bytes. */
  const rawPut = (signedId: string, headers: Record<string, string>) => {
    const socket = net.connect(Number(base.port), base.hostname);
    socket.on('error', () => {});
    let response = '';
    socket.setEncoding('latin1').on('data', (chunk: string) => {
      response += chunk;
    });
    const head = [
      `PUT /api/uploads/${signedId} HTTP/1.1`,
      `Host: ${base.host}`,
      `Cookie: ${cookie}`,
      'Content-Type: image/png',
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      '',
      '',
    ].join('\r\n');
    socket.write(head);
    // Resolves when the server ends the connection (the client never closes it first in these tests).
    const ended = new Promise<void>((resolve) => {
      socket.once('end', () => resolve());
      socket.once('close', () => resolve());
    });
    return { socket, response: () => response, ended };
  };

  it('keeps nothing when the client disconnects after half the declared bytes; a full retry then works', async () => {
    const asset = await newAsset(png.length);
    const put = rawPut(asset.signedId, { 'Content-Length': String(png.length) });
    put.socket.write(png.subarray(0, Math.floor(png.length / 2)));
    // The server is receiving the upload when we cut the connection.
    const receiving = () =>
      log.some(
        (line) => line.includes('incoming request') && line.includes(`/api/uploads/${asset.signedId}`),
      );
    await eventually(() => (receiving() ? true : undefined), 5000, 'the upload being received');
    put.socket.destroy();
    await expectNothingKept(asset);
    expect(put.response()).toBe('');

    // The same upload sent whole afterwards is accepted and can become the picture.
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        new URL(`/api/uploads/${asset.signedId}`, base),
        { method: 'PUT', headers: { cookie, 'content-type': 'image/png', 'content-length': png.length } },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      request.end(png);
    });
    expect(status).toBe(204);
    const picture = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${userId}`,
      headers: { cookie },
      payload: { picture: asset.signedId },
    });
    expect(picture.statusCode).toBe(200);
    expect(picture.json().pictureUrl).toBe(`/uploads/${asset.key}`);
  });

  it('refuses more bytes than declared (a larger Content-Length, or chunked) with 413 and keeps nothing', async () => {
    const declared = Math.floor(png.length / 2);
    const longer = await newAsset(declared);
    const put = rawPut(longer.signedId, { 'Content-Length': String(png.length) });
    put.socket.write(png);
    await eventually(() => (put.response() ? true : undefined), 5000, 'an answer to the long upload');
    expect(put.response()).toMatch(/^HTTP\/1\.1 413 /);
    expect(put.response()).toMatch(/\r\nconnection: close\r\n/i);
    // The unread rest of the body is never read: the server closes the connection rather than keep
    // a paused socket open (which held up graceful shutdown until Node's 5-minute request timeout).
    await within(5000, put.ended, 'the server closing the connection');
    await expectNothingKept(longer);

    const chunked = await newAsset(declared);
    const streamed = rawPut(chunked.signedId, { 'Transfer-Encoding': 'chunked' });
    for (let offset = 0; offset < png.length; offset += 16_384) {
      const chunk = png.subarray(offset, offset + 16_384);
      if (streamed.socket.destroyed) break;
      streamed.socket.write(`${chunk.length.toString(16)}\r\n`);
      streamed.socket.write(chunk);
      streamed.socket.write('\r\n');
    }
    if (!streamed.socket.destroyed) streamed.socket.write('0\r\n\r\n');
    await eventually(() => (streamed.response() ? true : undefined), 5000, 'an answer to the chunked upload');
    expect(streamed.response()).toMatch(/^HTTP\/1\.1 413 /);
    await within(5000, streamed.ended, 'the server closing the connection');
    await expectNothingKept(chunked);
  });
});

// ---- the geocoder and the mail server down or hanging --------------------------------------------

describe('a geocoder that refuses connections or never answers', () => {
  /** The save must not wait for the geocoder longer than GEOCODER_TIMEOUT_MS (500 ms here). */
  const SAVE_WITHIN_MS = 4000;
  let silent: Awaited<ReturnType<typeof silentServer>>;
  beforeAll(async () => {
    silent = await silentServer();
  });
  afterAll(() => silent.close());

  it.each([
    ['refuses connections', async () => `http://127.0.0.1:${await refusedPort()}`],
    ['accepts and never answers', async () => `http://127.0.0.1:${silent.port}`],
  ])('saves the site with the warning when the geocoder %s', async (label, url) => {
    const ctx = await createTestApp({
      GEOCODER: 'nominatim',
      GEOCODER_URL: await url(),
      GEOCODER_TIMEOUT_MS: '500',
    });
    try {
      const admin = await createUser(ctx, { admin: true });
      const cookie = await login(ctx, admin.email);
      const { lat: _lat, lng: _lng, ...site } = buildSite({ name: `Geocoder ${label}` });
      const response = await within(
        SAVE_WITHIN_MS,
        ctx.app.inject({ method: 'POST', url: '/api/sites', headers: { cookie }, payload: site }),
        'the site save',
      );
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        name: site.name,
        lat: null,
        lng: null,
        geocodeWarning: 'no map position found',
      });
      if (label.startsWith('accepts')) expect(silent.accepted()).toBeGreaterThan(0);
    } finally {
      await ctx.close();
    }
  });
});

describe('an SMTP server that refuses connections or never speaks', () => {
  /** POST /api/passwords gives up after SMTP_TIMEOUT_MS (500 ms here); the bound leaves room. */
  const ANSWER_WITHIN_MS = 4000;
  let silent: Awaited<ReturnType<typeof silentServer>>;
  beforeAll(async () => {
    silent = await silentServer();
  });
  afterAll(() => silent.close());

  it.each([
    ['refuses connections', async () => `smtp://127.0.0.1:${await refusedPort()}`],
    ['accepts and never speaks', async () => `smtp://127.0.0.1:${silent.port}`],
  ])('answers a password request with 503 and keeps no reset link when it %s', async (label, url) => {
    const ctx = await createTestApp({ SMTP_URL: await url(), SMTP_TIMEOUT_MS: '500' });
    try {
      const user = await createUser(ctx);
      const response = await within(
        ANSWER_WITHIN_MS,
        ctx.app.inject({ method: 'POST', url: '/api/passwords', payload: { email: user.email } }),
        'the password request',
      );
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('60');
      expect(response.json()).toEqual({
        status: 503,
        message: 'The e-mail could not be sent right now. Please try again in a few minutes.',
      });
      // No link was sent, so none is kept; nothing was written to the outbox either.
      expect(
        await ctx.database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id)),
      ).toEqual([]);
      expect(fs.existsSync(path.join(ctx.dataDir, 'outbox'))).toBe(false);
      // An unknown address is still answered without the mail server.
      const unknown = await ctx.app.inject({
        method: 'POST',
        url: '/api/passwords',
        payload: { email: 'nobody@example.org' },
      });
      expect(unknown.statusCode).toBe(404);
      if (label.startsWith('accepts')) expect(silent.accepted()).toBeGreaterThan(0);
    } finally {
      await ctx.close();
    }
  });
});
