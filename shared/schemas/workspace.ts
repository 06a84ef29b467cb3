import { z } from 'zod';
import { DECIDING_FACTS } from '../site-facts.ts';
import { coded, codedIssue } from '../validation.ts';
import { HolidayOccurrenceSchema } from './closures.ts';
import { REFERENCE_LIST_NAMES, type ReferenceListName } from './reference-lists.ts';
import { queryNumber } from './site-search.ts';
import { TranslationsAnswerSchema } from './translations.ts';

/** A site as the staff workspace lists it, with the flags that need attention (docs/product.md R182). */
export const WorkspaceSiteSchema = z.object({
  id: z.number(),
  name: z.string(),
  translations: TranslationsAnswerSchema('name'),
  address: z.string(),
  /** "" when the site has no phone, as in the public site JSON. */
  phoneNumber: z.string(),
  email: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  updatedAt: z.string(),
  hasPosition: z.boolean(),
  hasHours: z.boolean(),
  /** It has a covid status that closes the site. */
  temporarilyClosed: z.boolean(),
  /** Reports about it that are new or in progress. */
  openReports: z.number(),
  /** Other sites that match it by the duplicate rule (R177). */
  possibleDuplicates: z.array(z.number()),
  /** The deciding facts nobody has entered (docs/product.md R539), in DECIDING_FACTS order. */
  missingFacts: z.array(z.enum(DECIDING_FACTS)),
});
export type WorkspaceSite = z.infer<typeof WorkspaceSiteSchema>;

/**
 * A holiday of the next twelve months as the workspace shows it: what will happen, and `needsReview`
 * when it is within 60 days and staff have not reviewed the decision (docs/product.md R442).
 */
export const WorkspaceHolidaySchema = HolidayOccurrenceSchema.extend({ needsReview: z.boolean() });
export type WorkspaceHoliday = z.infer<typeof WorkspaceHolidaySchema>;

/**
 * GET /api/workspace: the sites, how many sites use each item of each list (by item id), and the
 * holidays of the next twelve months.
 */
export const WorkspaceSchema = z.object({
  sites: z.array(WorkspaceSiteSchema),
  usage: z.object(
    Object.fromEntries(
      REFERENCE_LIST_NAMES.map((list) => [list, z.record(z.string(), z.number())]),
    ) as Record<ReferenceListName, z.ZodRecord<z.ZodString, z.ZodNumber>>,
  ),
  holidays: z.array(WorkspaceHolidaySchema),
});
export type Workspace = z.infer<typeof WorkspaceSchema>;

/** What the workspace's "show only" choices look for (docs/product.md R195). */
export const SITE_FLAGS = [
  'notConfirmed',
  'noPosition',
  'noHours',
  'temporarilyClosed',
  'openReports',
  'duplicate',
  'factsMissing',
] as const;
export type SiteFlag = (typeof SITE_FLAGS)[number];

/** The flags named in `show=a,b` that exist, in SITE_FLAGS order, each once. */
export function showFlags(show: string): SiteFlag[] {
  const named = show.split(',');
  return SITE_FLAGS.filter((flag) => named.includes(flag));
}

/**
 * `GET /api/workspace?sites=none` answers the usage and the holidays with no sites (the workspace's
 * screen pages its sites, R740); `all`, the default, every site as before.
 */
export const WorkspaceQuerySchema = z.object({
  sites: z.enum(['all', 'none'], coded('invalid_choice', { choices: ['all', 'none'] })).default('all'),
});

/** Sites in one page of the workspace, unless the query asks for fewer or more (up to WORKSPACE_PAGE_MAX). */
export const WORKSPACE_PAGE_SIZE = 50;
export const WORKSPACE_PAGE_MAX = 100;
/** The longest name search the workspace takes (R741). */
export const WORKSPACE_SEARCH_MAX = 200;
/** The most days "not confirmed in N days" takes: a hundred years. */
export const WORKSPACE_DAYS_MAX = 36_500;

/**
 * `GET /api/workspace/sites` (R740–R743): the name search `q`, the "show only" flags `show` (comma
 * separated), the days of "not confirmed in N days" (the agency's STALE_AFTER_DAYS when absent), and
 * the page.
 */
export const WorkspaceSitesQuerySchema = z.object({
  q: z
    .string(coded('not_text'))
    .max(WORKSPACE_SEARCH_MAX, coded('too_long', { max: WORKSPACE_SEARCH_MAX }))
    .default(''),
  show: z
    .string(coded('not_text'))
    .max(200, coded('too_long', { max: 200 }))
    .default('')
    .superRefine((text, ctx) => {
      const named = text.split(',').filter(Boolean);
      if (!named.every((flag) => (SITE_FLAGS as readonly string[]).includes(flag)))
        ctx.addIssue(codedIssue('invalid_choice', { choices: [...SITE_FLAGS] }));
    }),
  days: queryNumber(0, WORKSPACE_DAYS_MAX, true).optional(),
  offset: queryNumber(0, 1_000_000, true).default(0),
  limit: queryNumber(1, WORKSPACE_PAGE_MAX, true).default(WORKSPACE_PAGE_SIZE),
});
export type WorkspaceSitesQuery = z.output<typeof WorkspaceSitesQuerySchema>;

/**
 * One page of the workspace's sites (R740–R743): `total` every site, `matching` those the search and
 * the flags leave, `counts` how many of those have each flag, the `days` used, the page in the
 * workspace's order, and `names` the names of the other sites the page's possible duplicates point to.
 */
export const WorkspaceSitesPageSchema = z.object({
  total: z.number(),
  matching: z.number(),
  offset: z.number(),
  limit: z.number(),
  days: z.number(),
  counts: z.object(
    Object.fromEntries(SITE_FLAGS.map((flag) => [flag, z.number()])) as Record<SiteFlag, z.ZodNumber>,
  ),
  sites: z.array(WorkspaceSiteSchema),
  names: z.record(z.string(), z.string()),
});
export type WorkspaceSitesPage = z.infer<typeof WorkspaceSitesPageSchema>;
