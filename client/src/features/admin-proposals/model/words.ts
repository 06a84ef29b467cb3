import type { TFunction } from 'i18next';
import { agencyTimeZone } from '#client/lib/agency-clock.ts';
import { formatInstant } from '#shared/format-hours.ts';
import type { ProposalSummary } from '#shared/schemas/proposals.ts';

/** Who proposed, as the screens name them: the account's name, the site's contact, or a removed account. */
export function proposerName(proposal: Pick<ProposalSummary, 'proposer'>, t: TFunction): string {
  const { user, siteContact } = proposal.proposer;
  if (user) return `${user.firstName} ${user.lastName}`.trim();
  return t(siteContact ? 'admin-proposals:siteContact' : 'admin-proposals:removedAccount');
}

/** An instant on the agency's clock in the reader's language. */
export const when = (instant: string, language: string | undefined) =>
  formatInstant(instant, language, agencyTimeZone());
