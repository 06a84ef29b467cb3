/**
 * `npm run bench:pages`: what anonymous /sites addresses with choices cost the other visitors
 * (docs/decisions/031). Seeds BENCH_PAGES_SITES sites (200), starts the production server and measures
 * the median time of a cheap cached read (`GET /api/sites/{id}`, one request at a time) first on a quiet
 * server for BENCH_SECONDS (10), and for BENCH_PAGES_LOAD_SECONDS (60: one window of the per-client
 * limit) while 4 connections from a separate process ask for random query pages, the two in 4
 * alternating slices
 * (`/sites?near=<random>&x=<random>`, `/sites?q=<random>`, `/sites?population=<random>&q=<random>`),
 * each new to the render cache. It does so with the default limits and with the limits set out of
 * reach (what every such address cost before), and reports the ratio of the medians (goal ≤ 3×).
 * Writes bench/results/pages-*.json and the docs/performance.md table. Embedded database only.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  buildClient,
  freePort,
  median,
  p50,
  prepareDatabase,
  probe,
  replacePerformanceSection,
  root,
  sleep,
  startServer,
  stopServer,
  waitFor,
} from './lib.ts';
import { seedBenchData } from './seed.ts';

const SITES = Number(process.env.BENCH_PAGES_SITES ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** The load lasts one whole window of the per-client limit (RATE_LIMIT_WINDOW_MS, 60 s by default). */
const LOAD_SECONDS = Number(process.env.BENCH_PAGES_LOAD_SECONDS ?? 60);
/** Quiet and loaded time in this many alternating slices. */
const SLICES = 4;
const ATTACKERS = 4;
const ENCODING = 'br, gzip';

const random = () => Math.random().toString(36).slice(2, 10);
const randomZip = () => String(10_000 + Math.floor(Math.random() * 89_999));

/** One random query page, never asked before (so never in the render cache); or, for the floor, /sites. */
function randomPage(): string {
  if (process.env.BENCH_PAGES_PLAIN === '1') return '/sites';
  const kind = Math.floor(Math.random() * 3);
  if (kind === 0) return `/sites?near=${Math.random() < 0.5 ? randomZip() : random()}&x=${random()}`;
  if (kind === 1) return `/sites?q=${random()}`;
  return `/sites?population=${1 + Math.floor(Math.random() * 6)}&q=${random()}`;
}

/** In the child process: 4 connections of random query pages against `url` for `seconds`. */
async function attack(url: string, seconds: number) {
  process.send?.({ ready: true });
  const result = await autocannon({
    url,
    connections: ATTACKERS,
    duration: seconds,
    headers: { 'accept-encoding': ENCODING },
    requests: [{ setupRequest: (request) => ({ ...request, path: randomPage() }) }],
  });
  process.send?.({
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  });
}

interface Run {
  limits: string;
  quietP50: number;
  loadedP50: number;
  ratio: number;
  attack: { requests: number; rps: number; p50: number; non2xx: number; errors: number };
}

