import { and, asc, desc, eq, gt, inArray, lt, or } from 'drizzle-orm';
import {
  HISTORY_PAGE_SIZE,
  type HistoryAction,
  type HistoryEntry,
  type HistorySource,
} from '#shared/schemas/history.ts';
import { invalidField } from '#shared/validation.ts';
import type { Db } from '../db/client.ts';
import { history, reports, users } from '../db/schema.ts';
import { NotFoundError, ValidationError } from './errors.ts';

export type { HistoryAction, HistorySource };

type Snapshot = Record<string, unknown>;

/**
 * How a write is recorded: where it came from (docs/product.md R560) and, for a restore from the
 * history, the entry whose version it brought back (R562).
 */
export interface HistoryOrigin {
  source: HistorySource;
  restoredFrom?: number;
}

/** The fields that differ between two snapshots, as { field: [before, after] }. */
export function diff(before: Snapshot, after: Snapshot): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changes[key] = [before[key], after[key]];
  }
  return changes;
}

export async function recordHistory(
  db: Db,
  entry: {
    entity: string;
    entityId: number;
    action: HistoryAction;
    userId: number | null;
    changes: unknown;
    source: HistorySource;
    restoredFrom?: number | undefined;
  },
) {
  await db.insert(history).values({ ...entry, changes: entry.changes as object });
}

/**
 * A record's history newest first (docs/product.md R58, R744): the newest `limit` entries, or with
 * `before` (an entry of this record, else a 422 coded `unknown_entry`) the `limit` entries that come
 * after it in that order — by (time, id), the history index's order, so each page is one index range.
 */
export async function listHistory(
  db: Db,
  entity: string,
  entityId: number,
  page: { before?: number | undefined; limit?: number } = {},
): Promise<HistoryEntry[]> {
  const ofRecord = and(eq(history.entity, entity), eq(history.entityId, entityId));
  let older: ReturnType<typeof or>;
  if (page.before !== undefined) {
    const [entry] = await db
      .select({ createdAt: history.createdAt })
      .from(history)
      .where(and(ofRecord, eq(history.id, page.before)));
    if (!entry) throw new ValidationError([invalidField('before', 'unknown_entry')]);
    older = or(
      lt(history.createdAt, entry.createdAt),
      and(eq(history.createdAt, entry.createdAt), lt(history.id, page.before)),
    );
  }
  const rows = await db
    .select({
      id: history.id,
      action: history.action,
      changes: history.changes,
      source: history.source,
      restoredFrom: history.restoredFrom,
      createdAt: history.createdAt,
      userId: history.userId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(history)
    .leftJoin(users, eq(users.id, history.userId))
    .where(older ? and(ofRecord, older) : ofRecord)
    .orderBy(desc(history.createdAt), desc(history.id))
    .limit(page.limit ?? HISTORY_PAGE_SIZE);
  // The reports each change fixed (R577): one read for the page of entries.
  const fixed = rows.length
    ? await db
        .select({ id: reports.id, fixedBy: reports.fixedBy })
        .from(reports)
        .where(
          inArray(
            reports.fixedBy,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(reports.id))
    : [];
  return rows.map((row) => ({
    id: row.id,
    action: row.action as HistoryAction,
    changes: row.changes as Record<string, unknown>,
    source: row.source as HistorySource | null,
    restoredFrom: row.restoredFrom,
    createdAt: row.createdAt.toISOString(),
    user: row.userId
      ? { id: row.userId, firstName: row.firstName ?? '', lastName: row.lastName ?? '' }
      : null,
    fixesReports: fixed.filter((report) => report.fixedBy === row.id).map((report) => report.id),
  }));
}

/**
 * The entries of one record written after entry `historyId`, newest first: what to undo to get back
 * to the version right after that entry (R562). Entries of a record are written under its row lock,
 * so their ids are in the order they were written. 404 when `historyId` is not an entry of this record.
 */
export async function entriesAfter(db: Db, entity: string, entityId: number, historyId: number) {
  const ofRecord = and(eq(history.entity, entity), eq(history.entityId, entityId));
  const [entry] = await db
    .select({ id: history.id })
    .from(history)
    .where(and(ofRecord, eq(history.id, historyId)));
  if (!entry) throw new NotFoundError();
  const later = await db
    .select({ action: history.action, changes: history.changes })
    .from(history)
    .where(and(ofRecord, gt(history.id, historyId)))
    .orderBy(asc(history.id));
  return later
    .reverse()
    .map((row) => ({ action: row.action as HistoryAction, changes: row.changes as Snapshot }));
}

/**
 * The record's state before `later` (newest first) were made, from its state now: each update's
 * changed fields set back to their `before`; a delete puts back the whole record it kept (the state
 * right before it). A create or a restore from the trash has nothing earlier to undo to (the delete
 * before a restore does it), and a confirmation changes none of the record's fields.
 */
export function undoLater(
  current: Snapshot,
  later: { action: HistoryAction; changes: Snapshot }[],
): Snapshot {
  let state = { ...current };
  for (const { action, changes } of later) {
    if (action === 'delete') {
      const { sitesUsing: _used, ...record } = changes;
      state = record;
    } else if (action === 'update' || (action === 'import' && !isSnapshot(changes))) {
      for (const [field, change] of Object.entries(changes)) {
        if (Array.isArray(change) && change.length === 2) state[field] = change[0];
      }
    }
  }
  return state;
}

/** An import's create keeps the whole record (with its number id); an import's update, a diff. */
const isSnapshot = (changes: Snapshot) => typeof changes.id === 'number';
