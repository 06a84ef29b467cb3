import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { REFERENCE_TABLES } from '#server/db/reference-tables.ts';
import { imports, type nutritionPartners, sites } from '#server/db/schema.ts';
import type { HoursInterval } from '#shared/hours.ts';
import { formatHoursText, parseHoursText } from '#shared/hours-text.ts';
import { parseId } from '#shared/ids.ts';
import {
  type FieldChange,
  IMPORT_LIMITS,
  type ImportPreview,
  type ImportResult,
  LIST_SEPARATOR,
  type PreviewRow,
  type RowError,
  type SheetColumn,
  type SheetRow,
} from '#shared/imports.ts';
import type { Language } from '#shared/languages.ts';
import { REFERENCE_LIST_NAMES, REFERENCE_LISTS, type ReferenceListName } from '#shared/reference-lists.ts';
import { type Site, SiteCreateSchema } from '#shared/schemas/sites.ts';
import { codeOfIssue, type ValidationCode, type ValidationParams } from '#shared/validation.ts';
import { type Geocoder, sharedGeocoderCache } from '../geocoding.ts';
import { createItem } from '../reference-lists.ts';
import { cachedSitesJson, createSite, updateSite } from '../sites.ts';
import { ImportError } from '../spreadsheets/errors.ts';
import type { SheetTable } from '../spreadsheets/read.ts';
import { joinNames, LIST_COLUMNS, siteRow } from '../spreadsheets/write.ts';
import { fieldMessage } from './messages.ts';

/**
 * Spreadsheet import (docs/product.md R230–R239; matching and staleness in
 * docs/decisions/028a-import-matching-and-staleness.md): `previewImport` reads every row against the
 * sites and lists as they are, writes nothing but the preview; `commitImport` applies a stored
 * preview in one transaction, or refuses it whole.
 */

type ListNames = Partial<Record<ReferenceListName, string[]>>;

/** What a row will do at commit, kept with its preview. */
interface StoredRow {
  preview: PreviewRow;
  /** New site: its whole input; changed site: only the changed fields. */
  input?: Record<string, unknown>;
  /** Names of list items created at commit, per list (createMissingItems). */
  newNames?: ListNames;
  /** The address the commit looks up: the preview was past its geocoding limit (R344). */
  locate?: string;
}

const LIST_OF_COLUMN = Object.fromEntries(
  REFERENCE_LIST_NAMES.map((list) => [LIST_COLUMNS[list], list]),
) as Partial<Record<SheetColumn, ReferenceListName>>;

/** The sheet column a schema path reports on: `Hours.0.close` → hours, `PopulationIds` → populations. */
function columnOfPath(path: readonly PropertyKey[]): SheetColumn {
  const [first] = path;
  if (first === 'Hours') return 'hours';
  if (first === 'translations') return 'name';
  const list = REFERENCE_LIST_NAMES.find((name) => REFERENCE_LISTS[name].idsKey === first);
  if (list) return LIST_COLUMNS[list];
  return String(first) as SheetColumn;
}

/** Names compare without case and spaces ("Seniors 60+" = "seniors60+"). */
export const nameKey = (name: string) => name.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
/** A site is the same site when its name and address are, ignoring case, spaces and punctuation. */
const siteKey = (name: string, address: string) =>
  `${nameKey(name).replace(/[.,#'’"]/g, '')}|${nameKey(address).replace(/[.,#'’"]/g, '')}`;

const splitNames = (cell: string) =>
  cell
    .split(/[;；]/)
    .map((name) => name.trim())
    .filter(Boolean);

interface ListItem {
  id: number;
  name: string;
}

/** Every item of every list, findable by its base name or any translation. */
async function loadLists(db: Db) {
  const lookup = {} as Record<ReferenceListName, Map<string, ListItem>>;
  const byId = {} as Record<ReferenceListName, Map<number, ListItem>>;
  for (const list of REFERENCE_LIST_NAMES) {
    const table = REFERENCE_TABLES[list].table as typeof nutritionPartners;
    const rows = await db
      .select({ id: table.id, name: table.name, translations: table.translations })
      .from(table);
    lookup[list] = new Map();
    byId[list] = new Map();
    for (const row of rows) {
      const item = { id: row.id, name: row.name };
      byId[list].set(row.id, item);
      for (const name of [row.name, row.translations?.es?.name, row.translations?.zh?.name]) {
        if (name && !lookup[list].has(nameKey(name))) lookup[list].set(nameKey(name), item);
      }
    }
    // A base name wins over another item's translation.
    for (const row of rows) lookup[list].set(nameKey(row.name), { id: row.id, name: row.name });
  }
  return { lookup, byId };
}

