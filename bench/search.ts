/**
 * `npm run bench:search`: GET /api/search (docs/product.md R700–R708) at 10 connections over a
 * state-wide directory. Seeds 10,000 sites on the embedded database and, when DATABASE_URL is set, on
 * PostgreSQL; with `-- --large` (or BENCH_LARGE=1) also 100,000 sites on PostgreSQL. For each query of
 * a realistic mix (no filter, a list filter, open now, a name search, near a point, page 3) it gives
 * p50/p99 latency, requests/s and the answer's size, twice: "repeated", the same address over and over
 * (what many phones opening the same page ask), and "varied", every request a different address (a
 * different point, name, list item or page each time), so that the answers memo rarely helps and the
 * figure is what one computed answer costs. Load average and the spread of the one-second slices are
 * recorded with the figures in docs/performance.md.
 *
 * `BENCH_QUERIES=name,near` measures only the queries whose names hold one of those words (a quick
 * look; the full mix is what docs/performance.md records).
 *
 * With `-- --map` it measures GET /api/search/map instead (R730–R733): the bounds alone, then views
 * of a phone (400 × 700 px) and a wide screen (1920 × 1080 px) from the whole city to the street, and
 * a list filter; "varied" pans each view to a different spot every request. Its table goes to its own
 * section of docs/performance.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  type Backend,
  freePort,
  prepareDatabase,
  replacePerformanceSection,
  root,
  startServer,
  stopServer,
  waitFor,
} from './lib.ts';
import { seedBenchData } from './seed.ts';

const large = process.argv.includes('--large') || process.env.BENCH_LARGE === '1';
const mapOnly = process.argv.includes('--map');
const sizes = [Number(process.env.BENCH_SITES ?? 10_000)];
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = 10;
const ENCODING = 'br, gzip';

/** Deterministic pseudo-random numbers, so every run asks the same addresses. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const WORDS = ['mission', 'sunset', 'richmond', 'chinatown', 'bayview', 'senior', 'kitchen', 'cafe', 'lunch'];

interface Query {
  name: string;
  /** The address asked over and over. */
  fixed: string;
  /** A different address each call (memo misses). */
  varied: (rand: () => number) => string;
}

