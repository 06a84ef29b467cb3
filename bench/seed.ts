/**
 * Realistic synthetic sites for benchmarks: every list linked, 3–7 hour intervals each, coordinates,
 * and the facts people choose by (reservation, walk-ins, step-free, languages) on most of them.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { REFERENCE_TABLES } from '#server/db/reference-tables.ts';
import { siteHours, sites } from '#server/db/schema.ts';
import { REFERENCE_LIST_NAMES } from '#shared/schemas/reference-lists.ts';
import type { SiteFacts } from '#shared/site-facts.ts';

const STREETS = [
  'Mission St',
  'Market St',
  'Geary Blvd',
  'Irving St',
  'Clement St',
  'Stockton St',
  '3rd St',
  'Ocean Ave',
  'Taraval St',
  'Folsom St',
];
const KINDS = [
  'Senior Center',
  'Community Dining Room',
  'Neighborhood Lunch',
  'Senior Café',
  'Community Kitchen',
];
const HOODS = [
  'Mission',
  'Sunset',
  'Richmond',
  'Chinatown',
  'Bayview',
  'Excelsior',
  'Tenderloin',
  'SoMa',
  'Castro',
  'Marina',
];

/** Deterministic pseudo-random numbers, so every run seeds the same data. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Languages staff speak, weighted roughly as San Francisco's sites list them. */
const LANGUAGES = ['en', 'en', 'en', 'es', 'es', 'yue', 'yue', 'cmn', 'tl', 'vi', 'ru', 'ko'];

/**
 * A site's facts: one in five undescribed, the rest with a reservation policy, often walk-ins, a
 * step-free entrance or not, and one to three languages. Drawn from their own sequence, so the rest of
 * the data is the same as before facts were seeded.
 */
function factsOf(rand: () => number): SiteFacts {
  if (rand() < 0.2) return {};
  const reservation = (['required', 'recommended', 'not_needed'] as const)[Math.floor(rand() * 3)]!;
  const languages = new Set(['en']);
  const more = Math.floor(rand() * 3);
  for (let k = 0; k < more; k++) languages.add(LANGUAGES[Math.floor(rand() * LANGUAGES.length)]!);
  return {
    reservation,
    ...(reservation !== 'not_needed' && { walkIns: rand() < 0.5 }),
    stepFree: rand() < 0.6,
    languages: [...languages],
  };
}

export async function seedBenchData(db: Db, count: number): Promise<void> {
  const rand = random(42);
  const factsRand = random(7);
  const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
  const itemIds: Record<string, number[]> = {};
  for (const list of REFERENCE_LIST_NAMES) {
    const { table } = REFERENCE_TABLES[list];
    const rows = await db
      .insert(table)
      .values(Array.from({ length: 8 }, (_, i) => ({ name: `${list} option ${i + 1}` })) as never)
      .returning({ id: table.id });
    itemIds[list] = rows.map((r) => r.id);
  }
  const BATCH = 500;
  for (let start = 0; start < count; start += BATCH) {
    const size = Math.min(BATCH, count - start);
    const inserted = await db
      .insert(sites)
      .values(
        Array.from({ length: size }, (_, i) => {
          const n = start + i + 1;
          const hood = pick(HOODS);
          return {
            name: `${hood} ${pick(KINDS)} #${n}`,
            address: `${100 + Math.floor(rand() * 4000)} ${pick(STREETS)}, San Francisco, CA 941${String(10 + Math.floor(rand() * 30))}`,
            phoneNumber: `415555${String(Math.floor(rand() * 10_000)).padStart(4, '0')}`,
            email: `lunch${n}@example.org`,
            website: `https://site${n}.example.org`,
            lat: 37.71 + rand() * 0.09,
            lng: -122.5 + rand() * 0.12,
            facts: factsOf(factsRand),
          };
        }),
      )
      .returning({ id: sites.id });
    const hours: (typeof siteHours.$inferInsert)[] = [];
    for (const { id } of inserted) {
      const intervals = 3 + Math.floor(rand() * 5);
      for (let k = 0; k < intervals; k++) {
        const open = 8 + Math.floor(rand() * 5);
        hours.push({
          siteId: id,
          day: (k % 6) + 1,
          open: `${String(open).padStart(2, '0')}:00`,
          close: `${String(open + 2).padStart(2, '0')}:30`,
        });
      }
    }
    await db.insert(siteHours).values(hours);
    for (const list of REFERENCE_LIST_NAMES) {
      const { sqlLink, itemColumn } = REFERENCE_TABLES[list];
      const pairs = new Set<string>();
      for (const { id } of inserted) {
        const links =
          list === 'covidstatuses' || list === 'nutritionpartners' ? 1 : 1 + Math.floor(rand() * 3);
        for (let k = 0; k < links; k++) pairs.add(`(${id},${pick(itemIds[list]!)})`);
      }
      await db.execute(
        sql.raw(
          `insert into ${sqlLink} (site_id, ${itemColumn}) values ${[...pairs].join(',')} on conflict do nothing`,
        ),
      );
    }
  }
}
