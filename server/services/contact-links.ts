import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { confirmationLinks } from '../db/schema.ts';

/**
 * Ends a site's outstanding contact links (docs/product.md R345): each then answers 410
 * `link_expired`, as a link past its 14 days does. A revoked link's end is set to the moment it was
 * made, which is before any answer to it whatever clock the caller goes by. Called inside the transaction of the write that
 * makes them pointless — an answer to one of the site's links (`except` is that link), or a change of
 * the site's contact e-mail (a link sent to the old address must not speak for the site any more).
 * Answers how many links were ended.
 */
export async function revokeContactLinks(tx: Db, siteId: number, except?: number): Promise<number> {
  const ended = await tx
    .update(confirmationLinks)
    .set({ expiresAt: sql`${confirmationLinks.createdAt}` })
    .where(
      and(
        eq(confirmationLinks.siteId, siteId),
        isNull(confirmationLinks.usedAt),
        gt(confirmationLinks.expiresAt, confirmationLinks.createdAt),
        ...(except === undefined ? [] : [ne(confirmationLinks.id, except)]),
      ),
    )
    .returning({ id: confirmationLinks.id });
  return ended.length;
}

/** Whether a write changes the site's contact e-mail (compared without case or surrounding spaces). */
export function contactEmailChanged(given: string | null | undefined, stored: string | null | undefined) {
  if (given === undefined) return false;
  const norm = (email: string | null | undefined) => (email ?? '').trim().toLowerCase();
  return norm(given) !== norm(stored);
}
