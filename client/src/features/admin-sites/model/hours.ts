import { issuesToFieldErrors } from '#client/lib/schema-errors.ts';
import { type HoursInterval, normalizeTime, sortHours, sortHoursMondayFirst } from '#shared/hours.ts';
import type { FieldError } from '#shared/schemas/common.ts';
import { HoursInputSchema } from '#shared/schemas/sites.ts';

/**
 * The hours editor's state is the list of intervals, kept in stored order (day, then opening time:
 * docs/product.md R65). Exact duplicates are refused, so an interval's text is its identity: React keys,
 * focus targets and error rows all use it.
 */
export const intervalKey = (h: HoursInterval) => `${h.day}-${h.open}-${h.close}`;

/** Loaded hours as the editor keeps them: HH:mm, duplicates dropped, sorted. */
export function editorHours(hours: readonly HoursInterval[]): HoursInterval[] {
  const seen = new Set<string>();
  const rows: HoursInterval[] = [];
  for (const h of hours) {
    const row = {
      day: h.day,
      open: normalizeTime(h.open) ?? h.open,
      close: normalizeTime(h.close) ?? h.close,
    };
    if (seen.has(intervalKey(row))) continue;
    seen.add(intervalKey(row));
    rows.push(row);
  }
  return sortHours(rows);
}

export type AddResult =
  | { kind: 'added'; hours: HoursInterval[]; interval: HoursInterval }
  | { kind: 'invalid'; errors: FieldError[] }
  | { kind: 'duplicate' };

/**
 * Adds one interval after checking it with the API's own rule (docs/product.md R65: a close time after
 * the open time), so a bad interval is caught beside the controls that made it.
 */
export function addInterval(
  hours: readonly HoursInterval[],
  candidate: { day: number; open: string; close: string },
): AddResult {
  const parsed = HoursInputSchema.safeParse(candidate);
  if (!parsed.success) return { kind: 'invalid', errors: issuesToFieldErrors(parsed.error.issues) };
  const interval = parsed.data;
  if (hours.some((h) => intervalKey(h) === intervalKey(interval))) return { kind: 'duplicate' };
  return { kind: 'added', hours: sortHours([...hours, interval]), interval };
}

export function removeInterval(hours: readonly HoursInterval[], key: string): HoursInterval[] {
  return hours.filter((h) => intervalKey(h) !== key);
}

/** The order the editor shows: Monday first (docs/product.md R17). */
export const displayHours = (hours: readonly HoursInterval[]) => sortHoursMondayFirst(hours);

/**
 * After removing the interval `key`, where focus should go: the interval now in its place, else the
 * one before it, else nothing (the caller then focuses the 'Add Hours' controls).
 */
export function focusAfterRemoval(hours: readonly HoursInterval[], key: string): string | undefined {
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
  hours: readonly HoursInterval[],
): Record<string, { field: string; message: string }[]> {
  const sent = sortHours(hours);
  const out: Record<string, { field: string; message: string }[]> = {};
  for (const [path, message] of Object.entries(fields)) {
    const match = /^Hours\.(\d+)(?:\.(\w+))?$/.exec(path);
    const interval = match ? sent[Number(match[1])] : undefined;
    if (!match || !interval) continue;
    const key = intervalKey(interval);
    out[key] ??= [];
    out[key].push({ field: match[2] ?? '', message });
  }
  return out;
}
