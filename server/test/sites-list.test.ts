/**
 * The cached sites list is built in chunks that give the event loop back between them
 * (docs/decisions/036-a-cache-that-cannot-go-deaf.md, docs/product.md R404 and R460): it must be
 * exactly the list one statement gives, in the same order, across chunk boundaries and ties of name,
 * and other work must get a turn between every two chunks.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cachedSitesJson, eachSitesChunk, listSitesJson, sitesListBody } from '../services/site-reads.ts';
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
  // The bytes the response cache keeps are assembled chunk by chunk: the same text.
  expect((await sitesListBody(db)).raw.toString()).toBe(chunked);
});

it('gives the event loop a turn between every two chunks', async () => {
  // Work queued while the list is read (a health check's answer stands for it here) must run before
  // the next chunk: on the embedded database a statement runs on the main thread, so without the
  // pause between chunks nothing else would run until the whole list was read.
  let turns = 0;
  let ticking = true;
  const tick = () => {
    turns += 1;
    if (ticking) setImmediate(tick);
  };
  setImmediate(tick);
  const turnsAtChunk: number[] = [];
  let sites = 0;
  try {
    await eachSitesChunk(database.db, (chunk) => {
      turnsAtChunk.push(turns);
      sites += chunk.length;
    });
  } finally {
    ticking = false;
  }
  expect(sites).toBe(700);
  expect(turnsAtChunk.length).toBeGreaterThan(2);
  for (let i = 1; i < turnsAtChunk.length; i++)
    expect(turnsAtChunk[i], `turns before chunk ${i}`).toBeGreaterThan(turnsAtChunk[i - 1]!);
});

it('pauses between every two chunks', async () => {
  const events: string[] = [];
  await eachSitesChunk(
    database.db,
    () => events.push('chunk'),
    async () => {
      events.push('pause');
    },
  );
  // One pause after each chunk; the last chunk may be followed by one more, when a statement had to
  // find out that nothing was left.
  expect(events.filter((event) => event === 'chunk').length).toBeGreaterThan(2);
  expect(events).toEqual(events.map((_, i) => (i % 2 === 0 ? 'chunk' : 'pause')));
});

it('answers [] when there are no sites', async () => {
  await database.db.execute(sql`delete from sites`);
  expect(await cachedSitesJson(database.db)).toBe('[]');
  expect((await sitesListBody(database.db)).raw.toString()).toBe('[]');
});
