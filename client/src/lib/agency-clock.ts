/**
 * The agency's clock: every "now", "today" and date a visitor sees is the agency's (its time zone,
 * `agencyTimeZone` in the page's config), never the device's. The clock is read only in the browser,
 * after hydration, and ticks once a minute while the page is open, so a page left open on a kiosk
 * says "Closed now" on its own when the lunch service ends. Server-rendered (and cached) HTML carries
 * no status at all: see docs/decisions/021-status-on-rendered-pages.md.
 *
 * Here: the minute timer and the hooks that read it (useAgencyToday, useStatuses, useSiteStatus), the
 * closures they need, and the agency's calendar dates in words (formatLongDate, formatOpeningDay, …).
 * The statuses themselves are computed in site-statuses.ts and written in words in status-words.ts
 * and reservation-words.ts. (The dates in a module of their own became a chunk of their own in the
 * public pages' first bundle, half a kilobyte more: they stay here.)
 */
import { useQuery } from '@tanstack/react-query';
import { startTransition, useEffect, useMemo, useState } from 'react';
import { api } from '#client/lib/api.ts';
import { appData } from '#client/lib/app-data.ts';
import { type AgencyMoment, addDays, agencyMoment, DEFAULT_AGENCY_TIME_ZONE } from '#shared/agency-time.ts';
import { apiPaths } from '#shared/api-paths.ts';
import { preloadKeys } from '#shared/app-data.ts';
import { formatter, intlLocale } from '#shared/format-hours.ts';
import {
  type SiteStatus,
  type StatusClosure,
  type StatusSite,
  siteStatusAt,
} from '#shared/opening-status.ts';
import { computeStatuses, type Statuses } from '#shared/site-statuses.ts';

/** The agency's IANA time zone, from the page's configuration. */
export function agencyTimeZone(): string {
  return appData().config.agencyTimeZone || DEFAULT_AGENCY_TIME_ZONE;
}

const MINUTE = 60_000;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

/** The current minute (ms since the epoch, rounded down): stable for a minute, so renders agree. */
function currentMinute(): number {
  return Math.floor(Date.now() / MINUTE) * MINUTE;
}

/** One timer for the whole page, set to the next minute boundary while anything listens. */
function schedule() {
  clearTimeout(timer);
  if (listeners.size === 0) return;
  timer = setTimeout(
    () => {
      for (const listener of [...listeners]) listener();
      schedule();
    },
    MINUTE - (Date.now() % MINUTE) + 5,
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) schedule();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) clearTimeout(timer);
  };
}

/**
 * Null on the server and while hydrating (so cached HTML makes no claim about "now"), except on a
 * page rendered for one request at a known minute (a /sites page with choices, docs/product.md R136).
 */
const serverMinute = () => appData().config.renderedAt ?? null;

/** Set once the page's first render has committed: a screen mounted after that reads the clock at once. */
let hydrated = false;

/** For tests, where each test is a new page whose first render is like the server's. */
export function forgetFirstRender() {
  hydrated = false;
}

/**
 * The current minute, re-evaluated every minute; null on the server and during hydration (the page's
 * first browser render must match the server's HTML), known right after. The minute arrives as a
 * transition: React then renders every row's status in slices that yield to the browser, where a
 * store read (useSyncExternalStore) would redo the whole list in one task that holds up a tap
 * (docs/decisions/076-work-after-hydration.md).
 */
function useAgencyNow(): number | null {
  const [now, setNow] = useState<number | null>(() => (hydrated ? currentMinute() : serverMinute()));
  useEffect(() => {
    hydrated = true;
    const update = () => startTransition(() => setNow(currentMinute()));
    update();
    return subscribe(update);
  }, []);
  return now;
}

/** The agency's date now ('YYYY-MM-DD'), renewed every minute; null on the server and while hydrating. */
export function useAgencyToday(): string | null {
  const now = useAgencyNow();
  return useMemo(() => (now === null ? null : agencyMoment(now, agencyTimeZone()).date), [now]);
}

/** GET /api/closures: current and upcoming closures (the server embeds them in public pages). */
export function useClosures() {
  return useQuery({
    queryKey: preloadKeys.closures,
    queryFn: ({ signal }) => api<StatusClosure[]>(apiPaths.closures, { signal }),
  });
}

/**
 * The statuses of these sites on the agency's clock, or null while they cannot be known: on the server,
 * during hydration, and while the closures are loading or failed to load (a status that ignored a
 * holiday closure would send someone to a locked door, so none is shown instead).
 */
export function useStatuses(sites: readonly StatusSite[] | undefined): Statuses | null {
  const now = useAgencyNow();
  const closures = useClosures().data;
  return useMemo(
    () =>
      now === null || !closures || !sites ? null : computeStatuses(sites, closures, now, agencyTimeZone()),
    [sites, closures, now],
  );
}

/** A site's status and the agency's date it is for. */
export interface KnownStatus {
  status: SiteStatus;
  today: string;
  /** The agency's moment it was computed at (for a reservation's cut-off). */
  moment: AgencyMoment;
  /** The closures it was computed with (their reasons' translations). */
  closures: readonly StatusClosure[];
}

/** One site's status (the site page, a map popup), with the agency's date it is for. */
export function useSiteStatus(site: StatusSite): KnownStatus | null {
  const now = useAgencyNow();
  const closures = useClosures().data;
  return useMemo(() => {
    if (now === null || !closures) return null;
    const moment = agencyMoment(now, agencyTimeZone());
    return { status: siteStatusAt(site, closures, moment), today: moment.date, moment, closures };
  }, [site, closures, now]);
}

/** Calendar dates are formatted as UTC midnights (shared/format-hours.ts): the device's zone never shifts them. */
function dateFormat(language: string | undefined, options: Intl.DateTimeFormatOptions) {
  return formatter(intlLocale(language), options);
}

function utcDate(date: string): Date {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day));
}

/** A calendar date ('YYYY-MM-DD') as a long date: 'Thursday, November 26'. */
export function formatLongDate(date: string, language: string | undefined): string {
  return dateFormat(language, { weekday: 'long', month: 'long', day: 'numeric' }).format(utcDate(date));
}

/**
 * A calendar date ('YYYY-MM-DD') with its weekday and year, as a printed page dates itself: 'Thursday,
 * November 26, 2026' (the weekday says which day its "today" is, docs/product.md R491).
 */
export function formatFullDate(date: string, language: string | undefined): string {
  return dateFormat(language, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(
    utcDate(date),
  );
}

/**
 * The day of a next opening: its weekday within the coming week ('Tue'; Chinese as '星期二'), the date
 * beyond it ('Thu, Dec 3').
 */
export function formatOpeningDay(date: string, today: string, language: string | undefined): string {
  const chinese = intlLocale(language).startsWith('zh');
  const withinWeek = date <= addDays(today, 6);
  const options: Intl.DateTimeFormatOptions = withinWeek
    ? { weekday: chinese ? 'long' : 'short' }
    : { weekday: 'short', month: 'short', day: 'numeric' };
  return dateFormat(language, options).format(utcDate(date));
}

/** A weekday (0 = Sunday) as the language writes it inside a sentence: 'Tuesday', 'martes', '星期二'. */
export function weekdayWord(day: number, language: string | undefined): string {
  // 4 January 2026 was a Sunday.
  return dateFormat(language, { weekday: 'long' }).format(
    new Date(Date.UTC(2026, 0, 4 + (((day % 7) + 7) % 7))),
  );
}
