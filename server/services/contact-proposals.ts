import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Language } from '#shared/languages.ts';
import { PROPOSAL_FIELDS, type ProposalSummary } from '#shared/schemas/proposals.ts';
import type { SiteUpdate } from '#shared/schemas/sites.ts';
import { invalidField } from '#shared/validation.ts';
import type { Db } from '../db/client.ts';
import { confirmationLinks, sites } from '../db/schema.ts';
import { usableLink } from './confirmations.ts';
import { revokeContactLinks } from './contact-links.ts';
import { HttpError, ValidationError } from './errors.ts';
import { fieldsBeyondPartner } from './partner-scope.ts';
import { proposeChange } from './proposals.ts';

/**
 * A site contact's corrections through their confirmation link (docs/product.md R598a): the same
 * fields a partner manager may change, checked like a save and kept as a proposal from the contact
 * (the link's address and the page's language, for the outcome's e-mail). The link is spent in the
 * same transaction, as an answer spends it, and the site's other links end with it (R345); a change
 * that differs in nothing spends nothing and answers null.
 */
export async function proposeFromContact(
  db: Db,
  token: string,
  input: SiteUpdate,
  language: Language,
  now: Date,
): Promise<ProposalSummary | null> {
  const beyond = fieldsBeyondPartner(input);
  if (beyond.length)
    throw new ValidationError(
      beyond.map((field) => invalidField(field, 'invalid_choice', { choices: PROPOSAL_FIELDS.join(', ') })),
    );
  const link = await usableLink(db, token, now);
  return db.transaction(async (tx) => {
    await tx.select({ id: sites.id }).from(sites).where(eq(sites.id, link.siteId)).for('update');
    const proposal = await proposeChange(tx, link.siteId, input, { contactEmail: link.sentTo, language });
    if (!proposal) return null;
    const spent = await tx
      .update(confirmationLinks)
      .set({ usedAt: now })
      .where(
        and(
          eq(confirmationLinks.id, link.id),
          isNull(confirmationLinks.usedAt),
          gt(confirmationLinks.expiresAt, now),
        ),
      )
      .returning({ id: confirmationLinks.id });
    if (!spent.length) throw new HttpError(410, 'This link has already been used.', { code: 'link_used' });
    await revokeContactLinks(tx, link.siteId, link.id);
    return proposal;
  });
}
