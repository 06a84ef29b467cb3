import { z } from 'zod';
import { ROLES } from '../roles.ts';
import { coded, codedIssue } from '../validation.ts';
import { BodySchema, EmailSchema, IdListSchema, RequiredTextSchema } from './common.ts';

/**
 * Staff accounts, for administrators (docs/product.md R580–R589, docs/decisions/055-staff-accounts-and-invitations.md).
 * `invitationPending`: the account was invited and has never set a password; `invitationExpiresAt`
 * the end of its newest unused invitation link (null when none is left: expired links still count
 * until a new one is sent, revoked or used ones do not).
 */
export const StaffAccountSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  partnerIds: z.array(z.number()),
  lastSignInAt: z.string().nullable(),
  active: z.boolean(),
  deactivatedAt: z.string().nullable(),
  invitationPending: z.boolean(),
  invitationExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffAccount = z.infer<typeof StaffAccountSchema>;

const RoleSchema = z.enum(ROLES, coded('invalid_choice', { choices: ROLES.join(', ') }));

/** A partner manager keeps at least one nutrition partner's sites (R582); other roles keep none. */
function partnersForRole(body: { role?: string; partnerIds?: number[] }, ctx: z.RefinementCtx) {
  if (body.role === 'partner' && !body.partnerIds?.length)
    ctx.addIssue(codedIssue('required', undefined, ['partnerIds']));
}

/** POST /api/users/invitations: a new account and its invitation e-mail (R581). */
export const InvitationSchema = BodySchema({
  email: EmailSchema,
  firstName: RequiredTextSchema(100),
  lastName: RequiredTextSchema(100),
  role: RoleSchema,
  partnerIds: IdListSchema.optional(),
}).superRefine(partnersForRole);
export type Invitation = z.input<typeof InvitationSchema>;

/**
 * PATCH /api/users/{id}/access: a new role, partners (for a partner manager), or `active` false to
 * deactivate and true to reactivate (R582, R584, R585). Partners alone keep the account's role; a partner
 * manager without partners, before or after, is refused by the server (422 on `partnerIds`).
 */
export const AccessChangeSchema = BodySchema({
  role: RoleSchema.optional(),
  partnerIds: IdListSchema.optional(),
  active: z.boolean(coded('not_boolean')).optional(),
});
export type AccessChange = z.input<typeof AccessChangeSchema>;
