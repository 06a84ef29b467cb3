import { groupHoursByDay, type HoursInterval, normalizeTime } from './hours.ts';
import { FALLBACK_LANGUAGE, isLanguage, type Language } from './languages.ts';

/**
 * Weekday names and times in the visitor's language (docs/product.md R17), with the platform's Intl data:
 * no locale tables in the bundle. The regional variants are the ones our visitors use: US English,
 * US Spanish (12-hour clock, 'p.m.') and Traditional Chinese as written in San Francisco.
 */
const INTL_LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-US', zh: 'zh-Hant-US' };

/** 'zh-TW' → 'zh-Hant-US', 'es' → 'es-US'; an unknown language falls back to English. */
export function intlLocale(language: string | undefined): string {
  const base = language?.toLowerCase().split('-')[0];
  return INTL_LOCALES[isLanguage(base) ? base : FALLBACK_LANGUAGE];
}

/**
 * The locale lists are written in: Hong Kong's for Chinese ('午餐及晚餐', as the community reads it;
 * the US variant writes '和'), the regional ones otherwise.
 */
export function listLocale(language: string | undefined): string {
  const locale = intlLocale(language);
  return locale.startsWith('zh') ? 'zh-Hant-HK' : locale;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * One Intl.NumberFormat per (locale, options): the first of a locale loads its data (tens of
 * milliseconds on a slow phone), so a list of forty costs and distances makes it once, not forty times.
 */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let cached = numberFormats.get(key);
  if (!cached) {
    cached = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, cached);
  }
  return cached;
}
/**
 * One Intl.DateTimeFormat per (locale, options), in UTC: calendar dates and clock times are built as UTC
 * instants, so the device's zone never shifts them. Every date and time the pages write goes through it.
 */
export function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    formatters.set(key, cached);
  }
  return cached;
}

/**
 * Creates the two formatters a site's hours need. The first Intl formatter of a language loads its
 * locale data — tens of milliseconds on a slow phone — so the browser does this in tasks of its own
 * before hydrating a site page, instead of inside one long render.
 */
export function warmFormatters(language: string | undefined): Array<() => void> {
  const locale = intlLocale(language);
  return [
    () => formatter(locale, { weekday: 'long' }),
    () => formatter(locale, { hour: 'numeric', minute: '2-digit' }),
  ];
}

/** 1 January 2023 was a Sunday: day 0. */
const SUNDAY = Date.UTC(2023, 0, 1);
const DAY_MS = 86_400_000;

/**
 * Weekday 0 (Sunday) to 6 (Saturday) by name, capitalised as a list label ('Lunes', 'Monday', '星期一');
 * `short`: 'Mon', 'Lun', '週一'.
 */
export function weekdayName(
  day: number,
  language: string | undefined,
  width: 'long' | 'short' = 'long',
): string {
  const locale = intlLocale(language);
  const name = formatter(locale, { weekday: width }).format(
    new Date(SUNDAY + (((day % 7) + 7) % 7) * DAY_MS),
  );
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/** 'HH:mm' as the language usually writes a time ('1:30 PM', '1:30 p.m.', '下午1:30'); bad input as is. */
export function formatTime(time: string, language: string | undefined): string {
  const normalized = normalizeTime(time);
  if (!normalized) return time;
  const [hours = 0, minutes = 0] = normalized.split(':').map(Number);
  return formatter(intlLocale(language), { hour: 'numeric', minute: '2-digit' }).format(
    new Date(Date.UTC(2023, 0, 1, hours, minutes)),
  );
}

export function formatInterval(
  interval: Pick<HoursInterval, 'open' | 'close'>,
  language: string | undefined,
) {
  return `${formatTime(interval.open, language)} – ${formatTime(interval.close, language)}`;
}

interface WeekdayHours {
  day: number;
  dayName: string;
  intervals: string[];
}

/** The week as shown on a site page: Monday first, each day once with its intervals in order. */
export function weeklyHours(hours: readonly HoursInterval[], language: string | undefined): WeekdayHours[] {
  return groupHoursByDay(hours).map(({ day, intervals }) => ({
    day,
    dayName: weekdayName(day, language),
    intervals: intervals.map((interval) => formatInterval(interval, language)),
  }));
}

/** The week on one line, as staff screens compare it: 'Monday 11:00 AM – 1:00 PM; Wednesday …'. */
export function hoursOnOneLine(hours: readonly HoursInterval[], language: string | undefined): string {
  return weeklyHours(hours, language)
    .map((day) => `${day.dayName} ${day.intervals.join(', ')}`)
    .join('; ');
}

const zonedFormatters = new Map<string, Intl.DateTimeFormat>();
/**
 * One formatter per (locale, options, zone) for instants — a moment written on the agency's clock
 * ('Nov 24, 2026, 3:05 PM'), never the device's. Dates without a time go through `formatter` (UTC).
 */
function zonedFormatter(locale: string, options: Intl.DateTimeFormatOptions, timeZone: string) {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let cached = zonedFormatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    zonedFormatters.set(key, cached);
  }
  return cached;
}

/** The length of a written date: 'Nov 24, 2026' (short), 'November 24, 2026' (long). */
export type DateLength = 'short' | 'long';

/**
 * An instant (ISO 8601 or ms) on the agency's clock in the reader's language, with the time on the
 * language's own clock (12-hour in English and US Spanish, 下午 in Chinese): 'Nov 24, 2026, 3:05 PM'.
 * `withTime: false` writes the date only; `seconds: true` adds the seconds (a history's entries, which can
 * come a minute apart or less). An unreadable instant is returned as given.
 */
export function formatInstant(
  instant: string | number,
  language: string | undefined,
  timeZone: string,
  options: { length?: DateLength; withTime?: boolean; seconds?: boolean } = {},
): string {
  const time = typeof instant === 'number' ? instant : Date.parse(instant);
  if (Number.isNaN(time)) return String(instant);
  const { length = 'short', withTime = true, seconds = false } = options;
  return zonedFormatter(
    intlLocale(language),
    {
      dateStyle: length === 'long' ? 'long' : 'medium',
      ...(withTime ? { timeStyle: seconds ? 'medium' : 'short' } : {}),
    },
    timeZone,
  ).format(time);
}

/** A calendar date ('YYYY-MM-DD') as staff read it: 'Nov 24, 2026'; with `weekday`, 'Thursday, Nov 26, 2026'. */
/** A month ('YYYY-MM') in words: 'December 2026', 'diciembre de 2026', '2026年12月' (R683). */
export function formatCalendarMonth(month: string, language: string | undefined): string {
  const [y = 1970, m = 1] = month.split('-').map(Number);
  return formatter(intlLocale(language), { year: 'numeric', month: 'long' }).format(
    new Date(Date.UTC(y, m - 1, 1)),
  );
}

export function formatCalendarDate(
  date: string,
  language: string | undefined,
  options: { weekday?: boolean } = {},
): string {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  return formatter(intlLocale(language), {
    ...(options.weekday ? { weekday: 'long' } : {}),
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}
