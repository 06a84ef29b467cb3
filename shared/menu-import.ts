/**
 * A month of menus from a sheet (docs/product.md R675–R679, docs/decisions/064-menu-month-import.md):
 * the sheet's columns and the words its headers may use in English, Spanish and Chinese, and the
 * preview's answer. No zod and no node: the server reads sheets with these, the staff screen shows the
 * answer.
 */

/** The columns of a menus sheet; one row is one dish of one date and meal (R675). */
export const MENU_SHEET_COLUMNS = [
  'date',
  'meal',
  'dish',
  'diets',
  'dishEs',
  'dishZh',
  'note',
  'noteEs',
  'noteZh',
] as const;
export type MenuSheetColumn = (typeof MENU_SHEET_COLUMNS)[number];

/** Without these three a sheet is no menu. */
export const MENU_REQUIRED_COLUMNS = ['date', 'meal', 'dish'] as const satisfies readonly MenuSheetColumn[];

/**
 * A header as compared: lower case, accents dropped, every run of what is not a letter or a digit one
 * space ("Dish (ES)", "dish_es" and "Dish - es" are all "dish es").
 */
export function headerWords(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The headers each column is known by, as `headerWords` gives them. */
const HEADERS: Record<MenuSheetColumn, readonly string[]> = {
  date: ['date', 'day', 'fecha', 'dia', '日期'],
  meal: ['meal', 'meal type', 'meals', 'comida', 'tipo de comida', '膳食', '膳食類型', '餐', '餐類', '餐別'],
  dish: ['dish', 'dish en', 'dish name', 'dish english', 'plato', 'plato en', '菜式', '菜名', '菜式 英文'],
  diets: [
    'diets',
    'diet',
    'diet marks',
    'marks',
    'dietas',
    'dieta',
    'indicaciones de dieta',
    'indicaciones',
    '飲食標示',
    '飲食標記',
    '飲食',
  ],
  dishEs: ['dish es', 'dish spanish', 'plato es', 'plato espanol', '菜式 西班牙文'],
  dishZh: ['dish zh', 'dish chinese', 'plato zh', 'plato chino', '菜式 中文', '中文菜名'],
  note: ['note', 'notes', 'note en', 'nota', 'notas', '備註', '附註'],
  noteEs: ['note es', 'notes es', 'note spanish', 'nota es', 'nota espanol', '備註 西班牙文'],
  noteZh: ['note zh', 'notes zh', 'note chinese', 'nota zh', 'nota chino', '備註 中文'],
};

const BY_HEADER = new Map<string, MenuSheetColumn>(
  MENU_SHEET_COLUMNS.flatMap((column) => HEADERS[column].map((words) => [words, column] as const)),
);

/** The column a header names, if any ("Fecha" → date, "Dish (ZH)" → dishZh, "菜式" → dish). */
export function menuColumnOf(header: string): MenuSheetColumn | undefined {
  const words = headerWords(header);
  return BY_HEADER.get(words) ?? BY_HEADER.get(words.replace(/ /g, ''));
}

/** How many menu columns a row names, and whether the three required ones are among them (R675). */
export function menuHeaderScore(headers: readonly string[]): { score: number; complete: boolean } {
  const found = new Set(headers.map(menuColumnOf).filter((column) => column !== undefined));
  return { score: found.size, complete: MENU_REQUIRED_COLUMNS.every((column) => found.has(column)) };
}

/** A dish as the preview shows it. */
export interface MenuPreviewDish {
  name: string;
  nameEs: string;
  nameZh: string;
  diets: string[];
}

/** A meal of a date as the preview shows it: before (stored) or after (the sheet). */
export interface MenuPreviewMeal {
  mealTypeId: number;
  dishes: MenuPreviewDish[];
  note: string | null;
}

/** What the commit does to a date (R676). */
export type MenuDateChange = 'added' | 'changed' | 'removed' | 'unchanged';

export interface MenuPreviewDate {
  date: string;
  change: MenuDateChange;
  before: MenuPreviewMeal[];
  after: MenuPreviewMeal[];
}

/** A row the sheet cannot be read at: its row number in the sheet, the column, the code and its words. */
export interface MenuRowError {
  row: number;
  column: MenuSheetColumn;
  code: string;
  message: string;
  params?: Record<string, string | number | readonly (string | number)[]>;
}

/** The preview of a month import (R676): nothing is written until the commit. */
export interface MenuImportPreview {
  owner: { kind: 'partner' | 'site'; id: number };
  /** The first and last date of the sheet: stored dates between them that it does not name are removed. */
  from: string | null;
  to: string | null;
  summary: Record<MenuDateChange | 'errors', number>;
  dates: MenuPreviewDate[];
  errors: MenuRowError[];
  /** The headers of the file's columns that are not read. */
  notImported: string[];
  /** Names what the preview saw; the commit refuses when the sheet or the stored menus differ since (R677). */
  digest: string;
}

/** What a commit did (R677). */
export interface MenuImportResult {
  owner: { kind: 'partner' | 'site'; id: number };
  written: string[];
  removed: string[];
  unchanged: number;
}
