import { type HoursInterval, minutesOf, sortWeeks, WEEKS_OF_MONTH, type WeekOfMonth } from './hours.ts';
import { readHoursText } from './hours-reading.ts';

/**
 * Opening hours as people write them in a spreadsheet, and back (docs/product.md R232):
 * "Mon–Fri 11:30–13:30; Sat 9:00–12:00", "1st & 3rd Wed 11:00–13:00", "Tue 11:30am–1pm", "Closed".
 * `formatHoursText` writes exactly the form `parseHoursText` reads, so an export imports unchanged.
 */

const DAY_ABBREVIATIONS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
/** Monday first, as the pages show a week (docs/product.md R17). */
const MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0] as const;

const WEEK_LABELS: Record<WeekOfMonth, string> = { 1: '1st', 2: '2nd', 3: '3rd', 4: '4th', [-1]: 'last' };

export type HoursTextResult = { ok: true; hours: HoursInterval[] } | { ok: false };

/**
 * Reads hours as written (shared/hours-reading.ts has the reader, with what it guessed and why it
 * refused): `{ok: false}` for anything it cannot read. Whether each range closes after it opens is
 * left to the site schema (which reports `close_not_after_open`).
 */
export function parseHoursText(text: string | null | undefined): HoursTextResult {
  const reading = readHoursText(text);
  return reading.ok ? { ok: true, hours: reading.hours } : { ok: false };
}

/** True when `text` is already written as `formatHoursText` writes its hours (nothing to say about it). */
export function isCanonicalHoursText(
  text: string | null | undefined,
  hours: readonly HoursInterval[],
): boolean {
  const written = (text ?? '').trim();
  return written === formatHoursText(hours) || (!hours.length && /^closed\.?$/i.test(written));
}

/** "09:00" → "9:00" (the way people write it; the import reads both). */
const shortTime = (time: string) => time.replace(/^0(\d)/, '$1');

/** Days as "Mon–Fri", "Mon, Wed, Fri" or "Mon–Wed, Fri": runs of three or more become a range. */
function formatDays(days: readonly number[]): string {
  const indexes = days.map((day) => MONDAY_FIRST.indexOf(day as never)).sort((a, b) => a - b);
  const runs: number[][] = [];
  for (const index of indexes) {
    const run = runs.at(-1);
    if (run && run.at(-1) === index - 1) run.push(index);
    else runs.push([index]);
  }
  return runs
    .flatMap((run) => {
      const names = run.map((index) => DAY_ABBREVIATIONS[MONDAY_FIRST[index]!]);
      return run.length >= 3 ? [`${names[0]}–${names.at(-1)}`] : names;
    })
    .join(', ');
}

function formatWeeks(weeks: readonly WeekOfMonth[]): string {
  const labels = sortWeeks(weeks).map((week) => WEEK_LABELS[week]);
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} & ${labels.at(-1)}`;
}

/**
 * The hours as text: days with the same ranges (and weeks) share a part, parts Monday first.
 * No hours → "" (the import reads empty and "Closed" alike).
 */
export function formatHoursText(hours: readonly HoursInterval[]): string {
  // day + weeks → that day's ranges in those weeks
  const byDay = new Map<string, { day: number; weeks?: readonly WeekOfMonth[]; ranges: string[] }>();
  const sorted = [...hours].sort((a, b) => a.day - b.day || minutesOf(a.open) - minutesOf(b.open));
  for (const interval of sorted) {
    const weeks = interval.weeks?.length ? sortWeeks(interval.weeks) : undefined;
    const key = `${interval.day}|${weeks?.join(',') ?? ''}`;
    const entry = byDay.get(key) ?? { day: interval.day, weeks, ranges: [] };
    entry.ranges.push(`${shortTime(interval.open)}–${shortTime(interval.close)}`);
    byDay.set(key, entry);
  }
  // weeks + ranges → the days that have exactly them
  const parts = new Map<string, { days: number[]; weeks?: readonly WeekOfMonth[]; ranges: string }>();
  for (const { day, weeks, ranges } of byDay.values()) {
    const text = ranges.join(', ');
    const key = `${weeks?.join(',') ?? ''}|${text}`;
    const part = parts.get(key) ?? { days: [], weeks, ranges: text };
    part.days.push(day);
    parts.set(key, part);
  }
  const order = (part: { days: number[]; weeks?: readonly WeekOfMonth[] }) =>
    Math.min(...part.days.map((day) => MONDAY_FIRST.indexOf(day as never))) * 10 +
    (part.weeks ? WEEKS_OF_MONTH.indexOf(part.weeks[0]!) + 1 : 0);
  return [...parts.values()]
    .sort((a, b) => order(a) - order(b))
    .map((part) => {
      const weeks = part.weeks ? `${formatWeeks(part.weeks)} ` : '';
      return `${weeks}${formatDays(part.days)} ${part.ranges}`;
    })
    .join('; ');
}
