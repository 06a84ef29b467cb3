import { type AgencyMoment, addDays, agencyMoment, weekdayOf, weekOfMonth } from './agency-time.ts';
import { minutesOf } from './hours.ts';

/**
 * Whether a site is open at an instant, in the agency's time zone: its weekly hours (some only in certain
 * weeks of the month), the dated closures staff record (one site, several, or all sites) and a covid
 * status that means "closed". The directory must never call a closed site open, so every closure and
 * closing status wins over the hours (docs/decisions/020-hours-closures-and-agency-time.md).
 */

/** 1st..4th occurrence of the weekday in its month, or -1 = the last one (a 5th occurrence matches only -1). */
export type WeekOfMonth = 1 | 2 | 3 | 4 | -1;

/** One interval of a weekday ('HH:mm'); with `weeks`, only in those weeks of the month (absent = every week). */
export interface StatusHours {
  day: number;
  open: string;
  close: string;
  weeks?: readonly WeekOfMonth[];
}

/** Closed from startDate to endDate, both included (endDate null = until further notice). */
export interface StatusClosure {
  id?: number;
  startDate: string;
  endDate: string | null;
  reason: string;
  allSites: boolean;
  siteIds: readonly number[];
}

export interface StatusSite {
  id: number;
  Hours: readonly StatusHours[];
  CovidStatuses?: readonly { name: string; closesSite?: boolean }[];
}

interface NextOpening {
  date: string;
  weekday: number;
  open: string;
}

export type SiteStatus =
  /** Open now, until HH:mm today. */
  | { kind: 'open'; until: string }
  /** Closed now, opens later today at HH:mm. */
  | { kind: 'opens-later'; at: string }
  /** No more hours today; the next opening (null: none in the next 42 days). */
  | { kind: 'closed-today'; next: NextOpening | null }
  /** A dated closure covers today; the next opening after it. */
  | { kind: 'closure'; reason: string; endDate: string; next: NextOpening | null }
  /** An open-ended closure (until null) or a closing covid status (reason = its name). */
  | { kind: 'temporarily-closed'; until: string | null; reason: string | null }
  /** No hours entered: "call for hours" (never "not open today"). */
  | { kind: 'unknown' };

/** How far ahead a next opening is looked for: every monthly pattern recurs within 42 days. */
const LOOKAHEAD_DAYS = 42;

interface ClosureIndex {
  size: number;
  allSites: StatusClosure[];
  bySite: Map<number, StatusClosure[]>;
}

/**
 * Closures indexed by site, once per closures list, so a site's status costs only the closures that apply
 * to it, even for 10,000 sites. Lists are expected to be replaced rather than edited in place (they come
 * from the API); one that grew or shrank in place is indexed again.
 */
const indexes = new WeakMap<readonly StatusClosure[], ClosureIndex>();

function indexOf(closures: readonly StatusClosure[]): ClosureIndex {
  let index = indexes.get(closures);
  if (!index || index.size !== closures.length) {
    index = { size: closures.length, allSites: [], bySite: new Map() };
    for (const closure of closures) {
      if (closure.allSites) {
        index.allSites.push(closure);
        continue;
      }
      for (const siteId of new Set(closure.siteIds)) {
        const list = index.bySite.get(siteId);
        if (list) list.push(closure);
        else index.bySite.set(siteId, [closure]);
      }
    }
    indexes.set(closures, index);
  }
  return index;
}

/** The closures that apply to a site: all-sites ones and those naming it, in the list's order. */
export function closuresForSite(siteId: number, closures: readonly StatusClosure[]): StatusClosure[] {
  const index = indexOf(closures);
  const own = index.bySite.get(siteId);
  if (!own) return [...index.allSites];
  if (index.allSites.length === 0) return [...own];
  const applying = new Set<StatusClosure>([...index.allSites, ...own]);
  return closures.filter((closure) => applying.has(closure));
}

function covers(closure: StatusClosure, date: string): boolean {
  return closure.startDate <= date && (closure.endDate === null || date <= closure.endDate);
}

function closingStatus(site: StatusSite): string | undefined {
  return site.CovidStatuses?.find((status) => status.closesSite === true)?.name;
}

/** Whether an interval applies on a date (its weekday is the interval's, and the week of the month fits). */
function appliesOn(interval: StatusHours, date: string, weekday: number): boolean {
  if (interval.day !== weekday) return false;
  const weeks = interval.weeks;
  // No weeks (or an empty list, which the API refuses) means every week.
  if (!weeks || weeks.length === 0) return true;
  const { nth, last } = weekOfMonth(date);
  return (nth <= 4 && weeks.includes(nth as WeekOfMonth)) || (last && weeks.includes(-1));
}

interface Span {
  open: number;
  close: number;
  openText: string;
  closeText: string;
}

/** The intervals in effect on a date, by opening time; intervals that do not close after they open are ignored. */
function spansOn(hours: readonly StatusHours[], date: string, weekday: number): Span[] {
  const spans: Span[] = [];
  for (const interval of hours) {
    if (!appliesOn(interval, date, weekday)) continue;
    const open = minutesOf(interval.open);
    const close = minutesOf(interval.close);
    if (!(close > open)) continue;
    spans.push({ open, close, openText: interval.open, closeText: interval.close });
  }
  return spans.sort((a, b) => a.open - b.open || a.close - b.close);
}

/**
 * The intervals a site's hours give on a date ('HH:mm' to 'HH:mm', by opening time), weeks of the
 * month respected; what a day's menu says as the meal's time (docs/product.md R660).
 */
export function hoursOn(hours: readonly StatusHours[], date: string): { open: string; close: string }[] {
  return spansOn(hours, date, weekdayOf(date)).map((span) => ({
    open: span.openText,
    close: span.closeText,
  }));
}

