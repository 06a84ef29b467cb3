import { z } from 'zod';
import { SiteSchema } from './sites.ts';

/** A site in the trash (docs/product.md R553): GET /api/sites/trash, newest first. */
export const TrashedSiteSchema = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string(),
  /** When it was deleted (ISO 8601). */
  deletedAt: z.string(),
  /** Who deleted it; null when unknown (the command line, or an account removed since). */
  deletedBy: z.object({ id: z.number(), firstName: z.string(), lastName: z.string() }).nullable(),
});
export type TrashedSite = z.infer<typeof TrashedSiteSchema>;

/**
 * POST /api/sites/trash/{id}/restore: the site as restored, and what could not come back with it:
 * list items deleted since (per list, by the list's ids key) and closures that no longer exist.
 */
export const RestoredSiteSchema = z.object({
  site: SiteSchema,
  leftOut: z.object({
    items: z.array(z.object({ list: z.string(), ids: z.array(z.number()) })),
    closureIds: z.array(z.number()),
  }),
});
export type RestoredSite = z.infer<typeof RestoredSiteSchema>;

/** Why a restore was refused, as the answer's `code`. */
export const TRASH_CODES = { notInTrash: 'not_in_trash', siteExists: 'site_exists' } as const;
