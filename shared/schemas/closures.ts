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
function isCalendarDate(value: string): boolean {
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
});
export type Closure = z.infer<typeof ClosureSchema>;

/** `GET /api/closures?siteId=N`: only the closures covering that site (its own and all-sites ones). */
export const ClosureQuerySchema = z.object({ siteId: z.string().optional() });
