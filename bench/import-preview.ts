/**
 * `npm run bench:import`: how long an agency's own sheet of BENCH_IMPORT_ROWS rows (5,000, the most an
 * import takes) waits for its preview (docs/product.md R610–R629, R320–R323). Seeds BENCH_IMPORT_SITES
 * sites (200), starts the production server without a geocoder, and uploads the same CSV — a title
 * row, the agency's own headers ("Site Name, Site Address, City, ZIP, …"), hours as programmes write
 * them ("M-F 11:30-1:00"), City and ZIP apart — BENCH_IMPORT_RUNS times (3), one at a time. Reports the
 * median and slowest time to the preview's answer and the answer's size, and writes the
 * docs/performance.md table. Not a test: no time is asserted.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CSV_TYPE } from '#shared/imports.ts';
import { AGENCY_SHEET_HEADERS } from '#testing/agency-sheet.ts';
import {
  adminCookie,
  buildClient,
  freePort,
  median,
  prepareDatabase,
  replacePerformanceSection,
  root,
  startServer,
  stopServer,
  waitFor,
} from './lib.ts';
import { seedBenchData } from './seed.ts';

const SITES = Number(process.env.BENCH_IMPORT_SITES ?? 200);
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 5000);
const RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 3);

const HOURS = [
  'M-F 11:30-1:00',
  'Mon through Fri 11am-12:30',
  'Tue/Thu noon-1:30',
  'MWF 11:00-1:00',
  'Daily 12-1',
];

/** A county's sheet: a title row, its own headers, then ROWS sites of its own. */
function agencySheet(rows: number): string {
  const lines = ['County Congregate Meal Sites — FY2027', AGENCY_SHEET_HEADERS.join(',')];
  for (let n = 1; n <= rows; n++)
    lines.push(
      [
        `County Dining Room ${n}`,
        `${100 + n} Oak Ave`,
        'Springfield',
        String(62_700 + (n % 90)),
        `(217) 555-${String(n % 10_000).padStart(4, '0')}`,
        `site${n}@county.example.org`,
        HOURS[n % HOURS.length],
        `County Partner ${n % 12}`,
        'Seniors 60+',
        'Lunch',
        'Regular',
        'Open',
        '"Enter by the side door; ask for the coordinator."',
      ].join(','),
    );
  return `${lines.join('\n')}\n`;
}

async function main() {
  if (!fs.existsSync(path.join(root, 'dist/server/entry-server.js'))) buildClient();
  const { dataDir, cleanup } = await prepareDatabase('pglite', (database) =>
    seedBenchData(database.db, SITES),
  );
  const body = Buffer.from(agencySheet(ROWS));
  const times: number[] = [];
  let answerBytes = 0;
  let summary = '';
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(port, dataDir);
  try {
    await waitFor(`${base}/readyz`, undefined, server);
    const cookie = await adminCookie(base);
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const response = await fetch(`${base}/api/imports?createMissingItems=true`, {
        method: 'POST',
        headers: { cookie, 'content-type': CSV_TYPE, origin: base },
        body,
      });
      const text = await response.text();
      times.push(performance.now() - started);
      if (response.status !== 201)
        throw new Error(`preview answered ${response.status}: ${text.slice(0, 300)}`);
      answerBytes = text.length;
      summary = JSON.stringify((JSON.parse(text) as { summary: unknown }).summary);
    }
  } finally {
    await stopServer(server);
    await cleanup();
  }
  const date = new Date().toISOString().slice(0, 10);
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const load = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, `bench/results/import-${date}.json`),
    `${JSON.stringify({ date, node: process.version, sites: SITES, rows: ROWS, times, answerBytes, summary }, null, 2)}\n`,
  );
  const table = [
    `Measured ${date} on ${os.cpus().length} × ${cpu} (load average ${load} at the end), Node ${process.version}, embedded database with ${SITES} sites, no geocoder; ${RUNS} previews one after another of a ${(body.byteLength / 1024).toFixed(0)} KB agency CSV (${ROWS} rows, a title row, its own headers, hours in programme forms, City and ZIP apart).`,
    '',
    '| rows | preview median (s) | slowest (s) | answer size | summary |',
    '|---|---|---|---|---|',
    `| ${ROWS} | ${(median(times) / 1000).toFixed(1)} | ${(Math.max(...times) / 1000).toFixed(1)} | ${(answerBytes / 1024 / 1024).toFixed(1)} MB | \`${summary}\` |`,
  ].join('\n');
  console.log(table);
  replacePerformanceSection('bench:import', table);
}

await main();