async function runOne(
  dataDir: string,
  limits: string,
  env: Record<string, string>,
  load: Record<string, string> = {},
): Promise<Run> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(port, dataDir, undefined, env);
  try {
    await waitFor(`${base}/readyz`, undefined, server);
    const ids = ((await (await fetch(`${base}/api/sites`)).json()) as { id: number }[]).map((s) => s.id);
    const target = `/api/sites/${ids[0]}`;
    // Warm: the cached read, the plain page and the renderer.
    for (const url of [target, '/sites', '/sites?q=warm']) await (await fetch(`${base}${url}`)).arrayBuffer();
    // Quiet and loaded slices alternate, so a change in the shared machine's background load falls on
    // both sides; the load keeps one client's count across its slices, as a real one would.
    const quiet: number[] = [];
    const loaded: number[] = [];
    const totals = { requests: 0, seconds: 0, p50s: [] as number[], non2xx: 0, errors: 0 };
    for (let slice = 0; slice < SLICES; slice++) {
      quiet.push(...(await probe(base, target, SECONDS / SLICES, ENCODING)));
      const seconds = LOAD_SECONDS / SLICES;
      const child = fork(import.meta.filename, ['--attack', base, String(seconds + 1)], {
        execArgv: ['--import', 'tsx'],
        cwd: root,
        env: { ...process.env, ...load },
      });
      let ready!: () => void;
      const started = new Promise<void>((resolve) => {
        ready = resolve;
      });
      const attacked = new Promise<Run['attack']>((resolve) =>
        child.on('message', (m: { ready?: boolean }) => (m.ready ? ready() : resolve(m as never))),
      );
      // The probe starts once the load has (the child takes a while to load), and ends before it does.
      await started;
      await sleep(500);
      loaded.push(...(await probe(base, target, seconds - 1, ENCODING)));
      const result = await attacked;
      totals.requests += result.requests;
      totals.seconds += seconds + 1;
      totals.p50s.push(result.p50);
      totals.non2xx += result.non2xx;
      totals.errors += result.errors;
    }
    return {
      limits,
      quietP50: p50(quiet),
      loadedP50: p50(loaded),
      ratio: Math.round((median(loaded) / median(quiet)) * 10) / 10,
      attack: {
        requests: totals.requests,
        rps: Math.round(totals.requests / totals.seconds),
        p50: median(totals.p50s),
        non2xx: totals.non2xx,
        errors: totals.errors,
      },
    };
  } finally {
    await stopServer(server);
  }
}

async function main() {
  if (!fs.existsSync(path.join(root, 'dist/server/entry-server.js'))) buildClient();
  const { dataDir, cleanup } = await prepareDatabase('pglite', (database) =>
    seedBenchData(database.db, SITES),
  );
  const runs: Run[] = [];
  try {
    runs.push(await runOne(dataDir, 'default (2 at once, 30 per client per minute)', {}));
    runs.push(
      await runOne(dataDir, 'out of reach (each address rendered)', {
        PAGE_RENDERS_AT_ONCE: '100000',
        PAGE_RENDERS_PER_CLIENT: '100000000',
      }),
    );
    // The floor: the same 4 connections asking for the plain /sites page only (cached answers).
    runs.push(
      await runOne(dataDir, 'floor: 4 connections of plain `/sites` instead', {}, { BENCH_PAGES_PLAIN: '1' }),
    );
  } finally {
    await cleanup();
  }
  const date = new Date().toISOString().slice(0, 10);
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, `bench/results/pages-${date}.json`),
    `${JSON.stringify({ date, node: process.version, sites: SITES, seconds: SECONDS, loadSeconds: LOAD_SECONDS, runs }, null, 2)}\n`,
  );
  const load = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
  const table = [
    `Measured ${date} on ${os.cpus().length} × ${cpu} (load average ${load} at the end), Node ${process.version}, embedded database, ${SITES} sites, ${SECONDS} s quiet and ${LOAD_SECONDS} s under load in ${SLICES} alternating slices; the probe is \`GET /api/sites/{id}\` one at a time, the load ${ATTACKERS} connections of random query pages.`,
    '',
    '| limits | cached read p50 quiet (ms) | under load (ms) | ratio | query pages answered | their req/s | their p50 ms | errors |',
    '|---|---|---|---|---|---|---|---|',
    ...runs.map(
      (r) =>
        `| ${r.limits} | ${r.quietP50} | ${r.loadedP50} | ${r.ratio}× | ${r.attack.requests} | ${r.attack.rps} | ${r.attack.p50} | ${r.attack.errors + r.attack.non2xx} |`,
    ),
  ].join('\n');
  console.log(table);
  replacePerformanceSection('bench:pages', table);
}

const at = process.argv.indexOf('--attack');
if (at >= 0) await attack(process.argv[at + 1]!, Number(process.argv[at + 2]));
else await main();
