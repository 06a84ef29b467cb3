/**
 * `npm run bench:start`: the start-up budget of docs/product.md R81 — `npm start` on an existing embedded
 * database (client already built) answers within 3 s. Creates a database with the demo data once, then
 * times RUNS starts from spawning `npm start` to the first 200 on `/` (a server-rendered page, so the
 * database, the migrations check and the renderer are all ready). Writes bench/results/start-*.json and
 * the docs/performance.md section.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildClient, freePort, replacePerformanceSection, root, sleep } from './lib.ts';

const RUNS = Number(process.env.BENCH_START_RUNS ?? 5);
const BUDGET_MS = 3000;
const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meals-bench-start-'));

buildClient();

/** Starts `npm start` in its own process group and resolves with ms to the first 200 on `/`. */
async function timedStart(): Promise<number> {
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
  });
  const stopGroup = () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {}
  };
  process.once('exit', stopGroup);
  try {
    while (performance.now() - started < 120_000) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/`)).status === 200) return performance.now() - started;
      } catch {}
      await sleep(20);
    }
    throw new Error('npm start did not answer within 120 s');
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    stopGroup();
    process.off('exit', stopGroup);
    if (child.exitCode === null) await exited;
    // The embedded database is single-process: wait until the lock is gone before the next start.
    await sleep(500);
  }
}

let times: number[];
try {
  const first = await timedStart();
  console.log(`first start (creates the database, loads demo data): ${Math.round(first)} ms`);
  times = [];
  for (let run = 1; run <= RUNS; run++) {
    const ms = await timedStart();
    times.push(ms);
    console.log(`start ${run}: ${Math.round(ms)} ms`);
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const sorted = [...times].sort((a, b) => a - b);
const median = Math.round(sorted[Math.floor(sorted.length / 2)]!);
const load = Number((os.loadavg()[0] ?? 0).toFixed(2));
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(root, `bench/results/start-${stamp}.json`),
  `${JSON.stringify({ budgetMs: BUDGET_MS, runsMs: times.map(Math.round), medianMs: median, loadAverage: load }, null, 2)}\n`,
);
const line = `Measured ${new Date().toISOString().slice(0, 10)} (load average ${load}, ${os.cpus().length} cores): \`npm start\` on an existing embedded database answers \`/\` in **${median} ms** (median of ${RUNS}: ${times.map(Math.round).join(', ')} ms; budget ${BUDGET_MS} ms${median <= BUDGET_MS ? ', met' : ', **missed**'}).`;
replacePerformanceSection('bench:start', line);
console.log(line);
process.exit(0);
