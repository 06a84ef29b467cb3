/**
 * A site's status in words (namespace 'common', keys status.*), with a closure's reason in its own
 * language: describeStatus writes the status, reasonIn finds the reason's translation.
 */
import type { TFunction } from 'i18next';
import { formatOpeningDay } from '#client/lib/agency-clock.ts';
import type { LocalizedText } from '#client/lib/localized.tsx';
import { formatTime, intlLocale } from '#shared/format-hours.ts';
import type { SiteStatus, StatusClosure } from '#shared/opening-status.ts';
import { localized, type Translations } from '#shared/translations.ts';

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
