import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '#server/db/client.ts';
import { addDays, agencyMoment } from '#shared/agency-time.ts';
import { type HolidayRules, holidayCalendar } from '#shared/holidays.ts';
import type { Closure } from '#shared/schemas/closures.ts';
import { HOLIDAY_DAYS } from '../holidays.ts';

/**
 * When each service's record in the feed last changed, for `modified_after`
 * (docs/decisions/041-a-feed-a-211-can-sync-from.md). A record changes through writes (the site's own
 * save; a closure, list item, holiday decision or confirmation, recorded by the triggers of migration
 * 0011 in `feed_changes`) and through the calendar alone (a closure or holiday leaving the list of
 * current ones, a holiday entering the next twelve months, a closure until further notice starting):
 * the latter at the agency's midnight of that day, which the data says without storing anything.
 */

/** How long a deleted site stays in the feed as a defunct service. */
export const DEFUNCT_DAYS = 90;

/** What the database says about changes (one statement: `feedChangesJson`). */
export interface FeedChanges {
  /** Each site's own time: `updated_at` or its latest `feed_changes` row; the last day of its ended closures. */
  sites: { id: number; modifiedAt: string; lastEnded: string | null }[];
  /** Changes to every site at once (site 0 of `feed_changes`; the last day of ended all-sites closures). */
  everySite: { changedAt: string | null; lastEnded: string | null };
  /** Sites deleted since the cutoff, oldest first. */
  deleted: { id: number; name: string; deletedAt: string }[];
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * The change record as JSON text, in one statement whatever the number of sites: each site's time,
 * the last closure of each that ended before `today`, the every-site times, and the tombstones of
 * sites deleted at or after `deletedSince` (an ISO instant).
 */
export async function feedChangesJson(db: Db, today: string, deletedSince: string): Promise<string> {
  const result = await db.execute(sql`
    select json_build_object(
      'sites', coalesce((select json_agg(json_build_object(
          'id', s.id,
          'modifiedAt', to_char(greatest(s.updated_at, fc.changed_at) at time zone 'UTC', ${sql.raw(ISO)}),
          'lastEnded', (select to_char(max(c.end_date), 'YYYY-MM-DD') from closure_sites cs
            join closures c on c.id = cs.closure_id
            where cs.site_id = s.id and c.end_date < ${today}::date)) order by s.id)
        from sites s left join feed_changes fc on fc.site_id = s.id), '[]'::json),
      'everySite', json_build_object(
        'changedAt', (select to_char(f.changed_at at time zone 'UTC', ${sql.raw(ISO)}) from feed_changes f
          where f.site_id = 0),
        'lastEnded', (select to_char(max(c.end_date), 'YYYY-MM-DD') from closures c
          where c.all_sites and c.end_date < ${today}::date)),
      'deleted', coalesce((select json_agg(json_build_object('id', d.id, 'name', d.name,
          'deletedAt', to_char(d.deleted_at at time zone 'UTC', ${sql.raw(ISO)})) order by d.deleted_at, d.id)
        from deleted_sites d
        where d.deleted_at >= ${deletedSince}::timestamptz and not exists (select 1 from sites s where s.id = d.id)),
        '[]'::json)
    )::text as json`);
  return rowsOf<{ json: string }>(result)[0]?.json ?? '{"sites":[],"everySite":{},"deleted":[]}';
}

/**
 * The instant the agency's date `date` begins (its midnight in `timeZone`), in ms since the epoch.
 * Found from the zone's offset near that midnight, checked once more across a change of offset.
 */
export function agencyDayStart(date: string, timeZone: string): number {
  const wallClock = Date.parse(`${date}T00:00:00Z`);
  const offsetAt = (instant: number) => {
    const minute = instant - (((instant % 60_000) + 60_000) % 60_000);
    const local = agencyMoment(minute, timeZone);
    return Date.parse(`${local.date}T00:00:00Z`) + local.minutes * 60_000 - minute;
  };
  const first = wallClock - offsetAt(wallClock);
  return wallClock - offsetAt(first);
}

/** The first instant of the agency's date `deletedSince` days ago: older tombstones are left out. */
export function defunctCutoff(today: string, timeZone: string): string {
  return new Date(agencyDayStart(addDays(today, -DEFUNCT_DAYS), timeZone)).toISOString();
}

export interface ModifiedTimes {
  /** ms since the epoch of a live site's last change. */
  of(siteId: number): number;
}

/**
 * Each live site's feed time: the latest of its own time, the every-site time, and the midnights at
 * which the calendar alone changed its record: the day after its (or every site's) last ended closure,
 * the start of a closure until further notice that covers it, the day after the last holiday, and the
 * day the newest holiday of the next twelve months entered them. Holidays count for every site (a
 * site kept open on one is sent again: more than changed, never less).
 */
export function modifiedTimes(
  changes: FeedChanges,
  closures: readonly Closure[],
  options: { today: string; timeZone: string; holidays: HolidayRules },
): ModifiedTimes {
  const { today, timeZone } = options;
  const dayStart = (date: string) => agencyDayStart(date, timeZone);
  const afterEnd = (date: string | null) => (date === null ? 0 : dayStart(addDays(date, 1)));

  const past = holidayCalendar(addDays(today, -HOLIDAY_DAYS), HOLIDAY_DAYS, options.holidays).at(-1);
  const coming = holidayCalendar(today, HOLIDAY_DAYS, options.holidays).at(-1);
  let everySite = Math.max(
    changes.everySite.changedAt ? Date.parse(changes.everySite.changedAt) : 0,
    afterEnd(changes.everySite.lastEnded),
    past ? afterEnd(past.date) : 0,
    coming ? dayStart(addDays(coming.date, 1 - HOLIDAY_DAYS)) : 0,
  );

  const started = new Map<number, number>();
  for (const closure of closures) {
    if (closure.endDate !== null || closure.startDate > today) continue;
    const at = dayStart(closure.startDate);
    if (closure.allSites) everySite = Math.max(everySite, at);
    else for (const id of closure.siteIds) started.set(id, Math.max(started.get(id) ?? 0, at));
  }

  const own = new Map(
    changes.sites.map((site) => [site.id, Math.max(Date.parse(site.modifiedAt), afterEnd(site.lastEnded))]),
  );
  return {
    of: (siteId) => Math.max(own.get(siteId) ?? 0, started.get(siteId) ?? 0, everySite),
  };
}
