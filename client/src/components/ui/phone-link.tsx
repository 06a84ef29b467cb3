import { formatPhoneWithExtension, phoneHrefWithExtension } from '#shared/phone.ts';

/**
 * (xxx) xxx-xxxx as a tel: link when the number is exactly 10 digits, with its extension dialled after a
 * pause and shown as '(415) 555-0142, ext. 3' when given; otherwise as stored (docs/product.md R64).
 */
export function PhoneLink({
  phone,
  extension,
  extensionWord = 'ext.',
}: {
  phone: string | null | undefined;
  extension?: string | null | undefined;
  /** 'ext.' in the page's language (facts:extension). */
  extensionWord?: string;
}) {
  const href = phoneHrefWithExtension(phone, extension);
  const text = formatPhoneWithExtension(phone, extension, extensionWord);
  return href ? <a href={href}>{text}</a> : text;
}
