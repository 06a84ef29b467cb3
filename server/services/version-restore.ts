import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { RestoredVersion } from '#shared/schemas/history.ts';
import {
  REFERENCE_LIST_NAMES,
  REFERENCE_LISTS,
  type ReferenceItem,
  type ReferenceListName,
  referenceItemInputSchema,
} from '#shared/schemas/reference-lists.ts';
import { type Site, SiteUpdateSchema } from '#shared/schemas/sites.ts';
import { codeOfIssue } from '#shared/validation.ts';
import type { Db } from '../db/client.ts';
import { REFERENCE_TABLES } from '../db/reference-tables.ts';
import { sites } from '../db/schema.ts';
import { directoryWrite } from './directory-changes.ts';
import { ConflictError, NotFoundError, ValidationError } from './errors.ts';
import { diff, entriesAfter, undoLater } from './history.ts';
import { getItem, updateItem } from './reference-lists.ts';
import { getSite } from './site-reads.ts';
import { existingItems } from './site-trash.ts';
import { snapshot, updateSite } from './sites.ts';

/*
 * Restoring an earlier version of a site or a list item (docs/product.md R562,
 * docs/decisions/054-restoring-a-version.md): the version right after a history entry is the record
 * as it is now with every later entry undone, newest first; it is saved as a new change through the
 * record's own update (the same checks, lists, hours, history and "directory changed" signal), with
 * source 'history' and the entry it came from. A record already in that version is left alone.
 */

type LeftOut = RestoredVersion<unknown>['leftOut'];

/** A body the update schema refused, as the 422 a save would answer. */
function refused(error: z.ZodError): ValidationError {
  return new ValidationError(
    error.issues.map((issue) => ({
      path: issue.path.join('.') || 'body',
      message: issue.message,
      ...codeOfIssue((issue as { params?: unknown }).params),
    })),
  );
}

/**
 * The update body that turns `current` into `version`: only the fields that differ, the lists as ids
 * of the items that still exist (those deleted since are left out and named), the rest as answered.
 */
async function siteBody(tx: Db, current: Site, version: Record<string, unknown>) {
  const leftOut: LeftOut = [];
  const body: Record<string, unknown> = {};
  const changed = diff(snapshot(current), version);
  const fallback: Record<string, unknown> = { translations: {}, Hours: [], facts: {}, phoneNumber: '' };
  for (const field of Object.keys(changed)) {
    if (field === 'id') continue;
    const list = REFERENCE_LIST_NAMES.find((name) => REFERENCE_LISTS[name].siteKey === field);
    if (list) {
      const ids = ((version[field] ?? []) as { id: number }[]).map((item) => item.id);
      const found = await existingItems(tx, list, ids);
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length) leftOut.push({ list, ids: missing });
      const kept = ids.filter((id) => found.has(id));
      const now = (current[field as keyof Site] as { id: number }[]).map((item) => item.id);
      if (JSON.stringify([...kept].sort()) !== JSON.stringify([...now].sort())) {
        body[REFERENCE_LISTS[list].idsKey] = kept;
      }
      continue;
    }
    body[field] = version[field] ?? fallback[field] ?? null;
  }
  // A pin is both coordinates or none (the schema's rule): one restored brings the other along.
  if ('lat' in body || 'lng' in body)
    Object.assign(body, { lat: version.lat ?? null, lng: version.lng ?? null });
  return { body, leftOut };
}

/** POST /api/sites/{id}/history/{historyId}/restore, for an administrator `userId`. */
export async function restoreSiteVersion(
  db: Db,
  id: number,
  historyId: number,
  version: number,
  userId: number | null,
): Promise<RestoredVersion<Site>> {
  return directoryWrite(db, async (tx) => {
    const [row] = await tx
      .select({ version: sites.version })
      .from(sites)
      .where(eq(sites.id, id))
      .for('update');
    // A site in the trash has no row: its history is there, but it has no version to go back to.
    if (!row) throw new NotFoundError();
    const later = await entriesAfter(tx, 'site', id, historyId);
    const current = await getSite(tx, id);
    if (version !== row.version) throw new ConflictError(current);
    const { body, leftOut } = await siteBody(tx, current, undoLater(snapshot(current), later));
    if (Object.keys(body).length === 0) return { changed: false, record: current, leftOut };
    // A version of this very site is not a new duplicate of another (R177): it is not asked about.
    const parsed = SiteUpdateSchema.safeParse({ ...body, version, confirmDuplicate: true });
    if (!parsed.success) throw refused(parsed.error);
    const record = await updateSite(tx, id, parsed.data, userId, {
      source: 'history',
      restoredFrom: historyId,
    });
    return { changed: true, record, leftOut };
  });
}

/** POST /api/{list}/{id}/history/{historyId}/restore, for an administrator `userId`. */
export async function restoreItemVersion(
  db: Db,
  list: ReferenceListName,
  id: number,
  historyId: number,
  version: number,
  userId: number | null,
): Promise<RestoredVersion<ReferenceItem>> {
  return directoryWrite(db, async (tx) => {
    const table = REFERENCE_TABLES[list].table;
    const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for('update');
    if (!row) throw new NotFoundError();
    const later = await entriesAfter(tx, list, id, historyId);
    const current = await getItem(tx, list, id);
    if (version !== current.version) throw new ConflictError(current);
    const { id: _id, version: _v, updatedAt: _u, ...fields } = current;
    const restored = undoLater(fields, later);
    const body: Record<string, unknown> = {};
    for (const field of Object.keys(diff(fields, restored))) {
      if (field in fields) body[field] = restored[field] ?? (field === 'translations' ? {} : null);
    }
    if (Object.keys(body).length === 0) return { changed: false, record: current, leftOut: [] };
    const parsed = referenceItemInputSchema(list)
      .partial()
      .safeParse({ ...body, version });
    if (!parsed.success) throw refused(parsed.error);
    const record = await updateItem(tx, list, id, parsed.data, userId, {
      source: 'history',
      restoredFrom: historyId,
    });
    return { changed: true, record, leftOut: [] };
  });
}
