import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { importMappings } from '#server/db/schema.ts';
import { type ColumnMapping, headerSetKey, IMPORT_FIELDS, type ImportField } from '#shared/import-columns.ts';
import { HttpError } from '../errors.ts';
import type { ChosenMapping, SheetTable } from '../spreadsheets/read.ts';
import { tableOfGrid } from '../spreadsheets/read.ts';
import { type ReadLimits, readSheetGrid } from '../spreadsheets/reader.ts';

/**
 * The column choices of an import (docs/product.md R619, docs/decisions/058-import-column-mapping.md):
 * a clerk's mapping is remembered by a hash of the file's folded headers (table `import_mappings`)
 * and is the guess for the next file with the same headers.
 */

const hashOf = (headers: readonly string[]) =>
  createHash('sha256').update(headerSetKey(headers)).digest('hex');

/** The mapping remembered for these headers, if a clerk chose one for a file with the same headers. */
export async function rememberedMapping(
  db: Db,
  headers: readonly string[],
): Promise<ChosenMapping | undefined> {
  const [row] = await db
    .select({ mapping: importMappings.mapping })
    .from(importMappings)
    .where(eq(importMappings.headerHash, hashOf(headers)));
  return row ? (checkMapping(row.mapping) ?? undefined) : undefined;
}

/** Remembers the fields of a file's columns for the next file with the same headers. */
export async function rememberMapping(
  db: Db,
  headers: readonly string[],
  mapping: readonly ColumnMapping[],
  userId: number | null,
  now: Date,
) {
  const chosen = Object.fromEntries(mapping.map(({ header, field }) => [header, field]));
  const row = { headers: [...headers], mapping: chosen, updatedBy: userId, updatedAt: now };
  await db
    .insert(importMappings)
    .values({ headerHash: hashOf(headers), ...row })
    .onConflictDoUpdate({ target: importMappings.headerHash, set: row });
}

const FIELDS = new Set<string>(IMPORT_FIELDS);
/** A mapping as sent (header → field or null), or null when it is not one. */
export function checkMapping(value: unknown): ChosenMapping | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > 200) return null;
  for (const [header, field] of entries) {
    if (header.length > 500) return null;
    if (field !== null && (typeof field !== 'string' || !FIELDS.has(field))) return null;
  }
  return value as Record<string, ImportField | null>;
}

/** The `mapping` query parameter: a JSON object of header → field (or null); 400 when it is not one. */
export function mappingParam(text: string | undefined): ChosenMapping | undefined {
  if (text === undefined || text === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const mapping = checkMapping(value);
  if (!mapping) throw new HttpError(400, 'The column mapping must map headers to the directory’s fields.');
  return mapping;
}

export interface MappedTable {
  table: SheetTable;
  /** The fields came from a mapping remembered for the same headers (none was chosen with this file). */
  remembered: boolean;
}

/**
 * Reads a file and gives its columns their fields (R615–R619): the clerk's choices when sent (then
 * remembered for these headers), else the choices remembered for the same headers, else the guesses.
 */
export async function readMappedTable(
  db: Db,
  bytes: Uint8Array,
  kind: 'csv' | 'xlsx',
  options: { limits?: Partial<ReadLimits>; chosen?: ChosenMapping; userId: number | null; now: Date },
): Promise<MappedTable> {
  const grid = await readSheetGrid(bytes, kind, options.limits, options.chosen ?? {});
  const remembered = await rememberedMapping(db, grid.headers);
  const table = tableOfGrid(grid, { ...remembered, ...options.chosen });
  if (options.chosen)
    await rememberMapping(db, grid.headers, table.mapping ?? [], options.userId, options.now);
  return { table, remembered: !options.chosen && remembered !== undefined };
}
