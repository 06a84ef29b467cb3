import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { addDays } from '#shared/agency-time.ts';
import { type HolidayRules, holidayCalendar } from '#shared/holidays.ts';
import type { Closure, HolidayDecision, HolidayOccurrence } from '#shared/schemas/closures.ts';
import { invalidField } from '#shared/validation.ts';
import { type Db, rowsOf } from '../db/client.ts';
import { holidayDecisions } from '../db/schema.ts';
import { directoryWrite } from './directory-changes.ts';
import { ConflictError, NotFoundError, ValidationError } from './errors.ts';
import { diff, recordHistory } from './history.ts';

/**
 * The agency's holidays as closures (docs/decisions/038-holidays-as-computed-closures.md): the
 * occurrences of the next twelve months, computed by rule from the agency's date, with staff's
 * decisions (`holiday_decisions`) applied. Nothing is stored for a holiday staff have not touched, so
 * a new installation closes every site on every holiday without anyone doing anything.
 */

/** The history's name for holiday decisions (one entry per decision row: a holiday key on a date). */
export const HOLIDAY_ENTITY = 'holiday';

/** How far ahead the calendar reaches: twelve months. */
export const HOLIDAY_DAYS = 365;

type DecisionRow = typeof holidayDecisions.$inferSelect;

async function decisionsBetween(db: Db, from: string, until: string): Promise<DecisionRow[]> {
  return db
    .select()
    .from(holidayDecisions)
    .where(and(gte(holidayDecisions.date, from), lt(holidayDecisions.date, until)));
}

