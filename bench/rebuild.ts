/**
 * `npm run bench:rebuild`: how long a rebuild of the cached sites list keeps the process from answering
 * `/healthz`, with 10,000 sites on the embedded database (PGlite runs its queries on the main thread).
 * Each round drops the cache with a site edit, asks for /api/sites (the rebuild) and, from this
 * separate process, probes /healthz back to back until the list has come; the figures are the probes'
 * latency during the rebuilds and go into docs/performance.md. `BENCH_SITES` changes the size,
 * `BENCH_ROUNDS` the number of rebuilds; set `DATABASE_URL` to run on PostgreSQL as well.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  adminCookie,
  type Backend,
  freePort,
  prepareDatabase,
  replacePerformanceSection,
  startServer,
  stopServer,
  waitFor,
} from './lib.ts';
import { seedBenchData } from './seed.ts';

const sites = Number(process.env.BENCH_SITES ?? 10_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 8);

/** One GET on a new connection (no keep-alive race with the server's idle timeout); resolves at its end. */
const probe = (url: string) =>
  new Promise<void>((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode === 200 ? resolve() : reject(new Error(`${url}: ${response.statusCode}`)),
        );
      })
      .on('error', reject);
  });

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const round1 = (value: number) => Math.round(value * 10) / 10;

async function runOne(backend: Backend) {
  const port = await freePort();
  // BENCH_DATA_DIR: an embedded database seeded by an earlier run (kept with BENCH_KEEP_DATA=1).
  const reuse = backend === 'pglite' ? process.env.BENCH_DATA_DIR : undefined;
  const prepared = reuse
    ? { dataDir: reuse, databaseUrl: undefined, cleanup: async () => {} }
    : await prepareDatabase(backend, (database) => seedBenchData(database.db, sites));
  const { dataDir, databaseUrl } = prepared;
  const cleanup =
    process.env.BENCH_KEEP_DATA === '1' && backend === 'pglite'
      ? async () => console.log(`seeded database kept in ${dataDir} (BENCH_DATA_DIR=${dataDir})`)
      : prepared.cleanup;
  // No client build needed: the API and the probes only.
  const clientDist = path.join(dataDir, 'client');
  fs.mkdirSync(clientDist, { recursive: true });
  fs.writeFileSync(
    path.join(clientDist, 'index.html'),
    '<!doctype html><html><head></head><body></body></html>',
  );
  // A rebuild on a busy machine may outlast the default 30 s request timeout.
  const server = startServer(port, dataDir, databaseUrl, {
    CLIENT_DIST: clientDist,
    REQUEST_TIMEOUT_MS: '600000',
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/readyz`, 120_000, server);
    const cookie = await adminCookie(base);
    const [site] = (await (await fetch(`${base}/api/sites`)).json()) as { id: number }[];
    const probes: number[] = [];
    const rebuilds: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const edit = await fetch(`${base}/api/sites/${site!.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ name: `Rebuild round ${i}`, confirmDuplicate: true }),
      });
      if (!edit.ok) throw new Error(`edit failed: ${edit.status} ${await edit.text()}`);
      await edit.arrayBuffer();
      const started = performance.now();
      let done = false;
      const list = fetch(`${base}/api/sites`, { headers: { 'accept-encoding': 'br, gzip' } })
        .then((response) => response.arrayBuffer())
        .finally(() => {
          done = true;
        });
      while (!done) {
        const sent = performance.now();
        await probe(`${base}/healthz`);
        probes.push(performance.now() - sent);
      }
      await list;
      rebuilds.push(performance.now() - started);
    }
    probes.sort((a, b) => a - b);
    rebuilds.sort((a, b) => a - b);
    return {
      backend,
      sites,
      rounds,
      rebuildMedianMs: Math.round(percentile(rebuilds, 50)),
      probes: probes.length,
      healthzP50: round1(percentile(probes, 50)),
      healthzP99: round1(percentile(probes, 99)),
      healthzMax: round1(probes.at(-1)!),
      load: os.loadavg()[0]!.toFixed(1),
      cores: os.availableParallelism(),
    };
  } finally {
    await stopServer(server);
    await cleanup();
  }
}

const results = [await runOne('pglite')];
if (process.env.DATABASE_URL) results.push(await runOne('postgres'));
console.table(results);
replacePerformanceSection(
  'bench:rebuild',
  [
    `Measured ${new Date().toISOString().slice(0, 10)} (\`npm run bench:rebuild\`): /healthz probed back to back from another process while the sites list is rebuilt after an edit.`,
    '',
    '| Database | Sites | Rebuilds | Rebuild (median) | /healthz probes | p50 | p99 | max | load average / cores |',
    '|---|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.backend === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL'} | ${r.sites.toLocaleString('en-US')} | ${r.rounds} | ${r.rebuildMedianMs} ms | ${r.probes} | ${r.healthzP50} ms | ${r.healthzP99} ms | ${r.healthzMax} ms | ${r.load} / ${r.cores} |`,
    ),
  ].join('\n'),
);
