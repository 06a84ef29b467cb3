/**
 * Reading a spreadsheet on the calling thread: a CSV file or a workbook's sheets to a `SheetTable`
 * (its header row found, its cells as text), with the limits on size, rows and cells. The .xlsx
 * archive itself is opened in xlsx-archive.ts; reader.ts runs this in a worker.
 */
import { parse } from 'csv-parse/sync';
import { strFromU8, zipSync } from 'fflate';
import readXlsxFile from 'read-excel-file/node';
import {
  ADDRESS_PARTS,
  type AddressPart,
  type ColumnMapping,
  guessField,
  type ImportField,
  mapColumns,
} from '#shared/import-columns.ts';
import { IMPORT_LIMITS, REQUIRED_COLUMNS, type SheetColumn } from '#shared/imports.ts';
import { MENU_REQUIRED_COLUMNS, menuHeaderScore } from '#shared/menu-import.ts';
import { ImportError } from './errors.ts';
import { formulaCellsInSheet, mergeRangesInSheet, unzipWorkbook, worksheetParts } from './xlsx-archive.ts';

/** A sheet as the importer works with it: the columns it has and every data row's cells as text. */
export interface SheetTable {
  columns: SheetColumn[];
  rows: { row: number; cells: Partial<Record<SheetColumn, string>> }[];
  /** Each column of the file and the field it is imported into, when the table was read from a file. */
  mapping?: ColumnMapping[];
}

export type SheetKind = 'csv' | 'xlsx';

/**
 * What a sheet holds, which says how its header row is found: a sheet of sites (the import's field
 * guesser) or a month of menus (its own columns, shared/menu-import.ts, docs/product.md R675).
 */
export type SheetOf = 'sites' | 'menus';

/** An encrypted (password-protected) workbook is an OLE compound file, not a zip. */
const CFB_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
/** Characters of one CSV row, every field together (`unreadable_file` beyond). */
export const MAX_CSV_ROW_CHARS = 128 * 1024;

/** How far down a sheet the header row is looked for. */
const HEADER_SEARCH_ROWS = 10;

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  signature.every((byte, i) => bytes[i] === byte);

/**
 * The column a header names, if any: the guesser's answer when it is a column of the sheet (an
 * address part such as "City" is not one on its own). Kept for the callers that read one header.
 */
export function columnOf(header: string): SheetColumn | undefined {
  const field = guessField(header);
  return field && !(ADDRESS_PARTS as readonly string[]).includes(field) ? (field as SheetColumn) : undefined;
}

/** The guard the exports put before a cell that a spreadsheet program would run (docs/product.md R237, R374). */
export function unguardCell(value: string): string {
  return /^'['=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value).trim();
}

/** The fields a clerk chose for some headers (a header → its field, or `null` not to import it). */
export type ChosenMapping = Readonly<Record<string, ImportField | null>>;

/**
 * A sheet as read, before its columns are given fields (docs/product.md R615–R617): the header row
 * found (its cells as written and its row number), every data row's cells as text by position (its
 * real row number kept), and the first formula below the header in each column, by column index.
 */
export interface SheetGrid {
  headers: string[];
  headerRow: number;
  rows: { row: number; cells: string[] }[];
  formulas: Record<number, string>;
}

