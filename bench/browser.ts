/**
 * `npm run bench:browser [-- --label after] [--no-readme]`: builds the client, seeds N = 1,000 and 10,000 sites on the
 * embedded database, starts the production server (tiles from the local placeholder), and measures
 * /sites in Debian's Chromium (playwright-core): time to list, time for a filter change (the lists, the
 * opening filter and the facts' filters), the map's
 * zoom and pan, and the long tasks (PerformanceObserver 'longtask') during each. Three page loads per N;
 * the figures are medians. Writes bench/results/browser-*.json and the docs/performance.md table, which shows the
 * newest run of every label (so a "before" run stays next to the "after" one).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { type ActionFigures, armAction, MARKERS, measureAction, pageProbe } from './browser-probe.ts';
import {
  buildClient,
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  freePort,
  prepareDatabase,
  replacePerformanceSection,
  root,
  startServer,
  stopServer,
  waitFor,
} from './lib.ts';
import { seedBenchData } from './seed.ts';

const labelArg = process.argv.indexOf('--label');
const label = labelArg > 0 ? process.argv[labelArg + 1]! : (process.env.BENCH_LABEL ?? 'latest');
const sizes = (process.env.BENCH_BROWSER_SIZES ?? '1000,10000').split(',').map(Number);
const LOADS = Number(process.env.BENCH_BROWSER_LOADS ?? 3);
/** `--no-readme`: write only bench/results/browser-*.json, leave the docs/performance.md table alone. */
const writeReadme = !process.argv.includes('--no-readme');
const resultsDir = path.join(root, 'bench/results');

async function oneLoad(browser: Browser, base: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  // The page's Date runs from a Wednesday at noon in the agency's zone (America/Los_Angeles), so
  // "Open now" has sites to find whatever time the bench runs. Only Date moves: performance timing and
  // timers, which the figures come from, are left as they are.
  await page.addInitScript({
    content: `{ const offset = ${Date.parse('2026-11-25T20:00:00Z')} - Date.now(); const Real = Date;
      class Shifted extends Real { constructor(...a) { if (a.length === 0) super(Real.now() + offset); else super(...a); }
        static now() { return Real.now() + offset; } }
      globalThis.Date = Shifted; }`,
  });
  // tsx (esbuild keepNames) wraps named functions in __name(); the page needs it for evaluate().
  await page.addInitScript({ content: 'window.__name = (f) => f;' });
  await page.addInitScript(pageProbe, MARKERS);
  await page.goto(`${base}/sites`);
  await page.locator('.sites-list__items li').first().waitFor({ timeout: 120_000 });
  await page.locator(MARKERS).first().waitFor({ state: 'attached', timeout: 120_000 });
  // Let the load finish (long tasks after the markers are still the load's).
  await page.waitForTimeout(1000);
  const load = await page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>;
    const marks = w.__marks as Record<string, number>;
    const tasks = w.__longTasks as { start: number; duration: number }[];
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return {
      responseEndMs: Math.round(nav.responseEnd),
      countMs: Math.round(marks.count!),
      firstRowMs: Math.round(marks.firstRow!),
      mapMarkersMs: Math.round(marks.map!),
      longestTaskMs: Math.round(Math.max(0, ...tasks.map((t) => t.duration))),
      blockingMs: Math.round(tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0)),
      rows: document.querySelectorAll('.sites-list__items li').length,
      markerElements: document.querySelectorAll('.leaflet-marker-icon').length,
      embedded: /"sites":\[/.test(document.getElementById('app-data')?.textContent ?? ''),
      // A large directory: the page asks the server's search for its rows (docs/product.md R716).
      searched: /"searchOnServer":true/.test(document.getElementById('app-data')?.textContent ?? ''),
      count: document.querySelector('.sites-count')?.textContent,
    };
  });

  const filters: Record<string, ActionFigures> = {};
  const choose = async (name: string, labelText: string, index: number) => {
    await armAction(page, 'filter');
    await page.getByLabel(labelText, { exact: true }).selectOption({ index });
    filters[name] = await measureAction(page, 'change');
  };
  await choose('narrow', 'Population served', 1);
  await choose('second', 'Meal type', 2);
  // "Open now" on top of the two: statuses are read from the list computed once per minute.
  await choose('openNow', 'Open', 1);
  await armAction(page, 'filter');
  await page.getByRole('link', { name: 'Reset', exact: true }).click();
  filters.resetToAll = await measureAction(page, 'click');
  // The facts' filters from every site: two checkboxes, then a language staff speak.
  const tick = async (name: string, labelText: string) => {
    await armAction(page, 'filter');
    await page.getByRole('checkbox', { name: labelText, exact: true }).click();
    filters[name] = await measureAction(page, 'click');
  };
  await tick('walkIns', 'Walk-ins welcome');
  await tick('stepFree', 'Step-free entrance');
  await choose('speaks', 'Staff speak', 3);

  await page.locator('.site-map__frame').scrollIntoViewIfNeeded();
  await armAction(page, 'map');
  await page.getByRole('button', { name: 'Zoom in', exact: true }).click();
  const zoomIn = await measureAction(page, 'click');

  const box = (await page.locator('.site-map__frame').boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await armAction(page, 'map');
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x - 200, y - 100, { steps: 20 });
  await page.mouse.up();
  const pan = await measureAction(page, 'pointerdown');
  await context.close();
  return { load, filters, zoomIn, pan };
}

