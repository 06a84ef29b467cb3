import { formatPhone, phoneHref } from '#shared/phone.ts';

/** (xxx) xxx-xxxx as a tel: link when the number is exactly 10 digits; otherwise as stored (docs/product.md R64). */
export function PhoneLink({ phone }: { phone: string | null | undefined }) {
  const href = phoneHref(phone);
  const text = formatPhone(phone);
  return href ? <a href={href}>{text}</a> : text;
}
