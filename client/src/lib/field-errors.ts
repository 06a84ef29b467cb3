import type { TFunction } from 'i18next';
import { addNamespace } from '#client/i18n/lazy-namespaces.ts';
import type { FieldError } from '#shared/schemas/common.ts';
import { formatParam, isValidationCode, type ValidationParams } from '#shared/validation.ts';

// The words of validation errors come with the (lazily loaded) forms that show them.
addNamespace('validation');

/** How a language joins a field's messages and ends the sentence: ', ' and '.' in English, '，' and '。' in Chinese. */
export interface Punctuation {
  separator: string;
  end: string;
}

const ENGLISH_PUNCTUATION: Punctuation = { separator: ', ', end: '.' };

/**
 * docs/product.md R80: the messages for one field, capitalised, de-duplicated, comma-joined, ending with a period
 * (the reader's language's comma and full stop).
 * ['is required', 'is required', 'must be short'] → 'Is required, must be short.'
 */
export function formatFieldMessages(
  messages: readonly string[],
  punctuation: Punctuation = ENGLISH_PUNCTUATION,
): string {
  const unique = [...new Set(messages.map((m) => m.trim().replace(/[.。]$/, '')).filter(Boolean))];
  if (!unique.length) return '';
  const joined = unique.join(punctuation.separator);
  return `${joined.charAt(0).toUpperCase()}${joined.slice(1)}${punctuation.end}`;
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
  return t(`validation:codes.${error.code}`, { ...params, defaultValue: error.message });
}

/** Field errors grouped by top-level field ('Hours.0.close' stays whole too), formatted per docs/product.md R80. */
export function fieldErrorMap(errors: readonly FieldError[], t: TFunction): Record<string, string> {
  const punctuation: Punctuation = {
    separator: t('validation:separator', { defaultValue: ENGLISH_PUNCTUATION.separator }),
    end: t('validation:end', { defaultValue: ENGLISH_PUNCTUATION.end }),
  };
  const grouped = new Map<string, string[]>();
  for (const error of errors) {
    const list = grouped.get(error.path) ?? [];
    list.push(translateFieldError(error, t));
    grouped.set(error.path, list);
  }
  return Object.fromEntries(
    [...grouped].map(([path, messages]) => [path, formatFieldMessages(messages, punctuation)]),
  );
}
