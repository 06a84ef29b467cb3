import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';
import { EmailSchema, RequiredTextSchema } from './common.ts';

export const PASSWORD_RULE_MESSAGE = 'Minimum eight characters, at least one letter and one number.';

/** SPEC.md §9: at least 8 characters, one letter, one number. */
export const PasswordSchema = z
  .string({ error: PASSWORD_RULE_MESSAGE })
  .min(8, { error: PASSWORD_RULE_MESSAGE })
  .max(200, { error: 'must be at most 200 characters' })
  .regex(/\p{L}/u, { error: PASSWORD_RULE_MESSAGE })
  .regex(/\p{N}/u, { error: PASSWORD_RULE_MESSAGE });

export const LoginSchema = z.object({
  email: z.string({ error: 'is required' }).trim().toLowerCase().max(254),
  password: z.string({ error: 'is required' }).max(200),
});

export const RegisterSchema = z.object({
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
export const UserUpdateSchema = z.object({
  firstName: RequiredTextSchema(100).optional(),
  lastName: RequiredTextSchema(100).optional(),
  email: EmailSchema.optional(),
  password: z.preprocess((v) => (v === '' || v === null ? undefined : v), PasswordSchema.optional()),
  picture: z.string().max(500).nullable().optional(),
  language: z.enum(LANGUAGES).optional(),
  currentPassword: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().max(200).optional(),
  ),
});
export type UserUpdate = z.input<typeof UserUpdateSchema>;

export const UserSchema = z.object({
  id: z.number(),
  isAdmin: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  pictureUrl: z.string().nullable(),
});
export type User = z.infer<typeof UserSchema>;

export const ForgotPasswordSchema = z.object({
  email: z.string({ error: 'is required' }).trim().toLowerCase().max(254),
});
export const ResetPasswordSchema = z.object({ password: PasswordSchema });
