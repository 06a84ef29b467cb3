/**
 * The agency's clock: every "now", "today" and date a visitor sees is the agency's (its time zone,
 * `agencyTimeZone` in the page's config), never the device's. The clock is read only in the browser,
 * after hydration, and ticks once a minute while the page is open, so a page left open on a kiosk
 * says "Closed now" on its own when the lunch service ends. Server-rendered (and cached) HTML carries
 * no status at all: see docs/decisions/021-status-on-rendered-pages.md.
 */
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, useSyncExternalStore } from 'react';
import { api } from '#client/lib/api.ts';
import { appData } from '#client/lib/app-data.ts';
import type { LocalizedText } from '#client/lib/localized.tsx';
import { addDays, agencyMoment, DEFAULT_AGENCY_TIME_ZONE } from '#shared/agency-time.ts';
import { apiPaths } from '#shared/api-paths.ts';
import { preloadKeys } from '#shared/app-data.ts';
import { formatTime, formatter, intlLocale } from '#shared/format-hours.ts';
import {
  isOpenToday,
  type SiteStatus,
  type StatusClosure,
  type StatusSite,
  siteStatusAt,
} from '#shared/opening-status.ts';
import { localized, type Translations } from '#shared/translations.ts';

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

/**
 * The current minute, re-evaluated every minute; null on the server and during hydration (the page's
 * first browser render must match the server's HTML), known right after.
 */
