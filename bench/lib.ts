/** What the benchmark and stress scripts share: a database to run on, the real server, its memory. */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '#server/db/client.ts';
import { ensureAdmin } from '#server/services/accounts.ts';

/** A port the OS says is free (a fixed range can hold other services, e.g. epmd on 4369). */
export { freePort } from '#server/test/processes.ts';

export const root = path.resolve(import.meta.dirname, '..');
export const BENCH_ADMIN = {
  email: 'bench@example.org',
  password: 'bench-pass-1',
  firstName: 'Bench',
  lastName: 'Admin',
};
export type Backend = 'pglite' | 'postgres';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The last lines a server started by startServer wrote (its log, at LOG_LEVEL warn), for failures. */
const serverOutput = new WeakMap<ChildProcess, string[]>();

/**
 * Waits until `url` answers 200. Given the server, it stops at once if the server has exited, and the
 * error carries the server's last log lines, so a start that fails in CI says why.
 */
export async function waitFor(url: string, timeoutMs = 60_000, server?: ChildProcess) {
  const started = Date.now();
  const failed = (why: string) =>
    new Error(
      `${url} ${why}${server ? `\nserver output:\n${(serverOutput.get(server) ?? []).join('\n')}` : ''}`,
    );
  while (Date.now() - started < timeoutMs) {
    if (server && server.exitCode !== null) throw failed(`: the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await sleep(200);
  }
  throw failed('did not answer in time');
}

/** Peak resident memory of a process (VmHWM), in MB. */
export function peakMemoryMb(pid: number): number {
  try {
    const kb = Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

/** A fresh database (embedded in a temp DATA_DIR, or a new PostgreSQL database), migrated, seeded by `seed`. */
export async function prepareDatabase(backend: Backend, seed: (database: Database) => Promise<void>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meals-bench-'));
  let database: Database;
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (backend === 'postgres') {
    const admin = process.env.DATABASE_URL!;
    const name = `mealsites_bench_${Date.now()}`;
    const run = async (statement: string) => {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      await client.query(statement);
      await client.end();
    };
    await run(`create database ${name}`);
    const u = new URL(admin);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    database = openPostgres(databaseUrl);
    drop = () => run(`drop database if exists ${name} with (force)`);
  } else {
    database = await openPglite(path.join(dataDir, 'db'));
  }
  await database.migrate();
  await seed(database);
  await ensureAdmin(database.db, BENCH_ADMIN);
  await database.close();
  return {
    dataDir,
    databaseUrl,
    async cleanup() {
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The production server as a child process (node + tsx, no npm in between, so the pid is the server's). */
export function startServer(
  port: number,
  dataDir: string,
  databaseUrl?: string,
  extraEnv: Record<string, string> = {},
): ChildProcess {
  // BENCH_NODE_ARGS: extra flags for the server's Node (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      NODE_ENV: 'production',
      BASE_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-123',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      RATE_LIMIT_AUTH_MAX: '100000',
      ...extraEnv,
    },
  });
  const output: string[] = [];
  serverOutput.set(child, output);
  child.stdout?.on('data', (chunk: Buffer) => {
    output.push(...chunk.toString().split('\n').filter(Boolean));
    output.splice(0, Math.max(0, output.length - 40));
  });
  // A bench that dies (an uncaught error, e.g. no Chromium) must not leave its server running.
  const kill = () => child.kill('SIGTERM');
  process.once('exit', kill);
  child.once('exit', () => process.off('exit', kill));
  return child;
}

export async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null) return server.exitCode;
  server.kill('SIGTERM');
  return new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
}

/** Logs in as the bench administrator; answers the cookie header. */
export async function adminCookie(base: string): Promise<string> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_ADMIN.email, password: BENCH_ADMIN.password }),
  });
  if (!login.ok) throw new Error(`bench admin could not log in: ${login.status}`);
  return login.headers.get('set-cookie')?.split(';')[0] ?? '';
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The median in ms, to two decimals. */
export const p50 = (times: number[]) => Math.round(median(times) * 100) / 100;

/**
 * A visitor's cheap read, one at a time on a kept-alive connection for `seconds`: the times (ms) of
 * `GET base+target`. What the page and file benchmarks watch while other clients load the server.
 */
export async function probe(base: string, target: string, seconds: number, encoding = 'br, gzip') {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      http
        .get(`${base}${target}`, { agent, headers: { 'accept-encoding': encoding } }, (res) => {
          res.on('data', () => {});
          res.on('end', () => resolve());
        })
        .on('error', reject);
    });
    times.push(performance.now() - started);
    // A visitor's pace, not a flood: the probe itself must not load the server.
    await sleep(5);
  }
  agent.destroy();
  return times;
}

/** Rewrites one marked table of docs/performance.md with a benchmark's new figures. */
export function replacePerformanceSection(marker: string, content: string) {
  const file = path.join(root, 'docs/performance.md');
  const readme = fs.readFileSync(file, 'utf8');
  const pattern = new RegExp(`<!-- ${marker}:start -->[\\s\\S]*<!-- ${marker}:end -->`);
  if (pattern.test(readme))
    fs.writeFileSync(
      file,
      readme.replace(pattern, `<!-- ${marker}:start -->\n${content}\n<!-- ${marker}:end -->`),
    );
}

// The client build and Chromium's flags are shared with the tests and `npm start`.
export { buildClient, CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/lib/toolchain.ts';
