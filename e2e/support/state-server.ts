import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '#server/test/processes.ts';

/** How many sites the journeys through a state's directory see (docs/product.md R715). */
export const STATE_SITES = 10_000;

export interface StateServer {
  baseURL: string;
  stop(): Promise<void>;
}

async function ready(url: string, server: ChildProcess, deadline: number) {
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the state's server exited (${server.exitCode})`);
    const answer = await fetch(url).catch(() => undefined);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the state's server did not answer ${url}`);
}

/**
 * A server of its own for the journeys through a state's directory: a fresh embedded database seeded
 * with STATE_SITES synthetic sites by `npm run bench:serve` (bench/seeded-server.ts), the journeys'
 * offline tiles and request clock. Seeding takes a while, so a spec starts it once in `beforeAll`;
 * `E2E_STATE_URL` names one already running instead.
 */
export async function startStateServer(): Promise<StateServer> {
  // While writing journeys: a server already started with `npm run bench:serve`.
  const running = process.env.E2E_STATE_URL;
  if (running) return { baseURL: running, stop: async () => {} };
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const root = path.resolve(import.meta.dirname, '../..');
  const server = spawn(process.execPath, ['--import', 'tsx', 'bench/seeded-server.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      BENCH_SITES: String(STATE_SITES),
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseURL,
      SHUTDOWN_DRAIN_MS: '0',
      LOG_LEVEL: 'warn',
      TEST_CLOCK_HEADER: 'true',
      PAGE_RENDERS_PER_CLIENT: '10000',
      MAP_TILE_URL: `${baseURL}/tiles-offline/{z}/{x}/{y}.png`,
    },
  });
  await ready(`${baseURL}/readyz`, server, Date.now() + 280_000);
  return {
    baseURL,
    stop: () =>
      new Promise((resolve) => {
        if (server.exitCode !== null) return resolve();
        server.once('exit', () => resolve());
        server.kill('SIGTERM');
      }),
  };
}
