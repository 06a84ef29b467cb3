import { z } from 'zod';
import { coded, codedIssue, type ValidationCode } from '../validation.ts';
import { BodySchema, IdListSchema, RequiredTextSchema, VersionSchema } from './common.ts';
import { TranslationsAnswerSchema, TranslationsSchema } from './translations.ts';

/**
 * Dated closures (docs/decisions/020-hours-closures-and-agency-time.md): from `startDate` to `endDate`
 * inclusive, in the agency's calendar; `endDate` null = until further notice. Either `allSites: true`
 * (a holiday) or the `siteIds` it covers.
 */

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' naming a real day (no 2026-02-30). Calendar arithmetic only: no clock, no zone. */
export function isCalendarDate(value: string): boolean {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days;
}

/** `required` when the field is missing, `code` when it is there but wrong. */
const requiredOr = (code: ValidationCode) => ({
  error: (issue: z.core.$ZodRawIssue) => coded(issue.input === undefined ? 'required' : code).error(issue),
});

const DateSchema = z.string(requiredOr('invalid_date')).refine(isCalendarDate, coded('invalid_date'));

const closureFields = {
  startDate: DateSchema,
  /** The last day closed (inclusive); null = until further notice. */
  endDate: DateSchema.nullable(),
  reason: RequiredTextSchema(200),
  /** The reason in Spanish and Chinese; replaced whole when given. */
  translations: TranslationsSchema('reason', 200).optional(),
  siteIds: IdListSchema.optional(),
  allSites: z.boolean(coded('not_boolean')).optional(),
  version: VersionSchema,
};

interface SitesPart {
  startDate?: string;
  endDate?: string | null;
  siteIds?: number[];
  allSites?: boolean;
}

/**
 * The rules between fields: an end before the start is refused on endDate; sites are named, or
 * `allSites: true`, never both. `creating`: a new closure must cover something.
 */
function closureRules(creating: boolean) {
  return (body: SitesPart, ctx: z.RefinementCtx) => {
    const { startDate, endDate } = body;
    const bothDates = startDate && endDate && isCalendarDate(startDate) && isCalendarDate(endDate);
    if (bothDates && endDate < startDate)
      ctx.addIssue(codedIssue('end_before_start', undefined, ['endDate']));
    if (body.allSites === true && body.siteIds !== undefined)
      ctx.addIssue(codedIssue('sites_with_all_sites', undefined, ['siteIds']));
    const noSites = body.siteIds === undefined ? creating : body.siteIds.length === 0;
    if (body.allSites !== true && noSites) ctx.addIssue(codedIssue('sites_required', undefined, ['siteIds']));
  };
}

/** POST /api/closures. */
export const ClosureCreateSchema = BodySchema(closureFields).superRefine(closureRules(true));
/**
 * PATCH /api/closures/{id}: any of the fields. `siteIds` makes it a closure of those sites;
 * `allSites: true` one of every site. The server checks the result against the stored closure too.
 */
export const ClosureUpdateSchema = BodySchema(closureFields).partial().superRefine(closureRules(false));
export type ClosureCreate = z.output<typeof ClosureCreateSchema>;
export type ClosureUpdate = z.output<typeof ClosureUpdateSchema>;
export type ClosureInput = z.input<typeof ClosureCreateSchema>;

/** A closure as answered: `siteIds` is [] for an all-sites closure. */
export const ClosureSchema = z.object({
  id: z.number(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  reason: z.string(),
  /** The reason in Spanish and Chinese, where there is one: `{}` when none. */
  translations: TranslationsAnswerSchema('reason'),
  allSites: z.boolean(),
  siteIds: z.array(z.number()),
  version: z.number(),
  updatedAt: z.string(),
  /**
   * Only on a holiday of the agency's calendar, computed rather than stored
   * (docs/decisions/038-holidays-as-computed-closures.md): its key and its own date when it is observed
   * on another day. Such a closure has a negative id, version 0 and no history of its own; staff change
   * it at /api/closures/holidays.
   */
  holiday: z.object({ key: z.string(), actualDate: z.string() }).optional(),
});
export type Closure = z.infer<typeof ClosureSchema>;

/** `GET /api/closures?siteId=N`: only the closures covering that site (its own and all-sites ones). */
export const ClosureQuerySchema = z.object({ siteId: z.string().optional() });

/**
 * One holiday occurrence with staff's decision (GET /api/closures/holidays): closed at every site on
 * `date` (its observed day) unless `openEverywhere`, or except `openSiteIds`; `reviewed` once staff
 * have confirmed it. `version` 0: never decided (closed everywhere, not reviewed).
 */
export const HolidayOccurrenceSchema = z.object({
  key: z.string(),
  date: z.string(),
  actualDate: z.string(),
  name: z.string(),
  translations: TranslationsAnswerSchema('name'),
  openEverywhere: z.boolean(),
  openSiteIds: z.array(z.number()),
  reviewed: z.boolean(),
  version: z.number(),
  updatedAt: z.string().nullable(),
});
export type HolidayOccurrence = z.infer<typeof HolidayOccurrenceSchema>;

/** PUT /api/closures/holidays/{key}/{date}: staff's decision, whole. `version` as last read (0: none yet). */
export const HolidayDecisionSchema = BodySchema({
  openEverywhere: z.boolean(coded('not_boolean')),
  openSiteIds: IdListSchema,
  reviewed: z.boolean(coded('not_boolean')),
  version: z
    .number(coded('invalid_version'))
    .int(coded('invalid_version'))
    .min(0, coded('invalid_version'))
    .optional(),
});
export type HolidayDecision = z.output<typeof HolidayDecisionSchema>;

/** The path of one occurrence: a holiday key and its observed day. */
export const HolidayParamsSchema = z.object({
  key: z.string().regex(/^[A-Za-z0-9-]{1,40}$/),
  date: DateSchema,
});
