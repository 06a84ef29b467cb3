import type { TFunction } from 'i18next';
import type { FieldError } from '../../../shared/schemas/common.ts';

/**
 * SPEC.md §5: the messages for one field, capitalised, de-duplicated, comma-joined, ending with a period.
 * ['is required', 'is required', 'must be short'] → 'Is required, must be short.'
 */
export function formatFieldMessages(messages: readonly string[]): string {
  const unique = [...new Set(messages.map((m) => m.trim().replace(/\.$/, '')).filter(Boolean))];
  if (!unique.length) return '';
  const joined = unique.join(', ');
  return `${joined.charAt(0).toUpperCase()}${joined.slice(1)}.`;
}

/** Server messages we know, mapped to translation keys in common.json `validation`; patterns keep their numbers. */
const KNOWN: [RegExp, string][] = [
  [/^is required$/, 'required'],
  [/^must be exactly 10 digits$/, 'phone'],
  [/^must be a valid e-mail address$/, 'email'],
  [/^must be a valid web address$/, 'website'],
  [/^is already taken$/, 'taken'],
  [/^Minimum eight characters, at least one letter and one number\.?$/, 'password'],
  [/^Invalid email and\/or password\.?$/, 'invalidLogin'],
  [/^must be after the opening time$/, 'closeAfterOpen'],
  [/^must be a time like 9:00 or 17:30$/, 'time'],
  [/^must be a weekday from 0 \(Sunday\) to 6 \(Saturday\)$/, 'weekday'],
  [/^must be at most (?<max>\d+) characters$/, 'maxLength'],
  [/^must be between (?<min>-?\d+) and (?<max>-?\d+)$/, 'between'],
  [/^must be given with the other coordinate$/, 'coordinatePair'],
  [/^has unknown ids: (?<ids>[\d, ]+)$/, 'unknownIds'],
  [/^is not a valid image$/, 'image'],
  [/^File is larger than (?<n>\d+) bytes$/, 'fileTooLarge'],
  [/^File is smaller than (?<n>\d+) bytes$/, 'fileTooSmall'],
];

/** The server's English message in the visitor's language when we know it; otherwise as sent. */
export function translateServerMessage(message: string, t: TFunction): string {
  for (const [pattern, key] of KNOWN) {
    const match = pattern.exec(message);
    if (match) return t(`common:validation.${key}`, { ...match.groups, defaultValue: message });
  }
  return message;
}

/** Field errors grouped by top-level field ('Hours.0.close' stays whole too), formatted per SPEC.md §5. */
export function fieldErrorMap(errors: readonly FieldError[], t: TFunction): Record<string, string> {
  const grouped = new Map<string, string[]>();
  for (const error of errors) {
    const list = grouped.get(error.path) ?? [];
    list.push(translateServerMessage(error.message, t));
    grouped.set(error.path, list);
  }
  return Object.fromEntries([...grouped].map(([path, messages]) => [path, formatFieldMessages(messages)]));
}
