import type { WeekOfMonth } from './hours.ts';

/**
 * The words and tokens of hours as meal programmes write them (docs/product.md R600–R606), in English,
 * Spanish and Chinese, for the reader in shared/hours-reading.ts: day names and groups, range and list
 * words, noon and meridiems, and the tokenizer that reads a part in one pass over its characters.
 */

/** Monday first, as the pages show a week (R17). */
export const MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0] as const;
const ALL_DAYS = [...MONDAY_FIRST];
export const DAY_ABBREVIATIONS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

export const DAY_WORDS = new Map<string, number>();
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
const LETTER_DAYS: Record<string, number> = {
  m: 1,
  t: 2,
  w: 3,
  r: 4,
  f: 5,
  th: 4,
  tu: 2,
  sa: 6,
  su: 0,
};

/** Words naming several days at once (a guess worth showing). */
export const GROUP_WORDS = new Map<string, number[]>([
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
export const PHRASES: [string, string][] = [
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

export const WEEK_WORDS = new Map<string, WeekOfMonth>([
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

export const RANGE_WORDS = new Set([
  'to',
  'through',
  'thru',
  'till',
  'until',
  'a',
  'al',
  'hasta',
  '至',
  '到',
]);
export const LIST_WORDS = new Set(['and', 'y', '及', '和', '與', '与']);
/** Words that say nothing about the days or times ("open Mon–Fri from 11 to 1", "de 11 a 13"). */
export const FILLER_WORDS = new Set([
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
export const NOON_WORDS = new Set(['noon', 'midday', 'mediodía', 'mediodia']);
export const MERIDIEM_WORDS = new Map<string, 'am' | 'pm'>([
  ['am', 'am'],
  ['pm', 'pm'],
  ['上午', 'am'],
  ['早上', 'am'],
  ['下午', 'pm'],
  ['晚上', 'pm'],
  ['中午', 'pm'],
]);
/** Chinese weekday prefixes (星期一, 週一, 禮拜一) and numerals. */
export const CJK_DAY_PREFIXES = new Set(['星期', '禮拜', '礼拜', '週', '周']);
export const CJK_DAYS = new Map<string, number>([
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

export type Token =
  | { kind: 'number'; hours: number; minutes: number; bare: boolean }
  | { kind: 'word'; text: string }
  | { kind: 'dash' }
  | { kind: 'list' };

export const isDigit = (c: string) => c >= '0' && c <= '9';
const isLetter = (c: string) => (c >= 'a' && c <= 'z') || 'áéíóúüñ'.includes(c);
const isCjk = (c: string) => c >= '\u3400' && c <= '\u9fff';

/** The part as tokens, one pass over its characters; undefined at a character it does not know. */
export function tokenize(text: string): Token[] | undefined {
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
export function letterDays(word: string): number[] | undefined {
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
export function dayRange(from: number, to: number): number[] {
  const start = MONDAY_FIRST.indexOf(from as never);
  const end = MONDAY_FIRST.indexOf(to as never);
  const days: number[] = [];
  for (let i = start; ; i = (i + 1) % 7) {
    days.push(MONDAY_FIRST[i]!);
    if (i === end) break;
  }
  return days;
}
