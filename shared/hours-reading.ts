import { type HoursInterval, sortWeeks, type WeekOfMonth } from './hours.ts';
import {
  CJK_DAY_PREFIXES,
  CJK_DAYS,
  DAY_ABBREVIATIONS,
  DAY_WORDS,
  dayRange,
  FILLER_WORDS,
  GROUP_WORDS,
  isDigit,
  LIST_WORDS,
  letterDays,
  MERIDIEM_WORDS,
  MONDAY_FIRST,
  NOON_WORDS,
  PHRASES,
  RANGE_WORDS,
  type Token,
  tokenize,
  WEEK_WORDS,
} from './hours-tokens.ts';

/**
 * Hours as meal programmes write them in their own sheets (docs/product.md R232, R600–R606): "M-F
 * 11:30-1:00", "Mon through Fri 11:30am-1pm", "Weekdays 11-1", "Tue/Thu 11:30-12:30", "MWF noon-1:30",
 * "Lunes a viernes 11:30-13:00", "星期一至五 上午11時30分至下午1時". The reader answers the intervals,
 * what it had to guess, and for a cell it cannot read, the part it stopped at and an example.
 *
 * It reads in one pass over the characters (a tokenizer, then a parser over the tokens): no pattern
 * here can backtrack, so a 2,000-character hostile cell is answered as fast as a real one (R324, R606).
 */

/** What the reader guessed: a time read as p.m. without "pm", one-letter day names, days from a word. */
export const HOURS_GUESSES = ['afternoon', 'day_abbreviation', 'day_range'] as const;
export type HoursGuess = (typeof HOURS_GUESSES)[number];

export type HoursReading =
  | { ok: true; hours: HoursInterval[]; guesses: HoursGuess[] }
  | { ok: false; part: string; example: string };

interface Time {
  hours: number;
  minutes: number;
  /** Written as a bare hour ("5"), not "5:00". */
  bare?: boolean;
  meridiem?: 'am' | 'pm';
}

/** A time as written → minutes after midnight; undefined when it is no time of day. */
function minutesOfTime(time: Time): number | undefined {
  if (time.minutes > 59) return undefined;
  if (time.meridiem) {
    if (time.hours < 1 || time.hours > 12) return undefined;
    return ((time.hours % 12) + (time.meridiem === 'pm' ? 12 : 0)) * 60 + time.minutes;
  }
  if (time.hours > 23) return undefined;
  return time.hours * 60 + time.minutes;
}

const NOON = 12 * 60;
/** The latest close an unmarked time is read as p.m. for (R602): a meal programme's day. */
const LATEST_AFTERNOON_CLOSE = 20 * 60;

/**
 * An interval's two times as minutes (R602). Unmarked times on a 12-hour clock are read as a meal
 * programme means them: an open written as a bare hour from 1 to 6 with a close up to 9 is the
 * afternoon or evening ("5-7" is 17:00–19:00, while the export's "5:00–7:00" stays the morning); otherwise a close not after the open is the afternoon when that ends by 20:00
 * ("11:30-1:00" is 11:30–13:00). A close that says AM/PM lends it to an unmarked open (R232).
 */
function readInterval(
  open: Time,
  close: Time,
): { open: number; close: number; guessed: boolean } | undefined {
  let openMinutes = minutesOfTime(open);
  const closeMinutes = minutesOfTime(close);
  if (openMinutes === undefined || closeMinutes === undefined) return undefined;
  const twelveHour = (time: Time) => !time.meridiem && time.hours >= 1 && time.hours <= 12;
  if (!open.meridiem && close.meridiem) {
    if (twelveHour(open)) {
      const base = (open.hours % 12) * 60 + open.minutes;
      const same = base + (close.meridiem === 'pm' ? NOON : 0);
      const other = base + (close.meridiem === 'pm' ? 0 : NOON);
      openMinutes = same < closeMinutes ? same : other;
    }
    return { open: openMinutes, close: closeMinutes, guessed: false };
  }
  if (!twelveHour(close)) return { open: openMinutes, close: closeMinutes, guessed: false };
  if (!open.meridiem && twelveHour(open)) {
    if (open.bare && open.hours <= 6 && close.hours <= 9 && closeMinutes > openMinutes)
      return { open: openMinutes + NOON, close: closeMinutes + NOON, guessed: true };
    if (closeMinutes <= openMinutes && closeMinutes + NOON <= LATEST_AFTERNOON_CLOSE)
      return { open: openMinutes, close: closeMinutes + NOON, guessed: true };
    return { open: openMinutes, close: closeMinutes, guessed: false };
  }
  // The open says AM/PM ("11am-1", "noon-1:30", "5pm-7"): an earlier unmarked close is after noon.
  if (
    open.meridiem &&
    closeMinutes <= openMinutes &&
    closeMinutes + NOON > openMinutes &&
    closeMinutes < NOON
  )
    return { open: openMinutes, close: closeMinutes + NOON, guessed: true };
  return { open: openMinutes, close: closeMinutes, guessed: false };
}

const asTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Reads one part (between ";" or new lines) into `hours`; false when it cannot. */
function readPart(
  tokens: Token[],
  hours: HoursInterval[],
  guesses: Set<HoursGuess>,
  seen: { days: number[] },
): boolean {
  let i = 0;
  const word = () => {
    const token = tokens[i];
    return token?.kind === 'word' ? token.text : undefined;
  };
  const isRangeToken = (token: Token | undefined) =>
    token?.kind === 'dash' || (token?.kind === 'word' && RANGE_WORDS.has(token.text));
  const isListToken = (token: Token | undefined) =>
    token?.kind === 'list' || (token?.kind === 'word' && LIST_WORDS.has(token.text));
  const isTimeStart = (token: Token | undefined) =>
    token?.kind === 'number' ||
    (token?.kind === 'word' && (NOON_WORDS.has(token.text) || MERIDIEM_WORDS.has(token.text)));

  /** One time: "11", "11:30", "11:30am", "1 pm", "noon", "12 noon", "上午11:30", "下午1:00". */
  const readTime = (): Time | undefined => {
    let before: 'am' | 'pm' | undefined;
    const first = word();
    if (first && NOON_WORDS.has(first)) {
      i += 1;
      return { hours: 12, minutes: 0, meridiem: 'pm' };
    }
    if (first && MERIDIEM_WORDS.has(first) && /[\u3400-\u9fff]/.test(first)) {
      before = MERIDIEM_WORDS.get(first);
      i += 1;
    }
    const token = tokens[i];
    if (token?.kind !== 'number') return undefined;
    i += 1;
    const after = word();
    if (after && NOON_WORDS.has(after)) {
      i += 1;
      return token.hours === 12 && token.minutes === 0 && !before
        ? { hours: 12, minutes: 0, meridiem: 'pm' }
        : undefined;
    }
    if (after === 'am' || after === 'pm') {
      if (before) return undefined;
      i += 1;
      return { hours: token.hours, minutes: token.minutes, meridiem: after };
    }
    if (before === 'pm' && token.hours === 12) return { hours: 12, minutes: token.minutes, meridiem: 'pm' };
    return {
      hours: token.hours,
      minutes: token.minutes,
      bare: token.bare,
      ...(before ? { meridiem: before } : {}),
    };
  };

  while (i < tokens.length) {
    // The days (and weeks of the month) of a group.
    const days: number[] = [];
    seen.days = days;
    const weeks = new Set<WeekOfMonth>();
    let rangeFrom: number | undefined;
    let last: number | undefined;
    let cjkPrefix = false;
    while (i < tokens.length && !isTimeStart(tokens[i])) {
      const token = tokens[i]!;
      i += 1;
      if (isRangeToken(token)) {
        if (last === undefined || rangeFrom !== undefined) return false;
        rangeFrom = last;
        continue;
      }
      if (isListToken(token)) continue;
      if (token.kind !== 'word') return false;
      const text = token.text;
      if (FILLER_WORDS.has(text)) continue;
      if (CJK_DAY_PREFIXES.has(text)) {
        cjkPrefix = true;
        continue;
      }
      const week = WEEK_WORDS.get(text);
      if (week !== undefined) {
        weeks.add(week);
        continue;
      }
      const group = GROUP_WORDS.get(text);
      if (group) {
        if (rangeFrom !== undefined) return false;
        days.push(...group);
        guesses.add('day_range');
        last = undefined;
        continue;
      }
      let day = DAY_WORDS.get(text) ?? CJK_DAYS.get(text);
      if (day === undefined) {
        const letters = letterDays(text);
        if (!letters) return false;
        guesses.add('day_abbreviation');
        if (letters.length > 1) {
          if (rangeFrom !== undefined) return false;
          days.push(...letters);
          last = undefined;
          continue;
        }
        day = letters[0]!;
      }
      if (CJK_DAYS.has(text) && !cjkPrefix && rangeFrom === undefined && last === undefined) return false;
      if (rangeFrom !== undefined) {
        const run = dayRange(rangeFrom, day);
        if (MONDAY_FIRST.indexOf(day as never) < MONDAY_FIRST.indexOf(rangeFrom as never))
          guesses.add('day_range');
        days.push(...run.slice(1));
        rangeFrom = undefined;
      } else days.push(day);
      last = day;
    }
    if (rangeFrom !== undefined || !days.length) return false;

    // One or more intervals: "11:30-1:00", "9–10, 14–15", "上午11時30分至下午1時".
    for (;;) {
      while (word() !== undefined && FILLER_WORDS.has(word()!)) i += 1;
      const open = readTime();
      if (!open || !isRangeToken(tokens[i])) return false;
      i += 1;
      const close = readTime();
      if (!close) return false;
      const interval = readInterval(open, close);
      if (!interval) return false;
      if (interval.guessed) guesses.add('afternoon');
      const openTime = asTime(interval.open);
      const closeTime = asTime(interval.close);
      const weekList = weeks.size ? { weeks: sortWeeks([...weeks]) } : {};
      for (const day of new Set(days)) hours.push({ day, open: openTime, close: closeTime, ...weekList });
      // Then another interval ("9–10, 14–15"), or the next group of days ("Mon 9–10, Wed 11–12").
      while (i < tokens.length && isListToken(tokens[i])) i += 1;
      if (!isTimeStart(tokens[i])) break;
    }
  }
  return true;
}

