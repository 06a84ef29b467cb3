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
 * The words that say an extension follows, at the end of a phone number: "x12", "x. 12", "ext 12",
 * "ext. 12", "Ext: 12", "extn 12", "extension 12", "extensión 12", "#12", "內線 12", "分機 12", also in
 * parentheses. Anchored at the end and without nested repeats, so it is linear on any text (R606).
 */
const EXTENSION_AT_END =
  /(?<![a-z\u00e0-\u00ff])(?:x|ext|extn|extension|extensión|內線|分機|#)\.?\s*(?:no\.?\s*)?[:#]?\s*(\d{1,6})\s*\)?$/i;

/**
 * A phone number typed with its extension — '415.555.0142 x3', '(415) 555-0142 ext. 12', '415-555-0142
 * (extension 12)' — as the number and the extension; the whole text as the number when it carries none.
 */
export function splitExtension(input: string): { number: string; extension?: string } {
  const text = input.trim();
  const match = EXTENSION_AT_END.exec(text);
  if (!match) return { number: input };
  // What comes before is the number: it must end with a digit once "," ";" "(" and spaces are off.
  let end = match.index;
  while (end > 0 && ' \t,;('.includes(text[end - 1]!)) end -= 1;
  const number = text.slice(0, end);
  if (!/\d$/.test(number)) return { number: input };
  return { number, extension: match[1]! };
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
