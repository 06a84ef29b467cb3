/**
 * `npm run bench:web`: builds the client, records the initial JavaScript and CSS of the public pages
 * (gzipped bytes), then runs Lighthouse (mobile preset, Debian Chromium, offline: tiles come from a
 * local placeholder) on /, /sites and a site page. Writes bench/results/web-*.json and the docs/performance.md table.
 *
 * `BENCH_SITES=10000 npm run bench:web` measures the same pages on a state's directory instead of the demo
 * data: that many synthetic sites from the benches' seeder (embedded database, or a new PostgreSQL
 * database when `DATABASE_URL` is set), where the pages ask the server's search for 25 rows at a time.
 * Its table is a section of its own (`bench:web:state`), with the bytes each page transferred in total.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {
  adminCookie,
  type Backend,
  BENCH_ADMIN,
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

const dist = path.join(root, 'dist/client');
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
const gz = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

buildClient();

/** Lighthouse's blocking time counts any other work on the machine: the table gives the load around the runs. */
const loadBefore = Number((os.loadavg()[0] ?? 0).toFixed(2));

/** The files index.html loads before anything runs: entry script, module preloads, stylesheets. */
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
const bundle = {
  js: initial.filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gz(path.join(dist, f)), 0),
  css: initial.filter((f) => f.endsWith('.css')).reduce((sum, f) => sum + gz(path.join(dist, f)), 0),
  files: initial,
  lazyChunks: fs
    .readdirSync(path.join(dist, 'assets'))
    .filter((f) => f.endsWith('.js') && !initial.includes(`/assets/${f}`))
    .map((f) => ({ file: f, gzipBytes: gz(path.join(dist, 'assets', f)) }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes),
};
console.log(`initial JS ${bundle.js} B gzipped, CSS ${bundle.css} B gzipped`);

/** A state's directory (`BENCH_SITES`), or the demo data's 40 sites. */
const stateSites = process.env.BENCH_SITES ? Number(process.env.BENCH_SITES) : undefined;
const backend: Backend = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const state = stateSites
  ? await prepareDatabase(backend, (database) => seedBenchData(database.db, stateSites))
  : undefined;
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = state?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'meals-bench-web-'));
const server = startServer(port, dataDir, state?.databaseUrl, {
  DEMO_DATA: state ? 'false' : 'true',
  ADMIN_EMAIL: BENCH_ADMIN.email,
  ADMIN_PASSWORD: BENCH_ADMIN.password,
  ADMIN_FIRST_NAME: BENCH_ADMIN.firstName,
  ADMIN_LAST_NAME: BENCH_ADMIN.lastName,
  MAP_TILE_URL: `${base}/offline-tile.png?z={z}&x={x}&y={y}`,
  MAP_ATTRIBUTION: 'Placeholder tiles',
});

/**
 * What the page itself loaded in that run, per route: every script and stylesheet request (the
 * initial bundle plus the chunks the route loads lazily, such as the map), as sent (brotli or gzip)
 * and unpacked.
 */
function loadedBytes(lhr: { audits: Record<string, { details?: unknown }> }) {
  const items =
    (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
  const sum = (type: string, field: 'transferSize' | 'resourceSize') =>
    items.filter((i) => i.resourceType === type).reduce((total, i) => total + (i[field] ?? 0), 0);
  return {
    totalSentBytes: items.reduce((total, i) => total + (i.transferSize ?? 0), 0),
    jsSentBytes: sum('Script', 'transferSize'),
    jsBytes: sum('Script', 'resourceSize'),
    cssSentBytes: sum('Stylesheet', 'transferSize'),
    cssBytes: sum('Stylesheet', 'resourceSize'),
  };
}
interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

/**
 * The measured site gets a menu for its page's nine days (today's and tomorrow's, the week ahead), so
 * the site page, and the rows of / and /sites, are measured with today's dishes on them.
 */
async function publishMenus(siteId: number) {
  const cookie = await adminCookie(base);
  const headers = { cookie, 'content-type': 'application/json' };
  const [lunch] = (await (await fetch(`${base}/api/mealtypes`)).json()) as { id: number }[];
  const { days } = (await (await fetch(`${base}/api/sites/${siteId}/menu`)).json()) as {
    days: { date: string }[];
  };
  if (!lunch) throw new Error('the demo data has no meal type');
  for (const { date } of days) {
    const saved = await fetch(`${base}/api/sites/${siteId}/menu/${date}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({
        meals: [
          {
            mealTypeId: lunch.id,
            dishes: [
              {
                name: 'Chicken congee',
                translations: { es: { name: 'Congee de pollo' }, zh: { name: '雞粥' } },
                diets: ['halal', 'soft'],
              },
              {
                name: 'Mapo tofu',
                translations: { es: { name: 'Tofu mapo' }, zh: { name: '麻婆豆腐' } },
                diets: ['vegetarian'],
              },
              {
                name: 'Seasonal fruit',
                translations: { es: { name: 'Fruta de temporada' }, zh: { name: '時令水果' } },
                diets: [],
              },
            ],
            note: 'Substitute on request by noon the day before',
            translations: {},
          },
        ],
      }),
    });
    if (!saved.ok) throw new Error(`menu of ${date} not saved: ${saved.status} ${await saved.text()}`);
  }
}

const pages: Record<string, unknown> = {};
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  await waitFor(`${base}/readyz`, undefined, server);
  const sites = (await (await fetch(`${base}/api/sites`)).json()) as { id: number }[];
  const targets = { home: '/', sites: '/sites', site: `/sites/${sites[0]!.id}` };
  await publishMenus(sites[0]!.id);
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  for (const [name, target] of Object.entries(targets)) {
    // Lighthouse varies from run to run (more so on a shared 2-core machine): each page is measured
    // RUNS times and the run with the median performance score is kept, as Lighthouse's own
    // documentation on variability advises.
    const runs = [];
    const failures: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(`${base}${target}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      const error = result ? result.lhr.runtimeError : { code: 'NO_RESULT', message: 'no result' };
      if (error) {
        // Said in the table, not dropped silently: a run that failed is not a run that scored.
        console.warn(`${target} run ${run + 1}: ${error.code} ${error.message}`);
        failures.push(error.code);
      } else runs.push(result!.lhr);
    }
    if (runs.length === 0) throw new Error(`Lighthouse could not measure ${target}`);
    runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    const lhr = runs[Math.floor(runs.length / 2)]!;
    const allScores = runs.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100));
    // Blocking time of every run, sorted: its median and spread say more about a loaded machine than one run.
    const allTbt = runs
      .map((r) => Math.round(r.audits['total-blocking-time']?.numericValue ?? 0))
      .sort((a, b) => a - b);
    // BENCH_WEB_REPORTS=<dir> keeps each full Lighthouse report for diagnosis (LCP element, long tasks).
    if (process.env.BENCH_WEB_REPORTS) {
      fs.mkdirSync(process.env.BENCH_WEB_REPORTS, { recursive: true });
      fs.writeFileSync(path.join(process.env.BENCH_WEB_REPORTS, `${name}.json`), JSON.stringify(lhr));
    }
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    pages[name] = {
      path: target,
      runs: allScores,
      spread: (allScores.at(-1) ?? 0) - (allScores[0] ?? 0),
      tbtRuns: allTbt,
      tbtMedianMs: allTbt[Math.floor(allTbt.length / 2)] ?? 0,
      failures,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
      tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
      clsScore: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
      ...loadedBytes(lhr),
      failedAudits: Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id),
    };
    console.log(name, pages[name]);
  }
} finally {
  await chrome?.kill();
  await stopServer(server);
  if (state) await state.cleanup();
  else fs.rmSync(dataDir, { recursive: true, force: true });
}

fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const load = {
  sites: stateSites ?? 'demo',
  backend,
  before: loadBefore,
  after: Number((os.loadavg()[0] ?? 0).toFixed(2)),
  cores: os.cpus().length,
};
fs.writeFileSync(
  path.join(root, `bench/results/web-${stateSites ? `${stateSites}-` : ''}${stamp}.json`),
  `${JSON.stringify({ bundle, load, pages }, null, 2)}\n`,
);

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const rows = Object.entries(
  pages as Record<
    string,
    {
      path: string;
      runs: number[];
      spread: number;
      tbtRuns: number[];
      tbtMedianMs: number;
      failures: string[];
      performance: number;
      accessibility: number;
      bestPractices: number;
      seo: number;
      lcpMs: number;
      tbtMs: number;
      totalSentBytes: number;
      jsSentBytes: number;
      jsBytes: number;
      cssSentBytes: number;
    }
  >,
).map(
  ([, p]) =>
    `| ${p.path} | ${p.performance} (${p.runs.join(', ')}${p.failures.length ? `; failed: ${p.failures.join(', ')}` : ''}) | ${p.spread} | ${p.accessibility} | ${p.bestPractices} | ${p.seo} | ${p.lcpMs} | ${p.tbtMedianMs} (${p.tbtRuns[0]}–${p.tbtRuns.at(-1)}) | ${kb(p.jsSentBytes)} (${kb(p.jsBytes)}) | ${kb(p.cssSentBytes)} | ${kb(p.totalSentBytes)} |`,
);
const table = [
  ...(stateSites
    ? [
        `A state's directory: **${stateSites.toLocaleString('en-US')} sites** from the benches' seeder (${backend === 'postgres' ? 'PostgreSQL' : 'embedded database'}); the pages ask the server's search for 25 rows at a time.`,
        '',
      ]
    : []),
  `Measured ${new Date().toISOString().slice(0, 10)}: initial JavaScript **${(bundle.js / 1024).toFixed(1)} KB** gzipped, CSS **${(bundle.css / 1024).toFixed(1)} KB** gzipped (what index.html loads before anything runs, the same for every public route; the largest chunks loaded only where needed: ${bundle.lazyChunks
    .map((c) => `${c.file.replace(/-[\w-]+\.js$/, '')} ${(c.gzipBytes / 1024).toFixed(1)} KB`)
    .slice(0, 4)
    .join(', ')}).`,
  '',
  `Each page is measured ${RUNS} times; the table shows the run with the median performance score (all ${RUNS} scores in brackets, and their spread: highest minus lowest) and the median blocking time over the runs (lowest–highest in brackets). Load average (1 min) ${load.before} before and ${load.after} after the runs, on ${load.cores} cores: blocking time counts whatever else the machine is doing.`,
  '',
  'JS and CSS per page: every script and stylesheet the page loaded in that run (its lazy chunks, such as the map, included), as sent (unpacked in brackets). All KB sent: every request of the page (HTML, data, scripts, styles, fonts, images, map tiles).',
  '',
  '| page | performance: median (all runs) | spread | accessibility | best practices | SEO | LCP ms | TBT ms: median (range) | JS KB sent (unpacked) | CSS KB sent | all KB sent |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
  ...rows,
].join('\n');
replacePerformanceSection(stateSites ? 'bench:web:state' : 'bench:web', table);
console.log(table);
process.exit(0);
