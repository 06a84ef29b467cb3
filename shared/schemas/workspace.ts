import { z } from 'zod';
import { DECIDING_FACTS } from '../site-facts.ts';
import { HolidayOccurrenceSchema } from './closures.ts';
import { REFERENCE_LIST_NAMES, type ReferenceListName } from './reference-lists.ts';
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
