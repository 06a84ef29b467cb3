import type { TFunction } from 'i18next';
import { formatInterval, listLocale, weekdayName } from '#shared/format-hours.ts';
import { WEEKS_OF_MONTH } from '#shared/hours.ts';
import type { ReadAs } from '#shared/imports.ts';

/**
 * How the import read a cell (docs/product.md R603), in the clerk's language: "Read as Mon–Fri
 * 11:30 AM – 1:00 PM", days with the same times together, Monday first, with what was guessed.
 * `t` is the admin-imports namespace's.
 */

const MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0];

/** Days as "Mon–Fri" (three or more in a row) or listed: "Tue, Thu". */
function daysText(days: readonly number[], language: string): string {
  const indexes = [...new Set(days)].map((day) => MONDAY_FIRST.indexOf(day)).sort((a, b) => a - b);
  const runs: number[][] = [];
  for (const index of indexes) {
    const run = runs.at(-1);
    if (run && run.at(-1) === index - 1) run.push(index);
    else runs.push([index]);
  }
  const name = (index: number) => weekdayName(MONDAY_FIRST[index]!, language, 'short');
  return runs
    .flatMap((run) => (run.length >= 3 ? [`${name(run[0]!)}–${name(run.at(-1)!)}`] : run.map(name)))
    .join(language === 'zh' ? '、' : ', ');
}

export function readAsText(readAs: ReadAs, language: string, t: TFunction): string {
  if (!readAs.hours.length) return t('readAsNone');
  const list = new Intl.ListFormat(listLocale(language), { type: 'conjunction' });
  // weeks + times → the days that have exactly them, in the order first met Monday first.
  const groups = new Map<string, { days: number[]; times: string; weeks?: number[] }>();
  const sorted = [...readAs.hours].sort(
    (a, b) => MONDAY_FIRST.indexOf(a.day) - MONDAY_FIRST.indexOf(b.day) || a.open.localeCompare(b.open),
  );
  const timesOfDay = new Map<string, { day: number; weeks?: number[]; times: string[] }>();
  for (const interval of sorted) {
    const key = `${interval.day}|${interval.weeks?.join(',') ?? ''}`;
    const entry = timesOfDay.get(key) ?? { day: interval.day, weeks: interval.weeks, times: [] };
    entry.times.push(formatInterval(interval, language));
    timesOfDay.set(key, entry);
  }
  for (const { day, weeks, times } of timesOfDay.values()) {
    const text = times.join(', ');
    const key = `${weeks?.join(',') ?? ''}|${text}`;
    const group = groups.get(key) ?? { days: [], times: text, weeks };
    group.days.push(day);
    groups.set(key, group);
  }
  const parts = [...groups.values()].map(({ days, times, weeks }) => {
    const hours = `${daysText(days, language)} ${times}`;
    if (!weeks?.length) return hours;
    const words = WEEKS_OF_MONTH.filter((week) => weeks.includes(week)).map((week) =>
      t(`weeks.${week === -1 ? 'last' : week}`),
    );
    return t('readAsWeeks', { hours, weeks: list.format(words) });
  });
  return t('readAs', { hours: parts.join(language === 'zh' ? '；' : '; ') });
}

/** What the reader guessed, as one sentence; empty when nothing was. */
export function guessesText(readAs: ReadAs, language: string, t: TFunction): string {
  if (!readAs.guesses.length) return '';
  const list = new Intl.ListFormat(listLocale(language), { type: 'conjunction' });
  return t('guesses', { guesses: list.format(readAs.guesses.map((guess) => t(`guess.${guess}`))) });
}
