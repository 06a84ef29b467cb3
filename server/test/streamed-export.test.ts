/**
 * docs/product.md R709: the CSV export of a large directory is streamed from the cached list, a run of
 * sites at a time, and its bytes are exactly those of the export built whole (R235–R237), filtered or not.
 */

import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_TABLES } from '../db/reference-tables.ts';
import { sites } from '../db/schema.ts';
import type { CachedResponse } from '../services/response-cache.ts';
import { sitesListBody } from '../services/site-reads.ts';
import { sitesCsvStream, sitesToExport } from '../services/spreadsheets/export.ts';
import { sitesCsv } from '../services/spreadsheets/write.ts';
import { createTestApp, signInRoles, type TestContext } from './helpers.ts';

const TIME_ZONE = 'America/Los_Angeles';
let ctx: TestContext;
let cookies: Awaited<ReturnType<typeof signInRoles>>;

const asAdmin = (options: InjectOptions) =>
  ctx.app.inject({ ...options, headers: { cookie: cookies.admin.cookie, ...options.headers } });

beforeAll(async () => {
  ctx = await createTestApp({ AGENCY_TIME_ZONE: TIME_ZONE }, { now: () => new Date('2026-11-24T18:00:00Z') });
  cookies = await signInRoles(ctx);
  await seedSites(700);
});

/** `count` sites, every third with the first population, every other step-free (a directory of many runs). */
async function seedSites(count: number) {
  const { db } = ctx.database;
  const [population] = await db
    .insert(REFERENCE_TABLES.populations.table)
    .values({ name: 'Seniors 60+' } as never)
    .returning({ id: REFERENCE_TABLES.populations.table.id });
  const inserted = await db
    .insert(sites)
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `=Site ${i}, "quoted" ${i % 7 ? 'Café' : '長者'}`,
        address: `${i} Mission St, San Francisco, CA 94110`,
        lat: 37.7 + i / 10_000,
        lng: -122.4,
        facts: { stepFree: i % 2 === 0, languages: ['en', 'yue'] },
      })),
    )
    .returning({ id: sites.id });
  const { sqlLink, itemColumn } = REFERENCE_TABLES.populations;
  const pairs = inserted.filter((_, i) => i % 3 === 0).map(({ id }) => `(${id},${population!.id})`);
  await db.execute(sql.raw(`insert into ${sqlLink} (site_id, ${itemColumn}) values ${pairs.join(',')}`));
}
afterAll(() => ctx.close());

describe('the streamed CSV export (R709)', () => {
  it('gives the bytes of the whole export, for every site and for a filter', async () => {
    const population = (
      (await ctx.app.inject({ method: 'GET', url: '/api/populations' })).json() as { id: number }[]
    )[0]!.id;
    const queries: Record<string, string>[] = [
      {},
      { population: String(population) },
      { population: String(population), stepfree: '1' },
    ];
    for (const query of queries) {
      const url = `/api/sites/export.csv?${new URLSearchParams(query)}`;
      const response = await asAdmin({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      const whole = sitesCsv(await sitesToExport(ctx.database.db, query), TIME_ZONE);
      expect(response.body, url).toBe(whole);
      expect(response.body.split('\n').length, url).toBeGreaterThan(query.population ? 100 : 700);
    }
  });

  it('writes the list a run at a time, the next read when the reader asks', async () => {
    // The list as the cache assembles it.
    const body = await sitesListBody(ctx.database.db);
    const list: CachedResponse = { ...body, encoded: async () => body.raw };
    expect(list.runs!.length / 2).toBeGreaterThan(2);
    const stream = sitesCsvStream(list, {}, TIME_ZONE);
    const pieces: string[] = [];
    for await (const piece of stream) pieces.push(String(piece));
    // The header, then one piece per run of the cached list.
    expect(pieces).toHaveLength(1 + list.runs!.length / 2);
    expect(pieces.join('')).toBe(sitesCsv(await sitesToExport(ctx.database.db, {}), TIME_ZONE));
  });
});