export function nextOpeningAmong(
  site: StatusSite,
  applying: readonly StatusClosure[],
  fromDate: string,
  fromMinutes: number,
): NextOpening | null {
  if (site.Hours.length === 0 || closingStatus(site) !== undefined) return null;
  const firstWeekday = weekdayOf(fromDate);
  for (let offset = 0; offset <= LOOKAHEAD_DAYS; offset++) {
    const date = offset === 0 ? fromDate : addDays(fromDate, offset);
    const blocking = applying.find((closure) => covers(closure, date));
    if (blocking) {
      // Until further notice: no opening can be promised.
      if (blocking.endDate === null) return null;
      continue;
    }
    const weekday = (firstWeekday + offset) % 7;
    const span = spansOn(site.Hours, date, weekday).find((s) => offset > 0 || s.open >= fromMinutes);
    if (span) return { date, weekday, open: span.openText };
  }
  return null;
}

/**
 * The first opening at or after fromMinutes on fromDate (an interval starting exactly then counts), or on
 * the days after, within 42 days; days covered by a closure are skipped, weeks of the month respected.
 * Null when none, when a closure until further notice comes first, or when a status closes the site.
 */
export function nextOpening(
  site: StatusSite,
  closures: readonly StatusClosure[],
  fromDate: string,
  fromMinutes: number,
): NextOpening | null {
  return nextOpeningAmong(site, closuresForSite(site.id, closures), fromDate, fromMinutes);
}

/** The status at an agency moment computed once for many sites (see agencyMoment). */
export function siteStatusAt(
  site: StatusSite,
  closures: readonly StatusClosure[],
  moment: AgencyMoment,
): SiteStatus {
  const today = moment.date;
  const index = indexOf(closures);
  const own = index.bySite.get(site.id);
  const applying: readonly StatusClosure[] =
    own === undefined ? index.allSites : index.allSites.length === 0 ? own : [...index.allSites, ...own];

  let openEnded: StatusClosure | undefined;
  let dated: StatusClosure | undefined;
  for (const closure of applying) {
    if (!covers(closure, today)) continue;
    if (closure.endDate === null) {
      openEnded ??= closure;
    } else if (!dated || (dated.endDate !== null && closure.endDate > dated.endDate)) {
      // Of two dated closures covering today, the one lasting longer says when the site reopens.
      dated = closure;
    }
  }
  // A closure's reason is staff's own words for this site, so it is preferred to a status's name.
  if (openEnded) return { kind: 'temporarily-closed', until: null, reason: openEnded.reason };
  const statusName = closingStatus(site);
  if (statusName !== undefined) return { kind: 'temporarily-closed', until: null, reason: statusName };
  if (dated?.endDate) {
    return {
      kind: 'closure',
      reason: dated.reason,
      endDate: dated.endDate,
      next: nextOpeningAmong(site, applying, addDays(dated.endDate, 1), 0),
    };
  }
  if (site.Hours.length === 0) return { kind: 'unknown' };

  const now = moment.minutes;
  const spans = spansOn(site.Hours, today, moment.weekday);
  let current: Span | undefined;
  for (const span of spans) {
    if (span.open <= now && now < span.close && (!current || span.close > current.close)) current = span;
  }
  if (current) {
    // Overlapping or back-to-back intervals: open until the last of them closes.
    let until = current;
    for (const span of spans) if (span.open <= until.close && span.close > until.close) until = span;
    return { kind: 'open', until: until.closeText };
  }
  const later = spans.find((span) => span.open > now);
  if (later) return { kind: 'opens-later', at: later.openText };
  return { kind: 'closed-today', next: nextOpeningAmong(site, applying, addDays(today, 1), 0) };
}

/** A site's status now (an instant) in the agency's time zone. */
export function siteStatus(
  site: StatusSite,
  closures: readonly StatusClosure[],
  now: Date | number,
  timeZone: string,
): SiteStatus {
  return siteStatusAt(site, closures, agencyMoment(now, timeZone));
}

/** Open now or later today. */
export function isOpenToday(status: SiteStatus): boolean {
  return status.kind === 'open' || status.kind === 'opens-later';
}

/** How far ahead the agency's usual holidays are listed with a site (staff's own closures: all of them). */
export const HOLIDAYS_AHEAD_DAYS = 60;

/**
 * The closures of a site from the agency's date `today` on (dated ones and those until further
 * notice), by start date; of the agency's usual holidays (closures made by rule, docs/product.md
 * R440), only the next HOLIDAYS_AHEAD_DAYS days, so a page, its printout and the contact's check are
 * not a year's calendar. The site page, the printouts and the site contact's page all list these.
 */
export function upcomingClosures<C extends StatusClosure>(
  siteId: number,
  closures: readonly C[],
  today: string,
): C[] {
  const holidaysUntil = addDays(today, HOLIDAYS_AHEAD_DAYS);
  return (closuresForSite(siteId, closures) as C[])
    .filter((closure) => closure.endDate === null || closure.endDate >= today)
    .filter((closure) => !('holiday' in closure && closure.holiday) || closure.startDate <= holidaysUntil)
    .sort((a, b) => a.startDate.localeCompare(b.startDate));
}

/**
 * A site's day as paper says it (docs/product.md R491): its status at the start of the agency's date
 * `today` — a closure or closing status of that day, no hours that day, or the day's hours — never
 * the minute's "open now", which a printout cannot keep true.
 */
export function statusOfDay(site: StatusSite, closures: readonly StatusClosure[], today: string): SiteStatus {
  return siteStatusAt(site, closures, { date: today, weekday: weekdayOf(today), minutes: 0 });
}
