import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TrashedMenu } from '#shared/menus.ts';
import { users } from './accounts.ts';
import { timestamps } from './columns.ts';
import { sites } from './directory.ts';

/** Keeping the directory and running the service: history, reports, confirmation links, imports, the mail queue, rate limits, the data version and the feed's changes. */

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
    /** Where the change came from (`HISTORY_SOURCES`, docs/product.md R560); null only before migration 0016. */
    source: text('source'),
    /** A restore from the history (R562): the entry whose version was brought back. */
    restoredFrom: integer('restored_from'),
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
    /** 'public' or 'site-contact' (REPORT_SOURCES, docs/product.md R496). */
    source: text('source').notNull().default('public'),
    status: text('status').notNull().default('new'),
    note: text('note'),
    /** The history entry of the change that fixed what the report said (R577). */
    fixedBy: integer('fixed_by').references(() => history.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('reports_status_idx').on(t.status, t.createdAt),
    index('reports_site_id_idx').on(t.siteId, t.createdAt),
    check('reports_source_check', sql`${t.source} in ('public', 'site-contact')`),
  ],
);

/** The staff notes of a report, each kept with its author and time (docs/product.md R541). */
export const reportNotes = pgTable(
  'report_notes',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    /** Null for a note kept from before notes had authors, or whose author was deleted. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('report_notes_report_idx').on(t.reportId, t.createdAt)],
);

/** Each status change of a report: who, when, from and to (docs/product.md R541). */
export const reportEvents = pgTable(
  'report_events',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('report_events_report_idx').on(t.reportId, t.createdAt)],
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
    newItems: jsonb('new_items')
      .$type<
        { list: string; name: string; translations?: { es?: { name?: string }; zh?: { name?: string } } }[]
      >()
      .notNull()
      .default([]),
    committedAt: timestamp('committed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('imports_created_at_idx').on(t.createdAt),
    check('imports_status_check', sql`${t.status} in ('pending', 'committed')`),
  ],
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

/**
 * When a site's record in the open-data feed last changed through something other than its own save
 * (a closure, a list item, a holiday decision, a confirmation); `site_id` 0 stands for every site.
 * Written only by the triggers of migration 0011, read by the feed's `modified_after`
 * (docs/decisions/041-a-feed-a-211-can-sync-from.md). No foreign key: it outlives a deleted site.
 */
export const feedChanges = pgTable('feed_changes', {
  siteId: integer('site_id').primaryKey(),
  changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * A deleted site's tombstone, written by a trigger of migration 0011 when its row goes: the feed lists
 * it as a defunct service for 90 days, so readers that sync by `modified_after` learn of the deletion.
 */
export const deletedSites = pgTable(
  'deleted_sites',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('deleted_sites_deleted_at_idx').on(t.deletedAt)],
);

/**
 * A deleted site kept for 90 days so staff can restore it (docs/product.md R553–R554): its answer as
 * `getSite` gave it, the closures that covered it, who deleted it and when. Written by `deleteSite`;
 * read, restored and purged by server/services/site-trash.ts. No foreign key on `id`: the site is gone.
 */
export const siteTrash = pgTable(
  'site_trash',
  {
    id: integer('id').primaryKey(),
    snapshot: jsonb('snapshot').notNull(),
    closureIds: integer('closure_ids').array().notNull().default(sql`'{}'`),
    /** The site's own menus as they were (migration 0023), put back by a restore (R697). */
    menus: jsonb('menus').$type<TrashedMenu[]>().notNull().default([]),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('site_trash_deleted_at_idx').on(t.deletedAt)],
);

/** Pairs of sites staff decided are not duplicates (R575): the lower id first; no longer flagged. */
export const notDuplicates = pgTable(
  'not_duplicates',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    otherSiteId: integer('other_site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.otherSiteId] }),
    index('not_duplicates_other_idx').on(t.otherSiteId),
    check('not_duplicates_order_check', sql`${t.siteId} < ${t.otherSiteId}`),
  ],
);

/** A site merged into another (R576): its old id leads to the site it became part of. */
export const siteRedirects = pgTable(
  'site_redirects',
  {
    fromId: integer('from_id').primaryKey(),
    toId: integer('to_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('site_redirects_to_idx').on(t.toId)],
);

/**
 * A site's identifier in another publisher's data (R640): the source (an HSDS API or package) and the
 * id of the service at a location there; one source's id names one site.
 */
export const siteExternalIds = pgTable(
  'site_external_ids',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    externalId: text('external_id').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    unique('site_external_ids_source_external_id_key').on(t.source, t.externalId),
    index('site_external_ids_site_idx').on(t.siteId),
  ],
);

/**
 * A clerk's choice of fields for a file's columns (R619), by a hash of the file's folded headers
 * (`headerSetKey` in shared/import-columns.ts): the guess for the next file with the same headers.
 */
export const importMappings = pgTable('import_mappings', {
  headerHash: text('header_hash').primaryKey(),
  headers: jsonb('headers').$type<string[]>().notNull(),
  mapping: jsonb('mapping').$type<Record<string, string | null>>().notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
