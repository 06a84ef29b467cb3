import { type HoursInterval, sortWeeks, type WeekOfMonth } from './hours.ts';

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

/** Monday first, as the pages show a week (R17). */
const MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0] as const;
const ALL_DAYS = [...MONDAY_FIRST];
const DAY_ABBREVIATIONS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

const DAY_WORDS = new Map<string, number>();
for (const [day, names] of [
  ['sun', 'sunday', 'su', 'domingo', 'dom'],
  ['mon', 'monday', 'mo', 'lunes', 'lun'],
  ['tue', 'tues', 'tuesday', 'tu', 'martes', 'mar'],
  ['wed', 'weds', 'wednesday', 'we', 'miércoles', 'miercoles', 'mié', 'mie', 'mi'],
  ['thu', 'thur', 'thurs', 'thursday', 'th', 'jueves', 'jue'],
  ['fri', 'friday', 'fr', 'viernes', 'vie'],
  ['sat', 'saturday', 'sa', 'sábado', 'sabado', 'sáb', 'sab'],
].entries()) {
  for (const name of names) DAY_WORDS.set(name, day);
}
/** Letters of compact day codes ("MWF", "TTh", "MTWRF"); two-letter codes are tried first. */
const LETTER_DAYS: Record<string, number> = { m: 1, t: 2, w: 3, r: 4, f: 5, th: 4, tu: 2, sa: 6, su: 0 };

/** Words naming several days at once (a guess worth showing). */
const GROUP_WORDS = new Map<string, number[]>([
  ['weekdays', [1, 2, 3, 4, 5]],
  ['weekday', [1, 2, 3, 4, 5]],
  ['weekends', [6, 0]],
  ['weekend', [6, 0]],
  ['daily', ALL_DAYS],
  ['everyday', ALL_DAYS],
  ['diario', ALL_DAYS],
  ['diariamente', ALL_DAYS],
  ['每日', ALL_DAYS],
  ['每天', ALL_DAYS],
]);

/** Several words for one: read before the characters are split into tokens (plain text replacements). */
const PHRASES: [string, string][] = [
  ['every day', 'daily'],
  ['7 days a week', 'daily'],
  ['seven days a week', 'daily'],
  ['todos los días', 'daily'],
  ['todos los dias', 'daily'],
  ['fines de semana', 'weekends'],
  ['fin de semana', 'weekends'],
  ['entre semana', 'weekdays'],
  ['de lunes a viernes', 'lunes a viernes'],
  ['a.m.', 'am'],
  ['p.m.', 'pm'],
  ['a. m.', 'am'],
  ['p. m.', 'pm'],
  ['a.m', 'am'],
  ['p.m', 'pm'],
];

const WEEK_WORDS = new Map<string, WeekOfMonth>([
  ['1st', 1],
  ['first', 1],
  ['2nd', 2],
  ['second', 2],
  ['3rd', 3],
  ['third', 3],
  ['4th', 4],
  ['fourth', 4],
  ['last', -1],
]);

const RANGE_WORDS = new Set(['to', 'through', 'thru', 'till', 'until', 'a', 'al', 'hasta', '至', '到']);
const LIST_WORDS = new Set(['and', 'y', '及', '和', '與', '与']);
/** Words that say nothing about the days or times ("open Mon–Fri from 11 to 1", "de 11 a 13"). */
const FILLER_WORDS = new Set([
  'on',
  'from',
  'open',
  'every',
  'de',
  'del',
  'desde',
  'los',
  'las',
  '逢',
  'hours',
]);
const NOON_WORDS = new Set(['noon', 'midday', 'mediodía', 'mediodia']);
const MERIDIEM_WORDS = new Map<string, 'am' | 'pm'>([
  ['am', 'am'],
  ['pm', 'pm'],
  ['上午', 'am'],
  ['早上', 'am'],
  ['下午', 'pm'],
  ['晚上', 'pm'],
  ['中午', 'pm'],
]);
/** Chinese weekday prefixes (星期一, 週一, 禮拜一) and numerals. */
const CJK_DAY_PREFIXES = new Set(['星期', '禮拜', '礼拜', '週', '周']);
const CJK_DAYS = new Map<string, number>([
  ['一', 1],
  ['二', 2],
  ['三', 3],
  ['四', 4],
  ['五', 5],
  ['六', 6],
  ['日', 0],
  ['天', 0],
]);
const CJK_PAIRS = new Set(['上午', '下午', '早上', '晚上', '中午', '星期', '禮拜', '礼拜', '每日', '每天']);