function useAgencyNow(): number | null {
  return useSyncExternalStore<number | null>(subscribe, currentMinute, serverMinute);
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

/** Whether each site is open now and open (or still to open) today, for the opening filter. */
export interface Opening {
  now: boolean;
  today: boolean;
}

export interface Statuses {
  /** The agency's date ('YYYY-MM-DD') the statuses were computed for. */
  today: string;
  /** The closures the statuses were computed with (their reasons' translations). */
  closures: readonly StatusClosure[];
  byId: ReadonlyMap<number, SiteStatus>;
  opening: (id: number) => Opening | undefined;
}

/**
 * Every site's status at one agency moment: computed once per (sites, closures, minute), not per row
 * or per filter change. Linear in the number of sites (each site looks only at its own closures).
 */
export function computeStatuses(
  sites: readonly StatusSite[],
  closures: readonly StatusClosure[],
  now: number,
  timeZone: string,
): Statuses {
  // One agency moment for the whole list (reading the zone's clock is the costly part).
  const moment = agencyMoment(now, timeZone);
  const today = moment.date;
  const byId = new Map<number, SiteStatus>();
  for (const site of sites) byId.set(site.id, siteStatusAt(site, closures, moment));
  const openings = new Map<number, Opening>();
  return {
    today,
    closures,
    byId,
    opening: (id) => {
      let known = openings.get(id);
      if (!known) {
        const status = byId.get(id);
        if (!status) return undefined;
        known = { now: status.kind === 'open', today: isOpenToday(status) };
        openings.set(id, known);
      }
      return known;
    },
  };
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
    return { status: siteStatusAt(site, closures, moment), today: moment.date, closures };
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

/** A calendar date ('YYYY-MM-DD') with its year, as a printed page dates itself: 'November 24, 2026'. */
export function formatFullDate(date: string, language: string | undefined): string {
  return dateFormat(language, { year: 'numeric', month: 'long', day: 'numeric' }).format(utcDate(date));
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

/** A closure as the API answers it: its reason may have Spanish and Chinese translations. */
type TranslatedClosure = StatusClosure & { translations?: Translations<'reason'> };
type TranslatedStatus = { name: string; translations?: Translations<'name'> };

const reasonsCache = new WeakMap<readonly StatusClosure[], Map<string, Map<string, LocalizedText>>>();

/** The closures' reasons in `language`, by their English text: built once per (closures, language). */
function closureReasons(closures: readonly StatusClosure[], language: string): Map<string, LocalizedText> {
  let byLanguage = reasonsCache.get(closures);
  if (!byLanguage) {
    byLanguage = new Map();
    reasonsCache.set(closures, byLanguage);
  }
  let reasons = byLanguage.get(language);
  if (!reasons) {
    reasons = new Map();
    for (const closure of closures as readonly TranslatedClosure[]) {
      const text = localized(closure, 'reason', language);
      if (text.lang !== 'en' || !reasons.has(closure.reason)) reasons.set(closure.reason, text);
    }
    byLanguage.set(language, reasons);
  }
  return reasons;
}

/**
 * A status's reason in `language` and the language it is written in: the translation of the closure it
 * comes from, or of the site's covid status that closes it (its name is the reason); the English text
 * (lang 'en') when there is none.
 */
export function reasonIn(
  reason: string,
  language: string | undefined,
  closures: readonly StatusClosure[],
  covidStatuses: readonly TranslatedStatus[] = [],
): LocalizedText {
  const lng = intlLocale(language).split('-')[0]!;
  if (lng === 'en') return { text: reason, lang: 'en' };
  const fromClosure = closureReasons(closures, lng).get(reason);
  if (fromClosure !== undefined) return fromClosure;
  const status = covidStatuses.find((item) => item.name === reason);
  return status
    ? localized(status as TranslatedStatus & { name: string }, 'name', lng)
    : { text: reason, lang: 'en' };
}

/** A status in words, with the place of its reason (if any) so the reason can carry its own language. */
export interface StatusWords {
  /** The whole status as plain text: 'Cerrado hoy: Thanksgiving · abre jue, 3 de dic a las 11:30 a.m.'. */
  text: string;
  /** The reason inside it: the words before it, the reason and its language, the words after it. */
  reason?: { before: string; value: LocalizedText; after: string };
}

/** Stands for the reason while the sentence is translated; a private-use character no text contains. */
const REASON_MARK = '\uE000';

/**
 * A status in words (namespace 'common', keys status.*): 'Open now · until 1:30 PM', 'Opens today at
 * 11:30 AM', 'Closed now · opens Tue 11:30 AM', 'Closed today: Thanksgiving', 'Temporarily closed',
 * 'Call for hours'. `withReason` adds a temporary closure's reason (the site page).
 */
export function describeStatus(
  status: SiteStatus,
  today: string,
  t: TFunction<'common'>,
  language: string | undefined,
  {
    withReason = false,
    reason = (text) => ({ text, lang: 'en' }),
  }: {
    withReason?: boolean;
    /** The reason in the page's language (reasonIn). */
    reason?: (text: string) => LocalizedText;
  } = {},
): StatusWords {
  const words = describeWithMark(status, today, t, language, withReason);
  const at = words.indexOf(REASON_MARK);
  const own = status.kind === 'closure' || status.kind === 'temporarily-closed' ? status.reason : null;
  if (at < 0 || !own) return { text: words };
  const value = reason(own);
  const before = words.slice(0, at);
  const after = words.slice(at + REASON_MARK.length);
  return { text: before + value.text + after, reason: { before, value, after } };
}

/** Whether a reason says no more than the status's name, in the page's language or in English. */
function isStatusName(reason: string, name: string, t: TFunction<'common'>): boolean {
  const plain = (text: string) =>
    text
      .trim()
      .toLocaleLowerCase()
      .replace(/[.!]+$/, '');
  const said = plain(reason);
  return said === plain(name) || said === plain(t('status.temporarilyClosed', { lng: 'en' }));
}

function describeWithMark(
  status: SiteStatus,
  today: string,
  t: TFunction<'common'>,
  language: string | undefined,
  withReason: boolean,
): string {
  const time = (value: string) => formatTime(value, language);
  const opens = (next: { date: string; open: string } | null) =>
    next
      ? t('status.opens', { day: formatOpeningDay(next.date, today, language), time: time(next.open) })
      : '';
  const joined = (first: string, second: string) => (second ? t('status.joined', { first, second }) : first);
  switch (status.kind) {
    case 'open':
      return t('status.open', { time: time(status.until) });
    case 'opens-later':
      return t('status.opensLater', { time: time(status.at) });
    case 'closed-today':
      return status.next ? joined(t('status.closedNow'), opens(status.next)) : t('status.closedToday');
    case 'closure':
      return joined(t('status.closure', { reason: REASON_MARK }), opens(status.next));
    case 'temporarily-closed':
      // A reason that is only the status's own name ("Temporarily closed") is not said twice.
      return withReason && status.reason && !isStatusName(status.reason, t('status.temporarilyClosed'), t)
        ? t('status.temporarilyClosedBecause', { reason: REASON_MARK })
        : t('status.temporarilyClosed');
    default:
      return t('status.unknown');
  }
}
