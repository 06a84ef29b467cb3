import { type AgencyMoment, addDays } from './agency-time.ts';
import { minutesOf } from './hours.ts';
import { closuresForSite, nextOpeningAmong, type StatusClosure, type StatusSite } from './opening-status.ts';

/*
 * The next meal one can still reserve (docs/product.md R520): a meal's reservation cut-off on the
 * agency's wall clock, and the earliest upcoming meal whose cut-off is still ahead. The meals come from
 * the status rules' own next opening (opening-status.ts).
 */

/** How a meal is reserved ahead (a site's facts: `reserveHours`, or `reserveDays` by `reserveBy`). */
export interface ReserveAhead {
  reserveHours?: number | undefined;
  reserveDays?: number | undefined;
  reserveBy?: string | undefined;
}

/** The next meal one can still reserve, and until when (agency dates and 'HH:mm' times). */
export interface BookableMeal {
  date: string;
  weekday: number;
  open: string;
  /** The last moment to reserve it: on `byDate` at `byTime`. */
  byDate: string;
  byTime: string;
}

/** How many meals are tried before giving up (a cut-off weeks ahead is not a status). */
const MAX_MEALS_TRIED = 64;

function timeText(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * A meal's reservation cut-off on the agency's wall clock: start − hours; or (start date − days) at
 * `reserveBy`; or start − days × 24 h when no time is given. Undefined when no deadline is known.
 */
export function reservationCutoff(
  meal: { date: string; open: string },
  ahead: ReserveAhead,
): { date: string; time: string } | undefined {
  const start = minutesOf(meal.open);
  if (ahead.reserveHours !== undefined) {
    const total = start - Math.round(ahead.reserveHours * 60);
    const days = Math.floor(total / 1440);
    return { date: addDays(meal.date, days), time: timeText(total - days * 1440) };
  }
  if (ahead.reserveDays === undefined) return undefined;
  return { date: addDays(meal.date, -ahead.reserveDays), time: ahead.reserveBy ?? meal.open };
}

/**
 * The earliest upcoming meal (an interval's start after now) whose reservation cut-off is still ahead,
 * on the agency's clock, with that cut-off (docs/product.md R520). Meals come from nextOpening, so
 * closures, holidays, closing statuses and weeks of the month count exactly as in the status. Null when
 * no deadline is known, or no meal within the look-ahead can still be reserved.
 */
export function nextBookableMeal(
  site: StatusSite,
  closures: readonly StatusClosure[],
  ahead: ReserveAhead,
  moment: AgencyMoment,
): BookableMeal | null {
  if (ahead.reserveHours === undefined && ahead.reserveDays === undefined) return null;
  const applying = closuresForSite(site.id, closures);
  let fromDate = moment.date;
  // A meal that starts this very minute has begun: only the ones after it can be reserved.
  let fromMinutes = moment.minutes + 1;
  for (let tried = 0; tried < MAX_MEALS_TRIED; tried++) {
    const meal = nextOpeningAmong(site, applying, fromDate, fromMinutes);
    if (!meal) return null;
    const cutoff = reservationCutoff(meal, ahead);
    if (!cutoff) return null;
    const stillOpen =
      cutoff.date > moment.date || (cutoff.date === moment.date && minutesOf(cutoff.time) > moment.minutes);
    if (stillOpen) return { ...meal, byDate: cutoff.date, byTime: cutoff.time };
    fromDate = meal.date;
    fromMinutes = minutesOf(meal.open) + 1;
  }
  return null;
}
