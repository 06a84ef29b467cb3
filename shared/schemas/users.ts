import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';
import { ROLES } from '../roles.ts';
import { coded, VALIDATION_MESSAGES } from '../validation.ts';
import { BodySchema, EmailSchema, RequiredTextSchema } from './common.ts';

export const PASSWORD_RULE_MESSAGE = VALIDATION_MESSAGES.password_rule;
const PASSWORD_RULE = coded('password_rule');
const REQUIRED = coded('required');
const TOO_LONG = (max: number) => coded('too_long', { max });

/** docs/product.md R40: at least 8 characters, one letter, one number. */
export const PasswordSchema = z
  .string(PASSWORD_RULE)
  .min(8, PASSWORD_RULE)
  .max(200, TOO_LONG(200))
  .regex(/\p{L}/u, PASSWORD_RULE)
  .regex(/\p{N}/u, PASSWORD_RULE);

export const LoginSchema = BodySchema({
  email: z.string(REQUIRED).trim().toLowerCase().max(254, TOO_LONG(254)),
  password: z.string(REQUIRED).max(200, TOO_LONG(200)),
});

export const RegisterSchema = BodySchema({
  firstName: RequiredTextSchema(100),
  lastName: RequiredTextSchema(100),
  email: EmailSchema,
  password: PasswordSchema,
});

/**
 * PATCH/PUT /api/users/{id}. Unknown fields (id, isAdmin, pictureUrl…) are ignored; an empty password
 * means unchanged. A new e-mail address or a new password needs `currentPassword` as proof
 * (docs/decisions/018-account-proof-and-upload-types.md); names and the picture do not.
 */
export const UserUpdateSchema = BodySchema({
  firstName: RequiredTextSchema(100).optional(),
  lastName: RequiredTextSchema(100).optional(),
  email: EmailSchema.optional(),
  password: z.preprocess((v) => (v === '' || v === null ? undefined : v), PasswordSchema.optional()),
  picture: z.string(coded('not_text')).max(500, TOO_LONG(500)).nullable().optional(),
  language: z.enum(LANGUAGES, coded('invalid_language', { languages: LANGUAGES })).optional(),
  currentPassword: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string(coded('not_text')).max(200, TOO_LONG(200)).optional(),
  ),
});
export type UserUpdate = z.input<typeof UserUpdateSchema>;

export const UserSchema = z.object({
  id: z.number(),
  /** True for administrators and editors: the original client's test for its admin screens (R570). */
  isAdmin: z.boolean(),
  role: z.enum(ROLES),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  pictureUrl: z.string().nullable(),
});
export type User = z.infer<typeof UserSchema>;

export const ForgotPasswordSchema = BodySchema({
  email: z.string(REQUIRED).trim().toLowerCase().max(254, TOO_LONG(254)),
});
export const ResetPasswordSchema = BodySchema({ password: PasswordSchema });

/** What happened to an account (docs/product.md R431): the kinds of `AccountEventSchema.action`. */
export const ACCOUNT_EVENT_ACTIONS = [
  'created',
  'promoted',
  'password_changed',
  'password_reset',
  'email_changed',
  'sign_in_failed',
  'sign_in_locked',
  // Staff accounts (R580–R589): `detail` holds the before and after, never a link.
  'invited',
  'invitation_resent',
  'invitation_revoked',
  'invitation_accepted',
  'role_changed',
  'partners_changed',
  'deactivated',
  'reactivated',
] as const;
export type AccountEventAction = (typeof ACCOUNT_EVENT_ACTIONS)[number];

/** One entry of GET /api/users/{id}/events, newest first; `actor` null: the server itself or a visitor. */
export const AccountEventSchema = z.object({
  id: z.number(),
  action: z.enum(ACCOUNT_EVENT_ACTIONS),
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  actor: z.object({ id: z.number(), firstName: z.string(), lastName: z.string() }).nullable(),
});
export type AccountEvent = z.infer<typeof AccountEventSchema>;