const median = (values: number[]) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : Number.NaN;
};

/** Medians of every numeric figure across loads (same shape as one load). */
function medians(loads: unknown[]): unknown {
  const first = loads[0];
  if (typeof first === 'number') return median(loads as number[]);
  if (first && typeof first === 'object') {
    return Object.fromEntries(
      Object.keys(first).map((key) => [key, medians(loads.map((l) => (l as Record<string, unknown>)[key]))]),
    );
  }
  return first;
}

// 1. The production build, as served.
buildClient();

const loadBefore = os.loadavg();
const runs: Record<string, unknown> = {};
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_FLAGS,
});
try {
  for (const n of sizes) {
    const started = Date.now();
    const database = await prepareDatabase('pglite', (db) => seedBenchData(db.db, n));
    console.log(`N=${n}: seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = startServer(port, database.dataDir, undefined, {
      MAP_TILE_URL: `${base}/offline-tile.png?z={z}&x={x}&y={y}`,
      MAP_ATTRIBUTION: 'Placeholder tiles',
    });
    try {
      await waitFor(`${base}/readyz`, undefined, server);
      await (await fetch(`${base}/sites`)).text(); // warm the server's cache
      const loads = [];
      for (let i = 0; i < LOADS; i++) {
        const one = await oneLoad(browser, base);
        console.log(`N=${n} load ${i + 1}:`, JSON.stringify(one));
        loads.push(one);
      }
      runs[n] = { median: medians(loads), loads };
    } finally {
      await stopServer(server);
      await database.cleanup();
    }
  }
} finally {
  await browser.close();
}

const result = {
  label,
  date: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    loadAverageBefore: loadBefore.map((v) => Number(v.toFixed(2))),
    loadAverageAfter: os.loadavg().map((v) => Number(v.toFixed(2))),
    note: 'shared machine: figures are noisy',
  },
  chromium: browser.version(),
  viewport: '1280x800',
  loadsPerSize: LOADS,
  runs,
};
fs.mkdirSync(resultsDir, { recursive: true });
const stamp = result.date.replace(/[:.]/g, '-');
fs.writeFileSync(path.join(resultsDir, `browser-${stamp}.json`), `${JSON.stringify(result, null, 2)}\n`);

// 2. The docs/performance.md table: the newest run of each label.
type Median = {
  load: Record<string, number | boolean>;
  filters: Record<string, ActionFigures>;
  zoomIn: ActionFigures;
  pan: ActionFigures;
};
const newest = new Map<string, typeof result>();
for (const file of fs
  .readdirSync(resultsDir)
  .filter((f) => f.startsWith('browser-'))
  .sort()) {
  const data = JSON.parse(fs.readFileSync(path.join(resultsDir, file), 'utf8')) as typeof result;
  newest.delete(data.label); // keep insertion order by first appearance of the newest
  newest.set(data.label, data);
}
const rows: string[] = [];
for (const [name, data] of newest) {
  for (const [n, run] of Object.entries(data.runs)) {
    const m = (run as { median: Median }).median;
    const f = m.filters;
    const worstFilter = Math.max(...Object.values(f).map((a) => a.busyMs));
    rows.push(
      `| ${name} (${data.date.slice(0, 10)}, load ${data.machine.loadAverageBefore[0]}) | ${Number(n).toLocaleString('en')} | ${m.load.searched ? 'searched' : m.load.embedded ? 'embedded' : 'fetched'} | ${m.load.firstRowMs} | ${m.load.mapMarkersMs} | ${m.load.longestTaskMs} | ${f.narrow?.toPaintMs} / ${f.second?.toPaintMs} / ${f.openNow?.toPaintMs ?? '–'} / ${f.resetToAll?.toPaintMs} | ${f.walkIns?.toPaintMs ?? '–'} / ${f.stepFree?.toPaintMs ?? '–'} / ${f.speaks?.toPaintMs ?? '–'} | ${worstFilter} | ${Math.max(...Object.values(f).map((a) => a.longestTaskMs))} | ${m.zoomIn.settleMs} / ${m.zoomIn.longestTaskMs} | ${m.pan.longestFrameMs} / ${m.pan.longestTaskMs} | ${m.load.rows} |`,
    );
  }
}
const table = [
  `Medians of ${LOADS} page loads per N, Chromium ${result.chromium} headless, 1280 × 800, ${result.machine.cpus} shared cores (load average given per run: the figures are noisy). Times in ms from navigation start (load) or from the user's action (filter, map).`,
  'Filter: choose a population, then a meal type, then "Open now", then "Reset" (back to every site), then from every site "Walk-ins welcome", "Step-free entrance" and a language staff speak; "→ paint" is the frame after the new count, "busy" the end of the last long task the change caused ("–": the run predates that filter).',
  '',
  '| run | N | list data | first row | map markers | longest task (load) | filter → paint (narrow / second / open now / reset) | facts → paint (walk-ins / step-free / language) | filter busy (worst) | longest task (filters) | zoom-in settle / longest task | pan longest frame / task | rows in DOM |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...rows,
].join('\n');
if (writeReadme) replacePerformanceSection('bench:browser', table);
console.log(table);

// 3. A large directory's filters, answered by the server's search: the answer's wait, the browser's
// part after it (the budget: a paint within 100 ms of the answer), and the answer's size as sent.
const answerRows: string[] = [];
for (const [name, data] of newest) {
  for (const [n, run] of Object.entries(data.runs)) {
    const f = (run as { median: Median }).median.filters;
    const changes = Object.entries(f).filter(([, a]) => a.answerMs !== undefined);
    if (changes.length === 0) continue;
    const cell = (pick: (a: ActionFigures) => number | undefined) =>
      changes.map(([, a]) => pick(a) ?? '–').join(' / ');
    answerRows.push(
      `| ${name} (${data.date.slice(0, 10)}, load ${data.machine.loadAverageBefore[0]}) | ${Number(n).toLocaleString('en')} | ${changes.map(([key]) => key).join(' / ')} | ${cell((a) => a.answerMs)} | ${cell((a) => a.answerToPaintMs)} | ${Math.max(...changes.map(([, a]) => a.answerToPaintMs ?? 0))} | ${cell((a) => (a.answerBytes === undefined ? undefined : Number((a.answerBytes / 1024).toFixed(1))))} |`,
    );
  }
}
const answers = [
  "Where the page asks the server for its rows (above 300 KB of list): each filter change from the table above, the time from the action to the answer's last byte, from that byte to the frame after the change (the budget: ≤ 100 ms), and the answer as sent (KB, compressed; the budget: ≤ 20 KB). Medians of the same loads.",
  '',
  '| run | N | changes | action → answer ms | answer → paint ms | worst answer → paint | answer KB sent |',
  '|---|---|---|---|---|---|---|',
  ...answerRows,
].join('\n');
if (writeReadme && answerRows.length) replacePerformanceSection('bench:browser:state', answers);
console.log(answers);
process.exit(0);
