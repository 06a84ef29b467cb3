import { z } from 'zod';
import { minutesOf, sortWeeks, WEEKS_OF_MONTH, type WeekOfMonth } from '../hours.ts';
import { splitExtension } from '../phone.ts';
import { coded, codedIssue } from '../validation.ts';
import {
  BodySchema,
  IdListSchema,
  OptionalEmailSchema,
  PhoneSchema,
  RequiredTextSchema,
  TimeSchema,
  VersionSchema,
  WebsiteSchema,
  WeekdaySchema,
} from './common.ts';
import { fieldsPerList, ReferenceItemSchema } from './reference-lists.ts';
import { PhoneExtensionSchema, SiteFactsAnswerSchema, SiteFactsSchema } from './site-facts.ts';
import { TranslationsAnswerSchema, TranslationsSchema } from './translations.ts';

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

/**
 * A site's address on one line (docs/product.md R486): a line break (a pasted multi-line address)
 * becomes ", ", each line trimmed of spaces and of its own leading or trailing commas, blank lines
 * dropped. "1 Main St\nSan Francisco, CA 94110" is stored as "1 Main St, San Francisco, CA 94110",
 * which the open-data feed can split into street, city, state and ZIP code. Linear in the text.
 */
export function oneLineAddress(address: string): string {
  if (!/[\r\n]/.test(address)) return address;
  const edge = (char: string | undefined) => char === ',' || (char !== undefined && char.trim() === '');
  return address
    .split(/\r\n|\r|\n/)
    .map((line) => {
      let start = 0;
      let end = line.length;
      while (start < end && edge(line[start])) start += 1;
      while (end > start && edge(line[end - 1])) end -= 1;
      return line.slice(start, end);
    })
    .filter(Boolean)
    .join(', ');
}

const AddressSchema = z.preprocess(
  (value) => (typeof value === 'string' ? oneLineAddress(value) : value),
  RequiredTextSchema(300),
);

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
  address: AddressSchema,
  phoneNumber: PhoneSchema,
  /** The extension to dial after the number (a site inside a senior centre), 1-6 digits. */
  phoneExtension: PhoneExtensionSchema,
  email: OptionalEmailSchema,
  website: WebsiteSchema,
  lat: Coordinate(-90, 90).optional(),
  lng: Coordinate(-180, 180).optional(),
  Hours: z.array(HoursInputSchema, coded('invalid_hours')).max(70, coded('too_many_hours', { max: 70 })),
  /** `NutritionPartnerIds`, `PopulationIds`, …: one per reference list. */
  ...fieldsPerList('idsKey', () => IdListSchema),
  /** What decides whether a senior can eat there (docs/product.md R500); replaced whole when given. */
  facts: SiteFactsSchema,
};

/**
 * '415.555.0142 x3' in `phoneNumber` is the number and its extension: the extension moves to
 * `phoneExtension` unless that is given too (docs/product.md R503). Applied to a body before the
 * schemas read it: by the site routes, the spreadsheet import and the site form.
 */
export function moveExtension(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const { phoneNumber, phoneExtension } = body as { phoneNumber?: unknown; phoneExtension?: unknown };
  if (typeof phoneNumber !== 'string') return body;
  const { number, extension } = splitExtension(phoneNumber);
  if (extension === undefined) return body;
  const given = phoneExtension !== undefined && phoneExtension !== null && phoneExtension !== '';
  return { ...body, phoneNumber: number, ...(given ? {} : { phoneExtension: extension }) };
}

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
  phoneExtension: siteFields.phoneExtension.default(null),
  facts: siteFields.facts.default({}),
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
  /** The extension to dial after the number, null when none. */
  phoneExtension: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  Hours: z.array(HoursSchema),
  /** `NutritionPartners`, `Populations`, …: one per reference list. */
  ...fieldsPerList('siteKey', () => z.array(ReferenceItemSchema)),
  /** What decides whether a senior can eat there; only what is known (`{}` when nothing). */
  facts: SiteFactsAnswerSchema,
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
