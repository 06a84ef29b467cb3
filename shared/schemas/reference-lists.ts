import { z } from 'zod';
import { REFERENCE_LISTS, type ReferenceListName } from '../reference-lists.ts';
import { coded } from '../validation.ts';
import {
  BodySchema,
  OptionalEmailSchema,
  PhoneSchema,
  RequiredTextSchema,
  VersionSchema,
  WebsiteSchema,
} from './common.ts';
import { TranslationsAnswerSchema, TranslationsSchema } from './translations.ts';

// The registry itself has no zod, so public screens can read it without loading the schema library.
export {
  fieldsPerList,
  type ListFilterKey,
  REFERENCE_LIST_NAMES,
  REFERENCE_LISTS,
  type ReferenceListName,
  type SiteIdsKey,
  type SiteListKey,
} from '../reference-lists.ts';

/** The name, and its Spanish and Chinese translations (same length limit; docs/decisions/022-translated-data.md). */
const nameField = { name: RequiredTextSchema(200), translations: TranslationsSchema('name', 200).optional() };
const contactFields = { phoneNumber: PhoneSchema, email: OptionalEmailSchema, website: WebsiteSchema };

const ReferenceItemInputSchema = BodySchema({ ...nameField, version: VersionSchema });
/** A list whose items can mean "the site is closed" (covid statuses): `closesSite`, false unless given. */
const ClosingItemInputSchema = BodySchema({
  ...nameField,
  closesSite: z.boolean(coded('not_boolean')).optional(),
  version: VersionSchema,
});
export const NutritionPartnerInputSchema = BodySchema({
  ...nameField,
  ...contactFields,
  version: VersionSchema,
});

/** The body schema of a list: the one generic form and the one generic route both use it. */
export function referenceItemInputSchema(list: ReferenceListName) {
  if (REFERENCE_LISTS[list].contact) return NutritionPartnerInputSchema;
  return REFERENCE_LISTS[list].closesSite ? ClosingItemInputSchema : ReferenceItemInputSchema;
}

export const ReferenceItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  /**
   * The name in Spanish and Chinese, where there is one. The API always answers it (`{}` when none);
   * optional here so that a test's item can be written as just `{id, name}`.
   */
  translations: TranslationsAnswerSchema('name').optional(),
  phoneNumber: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
  website: z.string().nullable().optional(),
  /** On the lists whose items can close a site (covid statuses): whether this one does. */
  closesSite: z.boolean().optional(),
  version: z.number().optional(),
  updatedAt: z.string().optional(),
});
export type ReferenceItem = z.infer<typeof ReferenceItemSchema>;
