import { addDays, weekdayOf } from './agency-time.ts';

/**
 * The agency's holiday calendar (docs/decisions/038-holidays-as-computed-closures.md): the usual US
 * federal holidays plus the day after Thanksgiving, computed by rule, less the ones a deployment works
 * and plus its own fixed-date ones (`AGENCY_HOLIDAYS`). Every occurrence closes every site on its
 * **observed** day — a Saturday holiday on the Friday before, a Sunday one on the Monday after, as the
 * city's offices close — unless staff exempt sites from it. The server merges the occurrences of the
 * next twelve months into the current closures, so the one status rule applies to them.
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

export const USUAL_HOLIDAY_KEYS: readonly HolidayKey[] = [
  'newYear',
  'mlkDay',
  'presidentsDay',
  'memorialDay',
  'juneteenth',
  'independenceDay',
  'laborDay',
  'indigenousPeoplesDay',
  'veteransDay',
  'thanksgiving',
  'dayAfterThanksgiving',
  'christmas',
];

/** A holiday's name in the three languages (docs/glossary.md "holidays"). */
export interface HolidayNames {
  en: string;
  es?: string;
  zh?: string;
}

export const HOLIDAY_NAMES: Record<HolidayKey, Required<HolidayNames>> = {
  newYear: { en: 'New Year’s Day', es: 'Año Nuevo', zh: '元旦' },
  mlkDay: { en: 'Martin Luther King Jr. Day', es: 'Día de Martin Luther King Jr.', zh: '馬丁路德金紀念日' },
  presidentsDay: { en: 'Presidents’ Day', es: 'Día de los Presidentes', zh: '總統日' },
  memorialDay: { en: 'Memorial Day', es: 'Día de los Caídos', zh: '陣亡將士紀念日' },
  juneteenth: { en: 'Juneteenth', es: 'Juneteenth (Día de la Emancipación)', zh: '六月節' },
  independenceDay: { en: 'Independence Day', es: 'Día de la Independencia', zh: '美國獨立紀念日' },
  laborDay: { en: 'Labor Day', es: 'Día del Trabajo', zh: '勞工節' },
  indigenousPeoplesDay: { en: 'Indigenous Peoples’ Day', es: 'Día de los Pueblos Indígenas', zh: '原住民日' },
  veteransDay: { en: 'Veterans Day', es: 'Día de los Veteranos', zh: '退伍軍人節' },
  thanksgiving: { en: 'Thanksgiving Day', es: 'Día de Acción de Gracias', zh: '感恩節' },
  dayAfterThanksgiving: {
    en: 'Day after Thanksgiving',
    es: 'Día después de Acción de Gracias',
    zh: '感恩節翌日',
  },
  christmas: { en: 'Christmas Day', es: 'Navidad', zh: '聖誕節' },
};

const MONDAY = 1;
const THURSDAY = 4;
const SATURDAY = 6;
const SUNDAY = 0;

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

function checkYear(year: number) {
  if (!Number.isInteger(year) || year < 1 || year > 9999) throw new RangeError(`Not a year: ${year}`);
}