/** Column letters to a 0-based index (`A` → 0, `AA` → 26). */
function columnIndex(letters: string): number {
  let index = 0;
  for (const letter of letters) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

/** Cells a file's merged ranges may fill in all (a few ranges over a sheet of 5,000 rows is far less). */
const MAX_MERGED_CELLS = 1_000_000;

/** Merged cells are filled with the value of the range's first cell, over the range it covers (R624). */
function fillMerged(grid: unknown[][], ranges: readonly string[]) {
  let budget = MAX_MERGED_CELLS;
  for (const range of ranges) {
    const [from, to = from] = range.split(':') as [string, string?];
    const start = /^([A-Z]+)(\d+)$/.exec(from);
    const end = /^([A-Z]+)(\d+)$/.exec(to);
    if (!start || !end) continue;
    const r0 = Number(start[2]) - 1;
    const c0 = columnIndex(start[1]!);
    const r1 = Math.min(Number(end[2]) - 1, grid.length - 1);
    const c1 = Math.min(columnIndex(end[1]!), IMPORT_LIMITS.maxColumns - 1);
    const value = grid[r0]?.[c0];
    if (value === null || value === undefined || value === '') continue;
    for (let r = r0; r <= r1; r += 1) {
      const cells = grid[r];
      if (!cells) continue;
      for (let c = c0; c <= c1; c += 1) {
        budget -= 1;
        if (budget < 0) throw new ImportError(422, 'file_too_complex');
        if (cells[c] === null || cells[c] === undefined || cells[c] === '') cells[c] = value;
      }
    }
  }
}

/**
 * The header row: of the top rows, the one whose cells name the most fields (by the guesser and the
 * clerk's choices), one naming both required columns first; the earliest of equals (R616). Title and
 * blank rows above it are passed over. None when no top row names a field at all.
 */
function findHeader(
  grid: unknown[][],
  chosen: ChosenMapping,
  of: SheetOf = 'sites',
): { index: number; score: number; complete: boolean } | undefined {
  let best: { index: number; score: number; complete: boolean } | undefined;
  for (let index = 0; index < Math.min(grid.length, HEADER_SEARCH_ROWS); index += 1) {
    const headers = (grid[index] ?? []).slice(0, IMPORT_LIMITS.maxColumns).map(cellText);
    const { score, complete } = of === 'menus' ? menuHeaderScore(headers) : siteHeaderScore(headers, chosen);
    if (!score) continue;
    if (!best || (complete && !best.complete) || (complete === best.complete && score > best.score))
      best = { index, score, complete };
  }
  return best;
}

/** How many fields a row of a sites sheet names, and whether both required columns are among them. */
function siteHeaderScore(headers: string[], chosen: ChosenMapping) {
  const fields = new Set(mapColumns(headers, chosen).map((column) => column.field));
  const complete = REQUIRED_COLUMNS.every((column) => fields.has(column));
  fields.delete(null);
  return { score: fields.size, complete };
}

/** The grid below the header row: each row that has a cell, as text, with its row number in the sheet. */
function gridOf(grid: unknown[][], headerIndex: number, formulas: Record<number, string> = {}): SheetGrid {
  const headers = (grid[headerIndex] ?? []).slice(0, IMPORT_LIMITS.maxColumns).map(cellText);
  const rows: SheetGrid['rows'] = [];
  for (let i = headerIndex + 1; i < grid.length; i += 1) {
    const cells = (grid[i] ?? [])
      .slice(0, Math.max(headers.length, 1))
      .map((value) => unguardCell(cellText(value)));
    // The same guard whether the sheet is CSV or a workbook (R374): the exports write it in both.
    if (cells.every((cell) => cell === '')) continue;
    rows.push({ row: i + 1, cells });
    if (rows.length > IMPORT_LIMITS.maxRows)
      throw new ImportError(422, 'too_many_rows', { max: IMPORT_LIMITS.maxRows });
  }
  return { headers, headerRow: headerIndex + 1, rows, formulas };
}

/** A line break inside an address cell is a comma (R618). */
const oneLine = (text: string) => text.replace(/[\s,]*[\r\n]+[\s,]*/g, ', ');

/** The address with its city, state and ZIP columns: "123 Main St, Springfield, IL 62701" (R618). */
export function joinAddress(street: string, parts: Partial<Record<AddressPart, string>>): string {
  const line = oneLine(street).replace(/[\s,]+$/, '');
  if (!line) return '';
  const stateZip = [parts.state, parts.zip].filter(Boolean).join(' ');
  return [line, parts.city, stateZip].filter(Boolean).join(', ');
}

/**
 * A read sheet with its columns given fields (R610–R619): the clerk's choices, the guesser's for the
 * other headers. Refused when no column is the name or the address, or when an imported column holds
 * a formula; a column not imported is answered in `mapping` with no field, never dropped unsaid.
 */
export function tableOfGrid(grid: SheetGrid, chosen: ChosenMapping = {}): SheetTable {
  const mapping = mapColumns(grid.headers, chosen);
  const fields = new Set(mapping.map((column) => column.field));
  const missing = REQUIRED_COLUMNS.filter((column) => !fields.has(column));
  if (missing.length) {
    // The refusal carries the file's columns, so the clerk can choose the missing ones (R617).
    const refusal = new ImportError(422, 'missing_column', { column: missing.join(', ') });
    refusal.columns = mapping;
    throw refusal;
  }
  // A formula blocks only a column that is imported (R625).
  for (const [index, cell] of Object.entries(grid.formulas))
    if (mapping[Number(index)]?.field) throw new ImportError(422, 'formula_cell', { cell });
  const rows: SheetTable['rows'] = [];
  for (const { row, cells: texts } of grid.rows) {
    const cells: Partial<Record<SheetColumn, string>> = {};
    const parts: Partial<Record<AddressPart, string>> = {};
    let empty = true;
    mapping.forEach(({ field }, index) => {
      if (!field) return;
      const text = texts[index] ?? '';
      // A longer cell is no real value, and the checks of a row's cells need not be ready for one.
      if (text.length > IMPORT_LIMITS.maxCellChars)
        throw new ImportError(422, 'cell_too_long', { row, column: field, max: IMPORT_LIMITS.maxCellChars });
      if (text !== '') empty = false;
      if ((ADDRESS_PARTS as readonly string[]).includes(field)) parts[field as AddressPart] ??= text;
      else cells[field as SheetColumn] ??= text;
    });
    if (empty) continue;
    cells.address = joinAddress(cells.address ?? '', parts);
    rows.push({ row, cells });
  }
  if (!rows.length) throw new ImportError(422, 'no_rows');
  const columns = [...new Set(mapping.map((column) => column.field))].filter(
    (field): field is SheetColumn => field !== null && !(ADDRESS_PARTS as readonly string[]).includes(field),
  );
  return { columns, rows, mapping };
}

/** Comma or semicolon, whichever the header line (outside quotes) has more of. */
export function sniffDelimiter(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas += 1;
    else if (!quoted && char === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

/** Whether a line (outside quotes) has more fields than a row may have; one pass, stops at the first. */
export function hasTooManyFields(text: string, delimiter: string, max: number): boolean {
  let fields = 1;
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (char === delimiter) {
      fields += 1;
      if (fields > max) return true;
    } else if (char === '\n' || char === '\r') fields = 1;
  }
  return false;
}

function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return true;
  }
  return false;
}