/** The stored site as the input a write takes (what a row's cells are laid over). */
function inputOf(site: Site): Record<string, unknown> {
  const input: Record<string, unknown> = {
    name: site.name,
    translations: site.translations,
    address: site.address,
    phoneNumber: site.phoneNumber || null,
    email: site.email,
    website: site.website,
    lat: site.lat,
    lng: site.lng,
    Hours: site.Hours.map(({ day, open, close, weeks }) => ({
      day,
      open,
      close,
      ...(weeks ? { weeks } : {}),
    })),
  };
  for (const list of REFERENCE_LIST_NAMES) {
    input[REFERENCE_LISTS[list].idsKey] = site[REFERENCE_LISTS[list].siteKey].map((item) => item.id);
  }
  return input;
}

const numberCell = (text: string): number | null | undefined => {
  if (text === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
};

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      await work(item!);
    }
  });
  await Promise.all(runners);
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
}

/** Geocoding requests in flight at once (docs/product.md R233). */
const GEOCODE_CONCURRENCY = 4;
/** The default of geocodeLimit. */
export const PREVIEW_GEOCODES_MAX = 50;

export async function previewImport(
  db: Db,
  table: SheetTable,
  options: PreviewOptions,
): Promise<ImportPreview> {
  const { language } = options;
  const allSites = JSON.parse(await cachedSitesJson(db)) as Site[];
  const byId = new Map(allSites.map((site) => [site.id, site]));
  const byKey = new Map(allSites.map((site) => [siteKey(site.name, site.address), site]));
  const lists = await loadLists(db);
  const has = new Set(table.columns);
  const seenSites = new Map<number, number>();
  const seenKeys = new Map<string, number>();
  const newItems = new Map<string, { list: ReferenceListName; name: string }>();
  const versions: Record<string, number> = {};
  const stored: StoredRow[] = [];
  const toLocate: { stored: StoredRow; address: string; site?: Site }[] = [];

  const error = (column: string, code: ValidationCode, params?: ValidationParams): RowError => ({
    column,
    code,
    message: fieldMessage(code, params, language),
    ...(params ? { params } : {}),
  });

  for (const [index, { row, cells }] of table.rows.entries()) {
    options.onProgress?.(index, table.rows.length);
    const cell = (column: SheetColumn) => cells[column] ?? '';
    const errors: RowError[] = [];
    let existing: Site | undefined;
    if (has.has('id') && cell('id') !== '') {
      existing = byId.get(parseId(cell('id')) ?? 0);
      if (!existing) errors.push(error('id', 'unknown_site'));
    } else {
      existing = byKey.get(siteKey(cell('name'), cell('address')));
    }
    if (existing) {
      const first = seenSites.get(existing.id);
      if (first !== undefined)
        errors.push(error(has.has('id') ? 'id' : 'name', 'duplicate_row', { row: first }));
      else seenSites.set(existing.id, row);
    } else if (!errors.length) {
      const key = siteKey(cell('name'), cell('address'));
      const first = seenKeys.get(key);
      if (first !== undefined) errors.push(error('name', 'duplicate_row', { row: first }));
      else seenKeys.set(key, row);
    }

    const input: Record<string, unknown> = existing ? inputOf(existing) : {};
    const newNames: ListNames = {};
    for (const column of ['name', 'address', 'phoneNumber', 'email', 'website'] as const) {
      if (has.has(column)) input[column] = cell(column);
    }
    for (const column of ['lat', 'lng'] as const) {
      if (!has.has(column)) continue;
      const value = numberCell(cell(column));
      if (value === undefined) errors.push(error(column, 'not_a_number'));
      else input[column] = value;
    }
    if (has.has('hours')) {
      const hours = parseHoursText(cell('hours'));
      if (hours.ok) input.Hours = hours.hours;
      else errors.push(error('hours', 'invalid_hours_text'));
    }
    for (const list of REFERENCE_LIST_NAMES) {
      const column = LIST_COLUMNS[list];
      if (!has.has(column)) continue;
      const ids: number[] = [];
      for (const name of splitNames(cell(column))) {
        const item = lists.lookup[list].get(nameKey(name));
        if (item) ids.push(item.id);
        else if (options.createMissingItems) {
          const key = `${list}|${nameKey(name)}`;
          if (!newItems.has(key)) newItems.set(key, { list, name });
          newNames[list] = [...(newNames[list] ?? []), newItems.get(key)!.name];
        } else errors.push(error(column, 'unknown_item', { name }));
      }
      input[REFERENCE_LISTS[list].idsKey] = ids;
    }

    const parsed = SiteCreateSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const { code, params } = codeOfIssue((issue as { params?: unknown }).params);
        const column = columnOfPath(issue.path);
        if (!errors.some((e) => e.column === column && e.code === code))
          errors.push(error(column, code, params));
      }
    }
    if (errors.length) {
      stored.push({ preview: { row, kind: 'error', errors } });
      continue;
    }
    const site = parsed.data!;
    const names = (list: ReferenceListName) => {
      const ids = site[REFERENCE_LISTS[list].idsKey];
      const known = ids.map((id) => lists.byId[list].get(id)!.name);
      return [...known, ...(newNames[list] ?? [])].sort((a, b) => a.localeCompare(b));
    };
    const after: SheetRow = {
      id: existing ? String(existing.id) : '',
      name: site.name,
      address: site.address,
      phoneNumber: site.phoneNumber ?? '',
      email: site.email ?? '',
      website: site.website ?? '',
      lat: site.lat === null || site.lat === undefined ? '' : String(site.lat),
      lng: site.lng === null || site.lng === undefined ? '' : String(site.lng),
      hours: formatHoursText(site.Hours as HoursInterval[]),
    } as SheetRow;
    for (const list of REFERENCE_LIST_NAMES) after[LIST_COLUMNS[list]] = joinNames(names(list));
    const plannedNames = Object.keys(newNames).length ? { newNames } : {};

    if (!existing) {
      const { id: _id, ...shown } = after;
      const entry: StoredRow = { preview: { row, kind: 'new', site: shown }, input: site, ...plannedNames };
      stored.push(entry);
      if (site.lat === null || site.lat === undefined)
        toLocate.push({ stored: entry, address: site.address });
      continue;
    }
    versions[existing.id] = existing.version;
    const before = siteRow(existing);
    const changes: FieldChange[] = [];
    const changed: Record<string, unknown> = {};
    for (const column of table.columns) {
      if (column === 'id') continue;
      const list = LIST_OF_COLUMN[column];
      // Lists compare as sets of items (the names' order in a cell does not matter).
      const differs = list
        ? joinNames([...before[column].split(`${LIST_SEPARATOR} `)].filter(Boolean).sort()) !==
          joinNames([...after[column].split(`${LIST_SEPARATOR} `)].filter(Boolean).sort())
        : before[column] !== after[column];
      if (!differs) continue;
      changes.push({ field: column, before: before[column], after: after[column] });
      if (list) changed[REFERENCE_LISTS[list].idsKey] = site[REFERENCE_LISTS[list].idsKey];
      else if (column === 'hours') changed.Hours = site.Hours;
      else changed[column] = site[column as keyof typeof site];
    }
    if (!changes.length) {
      stored.push({ preview: { row, kind: 'unchanged', siteId: existing.id } });
      continue;
    }
    const entry: StoredRow = {
      preview: { row, kind: 'changed', siteId: existing.id, changes },
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

  if (options.geocoder && toLocate.length) {
    // The app's one cache, keyed by the exact query: a re-preview asks nothing it was answered before.
    const geocoder = sharedGeocoderCache(options.geocoder);
    let allowed = options.geocodeLimit ?? PREVIEW_GEOCODES_MAX;
    await eachLimited(toLocate, GEOCODE_CONCURRENCY, async ({ stored: entry, address, site }) => {
      const preview = entry.preview;
      if (preview.kind !== 'new' && preview.kind !== 'changed') return;
      if (!geocoder.cached(address)) {
        if (allowed <= 0) {
          // Past this preview's limit: looked up at commit, as a form save would (R344).
          entry.locate = address;
          preview.locateOnSave = true;
          return;
        }
        allowed -= 1;
      }
      const result = await geocoder.geocode(address);
      const position = result.ok ? { lat: result.lat, lng: result.lng } : { lat: null, lng: null };
      Object.assign(entry.input!, position);
      const text = (value: number | null) => (value === null ? '' : String(value));
      if (preview.kind === 'new') {
        preview.site.lat = text(position.lat);
        preview.site.lng = text(position.lng);
      } else if (site) {
        for (const field of ['lat', 'lng'] as const) {
          if (text(site[field]) !== text(position[field]))
            preview.changes.push({ field, before: text(site[field]), after: text(position[field]) });
        }
      }
      if (!result.ok) preview.noPosition = true;
    });
  }

  const rows = stored.map((entry) => entry.preview);
  const summary = { new: 0, changed: 0, unchanged: 0, errors: 0 };
  for (const row of rows) summary[row.kind === 'error' ? 'errors' : row.kind] += 1;
  const id = randomUUID();
  const itemList = [...newItems.values()];
  // Previews older than a day are of no use any more (R233): cleared as new ones are made.
  const expired = new Date(options.now.getTime() - IMPORT_LIMITS.previewHours * 3_600_000);
  await db.delete(imports).where(lt(imports.createdAt, expired));
  await db.insert(imports).values({
    id,
    createdBy: options.userId,
    createdAt: options.now,
    rows: stored,
    versions,
    newItems: itemList,
  });
  return { id, summary, rows, newItems: itemList };
}

