import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { history, users } from '../db/schema.ts';

/**
 * `not_duplicate`: staff decided (or took back) that the site is not a duplicate of another
 * (`changes.notDuplicateOf`); `merge`: another site was merged into this one (`changes.merged`)
 * (docs/product.md R575–R576). `confirm`: staff or the site's contact checked a site's facts (docs/product.md R170); `import`: a
 * create or update made by a spreadsheet import (docs/product.md R234); `restore`: a deleted site
 * brought back from the trash (docs/product.md R554).
 */
export type HistoryAction =
  | 'create'
  | 'update'
  | 'delete'
  | 'confirm'
  | 'import'
  | 'restore'
  | 'not_duplicate'
  | 'merge';
type Snapshot = Record<string, unknown>;

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
  entry: { entity: string; entityId: number; action: HistoryAction; userId: number | null; changes: unknown },
) {
  await db.insert(history).values({ ...entry, changes: entry.changes as object });
}

export async function listHistory(db: Db, entity: string, entityId: number, limit = 50) {
  const rows = await db
    .select({
      id: history.id,
      action: history.action,
      changes: history.changes,
      createdAt: history.createdAt,
      userId: history.userId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(history)
    .leftJoin(users, eq(users.id, history.userId))
    .where(and(eq(history.entity, entity), eq(history.entityId, entityId)))
    .orderBy(desc(history.createdAt), desc(history.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    changes: row.changes,
    createdAt: row.createdAt.toISOString(),
    user: row.userId
      ? { id: row.userId, firstName: row.firstName ?? '', lastName: row.lastName ?? '' }
      : null,
  }));
}