export function readCsvGrid(bytes: Uint8Array, chosen: ChosenMapping = {}, of: SheetOf = 'sites'): SheetGrid {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ImportError(422, 'not_csv');
  }
  // Control characters other than tab and line ends do not occur in a text file.
  if (hasControlCharacters(text)) throw new ImportError(422, 'not_csv');
  text = text.replace(/^\uFEFF/, '');
  const delimiter = sniffDelimiter(text);
  // A line of a million commas costs the parser a million fields: refused before it is parsed.
  if (hasTooManyFields(text, delimiter, IMPORT_LIMITS.maxColumns))
    throw new ImportError(422, 'too_many_columns', { max: IMPORT_LIMITS.maxColumns });
  let grid: string[][];
  try {
    grid = parse(text, {
      delimiter,
      relax_column_count: true,
      // A blank line is a row of the sheet: the rows keep the numbers a spreadsheet program shows.
      skip_empty_lines: false,
      // A row (all its fields) over this many characters is refused as it is read: a quoted field that
      // never closes stops here, not at the end of the file. Far above any real row.
      max_record_size: MAX_CSV_ROW_CHARS,
    }) as string[][];
  } catch {
    throw new ImportError(422, 'unreadable_file');
  }
  // No top row names a field: the first row with a cell is the header, and lacks the required columns.
  const header =
    findHeader(grid, chosen, of)?.index ??
    grid.findIndex((cells) => cells.some((cell) => cellText(cell) !== ''));
  return gridOf(grid, Math.max(header, 0));
}

