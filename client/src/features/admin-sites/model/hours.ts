import { issuesToFieldErrors } from '#client/lib/schema-errors.ts';
import {
  type HoursInterval,
  normalizeTime,
  sortHours,
  sortHoursMondayFirst,
  sortWeeks,
  WEEKS_OF_MONTH,
  type WeekOfMonth,
} from '#shared/hours.ts';
import type { FieldError } from '#shared/schemas/common.ts';
import { HoursInputSchema } from '#shared/schemas/sites.ts';

/** A week of the month an interval applies to (1st..4th, or -1 for the last such weekday), offered in this order. */
export { WEEKS_OF_MONTH, type WeekOfMonth };

/** Monday first, like the public page (docs/product.md R17). */
export const EDITOR_WEEKDAYS = [1, 2, 3, 4, 5, 6, 0] as const;
export const WORKING_DAYS = [1, 2, 3, 4, 5] as const;

/** One interval as the editor keeps it; `weeks` absent means every week. */
export type EditorInterval = HoursInterval;

/**
 * The weeks as stored: sorted (1..4, then last), without repeats, and absent when they cover every
 * week (1st to 4th plus the last one is every occurrence: a 5th is always the last).
 */
export function normalizeWeeks(weeks: readonly WeekOfMonth[] | undefined): WeekOfMonth[] | undefined {
  if (!weeks?.length) return undefined;
  const chosen = sortWeeks(weeks);
  return chosen.length === WEEKS_OF_MONTH.length ? undefined : chosen;
}

/**
 * The hours editor's state is the list of intervals, kept in stored order (day, then opening time:
 * docs/product.md R65). Exact duplicates are refused, so an interval's text is its identity: React keys,
 * focus targets and error rows all use it.
 */
export const intervalKey = (h: EditorInterval) =>
  `${h.day}-${h.open}-${h.close}${h.weeks?.length ? `-w${h.weeks.join('.')}` : ''}`;

function editorInterval(h: EditorInterval): EditorInterval {
  const weeks = normalizeWeeks(h.weeks);
  return {
    day: h.day,
    open: normalizeTime(h.open) ?? h.open,
    close: normalizeTime(h.close) ?? h.close,
    ...(weeks ? { weeks } : {}),
  };
}

/** Loaded hours as the editor keeps them: HH:mm, duplicates dropped, sorted. */
export function editorHours(hours: readonly EditorInterval[]): EditorInterval[] {
  const seen = new Set<string>();
  const rows: EditorInterval[] = [];
  for (const h of hours) {
    const row = editorInterval(h);
    if (seen.has(intervalKey(row))) continue;
    seen.add(intervalKey(row));
    rows.push(row);
  }
  return sortHours(rows);
}

/** What the 'Add hours' controls hold: several weekdays, one pair of times, the weeks. */
interface HoursCandidate {
  days: readonly number[];
  open: string;
  close: string;
  weeks?: readonly WeekOfMonth[];
}

type AddResult =
  | { kind: 'added'; hours: EditorInterval[]; added: EditorInterval[] }
  | { kind: 'invalid'; errors: FieldError[] }
  | { kind: 'duplicate' };

/** One interval checked with the API's own rule (docs/product.md R65: a close time after the open time). */
function checkInterval(candidate: {
  day: number;
  open: string;
  close: string;
  weeks?: readonly WeekOfMonth[];
}): { ok: true; interval: EditorInterval } | { ok: false; errors: FieldError[] } {
  const weeks = normalizeWeeks(candidate.weeks);
  const parsed = HoursInputSchema.safeParse({
    day: candidate.day,
    open: candidate.open,
    close: candidate.close,
    ...(weeks ? { weeks } : {}),
  });
  if (!parsed.success) return { ok: false, errors: issuesToFieldErrors(parsed.error.issues) };
  return { ok: true, interval: editorInterval({ ...parsed.data, ...(weeks ? { weeks } : {}) }) };
}

