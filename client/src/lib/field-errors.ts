import type { TFunction } from 'i18next';
import type { FieldError } from '#shared/schemas/common.ts';
import { formatParam, isValidationCode, type ValidationParams } from '#shared/validation.ts';

/**
 * docs/product.md R80: the messages for one field, capitalised, de-duplicated, comma-joined, ending with a period.
 * ['is required', 'is required', 'must be short'] → 'Is required, must be short.'
 */
export function formatFieldMessages(messages: readonly string[]): string {
  const unique = [...new Set(messages.map((m) => m.trim().replace(/\.$/, '')).filter(Boolean))];
  if (!unique.length) return '';
  const joined = unique.join(', ');
  return `${joined.charAt(0).toUpperCase()}${joined.slice(1)}.`;
}

/**
 * A field error in the visitor's language: its code (shared/validation.ts) looked up in common.json
 * `validation.codes`, with its params filled in; an error without a code we know is shown as sent.
 */
export function translateFieldError(error: FieldError, t: TFunction): string {
  if (!isValidationCode(error.code)) return error.message;
  const params = Object.fromEntries(
    Object.entries(error.params ?? {}).map(([name, value]) => [
      name,
      formatParam(value as ValidationParams[string]),
    ]),
  );
  return t(`common:validation.codes.${error.code}`, { ...params, defaultValue: error.message });
}

/** Field errors grouped by top-level field ('Hours.0.close' stays whole too), formatted per docs/product.md R80. */
export function fieldErrorMap(errors: readonly FieldError[], t: TFunction): Record<string, string> {
  const grouped = new Map<string, string[]>();
  for (const error of errors) {
    const list = grouped.get(error.path) ?? [];
    list.push(translateFieldError(error, t));
    grouped.set(error.path, list);
  }
  return Object.fromEntries([...grouped].map(([path, messages]) => [path, formatFieldMessages(messages)]));
}
