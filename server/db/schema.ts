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
  uuid,
} from 'drizzle-orm/pg-core';
import type { Translations } from '#shared/translations.ts';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    pictureAssetId: integer('picture_asset_id').references((): AnyPgColumn => assets.id, {
      onDelete: 'set null',
    }),
    language: text('language'),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

export const sessions = pgTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex('password_resets_token_hash_key').on(t.tokenHash),
    index('password_resets_user_id_idx').on(t.userId),
  ],
);

export const assets = pgTable(
  'assets',
  {
    id: serial('id').primaryKey(),
    /** Random storage key; the file lives at uploads/<key>. */
    key: text('key').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex('assets_key_key').on(t.key),
    index('assets_created_by_idx').on(t.createdBy, t.createdAt),
  ],
);

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
    email: text('email'),
    website: text('website'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
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

/** Who changed what and when, for sites and list items. */
export const history = pgTable(
  'history',
  {
    id: serial('id').primaryKey(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    action: text('action').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    changes: jsonb('changes').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('history_entity_idx').on(t.entity, t.entityId, t.createdAt)],
);

/** Small key/value facts about this installation (for example whether demo data was loaded). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamps.updatedAt,
});

/**
 * Rate-limit counters shared by every server process (login, password reset…): one row per route and
 * client address, its hits in the current window and when the window ends. Ended windows are swept
 * now and then (docs/decisions/016-proxies-origins-and-shared-limits.md).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('rate_limits_resets_at_idx').on(t.resetsAt)],
);

/**
 * Problems the public reports about a site, or in general (site_id null): only what the form asked
 * for, its handling and its times; no address, no user agent (docs/product.md R173).
 * `fingerprint` (a hash of site, reasons and message) finds the same report sent again (R174).
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    reasons: text('reasons').array().notNull(),
    message: text('message'),
    contact: text('contact'),
    status: text('status').notNull().default('new'),
    note: text('note'),
    ...timestamps,
  },
  (t) => [
    index('reports_status_idx').on(t.status, t.createdAt),
    index('reports_site_id_idx').on(t.siteId, t.createdAt),
  ],
);

/**
 * Single-use links e-mailed to a site's contact to confirm its facts (docs/product.md R180): only the
 * SHA-256 of the token is kept.
 */
export const confirmationLinks = pgTable(
  'confirmation_links',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    sentTo: text('sent_to').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex('confirmation_links_token_hash_key').on(t.tokenHash),
    index('confirmation_links_site_id_idx').on(t.siteId),
  ],
);

/**
 * Spreadsheet import previews (docs/product.md R233): what a file would do, kept until it is
 * committed or 24 hours have passed, so any server process (or the command line) can commit it.
 * `rows` holds each row's plan and its preview; `versions` the version of every matched site when
 * the preview was made, checked again at commit.
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamps.createdAt,
    status: text('status').notNull().default('pending'),
    rows: jsonb('rows').notNull(),
    versions: jsonb('versions').$type<Record<string, number>>().notNull(),
    newItems: jsonb('new_items').$type<{ list: string; name: string }[]>().notNull().default([]),
    committedAt: timestamp('committed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('imports_created_at_idx').on(t.createdAt),
    check('imports_status_check', sql`${t.status} in ('pending', 'committed')`),
  ],
);

/**
 * What happened to a staff account (docs/product.md R430–R434): created, promoted, password or e-mail
 * changed, password reset, sign-in failed. `actorId` is who did it (null: the server itself, from
 * ADMIN_EMAIL, or a visitor); `detail` holds no secret and no password.
 */
export const accountEvents = pgTable(
  'account_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    detail: jsonb('detail').notNull().default({}),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('account_events_user_idx').on(t.userId, t.createdAt)],
);

/**
 * E-mail to staff waiting to be sent (docs/decisions/037): written with the request, sent after it
 * by a worker in each process, retried with growing waits until the mail server takes it.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)],
);

/**
 * One row that changes with every committed change to what the public reads (sites, their hours and
 * lists, the lists, closures): triggers in the migration give it a new random `token` and the next
 * `version` at commit. A process compares the token with the one its cached answers were built under,
 * at most every CACHE_VERSION_CHECK_MS, so no write — even one that bypassed NOTIFY, or a restored
 * database — stays unseen for longer (docs/decisions/036-a-cache-that-cannot-go-deaf.md).
 */
export const dataVersion = pgTable(
  'data_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: integer('version').notNull().default(0),
    token: uuid('token').notNull().defaultRandom(),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('data_version_single_row', sql`${t.id} = 1`)],
);
