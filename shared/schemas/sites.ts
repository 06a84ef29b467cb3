import { z } from 'zod';
import { minutesOf, normalizeTime, sortWeeks, WEEKS_OF_MONTH, type WeekOfMonth } from '../hours.ts';
import { coded, codedIssue } from '../validation.ts';
import {
  BodySchema,
  IdListSchema,
  OptionalEmailSchema,
  PhoneSchema,
  RequiredTextSchema,
  VersionSchema,
  WebsiteSchema,
} from './common.ts';
import { fieldsPerList, ReferenceItemSchema } from './reference-lists.ts';
import { TranslationsAnswerSchema, TranslationsSchema } from './translations.ts';

const TimeSchema = z.string(coded('invalid_time')).transform((value, ctx) => {
  const time = normalizeTime(value);
  if (!time) {
    ctx.addIssue(codedIssue('invalid_time'));
    return z.NEVER;
  }
  return time;
});

const WEEKDAY_ERROR = coded('invalid_weekday');

/**
 * A weekday 0-6. A one-digit string "0"-"6" is read as that number: forms that take the day from a
 * <select> send it as text (the previous app's client does). Anything else stays refused.
 */
const WeekdaySchema = z.preprocess(
  (value) =>
    typeof value === 'string' && value.length === 1 && value >= '0' && value <= '6' ? Number(value) : value,
  z.number(WEEKDAY_ERROR).int(WEEKDAY_ERROR).min(0, WEEKDAY_ERROR).max(6, WEEKDAY_ERROR),
);

const WEEKS_ERROR = coded('invalid_weeks');

/**
 * The weeks of the month an interval is limited to: a non-empty list of 1-4 and -1 (the last such
 * weekday), stored once each in calendar order. Absent or null: every week.
 */
const WeeksSchema = z
  .array(
    z.number(WEEKS_ERROR).refine((week) => (WEEKS_OF_MONTH as readonly number[]).includes(week), WEEKS_ERROR),
    WEEKS_ERROR,
  )
  .min(1, WEEKS_ERROR)
  .transform((weeks) => sortWeeks(weeks as WeekOfMonth[]))
  .nullable()
  .transform((weeks) => weeks ?? undefined)
  .optional();

export const HoursInputSchema = z
  .object(
    {
      day: WeekdaySchema,
      open: TimeSchema,
      close: TimeSchema,
      weeks: WeeksSchema,
    },
    coded('invalid_hours'),
  )
  .refine((h) => minutesOf(h.close) > minutesOf(h.open), {
    ...coded('close_not_after_open'),
    path: ['close'],
  });

const Coordinate = (min: number, max: number) =>
  z
    .number(coded('not_a_number'))
    .min(min, coded('out_of_range', { min, max }))
    .max(max, coded('out_of_range', { min, max }))
    .nullable();

const siteFields = {
  name: RequiredTextSchema(200),
  /** The name in Spanish and Chinese (a Chinatown site's Chinese name); replaced whole when given. */
  translations: TranslationsSchema('name', 200),
  address: RequiredTextSchema(300),
  phoneNumber: PhoneSchema,
  email: OptionalEmailSchema,
  website: WebsiteSchema,
  lat: Coordinate(-90, 90).optional(),
  lng: Coordinate(-180, 180).optional(),
  Hours: z.array(HoursInputSchema, coded('invalid_hours')).max(70, coded('too_many_hours', { max: 70 })),
  /** `NutritionPartnerIds`, `PopulationIds`, …: one per reference list. */
  ...fieldsPerList('idsKey', () => IdListSchema),
};

/**
 * Saves a site that looks like another one (same address or phone, or nearly the same name close by):
 * without it such a write is answered 409 `duplicate` (docs/product.md R177).
 */
const ConfirmDuplicateSchema = z.boolean(coded('not_boolean')).optional();

const SiteBaseSchema = BodySchema({
  ...siteFields,
  confirmDuplicate: ConfirmDuplicateSchema,
  translations: siteFields.translations.default({}),
  Hours: siteFields.Hours.default([]),
  ...fieldsPerList('idsKey', () => IdListSchema.default([])),
  version: VersionSchema,
});

type LatLng = { lat?: number | null; lng?: number | null };
/** A pin is both coordinates or none: one given (or set) without the other is refused on the missing one. */
const bothOrNeither = (site: LatLng, ctx: z.RefinementCtx) => {
  const hasLat = site.lat !== undefined && site.lat !== null;
  const hasLng = site.lng !== undefined && site.lng !== null;
  const mismatch = hasLat !== hasLng || (site.lat === undefined) !== (site.lng === undefined);
  if (!mismatch) return;
  const missing = hasLat !== hasLng ? (hasLat ? 'lng' : 'lat') : site.lat === undefined ? 'lat' : 'lng';
  ctx.addIssue(codedIssue('both_coordinates', undefined, [missing]));
};

/** POST /api/sites. */
export const SiteCreateSchema = SiteBaseSchema.superRefine(bothOrNeither);
/** PATCH /api/sites/{id}: every field optional; a list that is given replaces the stored one exactly. */
export const SiteUpdateSchema = BodySchema({
  ...siteFields,
  version: VersionSchema,
  confirmDuplicate: ConfirmDuplicateSchema,
})
  .partial()
  .superRefine(bothOrNeither);
export type SiteCreate = z.output<typeof SiteCreateSchema>;
export type SiteUpdate = z.output<typeof SiteUpdateSchema>;
export type SiteInput = z.input<typeof SiteCreateSchema>;

/** An interval as answered: `weeks` only when the interval is limited to certain weeks of the month. */
const HoursSchema = z.object({
  day: z.number(),
  open: z.string(),
  close: z.string(),
  weeks: z
    .array(z.literal([...WEEKS_OF_MONTH]))
    .readonly()
    .optional(),
});
export type Hours = z.infer<typeof HoursSchema>;

export const SiteSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The name in Spanish and Chinese, where there is one: `{}` when none. */
  translations: TranslationsAnswerSchema('name'),
  address: z.string(),
  /** "" when the site has no phone: always a string, as the API has always answered. */
  phoneNumber: z.string(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  Hours: z.array(HoursSchema),
  /** `NutritionPartners`, `Populations`, …: one per reference list. */
  ...fieldsPerList('siteKey', () => z.array(ReferenceItemSchema)),
  version: z.number(),
  updatedAt: z.string(),
  /** When staff last checked the facts with the site (ISO 8601), null when never (docs/product.md R170). */
  confirmedAt: z.string().nullable(),
  /** Set on a write answer when geocoding was tried and found nothing (docs/product.md R66). */
  geocodeWarning: z.string().optional(),
});
export type Site = z.infer<typeof SiteSchema>;

/** Why a site looks like another one (docs/product.md R177). */
export const DUPLICATE_REASONS = ['address', 'phone', 'name'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

/** A site that a new or edited site may duplicate, as the 409 `duplicate` answer lists it. */
export const DuplicateCandidateSchema = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string(),
  phoneNumber: z.string(),
  reasons: z.array(z.enum(DUPLICATE_REASONS)),
});
export type DuplicateCandidate = z.infer<typeof DuplicateCandidateSchema>;

/** The 409 answer of a site write that looks like a duplicate; send again with `confirmDuplicate: true`. */
export const DuplicateConflictSchema = z.object({
  statusCode: z.literal(409),
  error: z.literal('Conflict'),
  code: z.literal('duplicate'),
  message: z.string(),
  candidates: z.array(DuplicateCandidateSchema),
});
export type DuplicateConflict = z.infer<typeof DuplicateConflictSchema>;
