import { z } from 'zod';
import { coded } from '../validation.ts';
import { BodySchema, VersionSchema } from './common.ts';

/**
 * Proposals (docs/product.md R590–R599): a partner manager's change to a site, kept for staff to apply
 * or reject field by field. The fields a proposal may hold are those a partner manager may change
 * (server/services/partner-scope.ts PARTNER_FIELDS, without `version` and `confirmDuplicate`).
 */
export const PROPOSAL_FIELDS = [
  'Hours',
  'phoneNumber',
  'phoneExtension',
  'email',
  'website',
  'facts',
] as const;
export type ProposalField = (typeof PROPOSAL_FIELDS)[number];

export const PROPOSAL_OUTCOMES = ['applied', 'rejected'] as const;
export type ProposalOutcome = (typeof PROPOSAL_OUTCOMES)[number];

export const PROPOSAL_STATUSES = ['open', 'closed'] as const;

const PersonSchema = z.object({ id: z.number(), firstName: z.string(), lastName: z.string() });

/** Who proposed: a partner manager's account, or a site's contact (no account, `user` null). */
const ProposerSchema = z.object({
  user: PersonSchema.nullable(),
  siteContact: z.boolean(),
});

/** A proposal in a list: GET /api/proposals (open ones), GET /api/proposals/mine, a partner's 202. */
export const ProposalSummarySchema = z.object({
  id: z.number(),
  siteId: z.number(),
  siteName: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
  /** ISO 8601. */
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  proposer: ProposerSchema,
  /** Each proposed field with its outcome, null while undecided. */
  fields: z.array(
    z.object({ field: z.enum(PROPOSAL_FIELDS), outcome: z.enum(PROPOSAL_OUTCOMES).nullable() }),
  ),
});
export type ProposalSummary = z.infer<typeof ProposalSummarySchema>;

/** One proposed field on the review screen (R593). Values are in the site answer's shapes. */
export const ProposalFieldDetailSchema = z.object({
  field: z.enum(PROPOSAL_FIELDS),
  /** The field's value at the proposal's base version. */
  base: z.unknown(),
  /** The site's value now. */
  current: z.unknown(),
  /** The proposed value. */
  proposed: z.unknown(),
  /** Whether the site's value changed since the proposal was made. */
  changedSince: z.boolean(),
  decision: z
    .object({
      outcome: z.enum(PROPOSAL_OUTCOMES),
      by: PersonSchema.nullable(),
      at: z.string(),
    })
    .nullable(),
});
export type ProposalFieldDetail = z.infer<typeof ProposalFieldDetailSchema>;

/** GET /api/proposals/{id}, and the answer of its decisions. */
export const ProposalDetailSchema = ProposalSummarySchema.extend({
  /** The site's version the proposal was made against. */
  baseVersion: z.number(),
  /** The site's version now: send it back with the decisions. */
  siteVersion: z.number(),
  fields: z.array(ProposalFieldDetailSchema),
});
export type ProposalDetail = z.infer<typeof ProposalDetailSchema>;

const FieldListSchema = z
  .array(z.enum(PROPOSAL_FIELDS, coded('invalid_choice', { choices: PROPOSAL_FIELDS.join(', ') })))
  .max(PROPOSAL_FIELDS.length, coded('list_too_long', { max: PROPOSAL_FIELDS.length }))
  .default([]);

/** POST /api/proposals/{id}/decisions (R594): the fields to apply and to reject, and the site's version. */
export const ProposalDecisionsSchema = BodySchema({
  apply: FieldListSchema,
  reject: FieldListSchema,
  /** The site's current version (`siteVersion`): a stale one is answered 409 like a save (R57). */
  version: VersionSchema.unwrap(),
  /** Applies fields that make the site look like another one (R177). */
  confirmDuplicate: z.boolean(coded('not_boolean')).optional(),
});
export type ProposalDecisions = z.input<typeof ProposalDecisionsSchema>;

/** GET /api/my-sites: a site of the caller's own nutrition partners. */
export const MySiteSchema = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string(),
  version: z.number(),
  /** The caller's own nutrition partners that list the site, by id (R728). */
  partnerIds: z.array(z.number()),
});
export type MySite = z.infer<typeof MySiteSchema>;

/** POST /api/confirmations/{token}/proposal: 202 `true` when kept, 200 `false` when nothing differed. */
export const ContactProposalAnswerSchema = z.object({ proposed: z.boolean() });

/** The answer's `code` of a 409 for a proposal already closed. */
export const PROPOSAL_CLOSED = 'proposal_closed';
