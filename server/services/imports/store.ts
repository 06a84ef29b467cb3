import { randomUUID } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { imports } from '#server/db/schema.ts';
import { IMPORT_LIMITS, type NewItem, type PreviewRow } from '#shared/imports.ts';
import type { ReferenceListName } from '#shared/reference-lists.ts';
import type { StoredImport } from '#shared/schemas/imports.ts';
import { ImportError } from '../spreadsheets/errors.ts';

/**
 * The stored import (table `imports`): a preview's rows with what each will do at commit, the
 * versions of the sites it matched and the list items it will create; found again by id for a day
 * (IMPORT_LIMITS.previewHours, docs/product.md R233).
 */

export type ListNames = Partial<Record<ReferenceListName, string[]>>;

/** What a row will do at commit, kept with its preview. */
export interface StoredRow {
  preview: PreviewRow;
  /** New site: its whole input; changed site: only the changed fields. */
  input?: Record<string, unknown>;
  /** Names of list items created at commit, per list (createMissingItems). */
  newNames?: ListNames;
  /** The address the commit looks up: the preview was past its geocoding limit (R344). */
  locate?: string;
  /** The row's id in another publisher's data, recorded for its site at commit (an HSDS import, R640). */
  external?: { source: string; id: string };
}

export interface NewImport {
  userId: number | null;
  now: Date;
  rows: StoredRow[];
  /** The version of each matched site when it was read, by site id (the commit's staleness check). */
  versions: Record<string, number>;
  newItems: (NewItem & { list: ReferenceListName })[];
}

/** Stores a preview and answers its id; previews older than a day are cleared as new ones are made. */
export async function saveImport(db: Db, record: NewImport): Promise<string> {
  const id = randomUUID();
  // Previews older than a day are of no use any more (R233).
  const expired = new Date(record.now.getTime() - IMPORT_LIMITS.previewHours * 3_600_000);
  await db.delete(imports).where(lt(imports.createdAt, expired));
  await db.insert(imports).values({
    id,
    createdBy: record.userId,
    createdAt: record.now,
    rows: record.rows,
    versions: record.versions,
    newItems: record.newItems,
  });
  return id;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The stored import by id (locked for the commit when `lock`); 404 when unknown or expired. */
export async function findImport(db: Db, id: string, now: Date, lock = false) {
  if (!UUID.test(id)) throw new ImportError(404, 'import_not_found');
  const query = db.select().from(imports).where(eq(imports.id, id));
  const [row] = lock ? await query.for('update') : await query;
  const expired = now.getTime() - IMPORT_LIMITS.previewHours * 3_600_000;
  if (!row || row.createdAt.getTime() < expired) throw new ImportError(404, 'import_not_found');
  return row;
}

/** The preview of a stored import, as it was answered (for a reload of the screen). */
export async function getImport(db: Db, id: string, now: Date): Promise<StoredImport> {
  const row = await findImport(db, id, now);
  const stored = row.rows as StoredRow[];
  // The table's check allows only these two.
  const status = row.status as StoredImport['status'];
  return { id, status, rows: stored.map((entry) => entry.preview), newItems: row.newItems };
}