function occurrenceOf(
  occurrence: ReturnType<typeof holidayCalendar>[number],
  row: DecisionRow | undefined,
): HolidayOccurrence {
  const { names } = occurrence;
  return {
    key: occurrence.key,
    date: occurrence.date,
    actualDate: occurrence.actualDate,
    name: names.en,
    translations: {
      ...(names.es && { es: { name: names.es } }),
      ...(names.zh && { zh: { name: names.zh } }),
    },
    openEverywhere: row?.openEverywhere ?? false,
    openSiteIds: row ? [...row.openSiteIds].sort((a, b) => a - b) : [],
    reviewed: row?.reviewed ?? false,
    version: row?.version ?? 0,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

/** The occurrences from `today` for twelve months, in date order, each with staff's decision. */
export async function holidayOccurrences(
  db: Db,
  rules: HolidayRules,
  today: string,
): Promise<HolidayOccurrence[]> {
  const calendar = holidayCalendar(today, HOLIDAY_DAYS, rules);
  const rows = await decisionsBetween(db, today, addDays(today, HOLIDAY_DAYS));
  const byKey = new Map(rows.map((row) => [`${row.holidayKey} ${row.date}`, row]));
  return calendar.map((occurrence) =>
    occurrenceOf(occurrence, byKey.get(`${occurrence.key} ${occurrence.date}`)),
  );
}

/** A negative id no stored closure has, the same for an occurrence every day it is listed. */
function holidayClosureId(date: string, nth: number): number {
  return -(Number(date.replaceAll('-', '')) * 100 + nth);
}

/**
 * The holiday occurrences as closures of the sites they close: every site (`allSites`) when no site is
 * exempt, else the sites that are not; an occurrence exempting every site closes nothing and is left out.
 */
export async function holidayClosures(db: Db, rules: HolidayRules, today: string): Promise<Closure[]> {
  const occurrences = await holidayOccurrences(db, rules, today);
  let siteIds: number[] | undefined;
  const closures: Closure[] = [];
  const perDay = new Map<string, number>();
  for (const occurrence of occurrences) {
    const nth = (perDay.get(occurrence.date) ?? 0) + 1;
    perDay.set(occurrence.date, nth);
    if (occurrence.openEverywhere) continue;
    let closed: number[] = [];
    if (occurrence.openSiteIds.length) {
      siteIds ??= rowsOf<{ id: number }>(await db.execute(sql`select id from sites order by id`)).map((row) =>
        Number(row.id),
      );
      const open = new Set(occurrence.openSiteIds);
      closed = siteIds.filter((id) => !open.has(id));
      if (closed.length === 0) continue;
    }
    const translations: Closure['translations'] = {};
    if (occurrence.translations.es?.name) translations.es = { reason: occurrence.translations.es.name };
    if (occurrence.translations.zh?.name) translations.zh = { reason: occurrence.translations.zh.name };
    closures.push({
      id: holidayClosureId(occurrence.date, nth),
      startDate: occurrence.date,
      endDate: occurrence.date,
      reason: occurrence.name,
      translations,
      allSites: closed.length === 0,
      siteIds: closed,
      version: 0,
      updatedAt: occurrence.updatedAt ?? `${occurrence.date}T00:00:00.000Z`,
      holiday: { key: occurrence.key, actualDate: occurrence.actualDate },
    });
  }
  return closures;
}

function snapshot(row: DecisionRow) {
  return {
    key: row.holidayKey,
    date: row.date,
    openEverywhere: row.openEverywhere,
    openSiteIds: [...row.openSiteIds].sort((a, b) => a - b),
    reviewed: row.reviewed,
  };
}

async function lockDecision(tx: Db, key: string, date: string): Promise<DecisionRow | undefined> {
  const [row] = await tx
    .select()
    .from(holidayDecisions)
    .where(and(eq(holidayDecisions.holidayKey, key), eq(holidayDecisions.date, date)))
    .for('update');
  return row;
}

/**
 * Records staff's decision on one occurrence of the next twelve months (404 for a holiday not on that
 * day), with history: `version` as last read (0 when never decided), else 409 with the current one.
 * Sites to keep open must exist (422 unknown_ids on openSiteIds).
 */
export async function decideHoliday(
  db: Db,
  rules: HolidayRules,
  today: string,
  target: { key: string; date: string },
  input: HolidayDecision,
  userId: number | null,
): Promise<HolidayOccurrence> {
  const occurrence = holidayCalendar(today, HOLIDAY_DAYS, rules).find(
    (o) => o.key === target.key && o.date === target.date,
  );
  if (!occurrence) throw new NotFoundError();
  return directoryWrite(db, async (tx) => {
    await tx
      .insert(holidayDecisions)
      .values({ holidayKey: target.key, date: target.date, version: 0, updatedBy: userId })
      .onConflictDoNothing();
    const before = (await lockDecision(tx, target.key, target.date))!;
    if (input.version !== undefined && input.version !== before.version) {
      throw new ConflictError(occurrenceOf(occurrence, before.version === 0 ? undefined : before));
    }
    const openSiteIds = [...new Set(input.openSiteIds)].sort((a, b) => a - b);
    if (openSiteIds.length) {
      const found = new Set(
        rowsOf<{ id: number }>(
          await tx.execute(sql`select id from sites where id = any(${sql.param(openSiteIds)}::int[])`),
        ).map((row) => Number(row.id)),
      );
      const missing = openSiteIds.filter((id) => !found.has(id));
      if (missing.length)
        throw new ValidationError([invalidField('openSiteIds', 'unknown_ids', { ids: missing })]);
    }
    const [after] = await tx
      .update(holidayDecisions)
      .set({
        openEverywhere: input.openEverywhere,
        openSiteIds,
        reviewed: input.reviewed,
        updatedBy: userId,
        updatedAt: new Date(),
        version: sql`${holidayDecisions.version} + 1`,
      })
      .where(eq(holidayDecisions.id, before.id))
      .returning();
    await recordHistory(tx, {
      entity: HOLIDAY_ENTITY,
      entityId: before.id,
      action: before.version === 0 ? 'create' : 'update',
      source: 'holiday',
      userId,
      changes: before.version === 0 ? snapshot(after!) : diff(snapshot(before), snapshot(after!)),
    });
    return occurrenceOf(occurrence, after);
  });
}

/** The id under which an occurrence's decisions are in the history, if staff ever decided it. */
export async function holidayDecisionId(db: Db, key: string, date: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: holidayDecisions.id })
    .from(holidayDecisions)
    .where(and(eq(holidayDecisions.holidayKey, key), eq(holidayDecisions.date, date)));
  return row?.id;
}