function queries(populations: number[], services: number[]): Query[] {
  const pick = <T>(rand: () => number, items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
  const point = (rand: () => number) =>
    `lat=${(37.71 + rand() * 0.09).toFixed(5)}&lng=${(-122.5 + rand() * 0.12).toFixed(5)}`;
  return [
    { name: 'no filter', fixed: '/api/search', varied: (r) => `/api/search?offset=${Math.floor(r() * 500)}` },
    {
      name: 'a list filter',
      fixed: `/api/search?population=${populations[0]}`,
      varied: (r) => `/api/search?population=${pick(r, populations)}&service=${pick(r, services)}`,
    },
    {
      name: 'open now',
      fixed: '/api/search?open=now',
      varied: (r) => `/api/search?open=${pick(r, ['now', 'today'])}&offset=${Math.floor(r() * 300)}`,
    },
    {
      name: 'name search',
      fixed: '/api/search?q=mission',
      varied: (r) => `/api/search?q=${pick(r, WORDS)}+${Math.floor(r() * 10_000)}`,
    },
    {
      name: 'near a point',
      fixed: '/api/search?lat=37.76&lng=-122.43',
      varied: (r) => `/api/search?${point(r)}`,
    },
    {
      name: 'page 3',
      fixed: '/api/search?offset=40&limit=20',
      varied: (r) => `/api/search?population=${pick(r, populations)}&offset=40&limit=20`,
    },
  ];
}

/**
 * A view `width` × `height` px at `zoom` centred on a spot of the seeded city (lat 37.71–37.80, lng
 * −122.50 to −122.38), as the map asks for it.
 */
function mapView(width: number, height: number, zoom: number, at: [number, number]) {
  const lngSpan = (width / 256) * (360 / 2 ** zoom);
  const latSpan = (height / 256) * (360 / 2 ** zoom) * Math.cos((at[0] * Math.PI) / 180);
  const [lat, lng] = at;
  return `west=${(lng - lngSpan / 2).toFixed(5)}&south=${(lat - latSpan / 2).toFixed(5)}&east=${(lng + lngSpan / 2).toFixed(5)}&north=${(lat + latSpan / 2).toFixed(5)}&zoom=${zoom}`;
}

function mapQueries(populations: number[]): Query[] {
  const pick = <T>(rand: () => number, items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
  const spot = (rand: () => number): [number, number] => [37.71 + rand() * 0.09, -122.5 + rand() * 0.12];
  const centre: [number, number] = [37.755, -122.44];
  const view = (name: string, width: number, height: number, zoom: number, filter = ''): Query => ({
    name,
    fixed: `/api/search/map?${filter}${mapView(width, height, zoom, centre)}`,
    varied: (r) => `/api/search/map?${filter}${mapView(width, height, zoom, spot(r))}`,
  });
  return [
    {
      name: 'map: bounds only',
      fixed: '/api/search/map',
      varied: (r) => `/api/search/map?population=${pick(r, populations)}`,
    },
    view('map: phone, city (zoom 12)', 400, 700, 12),
    view('map: phone, zoom 15', 400, 700, 15),
    view('map: phone, street (zoom 18)', 400, 700, 18),
    view('map: wide, zoom 14', 1920, 1080, 14),
    view('map: wide, street (zoom 18)', 1920, 1080, 18),
    view('map: wide, a list filter, zoom 15', 1920, 1080, 15, `population=${populations[0]}&`),
  ];
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  /** The slowest and fastest one-second slice's p99: the spread on a shared machine. */
  p99Spread: [number, number];
  errors: number;
}

async function measure(base: string, next: () => string): Promise<Figures> {
  const run = (duration: number) =>
    autocannon({
      url: base,
      connections,
      duration,
      headers: { 'accept-encoding': ENCODING },
      requests: [{ setupRequest: (request) => ({ ...request, path: next() }) }],
    });
  await run(1);
  const slices: autocannon.Result[] = [];
  for (let i = 0; i < seconds; i++) slices.push(await run(1));
  const p50s = slices.map((r) => r.latency.p50).sort((a, b) => a - b);
  const p99s = slices.map((r) => r.latency.p99).sort((a, b) => a - b);
  return {
    rps: Math.round(
      slices.reduce((sum, r) => sum + r.requests.total, 0) / slices.reduce((sum, r) => sum + r.duration, 0),
    ),
    p50: p50s[Math.floor(p50s.length / 2)]!,
    p99: p99s.at(-1)!,
    p99Spread: [p99s[0]!, p99s.at(-1)!],
    errors: slices.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
  };
}

/** The answer's bytes as JSON and as sent (compressed). */
async function sizes_(base: string, target: string) {
  const raw = Buffer.from(
    await (await fetch(`${base}${target}`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
  );
  const { get } = await import('node:http');
  const sent = await new Promise<number>((resolve, reject) => {
    get(`${base}${target}`, { headers: { 'accept-encoding': ENCODING } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve(bytes));
    }).on('error', reject);
  });
  return { raw: raw.length, sent };
}

async function runOne(backend: Backend, n: number) {
  const port = await freePort();
  const seeding = performance.now();
  const { dataDir, databaseUrl, cleanup } = await prepareDatabase(backend, (database) =>
    seedBenchData(database.db, n),
  );
  const seedSeconds = Math.round((performance.now() - seeding) / 1000);
  const clientDist = path.join(dataDir, 'client');
  fs.mkdirSync(clientDist, { recursive: true });
  fs.writeFileSync(
    path.join(clientDist, 'index.html'),
    '<!doctype html><html><head></head><body></body></html>',
  );
  const server = startServer(port, dataDir, databaseUrl, {
    CLIENT_DIST: clientDist,
    REQUEST_TIMEOUT_MS: '600000',
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/readyz`, 300_000, server);
    // The first search builds the directory's cache and its indexes; time it, then measure.
    const first = performance.now();
    if (!(await fetch(`${base}/api/search`)).ok) throw new Error('search failed');
    const firstMs = Math.round(performance.now() - first);
    const ids = async (list: string) =>
      ((await (await fetch(`${base}/api/${list}`)).json()) as { id: number }[]).map((item) => item.id);
    const only = process.env.BENCH_QUERIES?.split(',').map((name) => name.trim());
    const mix = (
      mapOnly
        ? mapQueries(await ids('populations'))
        : queries(await ids('populations'), await ids('services'))
    ).filter((query) => !only || only.some((name) => query.name.includes(name)));
    const rows = [];
    for (const query of mix) {
      const size = await sizes_(base, query.fixed);
      const repeated = await measure(base, () => query.fixed);
      const rand = random(1);
      const varied = await measure(base, () => query.varied(rand));
      const row = { query: query.name, address: query.fixed, ...size, repeated, varied };
      console.log(
        `${backend} N=${n} ${query.name}: repeated p50 ${repeated.p50} p99 ${repeated.p99} ms ${repeated.rps}/s; varied p50 ${varied.p50} p99 ${varied.p99} ms ${varied.rps}/s; ${size.raw} B (${size.sent} sent)`,
      );
      rows.push(row);
    }
    return {
      backend,
      n,
      seedSeconds,
      firstMs,
      rows,
      load: os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' '),
      cores: os.availableParallelism(),
    };
  } finally {
    await stopServer(server);
    await cleanup();
  }
}

const runs = [];
for (const n of sizes) {
  runs.push(await runOne('pglite', n));
  if (process.env.DATABASE_URL) runs.push(await runOne('postgres', n));
}
if (large && process.env.DATABASE_URL) runs.push(await runOne('postgres', 100_000));

fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(
    root,
    `bench/results/search${mapOnly ? '-map' : ''}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
  ),
  `${JSON.stringify({ seconds, connections, runs }, null, 2)}\n`,
);

const table = [
  `Measured ${new Date().toISOString().slice(0, 10)} (\`npm run bench:search${large ? ' -- --large' : mapOnly ? ' -- --map' : ''}\`) on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, ${connections} connections, ${seconds} one-second slices per figure after a one-second warm-up, \`accept-encoding: ${ENCODING}\`. p99 is the worst slice's; "spread" is the best and worst slice's p99. Load average (1, 5, 15 min) when the run ended.`,
  '',
  '| Database | Sites | Query | Repeated p50 / p99 ms | req/s | Varied p50 / p99 ms (spread) | req/s | Answer bytes (sent) | errors |',
  '|---|---|---|---|---|---|---|---|---|',
  ...runs.flatMap((run) =>
    run.rows.map(
      (r) =>
        `| ${run.backend === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL'} | ${run.n.toLocaleString('en-US')} | ${r.query} | ${r.repeated.p50} / ${r.repeated.p99} | ${r.repeated.rps} | ${r.varied.p50} / ${r.varied.p99} (${r.varied.p99Spread.join('–')}) | ${r.varied.rps} | ${r.raw} (${r.sent}) | ${r.repeated.errors + r.varied.errors} |`,
    ),
  ),
  '',
  '| Database | Sites | Seeding | First search (cache and indexes built) | load average / cores |',
  '|---|---|---|---|---|',
  ...runs.map(
    (run) =>
      `| ${run.backend === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL'} | ${run.n.toLocaleString('en-US')} | ${run.seedSeconds} s | ${run.firstMs} ms | ${run.load} / ${run.cores} |`,
  ),
].join('\n');
console.log(table);
if (process.env.BENCH_WRITE_README !== '0' && !process.env.BENCH_QUERIES)
  replacePerformanceSection(mapOnly ? 'bench:search-map' : 'bench:search', table);
