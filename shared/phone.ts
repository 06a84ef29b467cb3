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
