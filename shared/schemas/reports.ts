import { z } from 'zod';
import {
  REPORT_CONTACT_MAX,
  REPORT_MESSAGE_MAX,
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  REPORT_SOURCES,
  REPORT_STATUSES,
} from '../keep-true.ts';
import { coded } from '../validation.ts';
import { BodyIdSchema, BodySchema } from './common.ts';

export {
  canMoveReport,
  REPORT_REASONS,
  REPORT_SOURCES,
  REPORT_STATUSES,
  REPORT_TRANSITIONS,
  type ReportReason,
  type ReportSource,
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

/** PATCH /api/reports/{id} (staff): a status, and a note added to the report's notes (R541). */
export const ReportUpdateSchema = BodySchema({
  status: z.enum(REPORT_STATUSES, coded('invalid_choice', { choices: [...REPORT_STATUSES] })),
  note: z
    .string(coded('not_text'))
    .trim()
    .max(REPORT_NOTE_MAX, coded('too_long', { max: REPORT_NOTE_MAX }))
    .optional(),
  /**
   * The change that fixed what the report said (R577): the id of an entry of the report's site's
   * history (`GET /api/sites/{id}/history`); null takes the link back. Left out: unchanged.
   */
  fixedBy: BodyIdSchema.nullable().optional(),
});
export type ReportUpdate = z.output<typeof ReportUpdateSchema>;

export const ReportQuerySchema = z.object({
  status: z.enum(REPORT_STATUSES, coded('invalid_choice', { choices: [...REPORT_STATUSES] })).optional(),
});

/** Who wrote a note or moved a report; null when not known (a note from before R541, a deleted account). */
const ReportPersonSchema = z.object({ id: z.number(), name: z.string() }).nullable();

/** One staff note, kept with its author and time; a later note never replaces it (R541). */
export const ReportNoteSchema = z.object({
  text: z.string(),
  author: ReportPersonSchema,
  createdAt: z.string(),
});
export type ReportNote = z.infer<typeof ReportNoteSchema>;

/** One status change: who, when, from what to what (R541). */
export const ReportEventSchema = z.object({
  from: z.enum(REPORT_STATUSES),
  to: z.enum(REPORT_STATUSES),
  by: ReportPersonSchema,
  createdAt: z.string(),
});
export type ReportEvent = z.infer<typeof ReportEventSchema>;

export const ReportSchema = z.object({
  id: z.number(),
  siteId: z.number().nullable(),
  siteName: z.string().nullable(),
  reasons: z.array(z.enum(REPORT_REASONS)),
  message: z.string().nullable(),
  contact: z.string().nullable(),
  /** `site-contact`: sent through the link e-mailed to the site's own address (R496). */
  source: z.enum(REPORT_SOURCES),
  status: z.enum(REPORT_STATUSES),
  /** The latest note, as before notes were kept (R541). */
  note: z.string().nullable(),
  /** Every note, oldest first. */
  notes: z.array(ReportNoteSchema),
  /** Every status change, oldest first. */
  events: z.array(ReportEventSchema),
  /** The change of the site's history that fixed it (R577), when staff named one. */
  fixedBy: z.object({ historyId: z.number(), createdAt: z.string(), by: ReportPersonSchema }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Report = z.infer<typeof ReportSchema>;
