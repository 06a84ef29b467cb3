import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { imports, sites } from '#server/db/schema.ts';
import type { ImportResult, NewItem } from '#shared/imports.ts';
import { REFERENCE_LISTS, type ReferenceListName } from '#shared/reference-lists.ts';
import { directoryWrite } from '../directory-changes.ts';
import type { Geocoder } from '../geocoding.ts';
import { createItem } from '../reference-lists.ts';
import { createSite, updateSite } from '../sites.ts';
import { ImportError } from '../spreadsheets/errors.ts';
import { recordExternalIds } from './external-ids.ts';
import { positionsToLocate } from './geocode-rows.ts';
import { loadLists, nameKey } from './list-items.ts';
import { findImport, type StoredRow } from './store.ts';

/**
 * The import commit (docs/product.md R234; staleness in
 * docs/decisions/028a-import-matching-and-staleness.md): `commitImport` applies a stored preview in
 * one transaction, or refuses it whole.
 */

export interface CommitOptions {
  userId: number | null;
  skipErrors?: boolean;
  now: Date;
  onProgress?: (done: number, total: number) => void;
  /** Looks up the rows the preview left for the commit (`locateOnSave`); without one they get no position. */
  geocoder?: Geocoder;
}

/**
 * Applies a preview in one transaction (R234): refused when it was committed already, when a site it
 * matched has a new version since, or when it has rows with errors and they are not to be skipped.
 * Each created or changed site and list item is recorded in the history as an import by `userId`.
 */
export async function commitImport(db: Db, id: string, options: CommitOptions): Promise<ImportResult> {
  const located = await positionsToLocate(db, id, options);
  return directoryWrite(db, async (tx) => {
    const record = await findImport(tx, id, options.now, true);
    if (record.status === 'committed') throw new ImportError(409, 'import_committed');
    const stored = record.rows as StoredRow[];
    const errorRows = stored.filter((entry) => entry.preview.kind === 'error').length;
    if (errorRows && !options.skipErrors)
      throw new ImportError(422, 'import_has_errors', { count: errorRows });

    const matched = Object.entries(record.versions).map(
      ([siteId, version]) => [Number(siteId), version] as const,
    );
    if (matched.length) {
      const current = await tx
        .select({ id: sites.id, version: sites.version })
        .from(sites)
        .where(
          inArray(
            sites.id,
            matched.map(([siteId]) => siteId),
          ),
        )
        .for('update');
      const now = new Map(current.map((site) => [site.id, site.version]));
      if (matched.some(([siteId, version]) => now.get(siteId) !== version))
        throw new ImportError(409, 'import_stale');
    }

    // List items the preview will create; one made by someone else since is used as it is.
    const created: ImportResult['newItems'] = [];
    const itemIds = new Map<string, number>();
    if (record.newItems.length) {
      const lists = await loadLists(tx);
      for (const { list, name, translations } of record.newItems as NewItem[]) {
        const key = `${list}|${nameKey(name)}`;
        const found = lists.lookup[list as ReferenceListName]?.get(nameKey(name));
        if (found) itemIds.set(key, found.id);
        else {
          const input = translations ? { name, translations } : { name };
          const item = await createItem(tx, list as ReferenceListName, input, options.userId, {
            action: 'import',
            source: 'import',
          });
          itemIds.set(key, item.id);
          created.push({ list, name, id: item.id });
        }
      }
    }

    const result: ImportResult = {
      id,
      created: [],
      updated: [],
      unchanged: 0,
      skipped: errorRows,
      newItems: created,
    };
    const createdIds = new Map<StoredRow, number>();
    const writes = stored.filter((entry) => entry.preview.kind === 'new' || entry.preview.kind === 'changed');
    for (const [index, entry] of writes.entries()) {
      options.onProgress?.(index, writes.length);
      // The sheet is the agency's own record and its rows were matched by id or by name and address in
      // the preview: the duplicate door of the site form is not asked again (docs/product.md R234);
      // look-alikes show up under the workspace's "possible duplicate" filter.
      const input: Record<string, unknown> = { ...entry.input, confirmDuplicate: true };
      // A new address left to the commit: its position, or none (a changed address's old pin is stale).
      if (entry.locate) Object.assign(input, located.get(entry.preview.row) ?? { lat: null, lng: null });
      for (const [list, names] of Object.entries(entry.newNames ?? {})) {
        const idsKey = REFERENCE_LISTS[list as ReferenceListName].idsKey;
        const ids = [...((input[idsKey] as number[] | undefined) ?? [])];
        for (const name of names) ids.push(itemIds.get(`${list}|${nameKey(name)}`)!);
        input[idsKey] = [...new Set(ids)];
      }
      if (entry.preview.kind === 'new') {
        const site = await createSite(tx, input as never, options.userId, {
          action: 'import',
          source: 'import',
        });
        result.created.push(site.id);
        createdIds.set(entry, site.id);
      } else if (entry.preview.kind === 'changed') {
        await updateSite(tx, entry.preview.siteId, input as never, options.userId, {
          action: 'import',
          source: 'import',
        });
        result.updated.push(entry.preview.siteId);
      }
    }
    options.onProgress?.(writes.length, writes.length);
    // Another publisher's ids of the rows' sites, so its next import finds them (R640).
    await recordExternalIds(tx, stored, createdIds);
    result.unchanged = stored.filter((entry) => entry.preview.kind === 'unchanged').length;
    await tx
      .update(imports)
      .set({ status: 'committed', committedAt: options.now })
      .where(and(eq(imports.id, id), eq(imports.status, 'pending')));
    return result;
  });
}
