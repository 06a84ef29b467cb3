import { FACT_COLUMNS, type FactColumn } from './fact-cells.ts';
import type { HoursGuess } from './hours-reading.ts';
import type { ColumnMapping } from './import-columns.ts';

/**
 * The spreadsheet import and export contract (docs/product.md R230–R239): the columns, the preview
 * the API answers, and the codes of the errors about a whole file. No zod: the staff screen reads it.
 */

/** The export's columns before the site's facts (the facts' columns are FACT_COLUMNS). */
export const SITE_COLUMNS = [
  'id',
  'name',
  'address',
  'phoneNumber',
  'email',
  'website',
  'lat',
  'lng',
  'hours',
  'nutritionPartners',
  'populations',
  'mealTypes',
  'services',
  'covidStatuses',
  'phoneExtension',
] as const;
/** The list columns of SITE_COLUMNS, whose items' Spanish and Chinese names have columns of their own. */
export const LIST_SHEET_COLUMNS = [
  'nutritionPartners',
  'populations',
  'mealTypes',
  'services',
  'covidStatuses',
] as const satisfies readonly (typeof SITE_COLUMNS)[number][];
type ListSheetColumn = (typeof LIST_SHEET_COLUMNS)[number];
export type ItemTranslationColumn = `${ListSheetColumn}${'Es' | 'Zh'}`;

/**
 * The translations a sheet carries (docs/product.md R630–R633): the site's name in Spanish and
 * Chinese, then for each list the Spanish and Chinese names of the cell's items, in the same order as
 * the list cell ("Seniors 60+; Adults" beside "Mayores de 60; Adultos"). An item's translation is
 * read only for an item the import creates (R632).
 */
export const NAME_TRANSLATION_COLUMNS = ['nameEs', 'nameZh'] as const;
export const ITEM_TRANSLATION_COLUMNS: readonly ItemTranslationColumn[] = LIST_SHEET_COLUMNS.flatMap(
  (column) => [`${column}Es`, `${column}Zh`] as const,
);
/** The list column and language of an item translation column: `populationsEs` → populations, es. */
export function itemTranslationOf(
  column: string,
): { list: ListSheetColumn; language: 'es' | 'zh' } | undefined {
  const match = /^(.+)(Es|Zh)$/.exec(column);
  const list = LIST_SHEET_COLUMNS.find((name) => name === match?.[1]);
  return list && match ? { list, language: match[2] === 'Es' ? 'es' : 'zh' } : undefined;
}
/** Written by the export, never read by the import (R634): when staff last confirmed the site (agency's date). */
export const READ_ONLY_COLUMNS = ['confirmedAt'] as const;
export type ExtraColumn =
  | (typeof NAME_TRANSLATION_COLUMNS)[number]
  | ItemTranslationColumn
  | (typeof READ_ONLY_COLUMNS)[number];

/**
 * The export's columns, in order; the import reads the same headers (docs/product.md R236): the site,
 * then its facts and their notes in three languages (shared/fact-cells.ts, R545), then the names'
 * translations and the last confirmation (R630–R634).
 */
export const SHEET_COLUMNS: readonly SheetColumn[] = [
  ...SITE_COLUMNS,
  ...FACT_COLUMNS,
  ...NAME_TRANSLATION_COLUMNS,
  ...ITEM_TRANSLATION_COLUMNS,
  ...READ_ONLY_COLUMNS,
];
export type SheetColumn = (typeof SITE_COLUMNS)[number] | FactColumn | ExtraColumn;
/** Without these a file is refused. */
export const REQUIRED_COLUMNS = ['name', 'address'] as const satisfies readonly SheetColumn[];

/** Several list items in one cell are separated by this ("Seniors 60+; Adults with disabilities"). */
export const LIST_SEPARATOR = ';';

export const IMPORT_LIMITS = {
  /** Bytes of one uploaded file. */
  maxBytes: 5 * 1024 * 1024,
  /** Data rows of one file (the header row not counted). */
  maxRows: 5000,
  /** Columns of one row: a CSV line with more fields is refused, an .xlsx's further cells are not read. */
  maxColumns: 200,
  /** Characters of one cell the importer reads (the longest real cell, a week of hours, is far shorter). */
  maxCellChars: 2000,
  /** A preview can be committed for this long after it was made. */
  previewHours: 24,
} as const;

export const CSV_TYPE = 'text/csv';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** An HSDS 3.0 tabular package, `datapackage.zip` (docs/product.md R641). */
export const ZIP_TYPE = 'application/zip';

/**
 * Why a file or a commit is refused as a whole; each is worded in admin-imports.json `errors.<code>`
 * (the API answers the message in the request's language too).
 */
