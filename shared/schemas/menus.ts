import { z } from 'zod';
import {
  DIET_MARKS,
  DISH_NAME_MAX,
  DISHES_PER_MEAL_MAX,
  MEALS_PER_DAY_MAX,
  MENU_NOTE_MAX,
  PRINTED_MENU_TYPES,
} from '../menus.ts';
import { coded, codedIssue } from '../validation.ts';
import { BodyIdSchema, BodySchema, RequiredTextSchema } from './common.ts';
import { TranslationsAnswerSchema, TranslationsSchema } from './translations.ts';

/**
 * One day's menu as staff write it (PUT /api/nutritionpartners/{id}/menu/{date},
 * PUT /api/sites/{id}/menu/{date}) and as the API answers it (docs/product.md R650–R674).
 */

const DietSchema = z.enum(DIET_MARKS, coded('invalid_choice', { choices: DIET_MARKS }));

const DishInputSchema = z.object(
  {
    name: RequiredTextSchema(DISH_NAME_MAX),
    translations: TranslationsSchema('name', DISH_NAME_MAX).optional(),
    diets: z
      .array(DietSchema, coded('invalid_choice', { choices: DIET_MARKS }))
      .optional()
      // Stored once each, in the list's order.
      .transform((diets) => DIET_MARKS.filter((mark) => diets?.includes(mark))),
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

const DishSchema = z.object({
  name: z.string(),
  translations: TranslationsAnswerSchema('name'),
  diets: z.array(z.enum(DIET_MARKS)),
});

const MealSchema = z.object({
  mealTypeId: z.number(),
  dishes: z.array(DishSchema),
  note: z.string().nullable(),
  translations: TranslationsAnswerSchema('note'),
});

/** One date of a partner's or a site's own menu, as stored. */
export const StoredMenuDaySchema = z.object({ date: z.string(), meals: z.array(MealSchema) });

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
