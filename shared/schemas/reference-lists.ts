import { z } from 'zod';
import {
  BodySchema,
  OptionalEmailSchema,
  PhoneSchema,
  RequiredTextSchema,
  VersionSchema,
  WebsiteSchema,
} from './common.ts';

/**
 * The five reference lists share one shape (name), nutrition partners add contact fields.
 * Everything about a list — its URL segment, its key on a site, its ids key on a write — lives here.
 */
export const REFERENCE_LISTS = {
  nutritionpartners: { siteKey: 'NutritionPartners', idsKey: 'NutritionPartnerIds', contact: true },
  populations: { siteKey: 'Populations', idsKey: 'PopulationIds', contact: false },
  mealtypes: { siteKey: 'MealTypes', idsKey: 'MealTypeIds', contact: false },
  services: { siteKey: 'Services', idsKey: 'ServiceIds', contact: false },
  covidstatuses: { siteKey: 'CovidStatuses', idsKey: 'CovidStatusIds', contact: false },
} as const;

export type ReferenceListName = keyof typeof REFERENCE_LISTS;
export const REFERENCE_LIST_NAMES = Object.keys(REFERENCE_LISTS) as ReferenceListName[];
export type SiteListKey = (typeof REFERENCE_LISTS)[ReferenceListName]['siteKey'];
export type SiteIdsKey = (typeof REFERENCE_LISTS)[ReferenceListName]['idsKey'];

const nameField = { name: RequiredTextSchema(200) };
const contactFields = { phoneNumber: PhoneSchema, email: OptionalEmailSchema, website: WebsiteSchema };

export const ReferenceItemInputSchema = BodySchema({ ...nameField, version: VersionSchema });
export const NutritionPartnerInputSchema = BodySchema({
  ...nameField,
  ...contactFields,
  version: VersionSchema,
});

/** The body schema of a list: the one generic form and the one generic route both use it. */
export function referenceItemInputSchema(list: ReferenceListName) {
  return REFERENCE_LISTS[list].contact ? NutritionPartnerInputSchema : ReferenceItemInputSchema;
}

export const ReferenceItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  phoneNumber: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
  website: z.string().nullable().optional(),
  version: z.number().optional(),
  updatedAt: z.string().optional(),
});
export type ReferenceItem = z.infer<typeof ReferenceItemSchema>;
export type ReferenceItemInput = z.input<typeof NutritionPartnerInputSchema>;