export function readCsv(bytes: Uint8Array, chosen: ChosenMapping = {}): SheetTable {
  return tableOfGrid(readCsvGrid(bytes, chosen), chosen);
}

export async function readXlsxGrid(
  bytes: Uint8Array,
  chosen: ChosenMapping = {},
  of: SheetOf = 'sites',
): Promise<SheetGrid> {
  if (startsWith(bytes, CFB_SIGNATURE)) throw new ImportError(422, 'encrypted_file');
  if (!startsWith(bytes, ZIP_SIGNATURE)) throw new ImportError(422, 'not_xlsx');
  const files = unzipWorkbook(bytes);
  if (!files['xl/workbook.xml']) throw new ImportError(422, 'not_xlsx');
  let sheets: { sheet: string; data: unknown[][] }[];
  try {
    // The reader gets the parts as they were inflated and counted by `unzipWorkbook`, stored without
    // compression: never the uploaded archive, whose declared sizes and entries may lie.
    sheets = (await readXlsxFile(Buffer.from(zipSync(files, { level: 0 })))) as never;
  } catch {
    throw new ImportError(422, 'unreadable_file');
  }
  const parts = worksheetParts(files);
  let best: { sheet: number; index: number; score: number; complete: boolean } | undefined;
  for (const [sheet, { data }] of sheets.entries()) {
    const xml = parts[sheet] ? strFromU8(files[parts[sheet]]!) : '';
    fillMerged(data, mergeRangesInSheet(xml));
    const header = findHeader(data, chosen, of);
    if (!header) continue;
    if (!best || (header.complete && !best.complete) || (!best.complete && header.score > best.score))
      best = { sheet, ...header };
  }
  // No sheet has a row naming a field: none is a sheet of sites.
  if (!best)
    throw new ImportError(422, 'no_sheet', {
      columns: (of === 'menus' ? MENU_REQUIRED_COLUMNS : REQUIRED_COLUMNS).join(', '),
    });
  const part = parts[best.sheet];
  const formulas: Record<number, string> = {};
  if (part) {
    for (const [letters, cell] of Object.entries(
      formulaCellsInSheet(strFromU8(files[part]!), best.index + 1),
    ))
      formulas[columnIndex(letters)] = cell;
  }
  return gridOf(sheets[best.sheet]!.data, best.index, formulas);
}

export async function readXlsx(bytes: Uint8Array, chosen: ChosenMapping = {}): Promise<SheetTable> {
  return tableOfGrid(await readXlsxGrid(bytes, chosen), chosen);
}

/**
 * Reads a file on the thread it is called on, up to its grid (the columns get their fields on the
 * caller's side, with the choices remembered in the database). The server and the command line call
 * `readSheetGrid` (reader.ts), which runs this in a worker of its own with a time and memory limit.
 */
export function parseSheetGrid(
  bytes: Uint8Array,
  kind: SheetKind,
  chosen: ChosenMapping = {},
  of: SheetOf = 'sites',
): Promise<SheetGrid> {
  if (bytes.length > IMPORT_LIMITS.maxBytes)
    throw new ImportError(413, 'file_too_large', { mb: IMPORT_LIMITS.maxBytes / 1024 / 1024 });
  return kind === 'csv' ? Promise.resolve(readCsvGrid(bytes, chosen, of)) : readXlsxGrid(bytes, chosen, of);
}

/** A file read on the calling thread, its columns given their guessed (or chosen) fields. */
export async function parseSpreadsheet(
  bytes: Uint8Array,
  kind: SheetKind,
  chosen: ChosenMapping = {},
): Promise<SheetTable> {
  return tableOfGrid(await parseSheetGrid(bytes, kind, chosen), chosen);
}
