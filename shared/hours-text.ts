import {
  type HoursInterval,
  minutesOf,
  normalizeTime,
  sortWeeks,
  WEEKS_OF_MONTH,
  type WeekOfMonth,
} from './hours.ts';

/**
 * Opening hours as people write them in a spreadsheet, and back (docs/product.md R232):
 * "Mon–Fri 11:30–13:30; Sat 9:00–12:00", "1st & 3rd Wed 11:00–13:00", "Tue 11:30am–1pm", "Closed".
 * `formatHoursText` writes exactly the form `parseHoursText` reads, so an export imports unchanged.
 */

const DAY_ABBREVIATIONS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
/** Monday first, as the pages show a week (docs/product.md R17). */
const MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0] as const;

const DAY_WORDS: Record<string, number> = {};
for (const [day, names] of [
  ['sun', 'sunday', 'su'],
  ['mon', 'monday', 'mo'],
  ['tue', 'tues', 'tuesday', 'tu'],
  ['wed', 'weds', 'wednesday', 'we'],
  ['thu', 'thur', 'thurs', 'thursday', 'th'],
  ['fri', 'friday', 'fr'],
  ['sat', 'saturday', 'sa'],
].entries()) {
  for (const name of names) DAY_WORDS[name] = day;
}

const WEEK_WORDS: Record<string, WeekOfMonth> = {
  '1st': 1,
  first: 1,
  '2nd': 2,
  second: 2,
  '3rd': 3,
  third: 3,
  '4th': 4,
  fourth: 4,
  last: -1,
};
const WEEK_LABELS: Record<WeekOfMonth, string> = { 1: '1st', 2: '2nd', 3: '3rd', 4: '4th', [-1]: 'last' };

const TIME = String.raw`\d{1,2}(?:[:.]\d{2})?\s*(?:[ap]\.?m\.?)?`;
const DASH = String.raw`\s*(?:[-–—]|to)\s*`;
const RANGE = `${TIME}${DASH}${TIME}`;
/** One or more time ranges at the end of a part: "9:00–12:00, 13:00–15:00". */
const RANGES_AT_END = new RegExp(`(${RANGE}(?:\\s*(?:,|&|and)\\s*${RANGE})*)\\s*$`, 'i');

/** "9", "9:30", "9.30", "9am", "9:30 p.m.", "12pm" → minutes after midnight with the meridiem, if any. */
function readTime(text: string): { minutes: number; meridiem?: 'am' | 'pm' } | undefined {
  const match = /^(\d{1,2})(?:[:.](\d{2}))?\s*(?:([ap])\.?m\.?)?$/i.exec(text.trim());
  if (!match) return undefined;
  const hours = Number(match[1]);
  const minutes = Number(match[2] ?? '0');
  if (minutes > 59) return undefined;
  const meridiem = match[3] ? (match[3].toLowerCase() === 'a' ? 'am' : 'pm') : undefined;
  if (meridiem) {
    if (hours < 1 || hours > 12) return undefined;
    return { minutes: ((hours % 12) + (meridiem === 'pm' ? 12 : 0)) * 60 + minutes, meridiem };
  }
  if (hours > 23) return undefined;
  return { minutes: hours * 60 + minutes };
}

const asTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * A range; when only the closing time says AM/PM ("11:30–1:30 PM"), the opening takes the same one
 * if that keeps it before the closing, else the other.
 */
function readRange(text: string): { open: string; close: string } | undefined {
  const [openText, closeText] = text.split(new RegExp(DASH, 'i'));
  if (openText === undefined || closeText === undefined) return undefined;
  const open = readTime(openText);
  const close = readTime(closeText);
  if (!open || !close) return undefined;
  let openMinutes = open.minutes;
  if (!open.meridiem && close.meridiem && /^\d{1,2}(?:[:.]\d{2})?$/.test(openText.trim())) {
    const hours = Math.floor(open.minutes / 60);
    if (hours >= 1 && hours <= 12) {
      const same = ((hours % 12) + (close.meridiem === 'pm' ? 12 : 0)) * 60 + (open.minutes % 60);
      const other = ((hours % 12) + (close.meridiem === 'pm' ? 0 : 12)) * 60 + (open.minutes % 60);
      openMinutes = same < close.minutes ? same : other;
    }
  }
  const openTime = normalizeTime(asTime(openMinutes));
  // 12am as a closing time reads as midnight; the hours model ends a day at 23:59 at the latest.
  const closeTime = normalizeTime(asTime(close.minutes));
  if (!openTime || !closeTime) return undefined;
  return { open: openTime, close: closeTime };
}

/** "mon-fri", "wed", "1st", "last" → days or weeks; undefined for any other word. */
function readWord(word: string): { days?: number[]; week?: WeekOfMonth } | undefined {
  const week = WEEK_WORDS[word];
  if (week !== undefined) return { week };
  const [from, to, extra] = word.split('-');
  if (extra !== undefined || from === undefined) return undefined;
  const start = DAY_WORDS[from.replace(/\.$/, '')];
  if (start === undefined) return undefined;
  if (to === undefined) return { days: [start] };
  const end = DAY_WORDS[to.replace(/\.$/, '')];
  if (end === undefined) return undefined;
  // A range runs Monday-first: "Sat–Sun" is the weekend, "Fri–Mon" wraps through it.
  const startIndex = MONDAY_FIRST.indexOf(start as never);
  const endIndex = MONDAY_FIRST.indexOf(end as never);
  const days: number[] = [];
  for (let i = startIndex; ; i = (i + 1) % 7) {
    days.push(MONDAY_FIRST[i]!);
    if (i === endIndex) break;
  }
  return { days };
}

export type HoursTextResult = { ok: true; hours: HoursInterval[] } | { ok: false };

/**
 * Reads hours as written: parts separated by ";" or new lines, each "[weeks] days ranges". Empty text
 * and "Closed" are no hours. Whether each range closes after it opens is left to the site schema
 * (which reports `close_not_after_open`); anything unreadable is `{ok: false}`.
 */
export function parseHoursText(text: string | null | undefined): HoursTextResult {
  const hours: HoursInterval[] = [];
  for (const rawPart of (text ?? '').split(/[;\n]/)) {
    const part = rawPart.trim();
    if (!part || /^closed\.?$/i.test(part)) continue;
    const times = RANGES_AT_END.exec(part);
    if (!times) return { ok: false };
    const prefix = part
      .slice(0, times.index)
      .toLowerCase()
      .replace(/:\s*$/, '')
      .replace(/\s*[–—]\s*/g, '-')
      .replace(/\s*-\s*/g, '-')
      .replace(/\s+to\s+/g, '-');
    const words = prefix.split(/\s*(?:,|&|\band\b)\s*|\s+/).filter(Boolean);
    const days = new Set<number>();
    const weeks = new Set<WeekOfMonth>();
    for (const word of words) {
      const read = readWord(word);
      if (!read) return { ok: false };
      for (const day of read.days ?? []) days.add(day);
      if (read.week !== undefined) weeks.add(read.week);
    }
    if (!days.size) return { ok: false };
    const ranges = times[1]!.split(new RegExp(`\\s*(?:,|&|\\band\\b)\\s*(?=${TIME}${DASH})`, 'i'));
    for (const rangeText of ranges) {
      const range = readRange(rangeText);
      if (!range) return { ok: false };
      for (const day of days) {
        hours.push({ day, ...range, ...(weeks.size ? { weeks: sortWeeks([...weeks]) } : {}) });
      }
    }
  }
  return { ok: true, hours };
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
