import { addDays, weekdayOf } from './agency-time.ts';

/**
 * The agency's usual holidays (the US federal ones plus the day after Thanksgiving), computed by rule for
 * a year, for staff to review and record as all-sites closures. Actual dates: a holiday on a weekend is
 * not moved to a Friday or Monday (meal sites closed on the observed day are recorded by hand).
 */
export type HolidayKey =
  | 'newYear'
  | 'mlkDay'
  | 'presidentsDay'
  | 'memorialDay'
  | 'juneteenth'
  | 'independenceDay'
  | 'laborDay'
  | 'indigenousPeoplesDay'
  | 'veteransDay'
  | 'thanksgiving'
  | 'dayAfterThanksgiving'
  | 'christmas';

const MONDAY = 1;
const THURSDAY = 4;

function date(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The nth (1-based) given weekday of a month. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): string {
  const first = date(year, month, 1);
  const offset = (weekday - weekdayOf(first) + 7) % 7;
  return addDays(first, offset + (nth - 1) * 7);
}

/** The last given weekday of a month. */
function lastWeekday(year: number, month: number, weekday: number): string {
  const lastDay = addDays(month === 12 ? date(year + 1, 1, 1) : date(year, month + 1, 1), -1);
  return addDays(lastDay, -((weekdayOf(lastDay) - weekday + 7) % 7));
}

/** The year's usual holidays, in date order. */
export function usualHolidays(year: number): { key: HolidayKey; date: string }[] {
  if (!Number.isInteger(year) || year < 1 || year > 9999) throw new RangeError(`Not a year: ${year}`);
  const thanksgiving = nthWeekday(year, 11, THURSDAY, 4);
  const holidays: { key: HolidayKey; date: string }[] = [
    { key: 'newYear', date: date(year, 1, 1) },
    { key: 'mlkDay', date: nthWeekday(year, 1, MONDAY, 3) },
    { key: 'presidentsDay', date: nthWeekday(year, 2, MONDAY, 3) },
    { key: 'memorialDay', date: lastWeekday(year, 5, MONDAY) },
    { key: 'juneteenth', date: date(year, 6, 19) },
    { key: 'independenceDay', date: date(year, 7, 4) },
    { key: 'laborDay', date: nthWeekday(year, 9, MONDAY, 1) },
    { key: 'indigenousPeoplesDay', date: nthWeekday(year, 10, MONDAY, 2) },
    { key: 'veteransDay', date: date(year, 11, 11) },
    { key: 'thanksgiving', date: thanksgiving },
    { key: 'dayAfterThanksgiving', date: addDays(thanksgiving, 1) },
    { key: 'christmas', date: date(year, 12, 25) },
  ];
  return holidays.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
