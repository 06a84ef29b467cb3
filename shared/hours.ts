/** Opening-hours rules shared by the API and the pages (docs/product.md R65). */

/**
 * The weeks of the month an interval can be limited to: the 1st to 4th such weekday of the month, or
 * -1 for the last one (docs/decisions/020-hours-closures-and-agency-time.md). In this order.
 */
export const WEEKS_OF_MONTH = [1, 2, 3, 4, -1] as const;
export type WeekOfMonth = (typeof WEEKS_OF_MONTH)[number];

export interface HoursInterval {
  day: number;
  open: string;
  close: string;
  /** Only in these weeks of the month; absent = every week. */
  weeks?: readonly WeekOfMonth[];
}

/** The given weeks once each, in calendar order (1, 2, 3, 4, then -1 = last). */
export function sortWeeks(weeks: readonly WeekOfMonth[]): WeekOfMonth[] {
  return WEEKS_OF_MONTH.filter((week) => weeks.includes(week));
}

const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;

export function isTime(value: string): boolean {
  return TIME.test(value);
}

/** 'H:mm' or 'HH:mm' → 'HH:mm'. Returns undefined for anything else. */
export function normalizeTime(value: string): string | undefined {
  const match = TIME.exec(value.trim());
  if (!match) return undefined;
  return `${match[1]!.padStart(2, '0')}:${match[2]}`;
}

export function minutesOf(time: string): number {
  const [h = '0', m = '0'] = time.split(':');
  return Number(h) * 60 + Number(m);
}

/** Sorted by day then open time, as stored (Sunday = 0 first). */
export function sortHours<T extends HoursInterval>(hours: readonly T[]): T[] {
  return [...hours].sort((a, b) => a.day - b.day || minutesOf(a.open) - minutesOf(b.open));
}

/** Monday first, Sunday last, each day's intervals by open time (docs/product.md R17). */
export function sortHoursMondayFirst<T extends HoursInterval>(hours: readonly T[]): T[] {
  const mondayFirst = (day: number) => (day + 6) % 7;
  return [...hours].sort(
    (a, b) => mondayFirst(a.day) - mondayFirst(b.day) || minutesOf(a.open) - minutesOf(b.open),
  );
}

/** Groups intervals by weekday, Monday first; days without hours are left out. */
export function groupHoursByDay<T extends HoursInterval>(
  hours: readonly T[],
): { day: number; intervals: T[] }[] {
  const groups: { day: number; intervals: T[] }[] = [];
  for (const interval of sortHoursMondayFirst(hours)) {
    const last = groups.at(-1);
    if (last && last.day === interval.day) last.intervals.push(interval);
    else groups.push({ day: interval.day, intervals: [interval] });
  }
  return groups;
}
