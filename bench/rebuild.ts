/**
 * `npm run bench:rebuild`: how long a staff write and the rebuild of the cached sites list it causes
 * keep the process from answering `/healthz` and `/api/search` (docs/product.md R460, R708), with
 * 10,000 sites on the embedded database (PGlite runs its queries on the main thread).
 * Each round drops the cache with a site edit, asks for /api/sites (the rebuild) and, from this
 * separate process, probes /healthz back to back until the list has come; the figures are the probes'
 * latency during the rebuilds and go into docs/performance.md. On a shared machine a probe also waits
 * for the machine (this process and the server both wait for a core), so two more figures separate
 * that from the rebuild: the same probes for a while with no rebuild (the baseline), and the longest
 * event-loop delay the server itself saw during each rebuild (its `/metrics`, which resets the figure
 * at every read). `BENCH_SITES` changes the size, `BENCH_ROUNDS` the number of rebuilds; set
 * `DATABASE_URL` to run on PostgreSQL as well.
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

const METRICS_TOKEN = 'bench-metrics-token-bench-metrics';

/** The server's longest event-loop delay since the previous read, in ms (reading resets it). */
async function loopDelayMaxMs(base: string): Promise<number> {
  const response = await fetch(`${base}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await response.text();
  const seconds = /^meals_nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(text)?.[1];
  if (!response.ok || seconds === undefined) throw new Error(`/metrics: ${response.status}`);
  return Number(seconds) * 1000;
}

/** Searches a visitor might send (R700–R708), asked in turn by the search probe. */
const SEARCHES = [
  '/api/search',
  '/api/search?open=today',
  '/api/search?q=mission',
  '/api/search?lat=37.76&lng=-122.43',
];

/**
 * /healthz latencies and, beside them on their own connection, /api/search latencies, each probed
 * back to back until `until` settles.
 */
async function probeUntil(base: string, until: Promise<unknown>, into: number[], searches: number[] = []) {
  let done = false;
  const settled = until.finally(() => {
    done = true;
  });
  const loop = async (target: (i: number) => string, times: number[]) => {
    for (let i = 0; !done; i++) {
      const sent = performance.now();
      await probe(`${base}${target(i)}`);
      times.push(performance.now() - sent);
    }
  };
  await Promise.all([loop(() => '/healthz', into), loop((i) => SEARCHES[i % SEARCHES.length]!, searches)]);
  await settled;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    METRICS_TOKEN,
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/readyz`, 120_000, server);
    const cookie = await adminCookie(base);
    const [site] = (await (await fetch(`${base}/api/sites`)).json()) as { id: number }[];
    // The search prepared before anything is measured (the first search waits for it).
    for (const target of SEARCHES) await probe(`${base}${target}`);
    // The baseline: the same probes for three seconds with nothing else to do.
    const baseline: number[] = [];
    const searchBaseline: number[] = [];
    await probeUntil(base, sleep(3000), baseline, searchBaseline);
    const probes: number[] = [];
    const searches: number[] = [];
    const rebuilds: number[] = [];
    const serverDelays: number[] = [];
    for (let i = 0; i < rounds; i++) {
      await loopDelayMaxMs(base);
      // Probed through the write itself, the rebuild, and two seconds after the list has come (while
      // the search prepares the new version).
      const round = (async () => {
        const edit = await fetch(`${base}/api/sites/${site!.id}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ name: `Rebuild round ${i}`, confirmDuplicate: true }),
        });
        if (!edit.ok) throw new Error(`edit failed: ${edit.status} ${await edit.text()}`);
        await edit.arrayBuffer();
        const started = performance.now();
        await fetch(`${base}/api/sites`, { headers: { 'accept-encoding': 'br, gzip' } }).then((response) =>
          response.arrayBuffer(),
        );
        rebuilds.push(performance.now() - started);
        await sleep(2000);
      })();
      await probeUntil(base, round, probes, searches);
      serverDelays.push(await loopDelayMaxMs(base));
    }
    baseline.sort((a, b) => a - b);
    searchBaseline.sort((a, b) => a - b);
    searches.sort((a, b) => a - b);
    serverDelays.sort((a, b) => a - b);
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
      searchProbes: searches.length,
      searchP50: round1(percentile(searches, 50)),
      searchP99: round1(percentile(searches, 99)),
      searchMax: round1(searches.at(-1)!),
      searchBaselineP99: round1(percentile(searchBaseline, 99)),
      baselineP99: round1(percentile(baseline, 99)),
      baselineMax: round1(baseline.at(-1)!),
      serverDelayMedian: Math.round(percentile(serverDelays, 50)),
      serverDelayMax: Math.round(serverDelays.at(-1)!),
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
// A profiled run (extra Node flags) is not a measurement; BENCH_WRITE_README=0 keeps the table too.
if (process.env.BENCH_WRITE_README !== '0' && !process.env.BENCH_NODE_ARGS)
  replacePerformanceSection(
    'bench:rebuild',
    [
      `Measured ${new Date().toISOString().slice(0, 10)} (\`npm run bench:rebuild\`): /healthz and /api/search (four addresses in turn, on a connection of their own) probed back to back from another process through a staff edit, the rebuild of the sites list it causes, and two seconds after the list has come (while the search prepares the new version); the baseline is the same probes with no rebuild; the server's longest event-loop delay during a rebuild is its own figure (10 ms resolution), median and worst of the rebuilds.`,
      '',
      '| Database | Sites | Rebuilds | Rebuild (median) | /healthz probes | p50 | p99 | max | baseline p99 / max | /api/search probes | p50 | p99 | max | baseline p99 | server loop delay median / max | load average / cores |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
      ...results.map(
        (r) =>
          `| ${r.backend === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL'} | ${r.sites.toLocaleString('en-US')} | ${r.rounds} | ${r.rebuildMedianMs} ms | ${r.probes} | ${r.healthzP50} ms | ${r.healthzP99} ms | ${r.healthzMax} ms | ${r.baselineP99} / ${r.baselineMax} ms | ${r.searchProbes} | ${r.searchP50} ms | ${r.searchP99} ms | ${r.searchMax} ms | ${r.searchBaselineP99} ms | ${r.serverDelayMedian} / ${r.serverDelayMax} ms | ${r.load} / ${r.cores} |`,
      ),
    ].join('\n'),
  );
