/**
 * `npm run bench [-- --quick]`: seeds N = 50, 1,000 and 10,000 sites (quick: 50 and 1,000), starts the
 * production server, drives it from this separate process with autocannon, measures a bare Node http
 * server answering the same bytes, and writes bench/results/*.json plus the docs/performance.md table.
 * Runs on the embedded database, and on PostgreSQL too when DATABASE_URL is set.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  adminCookie,
  type Backend,
  buildClient,
  freePort,
  peakMemoryMb,
  prepareDatabase,
  replacePerformanceSection,
  root,
  startServer,
  stopServer,
  waitFor,
} from './lib.ts';
import { seedBenchData } from './seed.ts';

const quick = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';
const sizes = quick ? [50, 1000] : [50, 1000, 10_000];
const duration = Number(process.env.BENCH_SECONDS ?? (quick ? 3 : 10));
const connections = 10;
const ENCODING = 'br, gzip';

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function once(url: string, headers: Record<string, string>, seconds: number) {
  return autocannon({ url, connections, duration: seconds, headers });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Our server and the bare one, measured in alternating one-second slices after a one-second warm-up
 * each: the machine is shared, and a change in its background load then falls on both sides instead
 * of on whichever ran at the wrong moment. req/s is all requests over all slices; p50 is the median of
 * the slices' p50, p99 the worst slice's p99.
 */
async function compare(
  oursUrl: string,
  bareUrl: string,
  headers: Record<string, string>,
): Promise<{ ours: Measure; bare: Measure }> {
  await once(oursUrl, headers, 1);
  await once(bareUrl, headers, 1);
  const slices = { ours: [] as autocannon.Result[], bare: [] as autocannon.Result[] };
  for (let i = 0; i < duration; i++) {
    slices.ours.push(await once(oursUrl, headers, 1));
    slices.bare.push(await once(bareUrl, headers, 1));
  }
  const measure = (results: autocannon.Result[]): Measure => ({
    rps: Math.round(
      results.reduce((sum, r) => sum + r.requests.total, 0) / results.reduce((sum, r) => sum + r.duration, 0),
    ),
    p50: median(results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
  });
  return { ours: measure(slices.ours), bare: measure(slices.bare) };
}

/** The exact answer (headers and compressed bytes) for the bare server to replay. */
async function record(base: string, target: string) {
  const response = await fetch(`${base}${target}`, { headers: { 'accept-encoding': ENCODING } });
  const body = Buffer.from(await response.arrayBuffer());
  // fetch decodes; ask again without decoding for the bytes as sent.
  const raw = await new Promise<{ headers: Record<string, string>; bytes: Buffer; status: number }>(
    (resolve, reject) => {
      import('node:http').then(({ get }) =>
        get(`${base}${target}`, { headers: { 'accept-encoding': ENCODING } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const headers: Record<string, string> = {};
            for (const key of ['content-type', 'content-encoding', 'etag', 'vary', 'cache-control']) {
              const value = res.headers[key];
              if (value) headers[key] = String(value);
            }
            resolve({ headers, bytes: Buffer.concat(chunks), status: res.statusCode ?? 0 });
          });
        }).on('error', reject),
      );
    },
  );
  return { rawBytes: body.length, sentBytes: raw.bytes.length, ...raw };
}

async function measureWrites(base: string, siteId: number, count = 30) {
  const cookie = await adminCookie(base);
  const lists = await Promise.all(
    ['nutritionpartners', 'populations', 'mealtypes', 'services', 'covidstatuses'].map(
      async (l) => (await (await fetch(`${base}/api/${l}`)).json()) as { id: number }[],
    ),
  );
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const body = {
      name: `Bench site ${i}`,
      address: `${i} Market St, San Francisco, CA 94103`,
      NutritionPartnerIds: [lists[0]![i % 8]!.id],
      PopulationIds: lists[1]!.slice(0, 3).map((x) => x.id),
      MealTypeIds: lists[2]!.slice(0, 2).map((x) => x.id),
      ServiceIds: lists[3]!.slice(0, 4).map((x) => x.id),
      CovidStatusIds: [lists[4]![0]!.id],
      Hours: [1, 2, 3, 4, 5].map((day) => ({ day, open: '11:00', close: '13:30' })),
    };
    const started = performance.now();
    const response = await fetch(`${base}/api/sites/${siteId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`write failed: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: Math.round(times[Math.floor(times.length / 2)]! * 10) / 10, count };
}

