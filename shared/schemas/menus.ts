import { z } from 'zod';
import {
  agencyMarkId,
  DIET_MARKS,
  DISH_NAME_MAX,
  DISHES_PER_MEAL_MAX,
  type DietKey,
  MEALS_PER_DAY_MAX,
  MENU_NOTE_MAX,
  orderDiets,
  PRINTED_MENU_TYPES,
} from '../menus.ts';
import { coded, codedIssue } from '../validation.ts';
import { BodyIdSchema, BodySchema, RequiredTextSchema } from './common.ts';
import { TranslationsAnswerSchema, TranslationsSchema } from './translations.ts';

/**
 * One day's menu as staff write it (PUT /api/nutritionpartners/{id}/menu/{date},
 * PUT /api/sites/{id}/menu/{date}) and as the API answers it (docs/product.md R650–R674).
 */

/** A fixed mark, or one of the agency's as `agency-<id>` (R690; whether that mark exists the service checks). */
const DIET_CHOICES = [...DIET_MARKS, 'agency-<id>'];
const DietSchema = z
  .string(coded('invalid_choice', { choices: DIET_CHOICES }))
  .refine(
    (key) => (DIET_MARKS as readonly string[]).includes(key) || agencyMarkId(key) !== null,
    coded('invalid_choice', { choices: DIET_CHOICES }),
  )
  .transform((key) => key as DietKey);

const DishInputSchema = z.object(
  {
    name: RequiredTextSchema(DISH_NAME_MAX),
    translations: TranslationsSchema('name', DISH_NAME_MAX).optional(),
    diets: z
      .array(DietSchema, coded('invalid_choice', { choices: DIET_CHOICES }))
      .optional()
      // Stored once each, in the marks' order (R692: fixed ones first, then the agency's).
      .transform((diets) => orderDiets(diets ?? [])),
  },
  coded('invalid_body'),
);

const NoteSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z
    .string(coded('not_text'))
    .trim()
    .max(MENU_NOTE_MAX, coded('too_long', { max: MENU_NOTE_MAX }))
    .nullish()
    .transform((value) => value ?? null),
);

const MealInputSchema = z.object(
  {
    mealTypeId: BodyIdSchema,
    dishes: z
      .array(DishInputSchema, coded('required'))
      .min(1, coded('required'))
      .max(DISHES_PER_MEAL_MAX, coded('list_too_long', { max: DISHES_PER_MEAL_MAX })),
    note: NoteSchema,
    translations: TranslationsSchema('note', MENU_NOTE_MAX).optional(),
  },
  coded('invalid_body'),
);

/** A day's meals, each meal type at most once; the day's menu is replaced whole (R656). */
export const MenuDayInputSchema = BodySchema({
  meals: z
    .array(MealInputSchema, coded('required'))
    .min(1, coded('required'))
    .max(MEALS_PER_DAY_MAX, coded('list_too_long', { max: MEALS_PER_DAY_MAX })),
}).superRefine((body, ctx) => {
  const seen = new Set<number>();
  body.meals.forEach((meal, index) => {
    if (seen.has(meal.mealTypeId))
      ctx.addIssue(codedIssue('duplicate_items', undefined, ['meals', index, 'mealTypeId']));
    seen.add(meal.mealTypeId);
  });
});
export type MenuDayInput = z.output<typeof MenuDayInputSchema>;

/** `/{id}/menu/{date}`: the date is checked by the route (invalid_date, out_of_range). */
export const MenuDayParamsSchema = z.object({ id: z.string(), date: z.string() });

/** `?from=&to=`: the agency's today and the six days after it when left out (R661). */
export const MenuRangeQuerySchema = z.object({
  from: z.string().optional(),
  to: z.string().optional(),
});

/** A dish as the public reads it: its name in English with translations, and its diet marks. */
export const DishSchema = z.object({
  name: z.string(),
  translations: TranslationsAnswerSchema('name'),
  /** Fixed marks by name, the agency's as `agency-<id>` (named in the answer's `dietMarks`). */
  diets: z.array(z.string()),
});

/** One of the agency's own diet marks (R690). */
export const AgencyDietMarkSchema = z.object({
  id: z.number(),
  name: z.string(),
  translations: TranslationsAnswerSchema('name'),
});

const MealSchema = z.object({
  mealTypeId: z.number(),
  dishes: z.array(DishSchema),
  note: z.string().nullable(),
  translations: TranslationsAnswerSchema('note'),
});

/** One date of a partner's or a site's own menu, as stored. */
export const StoredMenuDaySchema = z.object({ date: z.string(), meals: z.array(MealSchema) });

/**
 * GET /api/nutritionpartners/{id}/sites: one of the partner's sites, as the menus screen offers it for
 * a sheet of its own month (R675, R727), by name.
 */
export const PartnerSiteSchema = z.object({ id: z.number(), name: z.string() });
export type PartnerSite = z.infer<typeof PartnerSiteSchema>;

/** A partner's or a site's own menus over dates (only the dates that have one). */
export const StoredMenusSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(StoredMenuDaySchema),
});

/** A printed menu's file of a month (R682): whose it is, its type and where its bytes are. */
export const PrintedMenuSchema = z.object({
  id: z.number(),
  month: z.string(),
  source: z.enum(['site', 'partner']),
  ownerId: z.number(),
  contentType: z.enum(PRINTED_MENU_TYPES),
  byteSize: z.number(),
  url: z.string(),
});
export type PrintedMenu = z.infer<typeof PrintedMenuSchema>;
export const PrintedMenusSchema = z.array(PrintedMenuSchema);

/** `/{id}/printed-menus/{month}`: the month is checked by the route (invalid_month, out_of_range). */
export const PrintedMenuParamsSchema = z.object({ id: z.string(), month: z.string() });

/** A site's menu as the public reads it: every date from `from` to `to`, resolved (R650–R652). */
export const SiteMenuSchema = z.object({
  siteId: z.number(),
  from: z.string(),
  to: z.string(),
  /** The names of the meal types the days' meals name, so a page needs no other read. */
  mealTypes: z.array(
    z.object({ id: z.number(), name: z.string(), translations: TranslationsAnswerSchema('name') }),
  ),
  /** The agency's own marks the days' dishes carry, with their names (R694), so a page needs no other read. */
  dietMarks: z.array(AgencyDietMarkSchema),
  days: z.array(
    z.object({
      date: z.string(),
      status: z.enum(['published', 'not_published', 'closed']),
      meals: z.array(
        MealSchema.extend({
          source: z.enum(['site', 'partner']),
          partnerId: z.number().nullable(),
        }),
      ),
      hours: z.array(z.object({ open: z.string(), close: z.string() })),
    }),
  ),
  /** The printed menus of the months the dates fall in, one per month (R683). */
  printedMenus: PrintedMenusSchema,
});
export type SiteMenu = z.infer<typeof SiteMenuSchema>;

/**
 * GET /api/menus/today (docs/product.md R688): every site's dishes of the agency's today, compact —
 * the main dish first, then the first dish carrying each diet mark not yet carried; a site closed today
 * or without a published menu is absent.
 */
export const TodaysMenusSchema = z.object({
  date: z.string(),
  sites: z.record(z.string(), z.array(DishSchema)),
});
