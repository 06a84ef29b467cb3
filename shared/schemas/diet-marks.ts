import { z } from 'zod';
import { DIET_MARK_NAME_MAX } from '../menus.ts';
import { BodySchema, RequiredTextSchema, VersionSchema } from './common.ts';
import { TranslationsAnswerSchema, TranslationsSchema } from './translations.ts';

/**
 * The agency's own diet marks (docs/product.md R690–R699): added, renamed and removed by
 * administrators (POST /api/dietmarks, PATCH and DELETE /api/dietmarks/{id}), read by anyone.
 */
export const DietMarkInputSchema = BodySchema({
  name: RequiredTextSchema(DIET_MARK_NAME_MAX),
  translations: TranslationsSchema('name', DIET_MARK_NAME_MAX).optional(),
  version: VersionSchema,
});
export type DietMarkInput = z.output<typeof DietMarkInputSchema>;

export const DietMarkSchema = z.object({
  id: z.number(),
  /** How a dish carries it: `agency-<id>`. */
  key: z.string(),
  name: z.string(),
  translations: TranslationsAnswerSchema('name'),
  version: z.number(),
  /** How many dishes carry it now (R693). */
  dishes: z.number(),
});
export type DietMark = z.infer<typeof DietMarkSchema>;

export const DietMarkListSchema = z.array(DietMarkSchema);
