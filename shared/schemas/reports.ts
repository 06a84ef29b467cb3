import { z } from 'zod';
import {
  REPORT_CONTACT_MAX,
  REPORT_MESSAGE_MAX,
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  REPORT_STATUSES,
} from '../keep-true.ts';
import { coded } from '../validation.ts';
import { BodySchema } from './common.ts';

export {
  canMoveReport,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TRANSITIONS,
  type ReportReason,
  type ReportStatus,
} from '../keep-true.ts';

const optionalText = (max: number) =>
  z
    .string(coded('not_text'))
    .trim()
    .max(max, coded('too_long', { max }))
    .transform((value) => (value === '' ? undefined : value))
    .optional();

/** POST /api/reports (anyone). `website` is the hidden honeypot field (docs/product.md R173). */
export const ReportCreateSchema = BodySchema({
  siteId: z
    .number(coded('not_a_number'))
    .int(coded('not_a_number'))
    .positive(coded('not_a_number'))
    .max(2_147_483_647, coded('not_a_number'))
    .nullable()
    .optional(),
  reasons: z
    .array(
      z.enum(REPORT_REASONS, coded('invalid_choice', { choices: [...REPORT_REASONS] })),
      coded('invalid_choice', { choices: [...REPORT_REASONS] }),
    )
    .min(1, coded('required'))
    .max(REPORT_REASONS.length, coded('list_too_long', { max: REPORT_REASONS.length }))
    .refine((reasons) => new Set(reasons).size === reasons.length, coded('duplicate_items')),
  message: optionalText(REPORT_MESSAGE_MAX),
  contact: optionalText(REPORT_CONTACT_MAX),
  website: z.unknown().optional(),
});
export type ReportCreate = z.output<typeof ReportCreateSchema>;

/** PATCH /api/reports/{id} (staff). */
export const ReportUpdateSchema = BodySchema({
  status: z.enum(REPORT_STATUSES, coded('invalid_choice', { choices: [...REPORT_STATUSES] })),
  note: z
    .string(coded('not_text'))
    .trim()
    .max(REPORT_NOTE_MAX, coded('too_long', { max: REPORT_NOTE_MAX }))
    .optional(),
});
export type ReportUpdate = z.output<typeof ReportUpdateSchema>;

export const ReportQuerySchema = z.object({
  status: z.enum(REPORT_STATUSES, coded('invalid_choice', { choices: [...REPORT_STATUSES] })).optional(),
});

export const ReportSchema = z.object({
  id: z.number(),
  siteId: z.number().nullable(),
  siteName: z.string().nullable(),
  reasons: z.array(z.enum(REPORT_REASONS)),
  message: z.string().nullable(),
  contact: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  note: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Report = z.infer<typeof ReportSchema>;
