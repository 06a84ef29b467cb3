import { z } from 'zod';
import { coded } from '../validation.ts';
import { ReferenceItemSchema } from './reference-lists.ts';
import { queryNumber } from './site-search.ts';
import { SiteSchema } from './sites.ts';

/**
 * What the history answers (docs/product.md R58, R560–R562): GET /api/sites/{id}/history and
 * GET /api/{list}/{id}/history, newest first; and the restore of an earlier version.
 */

/** What was done: `confirm` checked a site's facts; `import` a spreadsheet's create or update; `restore` back from the trash. */
/**
 * `not_duplicate`: staff decided (or took back) that the site is not a duplicate of another
 * (`changes.notDuplicateOf`); `merge`: another site was merged into this one (`changes.merged`)
 * (docs/product.md R575–R576).
 */
export const HISTORY_ACTIONS = [
  'create',
  'update',
  'delete',
  'confirm',
  'import',
  'restore',
  'not_duplicate',
  'merge',
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/**
 * Where a change came from (R560): the staff form, a spreadsheet import, a proposal, a confirmation
 * of a site's facts, the holiday calendar, the trash (a deleted site restored) or the history (an
 * earlier version restored, R562).
 */
export const HISTORY_SOURCES = [
  'form',
  'import',
  'proposal',
  'confirmation',
  'holiday',
  'trash',
  'history',
] as const;
export type HistorySource = (typeof HISTORY_SOURCES)[number];

export const HistoryEntrySchema = z.object({
  id: z.number(),
  action: z.enum(HISTORY_ACTIONS),
  /**
   * An update's changed fields as `{field: [before, after]}`; a create's, a restore's from the trash
   * and a delete's: the whole record; a confirmation's: its method and note.
   */
  changes: z.record(z.string(), z.unknown()),
  /** Null only for changes recorded before sources were (none since migration 0016). */
  source: z.enum(HISTORY_SOURCES).nullable(),
  /** A restore from the history: the entry whose version it brought back (R562); otherwise null. */
  restoredFrom: z.number().nullable(),
  /** When (ISO 8601). */
  createdAt: z.string(),
  /** Who; null for the command line or an account removed since. */
  user: z.object({ id: z.number(), firstName: z.string(), lastName: z.string() }).nullable(),
  /** The reports staff said this change fixed (R577), by id. */
  fixesReports: z.array(z.number()),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

/** Entries in one answer of a history, unless the query asks for fewer or more (up to HISTORY_PAGE_MAX). */
export const HISTORY_PAGE_SIZE = 50;
export const HISTORY_PAGE_MAX = 100;

/**
 * A history's page (docs/product.md R744): `before`, an entry of this record, asks for the entries
 * older than it, in the same order; `limit` how many. Without them, the newest 50 as before.
 */
export const HistoryQuerySchema = z.object({
  before: queryNumber(1, 2_147_483_647, true).optional(),
  limit: queryNumber(1, HISTORY_PAGE_MAX, true).default(HISTORY_PAGE_SIZE),
});
export type HistoryQuery = z.output<typeof HistoryQuerySchema>;

export const HistoryParamsSchema = z.object({ id: z.string(), historyId: z.string() });

/** The body of a restore: the record's current version, as a PATCH sends it (R57). */
export const RestoreVersionSchema = z.object({
  version: z
    .number(coded('invalid_version'))
    .int(coded('invalid_version'))
    .positive(coded('invalid_version')),
});

/** List items of a version that no longer exist, per list, left out of the restore (R562). */
const LeftOutSchema = z.array(z.object({ list: z.string(), ids: z.array(z.number()) }));

/** A restore's answer: the record as it now is, whether anything changed, and what was left out. */
export const RestoredSiteVersionSchema = z.object({
  changed: z.boolean(),
  record: SiteSchema,
  leftOut: LeftOutSchema,
});
export const RestoredItemVersionSchema = z.object({
  changed: z.boolean(),
  record: ReferenceItemSchema,
  leftOut: LeftOutSchema,
});
export type RestoredVersion<T> = { changed: boolean; record: T; leftOut: z.infer<typeof LeftOutSchema> };
