/**
 * The next meal one can still reserve and its cut-off, added to a status in words (docs/product.md
 * R520–R521; namespace 'facts', keys reserveStatus, reserveDay.*, reserveNext.*).
 */
import type { TFunction } from 'i18next';
import { formatOpeningDay, weekdayWord } from '#client/lib/agency-clock.ts';
import type { StatusWords } from '#client/lib/status-words.ts';
import { type AgencyMoment, addDays } from '#shared/agency-time.ts';
import { formatTime } from '#shared/format-hours.ts';
import type { SiteStatus, StatusClosure, StatusSite } from '#shared/opening-status.ts';
import { type BookableMeal, nextBookableMeal } from '#shared/reservation-status.ts';

/** What a site's facts say about reserving its meals (SiteFacts' reservation fields). */
interface ReserveFacts {
  reservation?: string | undefined;
  reserveHours?: number | undefined;
  reserveDays?: number | undefined;
  reserveBy?: string | undefined;
}

/**
 * The next meal one can still reserve, where a reservation is required (docs/product.md R520); null
 * when none is required, no deadline is known or no meal can still be booked.
 */
export function bookableMeal(
  site: StatusSite,
  facts: ReserveFacts | null | undefined,
  closures: readonly StatusClosure[],
  moment: AgencyMoment,
): BookableMeal | null {
  if (facts?.reservation !== 'required') return null;
  return nextBookableMeal(site, closures, facts, moment);
}

/** The day of a cut-off or a meal in a sentence: 'today', 'tomorrow', 'on Tuesday', 'on Thu, Dec 10'. */
function reserveDay(date: string, today: string, t: TFunction, language: string | undefined): string {
  if (date === today) return t('facts:reserveDay.today');
  if (date === addDays(today, 1)) return t('facts:reserveDay.tomorrow');
  const within = date <= addDays(today, 6);
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  const weekday = within
    ? weekdayWord(new Date(Date.UTC(year, month - 1, day)).getUTCDay(), language)
    : formatOpeningDay(date, today, language);
  return t('facts:reserveDay.weekday', { weekday });
}

/** The meal a status already names as the next opening, if any. */
function namedOpening(status: SiteStatus, today: string): { date: string; open: string } | null {
  switch (status.kind) {
    case 'opens-later':
      return { date: today, open: status.at };
    case 'closed-today':
    case 'closure':
      return status.next;
    default:
      return null;
  }
}

/**
 * A status with the reservation's cut-off after it (docs/product.md R521): 'Closed now · opens Wed
 * 11:30 AM · call by 1:00 PM today to reserve'. When the status's next opening is past its cut-off, or
 * the site is open now, the meal one can still book is named: '… · for Thu 11:30 AM, call by 1:00 PM
 * tomorrow to reserve'. The meal is said once: never named again when the status already names it.
 */
export function withReservation(
  words: StatusWords,
  status: SiteStatus,
  meal: BookableMeal | null,
  today: string,
  t: TFunction,
  language: string | undefined,
): StatusWords {
  if (!meal) return words;
  const time = formatTime(meal.byTime, language);
  const day = reserveDay(meal.byDate, today, t, language);
  const named = namedOpening(status, today);
  const same = named !== null && named.date === meal.date && named.open === meal.open;
  // Spanish says "la 1:00" but "las 2:00" (as the facts' own deadlines do).
  const context = Number(meal.byTime.slice(0, 2)) % 12 === 1 ? 'one_oclock' : undefined;
  const reserve = same
    ? t('facts:reserveStatus', { time, day, context })
    : t('facts:reserveNext.status', {
        time,
        day,
        context,
        meal: t('facts:reserveNext.meal', {
          day:
            meal.date === today
              ? t('facts:reserveNext.today')
              : meal.date === addDays(today, 1)
                ? t('facts:reserveNext.tomorrow')
                : formatOpeningDay(meal.date, today, language),
          time: formatTime(meal.open, language),
          context: Number(meal.open.slice(0, 2)) % 12 === 1 ? 'one_oclock' : undefined,
        }),
      });
  const second = t('common:status.joined', { first: '', second: reserve });
  return {
    text: words.text + second,
    ...(words.reason ? { reason: { ...words.reason, after: words.reason.after + second } } : {}),
  };
}