/** The year's usual holidays on their actual dates, in date order. */
export function usualHolidays(year: number): { key: HolidayKey; date: string }[] {
  checkYear(year);
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

/** The day offices close for a holiday: Saturday → the Friday before, Sunday → the Monday after. */
export function observedDate(actual: string): string {
  const weekday = weekdayOf(actual);
  if (weekday === SATURDAY) return addDays(actual, -1);
  if (weekday === SUNDAY) return addDays(actual, 1);
  return actual;
}

/** A deployment's own holiday on a fixed month and day every year (`AGENCY_HOLIDAYS`). */
export interface FixedHoliday {
  /** `fixed-MM-DD`. */
  key: string;
  month: number;
  day: number;
  names: HolidayNames;
}

/** Which holidays the agency keeps: the usual ones less `remove`, plus `add`. */
export interface HolidayRules {
  remove: readonly HolidayKey[];
  add: readonly FixedHoliday[];
}

export const USUAL_HOLIDAY_RULES: HolidayRules = { remove: [], add: [] };

/** One holiday on one observed day. */
export interface HolidayOccurrence {
  /** A usual holiday's key, or `fixed-MM-DD` for a deployment's own. */
  key: string;
  /** The day the sites close (the observed day), 'YYYY-MM-DD'. */
  date: string;
  /** The holiday's own date, when it falls on a weekend and is observed on another day. */
  actualDate: string;
  names: HolidayNames;
}

function isUsualKey(key: string): key is HolidayKey {
  return (USUAL_HOLIDAY_KEYS as readonly string[]).includes(key);
}

/** The name of an occurrence's holiday in one language (English when the language has none). */
export function holidayName(names: HolidayNames, language: string): string {
  return (language === 'es' ? names.es : language === 'zh' ? names.zh : undefined) || names.en;
}

/** The names of a holiday key under the rules ('' for a key the rules do not know). */
export function namesOfHoliday(key: string, rules: HolidayRules = USUAL_HOLIDAY_RULES): HolidayNames {
  if (isUsualKey(key)) return HOLIDAY_NAMES[key];
  return rules.add.find((holiday) => holiday.key === key)?.names ?? { en: '' };
}

/**
 * The occurrences whose observed day is from `from` (included) for `days` days, in date order (ties by
 * key). Occurrences of the years around are included, so New Year's Day on a Saturday closes the
 * Friday before, in the old year.
 */
export function holidayCalendar(from: string, days = 365, rules: HolidayRules = USUAL_HOLIDAY_RULES) {
  const until = addDays(from, days);
  const first = Number(from.slice(0, 4));
  const last = Number(until.slice(0, 4));
  const occurrences: HolidayOccurrence[] = [];
  for (let year = first - 1; year <= last + 1; year++) {
    if (year < 1 || year > 9999) continue;
    const actual: { key: string; date: string; names: HolidayNames }[] = [
      ...usualHolidays(year)
        .filter((holiday) => !rules.remove.includes(holiday.key))
        .map((holiday) => ({ ...holiday, names: HOLIDAY_NAMES[holiday.key] })),
      ...rules.add
        .filter((holiday) => holiday.month !== 2 || holiday.day !== 29 || isLeap(year))
        .map((holiday) => ({
          key: holiday.key,
          date: date(year, holiday.month, holiday.day),
          names: holiday.names,
        })),
    ];
    for (const holiday of actual) {
      const observed = observedDate(holiday.date);
      if (observed < from || observed >= until) continue;
      occurrences.push({ key: holiday.key, date: observed, actualDate: holiday.date, names: holiday.names });
    }
  }
  return occurrences.sort((a, b) =>
    a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.key < b.key ? -1 : a.key > b.key ? 1 : 0,
  );
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Reads `AGENCY_HOLIDAYS`: entries separated by `;`. `-key` removes a usual holiday (e.g.
 * `-dayAfterThanksgiving`); `MM-DD English name | Spanish name | Chinese name` adds a holiday on that
 * day every year (the Spanish and Chinese names are optional). Returns the rules, or the problems.
 */
export function parseHolidayRules(text: string): { rules: HolidayRules } | { errors: string[] } {
  const remove: HolidayKey[] = [];
  const add: FixedHoliday[] = [];
  const errors: string[] = [];
  for (const raw of text.split(';')) {
    const entry = raw.trim();
    if (!entry) continue;
    if (entry.startsWith('-')) {
      const key = entry.slice(1).trim();
      if (isUsualKey(key)) remove.push(key);
      else errors.push(`"${entry}": ${key} is not one of ${USUAL_HOLIDAY_KEYS.join(', ')}`);
      continue;
    }
    const match = /^(\d{2})-(\d{2})\s+(.+)$/.exec(entry);
    const month = Number(match?.[1]);
    const day = Number(match?.[2]);
    if (!match || month < 1 || month > 12 || day < 1 || day > DAYS_IN_MONTH[month - 1]!) {
      errors.push(
        `"${entry}": write -key to remove a usual holiday or "MM-DD Name | Nombre | 名稱" to add one`,
      );
      continue;
    }
    const [en = '', es, zh] = match[3]!.split('|').map((name) => name.trim());
    if (!en || en.length > 100) {
      errors.push(`"${entry}": the English name must be 1 to 100 characters`);
      continue;
    }
    const key = `fixed-${match[1]}-${match[2]}`;
    if (add.some((holiday) => holiday.key === key)) {
      errors.push(`"${entry}": ${match[1]}-${match[2]} is given twice`);
      continue;
    }
    add.push({ key, month, day, names: { en, ...(es && { es }), ...(zh && { zh }) } });
  }
  return errors.length ? { errors } : { rules: { remove, add } };
}
