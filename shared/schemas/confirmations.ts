import { z } from 'zod';
import { CONFIRMATION_METHODS, CONFIRMATION_NOTE_MAX } from '../keep-true.ts';
import { coded } from '../validation.ts';
import { BodySchema } from './common.ts';
import { REPORT_REASONS } from './reports.ts';

export { CONFIRMATION_METHODS, type ConfirmationMethod } from '../keep-true.ts';

const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, coded('invalid_choice', { choices: [...values] }));

/** POST /api/sites/{id}/confirmations. */
export const ConfirmationCreateSchema = BodySchema({
  method: choice(CONFIRMATION_METHODS),
  note: z
    .string(coded('not_text'))
    .trim()
    .max(CONFIRMATION_NOTE_MAX, coded('too_long', { max: CONFIRMATION_NOTE_MAX }))
    .optional(),
});
export type ConfirmationCreate = z.output<typeof ConfirmationCreateSchema>;

/** POST /api/confirmations/{token}: the site contact's answer (docs/product.md R181). */
export const ContactAnswerSchema = z.discriminatedUnion(
  'answer',
  [
    BodySchema({ answer: z.literal('correct') }),
    BodySchema({
      answer: z.literal('changed'),
      reasons: z
        .array(choice(REPORT_REASONS), coded('invalid_choice', { choices: [...REPORT_REASONS] }))
        .max(REPORT_REASONS.length, coded('list_too_long', { max: REPORT_REASONS.length }))
        .refine((reasons) => new Set(reasons).size === reasons.length, coded('duplicate_items'))
        .optional(),
      message: z
        .string(coded('not_text'))
        .trim()
        .max(2000, coded('too_long', { max: 2000 }))
        .optional(),
    }),
  ],
  coded('invalid_choice', { choices: ['correct', 'changed'] }),
);
export type ContactAnswer = z.output<typeof ContactAnswerSchema>;

/** 202 answer of POST /api/sites/{id}/confirmation-requests. */
export const ConfirmationRequestAnswerSchema = z.object({ sentTo: z.string() });
