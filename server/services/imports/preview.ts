import type { Db } from '#server/db/client.ts';
import {
  type DestructiveChange,
  type DestructiveSummary,
  type FieldChange,
  type ImportPreview,
  LIST_SEPARATOR,
  type SheetColumn,
} from '#shared/imports.ts';
import type { Language } from '#shared/languages.ts';
import type { Site } from '#shared/schemas/sites.ts';
import type { Geocoder } from '../geocoding.ts';
import { cachedSitesJson } from '../site-reads.ts';
import type { SheetTable } from '../spreadsheets/read.ts';
import { LIST_COLUMNS } from '../spreadsheets/write.ts';
import { diffRow, sheetRowOf } from './diff.ts';
import { geocodePreviewRows, type RowToLocate } from './geocode-rows.ts';
import { loadLists } from './list-items.ts';
import { siteMatcher } from './match.ts';
import { rowErrorOf } from './messages.ts';
import { parseRow, type RowReading } from './parse-row.ts';
import { type StoredRow, saveImport } from './store.ts';

/**
 * The import preview (docs/product.md R230–R239; matching and staleness in
 * docs/decisions/028a-import-matching-and-staleness.md): `previewImport` reads every row against the
 * sites and lists as they are and writes nothing but the preview, which `commitImport` (commit.ts)
 * applies later.
 */

/** The headers of the columns a file has that are not imported (R615); a column with no header is not named. */
const notImported = (mapping: NonNullable<SheetTable['mapping']>) =>
  mapping.filter((column) => column.field === null && column.header !== '').map((column) => column.header);

const LIST_COLUMN_NAMES = new Set<string>(Object.values(LIST_COLUMNS));
const namesIn = (cell: string) =>
  cell
    .split(LIST_SEPARATOR)
    .map((name) => name.trim())
    .filter(Boolean);

/** The changes of a row that take something away: a field emptied, list items removed (R621). */
function destructiveChanges(row: number, site: Site, changes: readonly FieldChange[]): DestructiveChange[] {
  const found: DestructiveChange[] = [];
  for (const { field, before, after } of changes) {
    if (LIST_COLUMN_NAMES.has(field)) {
      const kept = new Set(namesIn(after));
      const removed = namesIn(before).filter((name) => !kept.has(name));
      if (removed.length) found.push({ row, siteId: site.id, name: site.name, field, removed });
    } else if (before !== '' && after === '') found.push({ row, siteId: site.id, name: site.name, field });
  }
  return found;
}

export interface PreviewOptions {
  createMissingItems?: boolean;
  userId: number | null;
  language: Language;
  geocoder?: Geocoder;
  /**
   * Addresses this preview may send to the geocoder (IMPORT_GEOCODES_MAX, 50 by default); the rows
   * past it are marked `locateOnSave` and looked up at commit. Answers remembered from earlier
   * previews and searches do not count, so previewing the file again looks up the next ones.
   */
  geocodeLimit?: number;
  now: Date;
  /** Called after each row is read, and as geocoding goes (the command line's progress). */
  onProgress?: (done: number, total: number) => void;
  /** Each row's id in another publisher's data, by row number, kept for the commit (R640). */
  external?: { source: string; ids: ReadonlyMap<number, string> };
}

export async function previewImport(
  db: Db,
  table: SheetTable,
  options: PreviewOptions,
): Promise<ImportPreview> {
  const allSites = JSON.parse(await cachedSitesJson(db)) as Site[];
  const lists = await loadLists(db);
  const has = new Set(table.columns);
  const match = siteMatcher(allSites, has.has('id'));
  const error = rowErrorOf(options.language);
  const reading: RowReading = {
    has,
    lists,
    createMissingItems: options.createMissingItems,
    newItems: new Map(),
    error,
  };
  const versions: Record<string, number> = {};
  const stored: StoredRow[] = [];
  const toLocate: RowToLocate[] = [];
  const destructive: DestructiveChange[] = [];

  for (const [index, { row, cells }] of table.rows.entries()) {
    options.onProgress?.(index, table.rows.length);
    const cell = (column: SheetColumn) => cells[column] ?? '';
    const { existing, errors } = match(row, cell, error);
    const { site, newNames, readAs: readNotes } = parseRow(cell, existing, errors, reading);
    const readAs = readNotes ? { readAs: readNotes } : {};
    if (!site) {
      stored.push({ preview: { row, kind: 'error', errors } });
      continue;
    }
    const after = sheetRowOf(site, existing, lists, newNames);
    const plannedNames = Object.keys(newNames).length ? { newNames } : {};

    if (!existing) {
      const { id: _id, ...shown } = after;
      const entry: StoredRow = {
        preview: { row, kind: 'new', site: shown, ...readAs },
        input: site,
        ...plannedNames,
      };
      stored.push(entry);
      if (site.lat === null || site.lat === undefined)
        toLocate.push({ stored: entry, address: site.address });
      continue;
    }
    versions[existing.id] = existing.version;
    const { changes, changed } = diffRow(table.columns, existing, after, site);
    if (!changes.length) {
      stored.push({ preview: { row, kind: 'unchanged', siteId: existing.id, name: existing.name } });
      continue;
    }
    destructive.push(...destructiveChanges(row, existing, changes));
    const entry: StoredRow = {
      preview: {
        row,
        kind: 'changed',
        siteId: existing.id,
        name: existing.name,
        changes,
        // How the hours were read is said where they change (R603), not for hours already stored.
        ...(changes.some((change) => change.field === 'hours') ? readAs : {}),
      },
      input: changed,
      ...plannedNames,
    };
    stored.push(entry);
    // A new address is placed anew unless the row moved the pin itself (as a form save, R66).
    const pinGiven = 'lat' in changed || 'lng' in changed;
    if ('address' in changed && !pinGiven)
      toLocate.push({ stored: entry, address: site.address, site: existing });
  }
  options.onProgress?.(table.rows.length, table.rows.length);

  if (options.geocoder && toLocate.length)
    await geocodePreviewRows(toLocate, options.geocoder, options.geocodeLimit);

  if (options.external) {
    const { source, ids } = options.external;
    for (const entry of stored) {
      const id = ids.get(entry.preview.row);
      if (id && entry.preview.kind !== 'error') entry.external = { source, id };
    }
  }
  const rows = stored.map((entry) => entry.preview);
  const summary = { new: 0, changed: 0, unchanged: 0, errors: 0 };
  for (const row of rows) summary[row.kind === 'error' ? 'errors' : row.kind] += 1;
  const newItems = [...reading.newItems.values()];
  const id = await saveImport(db, {
    userId: options.userId,
    now: options.now,
    rows: stored,
    versions,
    newItems,
  });
  const columns = table.mapping ? { columns: table.mapping, notImported: notImported(table.mapping) } : {};
  const summaryOfLosses: DestructiveSummary = {
    fieldsEmptied: destructive.filter((change) => !change.removed).length,
    itemsRemoved: destructive.reduce((sum, change) => sum + (change.removed?.length ?? 0), 0),
    changes: destructive,
  };
  return { id, summary, rows, newItems, ...columns, destructive: summaryOfLosses };
}