/** Writes the days of a refused part, when it had some, in the canonical form ("Mon–Fri", "Tue, Thu"). */
function exampleDays(days: readonly number[]): string {
  const indexes = [...new Set(days)].map((day) => MONDAY_FIRST.indexOf(day as never)).sort((a, b) => a - b);
  if (!indexes.length) return 'Mon–Fri';
  const names = indexes.map((index) => DAY_ABBREVIATIONS[MONDAY_FIRST[index]!]);
  const run = indexes.every((index, k) => k === 0 || index === indexes[k - 1]! + 1);
  return run && names.length >= 3 ? `${names[0]}–${names.at(-1)}` : names.join(', ');
}

const MAX_PART_SHOWN = 60;

/** Lower case, full-width forms folded ("１１：３０" → "11:30"), the phrases of PHRASES as one word. */
function normalize(text: string): string {
  let folded = text.normalize('NFKC').toLowerCase();
  for (const [phrase, word] of PHRASES) folded = folded.replaceAll(phrase, word);
  // Chinese clock words: "11時30分" → "11:30", "1時半" → "1:30", "1時" → "1:00" (one pass each).
  let out = '';
  for (let i = 0; i < folded.length; i += 1) {
    const c = folded[i]!;
    if ((c === '時' || c === '点' || c === '點') && isDigit(folded[i - 1] ?? '')) {
      const next = folded[i + 1] ?? '';
      if (next === '半') {
        out += ':30';
        i += 1;
      } else if (isDigit(next)) {
        out += ':';
        if (!isDigit(folded[i + 2] ?? '')) out += '0';
      } else out += ':00';
    } else if (c === '分' && isDigit(folded[i - 1] ?? '')) {
      // the minutes' word after "30"
    } else out += c;
  }
  return out;
}

/**
 * Reads an hours cell: parts separated by ";" or new lines, each one or more groups of "[weeks] days
 * intervals". Empty text and "Closed" are no hours. Whether each interval closes after it opens is
 * left to the site schema (`close_not_after_open`). A part it cannot read is refused with that part
 * (shortened) and an example in the canonical form, nothing guessed silently.
 */
export function readHoursText(text: string | null | undefined): HoursReading {
  const hours: HoursInterval[] = [];
  const guesses = new Set<HoursGuess>();
  for (const rawPart of (text ?? '').split(/[;；\n]/)) {
    const part = rawPart.trim();
    const normalized = normalize(part).trim();
    if (!normalized || /^(?:closed|cerrado|休息)\.?$/.test(normalized)) continue;
    const tokens = tokenize(normalized);
    const seen = { days: [] as number[] };
    if (!tokens || !readPart(tokens, hours, guesses, seen)) {
      const shown = part.length > MAX_PART_SHOWN ? `${part.slice(0, MAX_PART_SHOWN - 1)}…` : part;
      return { ok: false, part: shown, example: `${exampleDays(seen.days)} 11:30–13:30` };
    }
  }
  return { ok: true, hours, guesses: HOURS_GUESSES.filter((guess) => guesses.has(guess)) };
}
