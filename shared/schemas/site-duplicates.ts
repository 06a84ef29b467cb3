import { z } from 'zod';
import { coded } from '../validation.ts';
import { BodyIdSchema, BodySchema } from './common.ts';

const SiteIdSchema = BodyIdSchema;

/** A record's version, required here: a merge is never made against a version nobody saw. */
const RequiredVersionSchema = z
  .number(coded('invalid_version'))
  .int(coded('invalid_version'))
  .positive(coded('invalid_version'));

/** POST /api/sites/{id}/not-duplicates (docs/product.md R575): the other site of the pair. */
export const NotDuplicateSchema = BodySchema({ otherId: SiteIdSchema });

/** The recorded pair; `created` is false when it had been recorded before. */
export const NotDuplicateAnswerSchema = z.object({
  siteId: z.number(),
  otherId: z.number(),
  created: z.boolean(),
});

/**
 * POST /api/sites/{id}/merge (R576): site `mergedId` is merged into site `id`; both versions are the
 * ones staff saw, so a change made since is answered 409 rather than merged unseen.
 */
export const MergeSchema = BodySchema({
  mergedId: SiteIdSchema,
  version: RequiredVersionSchema,
  mergedVersion: RequiredVersionSchema,
});
