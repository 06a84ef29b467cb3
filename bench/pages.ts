/**
 * `npm run bench:pages`: what anonymous /sites addresses with choices cost the other visitors
 * (docs/decisions/031). Seeds BENCH_PAGES_SITES sites (200), starts the production server and measures
 * the median time of a cheap cached read (`GET /api/sites/{id}`, one request at a time) first on a quiet
 * server, then while 4 connections from a separate process ask for random query pages
 * (`/sites?near=<random>&x=<random>`, `/sites?q=<random>`, `/sites?population=<random>&q=<random>`),
 * each new to the render cache. It does so with the default limits and with the limits set out of
 * reach (what every such address cost before), and reports the ratio of the medians (goal ≤ 3×).
 * Writes bench/results/pages-*.json and the docs/performance.md table. Embedded database only.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  buildClient,
  freePort,
  prepareDatabase,
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
const ATTACKERS = 4;
const ENCODING = 'br, gzip';

const random = () => Math.random().toString(36).slice(2, 10);
const randomZip = () => String(10_000 + Math.floor(Math.random() * 89_999));

/** One random query page, never asked before (so never in the render cache). */
function randomPage(): string {
  const kind = Math.floor(Math.random() * 3);
  if (kind === 0) return `/sites?near=${Math.random() < 0.5 ? randomZip() : random()}&x=${random()}`;
  if (kind === 1) return `/sites?q=${random()}`;
  return `/sites?population=${1 + Math.floor(Math.random() * 6)}&q=${random()}`;
}

/** In the child process: 4 connections of random query pages against `url` for `seconds`. */
async function attack(url: string, seconds: number) {
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

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The median time of one cached read at a time, over `seconds`, on a kept-alive connection. */
async function probe(base: string, target: string, seconds: number): Promise<{ p50: number; count: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      http
        .get(`${base}${target}`, { agent, headers: { 'accept-encoding': ENCODING } }, (res) => {
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
  return { p50: Math.round(median(times) * 100) / 100, count: times.length };
}

interface Run {
  limits: string;
  quietP50: number;
  loadedP50: number;
  ratio: number;
  attack: { requests: number; rps: number; p50: number; non2xx: number; errors: number };
}

async function runOne(dataDir: string, limits: string, env: Record<string, string>): Promise<Run> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(port, dataDir, undefined, env);
  try {
    await waitFor(`${base}/readyz`, undefined, server);
    const ids = ((await (await fetch(`${base}/api/sites`)).json()) as { id: number }[]).map((s) => s.id);
    const target = `/api/sites/${ids[0]}`;
    // Warm: the cached read, the plain page and the renderer.
    for (const url of [target, '/sites', '/sites?q=warm']) await (await fetch(`${base}${url}`)).arrayBuffer();
    const quiet = await probe(base, target, SECONDS);
    const child = fork(import.meta.filename, ['--attack', base, String(SECONDS + 2)], {
      execArgv: ['--import', 'tsx'],
      cwd: root,
    });
    const attacked = new Promise<Run['attack']>((resolve) =>
      child.once('message', (m) => resolve(m as never)),
    );
    await sleep(1000);
    const loaded = await probe(base, target, SECONDS);
    const attackResult = await attacked;
    return {
      limits,
      quietP50: quiet.p50,
      loadedP50: loaded.p50,
      ratio: Math.round((loaded.p50 / quiet.p50) * 10) / 10,
      attack: attackResult,
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
  } finally {
    await cleanup();
  }
  const date = new Date().toISOString().slice(0, 10);
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, `bench/results/pages-${date}.json`),
    `${JSON.stringify({ date, node: process.version, sites: SITES, seconds: SECONDS, runs }, null, 2)}\n`,
  );
  const table = [
    `Measured ${date} on ${os.cpus().length} × ${cpu}, Node ${process.version}, embedded database, ${SITES} sites, ${SECONDS} s per probe; the probe is \`GET /api/sites/{id}\` one at a time, the load ${ATTACKERS} connections of random query pages.`,
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
