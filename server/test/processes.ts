/** The real server (server/main.ts) in a child process, and other small real-socket helpers. */
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Rejects when `promise` has not settled within `ms` — a bounded wait, never a speed measurement. */
export function within<T>(ms: number, promise: Promise<T>, what = 'the answer'): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not come within ${ms} ms`)), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

/** Polls `check` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const started = Date.now();
  let last: unknown;
  while (Date.now() - started < timeoutMs) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await sleep(50);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms${last ? ` (last error: ${String(last)})` : ''}`);
}

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  base: string;
  port: number;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Waits until /readyz answers 200. */
  ready(timeoutMs?: number): Promise<void>;
  /** SIGTERM (or SIGKILL) and wait for the exit, whatever state it is in. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts `node --import tsx server/main.ts` with only the environment given (plus PATH/HOME); `command`
 * names another, e.g. `['node', 'dist/app/main.js']` (the production command) or `['npm', 'start']`.
 */
export async function startServerProcess(
  env: Record<string, string>,
  command: string[] = [process.execPath, '--import', 'tsx', 'server/main.ts'],
): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const base = `http://127.0.0.1:${port}`;
  const [executable, ...args] = command;
  const child = spawn(executable === 'node' ? process.execPath : executable!, args, {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TMPDIR: process.env.TMPDIR,
      HOST: '127.0.0.1',
      PORT: String(port),
      BASE_URL: base,
      DATABASE_URL: '',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      // No drain on SIGTERM unless a test asks for one (scripts/production.test.ts).
      SHUTDOWN_DRAIN_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    child,
    pid: child.pid!,
    base,
    port,
    output: () => output,
    exited,
    // Generous: a start on a machine busy with other tests can take a minute; only a hang should fail.
    async ready(timeoutMs = 180_000) {
      await eventually(
        async () => {
          if (!running()) throw new Error(`the server exited:\n${output}`);
          const response = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2000) });
          return response.status === 200 ? true : undefined;
        },
        timeoutMs,
        `${base}/readyz answering 200 (output so far:\n${output})`,
      ).catch((error) => {
        if (!running()) throw new Error(`the server exited:\n${output}`);
        throw error;
      });
    },
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (running()) child.kill(signal);
      return exited;
    },
  };
}

/** Logs in through the API; answers the `sid=…` cookie. */
export async function loginCookie(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie()[0]!.split(';')[0]!;
}
