import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { timestamps } from './columns.ts';
import { sites } from './directory.ts';

/** What staff decided about one proposed field (docs/product.md R594). */
export interface ProposalDecisionRecord {
  outcome: 'applied' | 'rejected';
  /** The member of staff who decided. */
  by: number;
  at: string;
  /** The history entry the applied field was saved in. */
  historyId?: number;
}

/**
 * A change to a site proposed by a partner manager (or a site's contact), waiting for staff
 * (docs/product.md R590–R599, docs/decisions/056-proposals.md): the fields that differed from the site
 * when it was made, their values then (`base`), and staff's decision per field.
 */
export const siteProposals = pgTable(
  'site_proposals',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** The site's version the proposal was made against. */
    baseVersion: integer('base_version').notNull(),
    /** The proposed fields' values at the base version, { field: value }. */
    base: jsonb('base').notNull(),
    /** The proposed values, { field: value }: only the fields that differed then. */
    changes: jsonb('changes').notNull(),
    /** The partner manager who proposed it (null for a site contact's, or once the account is gone). */
    proposedBy: integer('proposed_by').references(() => users.id, { onDelete: 'set null' }),
    /** A site contact's proposal: the address the confirmation link went to. */
    contactEmail: text('contact_email'),
    /** The proposer's language for the e-mail when they have no account. */
    language: text('language'),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    /** { field: ProposalDecisionRecord } for each decided field. */
    decisions: jsonb('decisions').$type<Record<string, ProposalDecisionRecord>>().notNull().default({}),
    createdAt: timestamps.createdAt,
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('site_proposals_status_idx').on(t.status, t.createdAt),
    index('site_proposals_site_idx').on(t.siteId),
    index('site_proposals_proposed_by_idx').on(t.proposedBy),
    check('site_proposals_status_check', sql`${t.status} in ('open', 'closed')`),
  ],
);
