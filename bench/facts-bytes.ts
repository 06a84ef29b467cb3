/**
 * `npm run bench:facts-bytes`: what the site facts add to `GET /api/sites` at 1,000 sites (docs/product.md
 * R549): the answer's bytes, raw and compressed as sent (gzip and brotli), with no facts, with the
 * benchmark's light facts, and with the demo's full facts (notes in three languages) on every site
 * that the demo describes. Writes nothing; prints a table for docs/performance.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { openPglite } from '#server/db/client.ts';
import { DEMO_SITES } from '#server/db/seed/demo-data.ts';
import { demoFacts } from '#server/db/seed/demo-facts.ts';
import { cachedSitesJson } from '#server/services/site-reads.ts';
import { seedBenchData } from './seed.ts';

const N = Number(process.env.BENCH_SITES ?? 1000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meals-facts-bytes-'));
const database = await openPglite(path.join(dataDir, 'db'));
await database.migrate();
await seedBenchData(database.db, N);

const measure = async () => {
  const json = Buffer.from(await cachedSitesJson(database.db));
  return {
    raw: json.length,
    gzip: zlib.gzipSync(json, { level: 6 }).length,
    brotli: zlib.brotliCompressSync(json).length,
  };
};

const light = await measure();
await database.db.execute(sql`update sites set facts = '{}'::jsonb`);
const none = await measure();
const ids = (await database.db.execute(sql`select id from sites order by id`)) as unknown as
  | { rows: { id: number }[] }
  | { id: number }[];
const rows = Array.isArray(ids) ? ids : ids.rows;
for (const [index, row] of rows.entries()) {
  const facts = demoFacts(DEMO_SITES[index % DEMO_SITES.length]!, index % DEMO_SITES.length);
  await database.db.execute(
    sql`update sites set facts = ${JSON.stringify(facts)}::jsonb where id = ${row.id}`,
  );
}
const full = await measure();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });

const pct = (value: number, base: number) =>
  `${value >= base ? '+' : ''}${(((value - base) / base) * 100).toFixed(1)} %`;
console.log(`| Facts on ${N} sites | raw bytes | gzip | brotli |`);
console.log('|---|---|---|---|');
for (const [label, m] of [
  ['none', none],
  ['light (the benchmark seed)', light],
  ['full (the demo\u2019s, notes in three languages)', full],
] as const) {
  console.log(
    `| ${label} | ${m.raw} (${pct(m.raw, none.raw)}) | ${m.gzip} (${pct(m.gzip, none.gzip)}) | ${m.brotli} (${pct(m.brotli, none.brotli)}) |`,
  );
}
