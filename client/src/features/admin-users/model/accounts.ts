import type { TFunction } from 'i18next';
import { agencyTimeZone } from '#client/lib/agency-clock.ts';
import { formatInstant } from '#shared/format-hours.ts';
import type { StaffAccount } from '#shared/schemas/staff-accounts.ts';

/** An instant on the agency's clock, as staff read it: 'Nov 24, 2026, 3:05 PM' (docs/product.md R92). */
export const agencyInstant = (instant: string, language: string | undefined) =>
  formatInstant(instant, language, agencyTimeZone());

export const fullName = (account: Pick<StaffAccount, 'firstName' | 'lastName'>) =>
  `${account.firstName} ${account.lastName}`.trim();

/**
 * An account's status in words (R580): deactivated (or, never used, its invitation withdrawn), an
 * invitation pending until its link's end (or expired), or active.
 */
export function statusText(
  account: StaffAccount,
  t: TFunction,
  language: string | undefined,
  now = Date.now(),
) {
  if (!account.active)
    return t(account.invitationPending ? 'status.invitationRevoked' : 'status.deactivated');
  if (!account.invitationPending) return t('status.active');
  const until = account.invitationExpiresAt;
  if (!until || Date.parse(until) <= now) return t('status.invitedExpired');
  return t('status.invited', { date: agencyInstant(until, language) });
}

/** The names of an account's nutrition partners, in the list's order; ids no longer listed are left out. */
export function partnerNames(ids: readonly number[], partners: readonly { id: number; name: string }[] = []) {
  return partners.filter((partner) => ids.includes(partner.id)).map((partner) => partner.name);
}
