import type { Agency } from '#client/lib/agency.ts';
import { formatPhone, phoneHref } from '#shared/phone.ts';

/** The agency's phone (with its hours) and e-mail as links, under the labels the page gives. */
export function ContactWays({
  agency,
  phoneLabel,
  emailLabel,
}: {
  agency: Agency;
  phoneLabel: string;
  emailLabel: string;
}) {
  return (
    <ul className="help__ways">
      <li>
        {phoneLabel} <a href={phoneHref(agency.phone)}>{formatPhone(agency.phone)}</a> ({agency.phoneHours})
      </li>
      <li>
        {emailLabel} <a href={`mailto:${agency.email}`}>{agency.email}</a>
      </li>
    </ul>
  );
}