/**
 * Adds one interval to each chosen weekday at once (Monday to Friday, 11:30 to 13:30 in one action).
 * The times are checked once, beside the controls that made them; days already carrying exactly
 * this interval are skipped, and only when every day has it is the addition refused as a duplicate.
 */
export function addIntervals(hours: readonly EditorInterval[], candidate: HoursCandidate): AddResult {
  if (candidate.days.length === 0) {
    return {
      kind: 'invalid',
      errors: [{ path: 'days', message: 'choose at least one day', code: 'required' }],
    };
  }
  const added: EditorInterval[] = [];
  for (const day of [...new Set(candidate.days)]) {
    const checked = checkInterval({ ...candidate, day });
    if (!checked.ok) return { kind: 'invalid', errors: checked.errors };
    if (hours.some((h) => intervalKey(h) === intervalKey(checked.interval))) continue;
    added.push(checked.interval);
  }
  if (added.length === 0) return { kind: 'duplicate' };
  return { kind: 'added', hours: sortHours([...hours, ...added]), added: sortHoursMondayFirst(added) };
}

type UpdateResult =
  | { kind: 'updated'; hours: EditorInterval[]; interval: EditorInterval }
  | { kind: 'invalid'; errors: FieldError[] }
  | { kind: 'duplicate' };

/** Replaces the interval `key` in place with the edited one (same checks as adding). */
export function updateInterval(
  hours: readonly EditorInterval[],
  key: string,
  edited: { day: number; open: string; close: string; weeks?: readonly WeekOfMonth[] },
): UpdateResult {
  const checked = checkInterval(edited);
  if (!checked.ok) return { kind: 'invalid', errors: checked.errors };
  const newKey = intervalKey(checked.interval);
  if (newKey !== key && hours.some((h) => intervalKey(h) === newKey)) return { kind: 'duplicate' };
  const rest = hours.filter((h) => intervalKey(h) !== key);
  return { kind: 'updated', hours: sortHours([...rest, checked.interval]), interval: checked.interval };
}

export function removeInterval(hours: readonly EditorInterval[], key: string): EditorInterval[] {
  return hours.filter((h) => intervalKey(h) !== key);
}

/** The order the editor shows: Monday first (docs/product.md R17). */
export const displayHours = (hours: readonly EditorInterval[]) => sortHoursMondayFirst(hours);

/** The `Hours` items a save sends: `weeks` only on intervals that do not apply every week. */
export function hoursPayload(hours: readonly EditorInterval[]) {
  return sortHours(hours).map(({ day, open, close, weeks }) => {
    const chosen = normalizeWeeks(weeks);
    return chosen ? { day, open, close, weeks: chosen } : { day, open, close };
  });
}

/**
 * After removing the interval `key`, where focus should go: the interval now in its place, else the
 * one before it, else nothing (the caller then focuses the 'Add Hours' controls).
 */
export function focusAfterRemoval(hours: readonly EditorInterval[], key: string): string | undefined {
  const shown = displayHours(hours);
  const index = shown.findIndex((h) => intervalKey(h) === key);
  if (index < 0) return undefined;
  const next = shown[index + 1] ?? shown[index - 1];
  return next ? intervalKey(next) : undefined;
}

/**
 * Field errors for 'Hours.N.field' (N indexes the hours as sent, i.e. stored order) grouped by the
 * interval they belong to, so each shows beside its own row whatever order the rows are shown in.
 */
export function errorsByInterval(
  fields: Record<string, string>,
  hours: readonly EditorInterval[],
): Record<string, { field: string; message: string }[]> {
  const sent = sortHours(hours);
  const out: Record<string, { field: string; message: string }[]> = {};
  for (const [path, message] of Object.entries(fields)) {
    const match = /^Hours\.(\d+)(?:\.(\w+))?/.exec(path);
    const interval = match ? sent[Number(match[1])] : undefined;
    if (!match || !interval) continue;
    const key = intervalKey(interval);
    out[key] ??= [];
    out[key].push({ field: match[2] ?? '', message });
  }
  return out;
}
