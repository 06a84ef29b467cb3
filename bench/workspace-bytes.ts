/**
 * `npx tsx bench/workspace-bytes.ts`: what the staff workspace sends for its sites at a state's size
 * (docs/product.md R740, R746): the answer of `GET /api/workspace` with every site (what the screen
 * loaded before it paged), and what the screen loads now — `GET /api/workspace?sites=none` and the
 * first page of `GET /api/workspace/sites` — in bytes, raw and compressed (gzip, brotli), with the
 * server's time for each (one run, on this machine, after one unmeasured run: the rows kept per directory
 * version are then warm, except for the answer measured just after a write, R726), and the menus
 * screens' read of one partner's sites (R727) for the partner with the most. `BENCH_SITES` sites (10,000 unless set) from the
 * benches' seeder on the embedded database. Writes nothing; prints a table for docs/performance.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { openPglite, rowsOf } from '#server/db/client.ts';
import { agencyDate } from '#server/services/agency-clock.ts';
import { bumpDataVersion } from '#server/services/data-version.ts';
import { sitesOfPartner } from '#server/services/partner-scope.ts';
import { workspaceData, workspaceSitesPage } from '#server/services/workspace.ts';
import { USUAL_HOLIDAY_RULES } from '#shared/holidays.ts';
import { WorkspaceSitesQuerySchema } from '#shared/schemas/workspace.ts';
import { seedBenchData } from './seed.ts';

const N = Number(process.env.BENCH_SITES ?? 10_000);
const TIME_ZONE = 'America/Los_Angeles';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meals-workspace-bytes-'));
const database = await openPglite(path.join(dataDir, 'db'));
await database.migrate();
await seedBenchData(database.db, N);
const today = agencyDate(new Date(), TIME_ZONE);
const calendar = { rules: USUAL_HOLIDAY_RULES, today };
const clock = { today, timeZone: TIME_ZONE, staleAfterDays: 180 };

/** `before` runs ahead of the timed answer (and of the warm-up): a write, for an answer after one. */
const measure = async (label: string, answer: () => Promise<unknown>, before?: () => Promise<unknown>) => {
  await before?.();
  await answer(); // warm
  await before?.();
  const started = performance.now();
  const json = Buffer.from(JSON.stringify(await answer()));
  const ms = performance.now() - started;
  return {
    label,
    raw: json.length,
    gzip: zlib.gzipSync(json, { level: 6 }).length,
    brotli: zlib.brotliCompressSync(json).length,
    ms,
  };
};

const query = (text: string) =>
  WorkspaceSitesQuerySchema.parse(Object.fromEntries(new URLSearchParams(text)));
const [largest] = rowsOf<{ id: number; n: number }>(
  await database.db.execute(
    sql`select nutrition_partner_id as id, count(*)::int as n from site_nutrition_partners
      group by nutrition_partner_id order by n desc, id limit 1`,
  ),
);
if (!largest) throw new Error('the seeded directory has no nutrition partner');
const rows = [
  await measure('`GET /api/workspace` (every site: the screen before)', () =>
    workspaceData(database.db, calendar),
  ),
  await measure('`GET /api/workspace?sites=none` (lists and holidays)', () =>
    workspaceData(database.db, calendar, { sites: false }),
  ),
  await measure('`GET /api/workspace/sites` (first page of 50)', () =>
    workspaceSitesPage(database.db, query(''), clock),
  ),
  await measure('`GET /api/workspace/sites?show=notConfirmed,noHours&q=lunch`', () =>
    workspaceSitesPage(database.db, query('show=notConfirmed,noHours&q=lunch'), clock),
  ),
  // The rows are kept per directory version (R726): the answers above reused them; after a write
  // (a new version) the next answer reads and works them out again.
  await measure(
    '`GET /api/workspace/sites` (first page of 50, just after a write)',
    () => workspaceSitesPage(database.db, query(''), clock),
    () => bumpDataVersion(database.db),
  ),
  await measure('`GET /api/workspace/sites?offset=50` (the next page, same version)', () =>
    workspaceSitesPage(database.db, query('offset=50'), clock),
  ),
  // The menus screens' sheet owner (R727): the chosen partner's sites, here the partner with the most.
  await measure(`\`GET /api/nutritionpartners/{id}/sites\` (the largest partner, ${largest.n} sites)`, () =>
    sitesOfPartner(database.db, largest.id),
  ),
];
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });

console.log(`| ${N} sites, embedded database | raw bytes | gzip | brotli | server time (one run) |`);
console.log('|---|---|---|---|---|');
for (const row of rows)
  console.log(`| ${row.label} | ${row.raw} | ${row.gzip} | ${row.brotli} | ${row.ms.toFixed(0)} ms |`);
