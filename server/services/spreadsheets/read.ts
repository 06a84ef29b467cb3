/**
 * Reading a spreadsheet on the calling thread: a CSV file or a workbook's sheets to a `SheetTable`
 * (its header row found, its cells as text), with the limits on size, rows and cells. The .xlsx
 * archive itself is opened in xlsx-archive.ts; reader.ts runs this in a worker.
 */
import { parse } from 'csv-parse/sync';
import { zipSync } from 'fflate';
import readXlsxFile from 'read-excel-file/node';
import { IMPORT_LIMITS, REQUIRED_COLUMNS, SHEET_COLUMNS, type SheetColumn } from '#shared/imports.ts';
import { ImportError } from './errors.ts';
import { findFormula, unzipWorkbook } from './xlsx-archive.ts';

/** A sheet as the importer works with it: the columns it has and every data row's cells as text. */
export interface SheetTable {
  columns: SheetColumn[];
  rows: { row: number; cells: Partial<Record<SheetColumn, string>> }[];
}

export type SheetKind = 'csv' | 'xlsx';

/** An encrypted (password-protected) workbook is an OLE compound file, not a zip. */
const CFB_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
/** Characters of one CSV row, every field together (`unreadable_file` beyond). */
export const MAX_CSV_ROW_CHARS = 128 * 1024;

/** How far down a sheet the header row is looked for. */
const HEADER_SEARCH_ROWS = 10;

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  signature.every((byte, i) => bytes[i] === byte);

/** "Phone number", "phone_number", "PHONENUMBER" → phonenumber; then the column it names, if any. */
const HEADER_ALIASES: Record<string, SheetColumn> = {
  ...Object.fromEntries(SHEET_COLUMNS.map((column) => [column.toLowerCase(), column])),
  phone: 'phoneNumber',
  latitude: 'lat',
  longitude: 'lng',
  lon: 'lng',
  long: 'lng',
};
export function columnOf(header: string): SheetColumn | undefined {
  return HEADER_ALIASES[header.toLowerCase().replace(/[\s_\-.]/g, '')];
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

/**
 * The first of the top rows that names both required columns is the header; the rows after it are
 * data. A file without such a row is refused with the column its first row lacks.
 */
function tableOf(grid: unknown[][], _unguard: boolean): SheetTable | { missing: string[] } {
  const cellsOf = (index: number) => (grid[index] ?? []).slice(0, IMPORT_LIMITS.maxColumns);
  const headerOf = (index: number) => cellsOf(index).map((cell) => columnOf(cellText(cell)));
  const missingIn = (header: (SheetColumn | undefined)[]) =>
    REQUIRED_COLUMNS.filter((column) => !header.includes(column));
  // A title or a note may come first: the header is the first of the top rows that has both columns.
  let headerIndex = grid
    .slice(0, HEADER_SEARCH_ROWS)
    .findIndex((_cells, index) => missingIn(headerOf(index)).length === 0);
  if (headerIndex < 0) {
    headerIndex = grid.findIndex((cells) => cells.some((cell) => cellText(cell) !== ''));
    return { missing: missingIn(headerOf(headerIndex)) };
  }
  const header = headerOf(headerIndex);
  const rows: SheetTable['rows'] = [];
  for (let i = headerIndex + 1; i < grid.length; i += 1) {
    const cells: Partial<Record<SheetColumn, string>> = {};
    let empty = true;
    cellsOf(i).forEach((value, index) => {
      const column = header[index];
      if (!column || cells[column] !== undefined) return;
      const text = cellText(value);
      // A longer cell is no real value, and the checks of a row's cells need not be ready for one.
      if (text.length > IMPORT_LIMITS.maxCellChars)
        throw new ImportError(422, 'cell_too_long', { row: i + 1, column, max: IMPORT_LIMITS.maxCellChars });
      // The same guard whether the sheet is CSV or a workbook (R374): the exports write it in both,
      // so `_unguard` no longer decides anything.
      cells[column] = unguardCell(text);
      if (text !== '') empty = false;
    });
    if (empty) continue;
    rows.push({ row: i + 1, cells });
    if (rows.length > IMPORT_LIMITS.maxRows)
      throw new ImportError(422, 'too_many_rows', { max: IMPORT_LIMITS.maxRows });
  }
  if (!rows.length) throw new ImportError(422, 'no_rows');
  return { columns: header.filter((column): column is SheetColumn => column !== undefined), rows };
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

export function readCsv(bytes: Uint8Array): SheetTable {
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
      skip_empty_lines: true,
      // A row (all its fields) over this many characters is refused as it is read: a quoted field that
      // never closes stops here, not at the end of the file. Far above any real row.
      max_record_size: MAX_CSV_ROW_CHARS,
    }) as string[][];
  } catch {
    throw new ImportError(422, 'unreadable_file');
  }
  const table = tableOf(grid, true);
  if ('missing' in table) throw new ImportError(422, 'missing_column', { column: table.missing.join(', ') });
  return table;
}

export async function readXlsx(bytes: Uint8Array): Promise<SheetTable> {
  if (startsWith(bytes, CFB_SIGNATURE)) throw new ImportError(422, 'encrypted_file');
  if (!startsWith(bytes, ZIP_SIGNATURE)) throw new ImportError(422, 'not_xlsx');
  const files = unzipWorkbook(bytes);
  if (!files['xl/workbook.xml']) throw new ImportError(422, 'not_xlsx');
  const formula = findFormula(files);
  if (formula) throw new ImportError(422, 'formula_cell', { cell: formula });
  let sheets: { sheet: string; data: unknown[][] }[];
  try {
    // The reader gets the parts as they were inflated and counted by `unzipWorkbook`, stored without
    // compression: never the uploaded archive, whose declared sizes and entries may lie.
    sheets = (await readXlsxFile(Buffer.from(zipSync(files, { level: 0 })))) as never;
  } catch {
    throw new ImportError(422, 'unreadable_file');
  }
  let missing: string[] | undefined;
  for (const { data } of sheets) {
    const table = tableOf(data, false);
    if (!('missing' in table)) return table;
    // A sheet with one of the two columns is the one meant: say which column it lacks.
    if (table.missing.length < REQUIRED_COLUMNS.length) missing ??= table.missing;
  }
  if (missing) throw new ImportError(422, 'missing_column', { column: missing.join(', ') });
  throw new ImportError(422, 'no_sheet', { columns: REQUIRED_COLUMNS.join(', ') });
}

/**
 * Reads a file on the thread it is called on. The server and the command line call
 * `readSpreadsheet` (reader.ts), which runs this in a worker of its own with a time and memory limit.
 */
export function parseSpreadsheet(bytes: Uint8Array, kind: SheetKind): Promise<SheetTable> {
  if (bytes.length > IMPORT_LIMITS.maxBytes)
    throw new ImportError(413, 'file_too_large', { mb: IMPORT_LIMITS.maxBytes / 1024 / 1024 });
  return kind === 'csv' ? Promise.resolve(readCsv(bytes)) : readXlsx(bytes);
}
