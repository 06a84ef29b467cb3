/**
 * The production command and `npm start` as real processes (docs/decisions/035-one-process-and-migrations-once.md,
 * docs/product.md R380–R383): SIGTERM to the spawned process makes /readyz answer 503 while the server
 * keeps serving, a request in flight is answered, the process exits 0 and the embedded database opens
 * again. The server bundle is built once for the file (esbuild, a couple of seconds); `npm start` builds
 * the client if it is missing, as it would for a newcomer.
 */
import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  repoRoot,
  type ServerProcess,
  startServerProcess,
  within,
} from '../server/test/processes.ts';
import { buildServer, PRODUCTION_COMMAND } from './lib/toolchain.ts';

const dataDirs: string[] = [];
const servers: ServerProcess[] = [];
const tempDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meals-production-'));
  dataDirs.push(dir);
  return dir;
};
const start = async (env: Record<string, string>, command: string[] = PRODUCTION_COMMAND) => {
  const server = await startServerProcess(env, command);
  servers.push(server);
  return server;
};

beforeAll(() => {
  buildServer();
}, 120_000);
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop('SIGKILL')));
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * A login request whose body is half sent: in flight on the server until `finish` sends the rest.
 * Answers the status line the server writes back.
 */
function halfSentRequest(port: number) {
  const body = JSON.stringify({ email: 'nobody@example.org', password: 'not-the-password-1' });
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => {
    received += chunk;
  });
  const answered = new Promise<string>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('close', () => resolve(received.split('\r\n')[0] ?? ''));
  });
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return {
    async begin() {
      await connected;
      socket.write(
        `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
      );
    },
    finish() {
      socket.write(body.slice(10));
      return answered;
    },
  };
}

/** True while something accepts connections on `port`. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const readyStatus = async (server: ServerProcess) =>
  (await fetch(`${server.base}/readyz`, { signal: AbortSignal.timeout(5000) })).status;

/**
 * SIGTERM to `server.pid`: /readyz turns 503 while /healthz is still served (the drain), the request
 * in flight is answered after the server stopped listening, the process exits 0.
 */
async function drainsOnSigterm(server: ServerProcess) {
  const inFlight = halfSentRequest(server.port);
  await inFlight.begin();
  process.kill(server.pid, 'SIGTERM');
  await eventually(
    async () => ((await readyStatus(server)) === 503 ? true : undefined),
    30_000,
    '/readyz answering 503 after SIGTERM',
  );
  // Still serving during the drain: a new request is answered.
  expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
  // Then the server stops accepting connections but waits for the request in flight.
  await eventually(
    async () => ((await listening(server.port)) ? undefined : true),
    60_000,
    'listener closed',
  );
  expect(server.child.exitCode).toBeNull();
  expect(await within(30_000, inFlight.finish(), 'the answer to the request in flight')).toMatch(
    /^HTTP\/1\.1 4\d\d /,
  );
  expect(await within(30_000, server.exited, 'the exit')).toEqual({ code: 0, signal: null });
  expect(server.output()).not.toMatch(/did not finish in time/);
}

describe('the production command', () => {
  it('is node running the built server, not TypeScript compiled at run time', () => {
    expect(PRODUCTION_COMMAND).toEqual(['node', 'dist/app/main.js']);
    expect(fs.existsSync(path.join(repoRoot, 'dist/app/main.js'))).toBe(true);
    expect(fs.existsSync(path.join(repoRoot, 'dist/app/migrations/meta/_journal.json'))).toBe(true);
  });

  it('needs only the production dependencies at run time (the image runs npm ci --omit=dev)', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const built = ['dist/app', 'dist/server']
      .map((dir) => path.join(repoRoot, dir))
      .filter((dir) => fs.existsSync(dir))
      .flatMap((dir) =>
        fs
          .readdirSync(dir, { recursive: true, encoding: 'utf8' })
          .filter((file) => file.endsWith('.js'))
          .map((file) => path.join(dir, file)),
      );
    const imported = new Set<string>();
    for (const file of built) {
      const code = fs.readFileSync(file, 'utf8');
      const statements = [
        /^\s*(?:import|export)\b[^;'"]*?\bfrom\s*["']([^"']+)["']/gm,
        /^\s*import\s*["']([^"']+)["']/gm,
        /\bimport\(\s*["']([^"']+)["']\s*\)/g,
      ];
      for (const match of statements.flatMap((pattern) => [...code.matchAll(pattern)])) {
        const specifier = match[1]!;
        if (specifier.startsWith('.') || specifier.startsWith('/') || isBuiltin(specifier)) continue;
        const parts = specifier.split('/');
        imported.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
      }
    }
    expect(imported.size).toBeGreaterThan(10);
    expect([...imported].filter((name) => !(name in pkg.dependencies))).toEqual([]);
  });

  it('drains on SIGTERM, answers the request in flight, exits 0 and leaves the embedded database reopenable', async () => {
    const dataDir = tempDataDir();
    // The environment of the recipes (docs/deploy.md): production, the embedded database in DATA_DIR.
    const env = { NODE_ENV: 'production', DATA_DIR: dataDir, SHUTDOWN_DRAIN_MS: '4000', LOG_LEVEL: 'info' };
    const first = await start(env);
    await first.ready(120_000);
    await drainsOnSigterm(first);
    expect(first.output()).toMatch(/"signal":"SIGTERM"/);
    // The embedded database's lock is released: the next start on the same DATA_DIR serves.
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
    const second = await start({ ...env, SHUTDOWN_DRAIN_MS: '0' });
    await second.ready(120_000);
    expect(await second.stop()).toEqual({ code: 0, signal: null });
  }, 300_000);
});

describe('npm start, as the README says', () => {
  it('runs the server in the process npm starts: SIGTERM to it drains and exits 0', async () => {
    const dataDir = tempDataDir();
    const server = await start({ DATA_DIR: dataDir, SHUTDOWN_DRAIN_MS: '4000' }, ['npm', 'start']);
    // The first start may build the client (a newcomer's first run).
    await server.ready(300_000);
    await drainsOnSigterm(server);
    const again = await start({ DATA_DIR: dataDir, SHUTDOWN_DRAIN_MS: '0' });
    await again.ready(120_000);
    expect(await again.stop()).toEqual({ code: 0, signal: null });
  }, 600_000);
});