type Token =
  | { kind: 'number'; hours: number; minutes: number; bare: boolean }
  | { kind: 'word'; text: string }
  | { kind: 'dash' }
  | { kind: 'list' };

const isDigit = (c: string) => c >= '0' && c <= '9';
const isLetter = (c: string) => (c >= 'a' && c <= 'z') || 'áéíóúüñ'.includes(c);
const isCjk = (c: string) => c >= '\u3400' && c <= '\u9fff';

/** The part as tokens, one pass over its characters; undefined at a character it does not know. */
function tokenize(text: string): Token[] | undefined {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '.' || c === ':' || c === '(' || c === ')') {
      i += 1;
    } else if (isDigit(c)) {
      let end = i;
      while (end < text.length && isDigit(text[end]!)) end += 1;
      if (end - i > 2) return undefined;
      const hours = Number(text.slice(i, end));
      let minutes = 0;
      let bare = true;
      const sep = text[end];
      if ((sep === ':' || sep === '.') && isDigit(text[end + 1] ?? '') && isDigit(text[end + 2] ?? '')) {
        if (isDigit(text[end + 3] ?? '')) return undefined;
        minutes = Number(text.slice(end + 1, end + 3));
        bare = false;
        end += 3;
      }
      // "1st", "3rd": a week of the month.
      const suffix = text.slice(end, end + 2);
      if (end - i <= 1 && ['st', 'nd', 'rd', 'th'].includes(suffix) && !isLetter(text[end + 2] ?? '')) {
        tokens.push({ kind: 'word', text: text.slice(i, end + 2) });
        i = end + 2;
        continue;
      }
      tokens.push({ kind: 'number', hours, minutes, bare });
      i = end;
    } else if (isLetter(c)) {
      let end = i;
      while (end < text.length && isLetter(text[end]!)) end += 1;
      tokens.push({ kind: 'word', text: text.slice(i, end) });
      i = end;
    } else if (isCjk(c)) {
      const pair = text.slice(i, i + 2);
      const one = CJK_PAIRS.has(pair) ? pair : c;
      tokens.push({ kind: 'word', text: one });
      i += one.length;
    } else if ('-–—~〜'.includes(c)) {
      tokens.push({ kind: 'dash' });
      i += 1;
    } else if (',、/&+'.includes(c)) {
      tokens.push({ kind: 'list' });
      i += 1;
    } else return undefined;
  }
  return tokens;
}

/** "mwf" → [1, 3, 5], "tth" → [2, 4]; undefined unless the whole word is day letters. */
function letterDays(word: string): number[] | undefined {
  if (word.length > 7) return undefined;
  const days: number[] = [];
  let i = 0;
  while (i < word.length) {
    const two = LETTER_DAYS[word.slice(i, i + 2)];
    if (word.length - i >= 2 && two !== undefined && word.length > 2) {
      days.push(two);
      i += 2;
      continue;
    }
    const one = LETTER_DAYS[word[i]!];
    if (one === undefined || word[i] === 's') return undefined;
    days.push(one);
    i += 1;
  }
  return days;
}

/** The days from `from` to `to`, Monday first: "Sat–Sun" is the weekend, "Fri–Mon" wraps through it. */
function dayRange(from: number, to: number): number[] {
  const start = MONDAY_FIRST.indexOf(from as never);
  const end = MONDAY_FIRST.indexOf(to as never);
  const days: number[] = [];
  for (let i = start; ; i = (i + 1) % 7) {
    days.push(MONDAY_FIRST[i]!);
    if (i === end) break;
  }
  return days;
}

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