async function runOne(backend: Backend, n: number) {
  const port = await freePort();
  const barePort = await freePort();
  const { dataDir, databaseUrl, cleanup } = await prepareDatabase(backend, (database) =>
    seedBenchData(database.db, n),
  );
  const server = startServer(port, dataDir, databaseUrl);
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/readyz`, undefined, server);
    const sites = (await (await fetch(`${base}/api/sites`)).json()) as { id: number }[];
    const siteId = sites[Math.floor(sites.length / 2)]!.id;
    const targets = {
      sites: '/api/sites',
      site: `/api/sites/${siteId}`,
      list: '/api/populations',
      page: '/',
    };
    const recorded: Record<string, Awaited<ReturnType<typeof record>>> = {};
    for (const [name, target] of Object.entries(targets)) recorded[name] = await record(base, target);
    const file = path.join(dataDir, 'responses.json');
    fs.writeFileSync(
      file,
      JSON.stringify(
        Object.fromEntries(
          Object.entries(targets).map(([name, target]) => [
            target,
            {
              status: recorded[name]!.status,
              headers: recorded[name]!.headers,
              body: recorded[name]!.bytes.toString('base64'),
            },
          ]),
        ),
      ),
    );
    const bare = fork(path.join(import.meta.dirname, 'bare-server.ts'), [String(barePort), file], {
      execArgv: ['--import', 'tsx'],
      stdio: 'ignore',
    });
    await new Promise((resolve) => bare.once('message', resolve));
    const results: Record<string, unknown> = {};
    try {
      for (const [name, target] of Object.entries(targets)) {
        const { ours, bare: yardstick } = await compare(
          `${base}${target}`,
          `http://127.0.0.1:${barePort}${target}`,
          { 'accept-encoding': ENCODING },
        );
        const etag = recorded[name]!.headers.etag;
        let notModified: number | undefined;
        if (etag)
          notModified = (await fetch(`${base}${target}`, { headers: { 'if-none-match': etag } })).status;
        results[name] = {
          path: target,
          ours,
          bare: yardstick,
          ratio: Math.round((ours.rps / yardstick.rps) * 100) / 100,
          rawBytes: recorded[name]!.rawBytes,
          sentBytes: recorded[name]!.sentBytes,
          encoding: recorded[name]!.headers['content-encoding'] ?? 'identity',
          etag: Boolean(etag),
          conditionalStatus: notModified,
        };
        console.log(
          `${backend} N=${n} ${name}: ${ours.rps} req/s (bare ${yardstick.rps}, ratio ${(results[name] as { ratio: number }).ratio}), p99 ${ours.p99} ms, ${recorded[name]!.sentBytes} bytes sent`,
        );
      }
    } finally {
      bare.kill();
    }
    const writes = await measureWrites(base, siteId);
    console.log(`${backend} N=${n} site write p50: ${writes.p50} ms`);
    return { backend, n, results, writes, peakMemoryMb: peakMemoryMb(server.pid!) };
  } finally {
    await stopServer(server);
    await cleanup();
  }
}

function readmeTable(runs: Awaited<ReturnType<typeof runOne>>[]) {
  const lines = [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, ${connections} connections, ${duration} s per target, \`accept-encoding: ${ENCODING}\`.`,
    '',
    '| DB | N | endpoint | req/s | bare Node req/s | ratio | p50 ms | p99 ms | errors | raw bytes | sent bytes | 304 |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const run of runs) {
    for (const [name, r] of Object.entries(run.results) as [
      string,
      {
        ours: Measure;
        bare: Measure;
        ratio: number;
        rawBytes: number;
        sentBytes: number;
        conditionalStatus?: number;
        encoding: string;
      },
    ][]) {
      lines.push(
        `| ${run.backend} | ${run.n} | ${name} | ${r.ours.rps} | ${r.bare.rps} | ${r.ratio} | ${r.ours.p50} | ${r.ours.p99} | ${r.ours.errors + r.ours.non2xx} | ${r.rawBytes} | ${r.sentBytes} (${r.encoding}) | ${r.conditionalStatus ?? '-'} |`,
      );
    }
  }
  lines.push('', '| DB | N | site write p50 ms | server peak RSS MB |', '|---|---|---|---|');
  for (const run of runs)
    lines.push(`| ${run.backend} | ${run.n} | ${run.writes.p50} | ${run.peakMemoryMb} |`);
  return lines.join('\n');
}

buildClient();
const backends: Backend[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
const runs = [];
for (const backend of backends) for (const n of sizes) runs.push(await runOne(backend, n));

fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
fs.writeFileSync(
  path.join(root, `bench/results/api-${quick ? 'quick-' : ''}${stamp}.json`),
  `${JSON.stringify({ quick, duration, connections, runs }, null, 2)}\n`,
);
if (!quick || process.env.BENCH_WRITE_README === '1')
  replacePerformanceSection('bench:api', readmeTable(runs));
console.log(readmeTable(runs));
