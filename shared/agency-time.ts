/**
 * The agency's clock. Every "now", "today" and date the directory shows is the agency's (an IANA time
 * zone, America/Los_Angeles unless configured), never the zone of the device that runs the code: the
 * agency's calendar date and time of day come from Intl.DateTimeFormat with that zone, and calendar
 * arithmetic works on 'YYYY-MM-DD' strings through Date.UTC, which no device zone and no daylight-saving
 * change can shift (docs/decisions/020-hours-closures-and-agency-time.md).
 */
export const DEFAULT_AGENCY_TIME_ZONE = 'America/Los_Angeles';

/** The agency's calendar date ('YYYY-MM-DD'), weekday (0 = Sunday .. 6) and minute of the day (0..1439). */
export interface AgencyMoment {
  date: string;
  weekday: number;
  minutes: number;
}

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A UTC offset such as '+05:00' or '-0800': some engines accept one as a time zone; it is not an IANA name. */
const OFFSET = /^[+-]\d/;

/** One formatter per zone: creating an Intl.DateTimeFormat is far dearer than using one. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True for a time zone name the platform knows (an IANA name such as 'America/Los_Angeles' or 'UTC'). */
export function isTimeZone(name: string): boolean {
  if (typeof name !== 'string' || name.trim() === '' || name !== name.trim() || OFFSET.test(name))
    return false;
  try {
    formatterFor(name);
    return true;
  } catch {
    return false;
  }
}

/**
 * From this instant (1980-01-01) on, every zone's offset from UTC is a whole number of minutes, so an
 * agency's date and minute change only when the UTC minute does.
 */
const WHOLE_MINUTE_OFFSETS_FROM = 315_532_800_000;
/** Per zone, the last UTC minute asked and its moment: a server asks the same minute for every request. */
const lastMoments = new Map<string, { minute: number; moment: AgencyMoment }>();

/** The agency's date, weekday and minute of the day at an instant. Throws RangeError for an unknown zone. */
export function agencyMoment(now: Date | number, timeZone: string): AgencyMoment {
  const instant = typeof now === 'number' ? now : now.getTime();
  if (!Number.isFinite(instant)) throw new RangeError('agencyMoment: invalid instant');
  const minute = Math.floor(instant / 60_000);
  const last = lastMoments.get(timeZone);
  if (last && last.minute === minute && instant >= WHOLE_MINUTE_OFFSETS_FROM) return { ...last.moment };
  const moment = momentOf(instant, timeZone);
  if (instant >= WHOLE_MINUTE_OFFSETS_FROM) lastMoments.set(timeZone, { minute, moment: { ...moment } });
  return moment;
}

function momentOf(instant: number, timeZone: string): AgencyMoment {
  let year = '';
  let month = '';
  let day = '';
  let hour = 0;
  let minute = 0;
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    switch (part.type) {
      case 'year':
        year = part.value;
        break;
      case 'month':
        month = part.value;
        break;
      case 'day':
        day = part.value;
        break;
      case 'hour':
        // Some engines write midnight as '24' even with hourCycle h23.
        hour = Number(part.value) % 24;
        break;
      case 'minute':
        minute = Number(part.value);
        break;
    }
  }
  const date = `${year.padStart(4, '0')}-${month}-${day}`;
  return { date, weekday: weekdayOf(date), minutes: hour * 60 + minute };
}

function utcMs(date: string): number {
  const match = DATE.exec(date);
  if (!match) throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
  // setUTCFullYear rather than Date.UTC, which reads years 0..99 as 1900..1999.
  return new Date(0).setUTCFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Calendar arithmetic: '2026-02-28' + 1 → '2026-03-01'. Never affected by daylight saving. */
export function addDays(date: string, days: number): string {
  return isoDate(utcMs(date) + days * DAY_MS);
}

/** 0 = Sunday .. 6 = Saturday. */
export function weekdayOf(date: string): number {
  return new Date(utcMs(date)).getUTCDay();
}

/** Which occurrence of its weekday a date is in its month (1st..5th), and whether it is the last one. */
export function weekOfMonth(date: string): { nth: 1 | 2 | 3 | 4 | 5; last: boolean } {
  const ms = utcMs(date);
  const at = new Date(ms);
  const dayOfMonth = at.getUTCDate();
  const nth = Math.ceil(dayOfMonth / 7) as 1 | 2 | 3 | 4 | 5;
  const last = new Date(ms + 7 * DAY_MS).getUTCMonth() !== at.getUTCMonth();
  return { nth, last };
}

/**
 * The zone's offset from UTC in hours when it is the same all year (no daylight-saving time), else
 * undefined: HSDS gives `timezone` as one number, which would be wrong for half the year in a zone
 * that changes (docs/decisions/029-open-referral-feed.md).
 */
export function fixedUtcOffset(timeZone: string, year: number): number | undefined {
  const offsetAt = (month: number) => {
    const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(Date.UTC(year, month, 1, 12))
      .find((part) => part.type === 'timeZoneName')?.value;
    const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
    if (!match) return 0;
    return (match[1] === '-' ? -1 : 1) * (Number(match[2]) + Number(match[3]) / 60);
  };
  const winter = offsetAt(0);
  return winter === offsetAt(6) ? winter : undefined;
}