export const IMPORT_ERROR_CODES = [
  'file_too_large',
  'too_many_rows',
  'no_rows',
  'unsupported_type',
  'not_csv',
  'not_xlsx',
  'unreadable_file',
  'encrypted_file',
  'no_sheet',
  'missing_column',
  'formula_cell',
  'too_many_columns',
  'cell_too_long',
  'file_too_slow',
  'file_too_complex',
  'unpacked_too_large',
  'import_not_found',
  'import_committed',
  'import_stale',
  'import_has_errors',
  'not_hsds',
  'url_refused',
  'url_redirect',
  'url_too_large',
  'url_too_slow',
  'url_failed',
] as const;
export type ImportErrorCode = (typeof IMPORT_ERROR_CODES)[number];

/** A refused file or commit: `{status, code, message, params}`. */
export interface ImportErrorAnswer {
  status: number;
  code: ImportErrorCode;
  message: string;
  params?: Record<string, string | number>;
}

/** A site as one row of the sheet: every cell as text (lists joined with "; "). */
/** A row's cells: every column of the site; the facts' columns where the row or site has them. */
export type SheetRow = Record<(typeof SITE_COLUMNS)[number], string> &
  Partial<Record<FactColumn | ExtraColumn, string>>;

export interface RowError {
  column: string;
  code: string;
  message: string;
  params?: Record<string, string | number | readonly (string | number)[]>;
}

export interface FieldChange {
  field: SheetColumn;
  before: string;
  after: string;
}

/**
 * How a cell not written in the export's form was read (docs/product.md R603): the hours the preview
 * will save and what the reader guessed, for the screen to say "read as Mon–Fri 11:30 AM – 1:00 PM"
 * in the clerk's language.
 */
export interface ReadAs {
  column: 'hours';
  hours: { day: number; open: string; close: string; weeks?: number[] }[];
  guesses: HoursGuess[];
}

/**
 * One data row of the file; `row` is its row number in the sheet (the header is row 1). `noPosition`:
 * the geocoder found no position for its address; `locateOnSave`: its address was not looked up in
 * this preview (past its limit) and will be when the import is committed.
 */
export type PreviewRow =
  | {
      row: number;
      kind: 'new';
      site: Omit<SheetRow, 'id'>;
      noPosition?: true;
      locateOnSave?: true;
      readAs?: ReadAs[];
    }
  | {
      row: number;
      kind: 'changed';
      siteId: number;
      /** The site's name as stored, for the screen to name the site (R622). */
      name?: string;
      changes: FieldChange[];
      noPosition?: true;
      locateOnSave?: true;
      readAs?: ReadAs[];
    }
  | { row: number; kind: 'unchanged'; siteId: number; name?: string }
  | { row: number; kind: 'error'; errors: RowError[] };

export interface ImportSummary {
  new: number;
  changed: number;
  unchanged: number;
  errors: number;
}

/**
 * A change of a row that takes something away from a stored site (docs/product.md R621): a field
 * emptied (`removed` absent) or list items removed (`removed` names them).
 */
export interface DestructiveChange {
  row: number;
  siteId: number;
  name: string;
  field: SheetColumn;
  removed?: string[];
}

/** Every destructive change of a preview, counted per kind, shown before the site-by-site list (R621). */
export interface DestructiveSummary {
  fieldsEmptied: number;
  itemsRemoved: number;
  changes: DestructiveChange[];
}

export interface ImportPreview {
  id: string;
  summary: ImportSummary;
  rows: PreviewRow[];
  /**
   * List items the file names that do not exist yet, created at commit (with createMissingItems), with
   * the Spanish and Chinese names the file gives them (R632).
   */
  newItems: NewItem[];
  /** What the source holds that the import cannot bring in, with how many (an HSDS import, R642). */
  unmapped?: { what: string; count: number }[];
  /** The file's columns and the field each is imported into (docs/product.md R615). */
  columns?: ColumnMapping[];
  /** The headers of the columns that are not imported (R615): listed, never dropped unsaid. */
  notImported?: string[];
  /** The fields are those a clerk chose for a file with the same headers (R619). */
  mappingRemembered?: boolean;
  /** What the import would take away from stored sites (R621). */
  destructive?: DestructiveSummary;
}

/** A list item an import will create. */
export interface NewItem {
  list: string;
  name: string;
  translations?: { es?: { name?: string }; zh?: { name?: string } };
}

export interface ImportResult {
  id: string;
  created: number[];
  updated: number[];
  unchanged: number;
  skipped: number;
  newItems: { list: string; name: string; id: number }[];
}
