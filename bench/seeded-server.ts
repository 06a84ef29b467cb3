/**
 * `npm run bench:serve`: the production server on a fresh database holding a state's directory —
 * `BENCH_SITES` synthetic sites (10,000 unless set) from the benches' seeder, the bench administrator
 * (bench/lib.ts) — to try the app at that size by hand, and for the journeys at that size
 * (e2e/support/state-server.ts starts it). `PORT` as for the server; `DATABASE_URL` seeds a new
 * PostgreSQL database instead of the embedded one. The database is dropped when the server stops.
 */
import { spawn } from 'node:child_process';
import { prepareDatabase, root } from './lib.ts';
import { seedBenchData } from './seed.ts';

const count = Number(process.env.BENCH_SITES ?? 10_000);
const backend = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const started = Date.now();
const prepared = await prepareDatabase(backend, (database) => seedBenchData(database.db, count));
console.log(`${count} sites seeded (${backend}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: prepared.dataDir,
    DATABASE_URL: prepared.databaseUrl ?? '',
    DEMO_DATA: 'false',
  },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.once('exit', async (code) => {
  await prepared.cleanup();
  process.exit(code ?? 0);
});