/** The preview of a stored import, as it was answered (for a reload of the screen). */
export async function getImport(db: Db, id: string, now: Date) {
  const row = await findImport(db, id, now);
  const stored = row.rows as StoredRow[];
  return { id, status: row.status, rows: stored.map((entry) => entry.preview), newItems: row.newItems };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function findImport(db: Db, id: string, now: Date, lock = false) {
  if (!UUID.test(id)) throw new ImportError(404, 'import_not_found');
  const query = db.select().from(imports).where(eq(imports.id, id));
  const [row] = lock ? await query.for('update') : await query;
  const expired = now.getTime() - IMPORT_LIMITS.previewHours * 3_600_000;
  if (!row || row.createdAt.getTime() < expired) throw new ImportError(404, 'import_not_found');
  return row;
}

export interface CommitOptions {
  userId: number | null;
  skipErrors?: boolean;
  now: Date;
  onProgress?: (done: number, total: number) => void;
  /** Looks up the rows the preview left for the commit (`locateOnSave`); without one they get no position. */
  geocoder?: Geocoder;
}

/**
 * The positions of the rows a preview left to the commit (R344), looked up before the commit's
 * transaction so no lock is held while the geocoder answers. A row not found gets none (null).
 */
async function positionsToLocate(db: Db, id: string, options: CommitOptions) {
  const positions = new Map<number, { lat: number | null; lng: number | null }>();
  if (!options.geocoder) return positions;
  const record = await findImport(db, id, options.now);
  if (record.status === 'committed') return positions;
  const pending = (record.rows as StoredRow[]).filter((entry) => entry.locate);
  const geocoder = sharedGeocoderCache(options.geocoder);
  await eachLimited(pending, GEOCODE_CONCURRENCY, async (entry) => {
    const result = await geocoder.geocode(entry.locate!);
    positions.set(
      entry.preview.row,
      result.ok ? { lat: result.lat, lng: result.lng } : { lat: null, lng: null },
    );
  });
  return positions;
}

/**
 * Applies a preview in one transaction (R234): refused when it was committed already, when a site it
 * matched has a new version since, or when it has rows with errors and they are not to be skipped.
 * Each created or changed site and list item is recorded in the history as an import by `userId`.
 */
export async function commitImport(db: Db, id: string, options: CommitOptions): Promise<ImportResult> {
  const located = await positionsToLocate(db, id, options);
  return db.transaction(async (tx) => {
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
      for (const { list, name } of record.newItems) {
        const key = `${list}|${nameKey(name)}`;
        const found = lists.lookup[list as ReferenceListName]?.get(nameKey(name));
        if (found) itemIds.set(key, found.id);
        else {
          const item = await createItem(tx, list as ReferenceListName, { name }, options.userId, 'import');
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
        const site = await createSite(tx, input as never, options.userId, 'import');
        result.created.push(site.id);
      } else if (entry.preview.kind === 'changed') {
        await updateSite(tx, entry.preview.siteId, input as never, options.userId, 'import');
        result.updated.push(entry.preview.siteId);
      }
    }
    options.onProgress?.(writes.length, writes.length);
    result.unchanged = stored.filter((entry) => entry.preview.kind === 'unchanged').length;
    await tx
      .update(imports)
      .set({ status: 'committed', committedAt: options.now })
      .where(and(eq(imports.id, id), eq(imports.status, 'pending')));
    return result;
  });
}
