/**
 * `npm run bench:files`: what hostile spreadsheets cost the other visitors
 * (docs/decisions/032-spreadsheets-read-in-a-worker.md). Seeds BENCH_FILES_SITES sites (200), starts
 * the production server and measures the median of a cheap cached read (`GET /api/sites/{id}`, one at a
 * time) on a quiet server and while an administrator's session uploads one hostile file after another
 * to the import preview (2 uploads at a time): a 5 MB CSV of commas, a workbook of 300,000 unclosed
 * cells, a workbook whose archive understates its sizes (a zip bomb). Quiet and loaded time alternate in
 * slices. Reports each file's answers (status and code) and the slowest answer, and the ratio of the
 * read's medians (goal ≤ 3×). Writes bench/results/files-*.json and the docs/performance.md table.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CSV_TYPE, XLSX_TYPE } from '#shared/imports.ts';
import { commasCsv, unclosedCellsWorkbook, understatedWorkbook } from '#testing/hostile-files.ts';
import {
  adminCookie,
  buildClient,
  freePort,
  median,
  p50,
  prepareDatabase,
  probe,
  replacePerformanceSection,
  root,
  startServer,
  stopServer,
  waitFor,
} from './lib.ts';
import { seedBenchData } from './seed.ts';

const SITES = Number(process.env.BENCH_FILES_SITES ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LOAD_SECONDS = Number(process.env.BENCH_FILES_LOAD_SECONDS ?? 20);
const SLICES = 4;
const UPLOADERS = 2;

interface Run {
  file: string;
  bytes: number;
  quietP50: number;
  loadedP50: number;
  ratio: number;
  uploads: number;
  answers: Record<string, number>;
  slowestMs: number;
}

/** Uploads `body` to the import preview again and again until `until`, recording each answer. */
async function uploadLoop(
  base: string,
  cookie: string,
  body: Uint8Array,
  type: string,
  until: number,
  answers: Record<string, number>,
  times: number[],
) {
  while (Date.now() < until) {
    const started = performance.now();
    const response = await fetch(`${base}/api/imports`, {
      method: 'POST',
      headers: { cookie, 'content-type': type, origin: base },
      body: new Blob([body as Uint8Array<ArrayBuffer>]),
    });
    const answer = (await response.json().catch(() => ({}))) as { code?: string };
    times.push(performance.now() - started);
    const key = `${response.status}${answer.code ? ` ${answer.code}` : ''}`;
    answers[key] = (answers[key] ?? 0) + 1;
  }
}

async function runFile(
  base: string,
  cookie: string,
  target: string,
  file: string,
  body: Uint8Array,
  type: string,
): Promise<Run> {
  const quiet: number[] = [];
  const loaded: number[] = [];
  const answers: Record<string, number> = {};
  const times: number[] = [];
  for (let slice = 0; slice < SLICES; slice++) {
    quiet.push(...(await probe(base, target, SECONDS / SLICES)));
    const until = Date.now() + (LOAD_SECONDS / SLICES) * 1000;
    const uploads = Array.from({ length: UPLOADERS }, () =>
      uploadLoop(base, cookie, body, type, until, answers, times),
    );
    loaded.push(...(await probe(base, target, LOAD_SECONDS / SLICES)));
    await Promise.all(uploads);
  }
  return {
    file,
    bytes: body.byteLength,
    quietP50: p50(quiet),
    loadedP50: p50(loaded),
    ratio: Math.round((median(loaded) / median(quiet)) * 10) / 10,
    uploads: times.length,
    answers,
    slowestMs: Math.round(Math.max(...times)),
  };
}

async function main() {
  if (!fs.existsSync(path.join(root, 'dist/server/entry-server.js'))) buildClient();
  const { dataDir, cleanup } = await prepareDatabase('pglite', (database) =>
    seedBenchData(database.db, SITES),
  );
  const files: { file: string; body: Uint8Array; type: string }[] = [
    { file: 'CSV of commas', body: Buffer.from(commasCsv()), type: CSV_TYPE },
    { file: 'workbook of 300,000 unclosed cells', body: await unclosedCellsWorkbook(), type: XLSX_TYPE },
    { file: 'workbook understating its sizes', body: await understatedWorkbook(), type: XLSX_TYPE },
  ];
  const runs: Run[] = [];
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(port, dataDir);
  try {
    await waitFor(`${base}/readyz`, undefined, server);
    const cookie = await adminCookie(base);
    const ids = ((await (await fetch(`${base}/api/sites`)).json()) as { id: number }[]).map((s) => s.id);
    const target = `/api/sites/${ids[0]}`;
    await (await fetch(`${base}${target}`)).arrayBuffer();
    for (const { file, body, type } of files)
      runs.push(await runFile(base, cookie, target, file, body, type));
  } finally {
    await stopServer(server);
    await cleanup();
  }
  const date = new Date().toISOString().slice(0, 10);
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, `bench/results/files-${date}.json`),
    `${JSON.stringify({ date, node: process.version, sites: SITES, seconds: SECONDS, loadSeconds: LOAD_SECONDS, uploaders: UPLOADERS, runs }, null, 2)}\n`,
  );
  const load = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
  const table = [
    `Measured ${date} on ${os.cpus().length} × ${cpu} (load average ${load} at the end), Node ${process.version}, embedded database, ${SITES} sites, per file ${SECONDS} s quiet and ${LOAD_SECONDS} s with ${UPLOADERS} uploads at a time, in ${SLICES} alternating slices; the probe is \`GET /api/sites/{id}\` one at a time.`,
    '',
    '| file | size | cached read p50 quiet (ms) | while uploading (ms) | ratio | uploads answered | answers | slowest answer (ms) |',
    '|---|---|---|---|---|---|---|---|',
    ...runs.map(
      (r) =>
        `| ${r.file} | ${(r.bytes / 1024).toFixed(0)} KB | ${r.quietP50} | ${r.loadedP50} | ${r.ratio}× | ${r.uploads} | ${Object.entries(
          r.answers,
        )
          .map(([answer, count]) => `${answer} ×${count}`)
          .join(', ')} | ${r.slowestMs} |`,
    ),
  ].join('\n');
  console.log(table);
  replacePerformanceSection('bench:files', table);
}

await main();
