import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { SiteFacts } from '#shared/site-facts.ts';
import type { Translations } from '#shared/translations.ts';
import { users } from './accounts.ts';
import { timestamps } from './columns.ts';

/**
 * What the public reads: sites with their hours and the five reference lists, the closures and the
 * holiday decisions.
 */

const recordFields = {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** The name in Spanish and Chinese: `{"es": {"name": …}, "zh": {"name": …}}` (docs/decisions/022-translated-data.md). */
  translations: jsonb('translations').$type<Translations<'name'>>().notNull().default({}),
  version: integer('version').notNull().default(1),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
};

export const sites = pgTable(
  'sites',
  {
    ...recordFields,
    address: text('address').notNull(),
    phoneNumber: text('phone_number'),
    /** The extension to dial after the number, 1-6 digits (docs/product.md R503). */
    phoneExtension: text('phone_extension'),
    email: text('email'),
    website: text('website'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    /** What decides whether a senior can eat there, only what is known (shared/site-facts.ts, R500). */
    facts: jsonb('facts').$type<SiteFacts>().notNull().default({}),
    /** When staff last checked the facts with the site (docs/product.md R170); never bumps `version`. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sites_name_idx').on(t.name)],
);

export const siteHours = pgTable(
  'site_hours',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    day: smallint('day').notNull(),
    open: text('open').notNull(),
    close: text('close').notNull(),
    /** Weeks of the month the interval applies in (1-4, -1 = the last such weekday); null = every week. */
    weeks: smallint('weeks').array(),
  },
  (t) => [
    index('site_hours_site_id_idx').on(t.siteId),
    check('site_hours_day_check', sql`${t.day} between 0 and 6`),
    check('site_hours_order_check', sql`${t.open} < ${t.close}`),
  ],
);

export const nutritionPartners = pgTable('nutrition_partners', {
  ...recordFields,
  phoneNumber: text('phone_number'),
  email: text('email'),
  website: text('website'),
});
export const populations = pgTable('populations', recordFields);
export const mealTypes = pgTable('meal_types', recordFields);
export const services = pgTable('services', recordFields);
export const covidStatuses = pgTable('covid_statuses', {
  ...recordFields,
  /** A site with this status is closed (docs/decisions/020-hours-closures-and-agency-time.md). */
  closesSite: boolean('closes_site').notNull().default(false),
});

/** A site ↔ list-item link table; both sides cascade so deleting either removes the link (docs/product.md R62). */
function linkTable<const Name extends string, const ItemColumn extends string>(
  name: Name,
  itemColumn: ItemColumn,
  items: { id: AnyPgColumn },
) {
  return pgTable(
    name,
    {
      siteId: integer('site_id')
        .notNull()
        .references(() => sites.id, { onDelete: 'cascade' }),
      itemId: integer(itemColumn)
        .notNull()
        .references(() => items.id, { onDelete: 'cascade' }),
    },
    (t) => [primaryKey({ columns: [t.siteId, t.itemId] }), index(`${name}_item_idx`).on(t.itemId)],
  );
}

export const siteNutritionPartners = linkTable(
  'site_nutrition_partners',
  'nutrition_partner_id',
  nutritionPartners,
);
/** The nutrition partners whose sites a partner manager keeps (docs/product.md R571). */
export const userPartners = pgTable(
  'user_partners',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partnerId: integer('nutrition_partner_id')
      .notNull()
      .references(() => nutritionPartners.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.partnerId] }),
    index('user_partners_partner_idx').on(t.partnerId),
  ],
);

export const sitePopulations = linkTable('site_populations', 'population_id', populations);
export const siteMealTypes = linkTable('site_meal_types', 'meal_type_id', mealTypes);
export const siteServices = linkTable('site_services', 'service_id', services);
export const siteCovidStatuses = linkTable('site_covid_statuses', 'covid_status_id', covidStatuses);

/**
 * Dated closures: from start_date to end_date inclusive (null = until further notice), of every site
 * (all_sites, the holiday calendar) or of the sites in closure_sites.
 */
export const closures = pgTable(
  'closures',
  {
    id: serial('id').primaryKey(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    reason: text('reason').notNull(),
    /** The reason in Spanish and Chinese: `{"es": {"reason": …}, "zh": {"reason": …}}`. */
    translations: jsonb('translations').$type<Translations<'reason'>>().notNull().default({}),
    allSites: boolean('all_sites').notNull().default(false),
    version: integer('version').notNull().default(1),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('closures_end_date_idx').on(t.endDate),
    check('closures_order_check', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
  ],
);

/** The sites a closure covers; deleting either side removes the link. */
export const closureSites = pgTable(
  'closure_sites',
  {
    closureId: integer('closure_id')
      .notNull()
      .references(() => closures.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.closureId, t.siteId] }), index('closure_sites_site_id_idx').on(t.siteId)],
);

/**
 * Staff's decision on one holiday occurrence (docs/decisions/038-holidays-as-computed-closures.md): the
 * holiday closes every site on its observed day unless `open_everywhere`, or except the sites in
 * `open_site_ids`; `reviewed` once staff have confirmed the decision. No row = closed everywhere, not
 * yet reviewed. Ids of deleted sites left in `open_site_ids` are ignored.
 */
export const holidayDecisions = pgTable(
  'holiday_decisions',
  {
    id: serial('id').primaryKey(),
    holidayKey: text('holiday_key').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    openEverywhere: boolean('open_everywhere').notNull().default(false),
    openSiteIds: integer('open_site_ids').array().notNull().default(sql`'{}'`),
    reviewed: boolean('reviewed').notNull().default(false),
    version: integer('version').notNull().default(1),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('holiday_decisions_key_date_key').on(t.holidayKey, t.date)],
);
