/**
 * The cached sites list is built in chunks that give the event loop back between them
 * (docs/decisions/036-a-cache-that-cannot-go-deaf.md): it must be exactly the list one statement gives,
 * in the same order, across chunk boundaries and ties of name.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cachedSitesJson, listSitesJson } from '../services/sites.ts';
import { createTestDatabase } from './helpers.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

it('answers the same list as one statement, in the same order, for 700 sites sharing 13 names', async () => {
  const { db } = database;
  // 13 names for 700 sites: each chunk boundary falls inside a run of equal names.
  await db.execute(sql`insert into sites (name, address)
    select 'Site ' || (n % 13), n || ' Main St' from generate_series(1, 700) n`);
  await db.execute(sql`insert into site_hours (site_id, day, open, close)
    select id, id % 7, '11:00', '13:00' from sites`);
  const chunked = await cachedSitesJson(db);
  expect(chunked).toBe(JSON.stringify(JSON.parse(await listSitesJson(db))));
  const list = JSON.parse(chunked) as { id: number; Hours: unknown[] }[];
  expect(list).toHaveLength(700);
  expect(new Set(list.map((site) => site.id)).size).toBe(700);
  expect(list.every((site) => site.Hours.length === 1)).toBe(true);
});

it('answers [] when there are no sites', async () => {
  await database.db.execute(sql`delete from sites`);
  expect(await cachedSitesJson(database.db)).toBe('[]');
});
