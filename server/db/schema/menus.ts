import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Dish } from '#shared/menus.ts';
import type { Translations } from '#shared/translations.ts';
import { users } from './accounts.ts';
import { timestamps } from './columns.ts';
import { mealTypes, nutritionPartners, sites } from './directory.ts';

/**
 * One meal of one date as a nutrition partner (all its sites) or one site publishes it (docs/product.md
 * R650–R689, docs/decisions/060-menus.md, migration 0022): exactly one owner; a site's row replaces
 * its partner's for the same date and meal when the site's menu is read (shared/menus.ts).
 */
export const menus = pgTable(
  'menus',
  {
    id: serial('id').primaryKey(),
    partnerId: integer('partner_id').references(() => nutritionPartners.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    mealTypeId: integer('meal_type_id')
      .notNull()
      .references(() => mealTypes.id, { onDelete: 'cascade' }),
    /** The dishes, at least one: `[{name, translations: {es: {name}, zh: {name}}, diets}]`. */
    dishes: jsonb('dishes').$type<Dish[]>().notNull(),
    note: text('note'),
    /** The note in Spanish and Chinese: `{"es": {"note": …}, "zh": {"note": …}}`. */
    translations: jsonb('translations').$type<Translations<'note'>>().notNull().default({}),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('menus_owner_check', sql`(${t.partnerId} is null) <> (${t.siteId} is null)`),
    uniqueIndex('menus_partner_day_idx')
      .on(t.partnerId, t.date, t.mealTypeId)
      .where(sql`${t.partnerId} is not null`),
    uniqueIndex('menus_site_day_idx').on(t.siteId, t.date, t.mealTypeId).where(sql`${t.siteId} is not null`),
    index('menus_meal_type_idx').on(t.mealTypeId),
  ],
);

/**
 * The agency's own diet marks (docs/product.md R690–R699, docs/decisions/067-agency-diet-marks.md,
 * migration 0023): named in English with Spanish and Chinese; a dish carries one as `agency-<id>`.
 */
export const dietMarks = pgTable('diet_marks', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** The name in Spanish and Chinese: `{"es": {"name": …}, "zh": {"name": …}}`. */
  translations: jsonb('translations').$type<Translations<'name'>>().notNull().default({}),
  version: integer('version').notNull().default(1),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

/**
 * The provider's printed menu of a month as a file (docs/product.md R682–R683, migration 0024): a
 * nutrition partner's (all its sites) or one site's, one per owner and month; the bytes are in the file
 * store under `key`, checked by their first bytes to be a PDF, JPEG, PNG or WebP.
 */
export const printedMenus = pgTable(
  'printed_menus',
  {
    id: serial('id').primaryKey(),
    partnerId: integer('partner_id').references(() => nutritionPartners.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    /** 'YYYY-MM'. */
    month: text('month').notNull(),
    key: text('key').notNull().unique('printed_menus_key_unique'),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('printed_menus_owner_check', sql`(${t.partnerId} is null) <> (${t.siteId} is null)`),
    uniqueIndex('printed_menus_partner_month_idx')
      .on(t.partnerId, t.month)
      .where(sql`${t.partnerId} is not null`),
    uniqueIndex('printed_menus_site_month_idx').on(t.siteId, t.month).where(sql`${t.siteId} is not null`),
  ],
);
