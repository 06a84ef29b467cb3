import { PHONE_DIGITS } from './constants.ts';

/** Keeps only the digits of what a person typed: '(415) 555-0123' → '4155550123'. A leading US '1' is dropped. */
export function normalizePhone(input: string): string {
  const digits = input.replace(/\D/g, '');
  return digits.length === PHONE_DIGITS + 1 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** (xxx) xxx-xxxx when exactly 10 digits; otherwise the value as stored (docs/product.md R64). */
export function formatPhone(stored: string | null | undefined): string {
  const value = stored ?? '';
  if (!/^\d{10}$/.test(value)) return value;
  return `(${value.slice(0, 3)}) ${value.slice(3, 6)}-${value.slice(6)}`;
}

/** A tel: href only for a well-formed 10-digit number. */
export function phoneHref(stored: string | null | undefined): string | undefined {
  return stored && /^\d{10}$/.test(stored) ? `tel:+1${stored}` : undefined;
}

/**
 * A phone number typed with its extension — '415.555.0142 x3', '(415) 555-0142 ext. 12' — as the number
 * and the extension; the whole text as the number when it carries none.
 */
export function splitExtension(input: string): { number: string; extension?: string } {
  const match = /^(.*?\d)\s*,?\s*(?:x|ext\.?|extension|#)\s*(\d{1,6})\s*$/i.exec(input.trim());
  return match ? { number: match[1]!, extension: match[2]! } : { number: input };
}

/** The number formatted with its extension in `extensionWord` ('ext.', '內線'): '(415) 555-0142, ext. 3'. */
export function formatPhoneWithExtension(
  stored: string | null | undefined,
  extension: string | null | undefined,
  extensionWord: string,
): string {
  const number = formatPhone(stored);
  return number && extension ? `${number}, ${extensionWord} ${extension}` : number;
}

/** A tel: href that dials the extension after a pause ('tel:+14155550142,3'). */
export function phoneHrefWithExtension(
  stored: string | null | undefined,
  extension: string | null | undefined,
): string | undefined {
  const href = phoneHref(stored);
  return href && extension ? `${href},${extension}` : href;
}
