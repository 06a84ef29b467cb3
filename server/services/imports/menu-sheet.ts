import enSite from '#shared/locales/en/site.json' with { type: 'json' };
import esSite from '#shared/locales/es/site.json' with { type: 'json' };
import zhSite from '#shared/locales/zh/site.json' with { type: 'json' };
import {
  headerWords,
  MENU_SHEET_COLUMNS,
  type MenuRowError,
  type MenuSheetColumn,
  menuColumnOf,
} from '#shared/menu-import.ts';
import {
  type AgencyDietMark,
  agencyMarkKey,
  DIET_MARKS,
  DISH_NAME_MAX,
  DISHES_PER_MEAL_MAX,
  type DietKey,
  type DietMark,
  type Dish,
  MEALS_PER_DAY_MAX,
  MENU_NOTE_MAX,
  type MenuMeal,
  menuWindow,
  orderDiets,
} from '#shared/menus.ts';
import { isCalendarDate } from '#shared/schemas/closures.ts';
import type { Translations } from '#shared/translations.ts';
import type { SheetGrid } from '../spreadsheets/read.ts';
import type { RowErrorOf } from './messages.ts';

/**
 * Reading a month of menus from a sheet (docs/product.md R675–R676): each row one dish of a date and
 * meal, the rows of a date and meal its dishes in the sheet's order. Pure: the meal types and the
 * agency's today are given, the rows' errors are answered with their sheet row numbers, nothing is
 * written (menu-import.ts previews and commits).
 */

export interface MealTypeNames {
  id: number;
  name: string;
  translations?: Translations<'name'> | null;
}

export interface MenuSheetReading {
  /** The meals of each date the sheet names, in date order, each date's meals in meal-type id order. */
  days: Map<string, MenuMeal[]>;
  errors: MenuRowError[];
  /** The headers of the columns that are not read. */
  notImported: string[];
}

/** Marks between commas or semicolons (also the Chinese ones, and 、). */
const MARK_SEPARATORS = /[,;，；、]/;

const DIET_WORDS: ReadonlyMap<string, DietMark> = new Map(
  DIET_MARKS.flatMap((mark) => [
    [headerWords(mark.replace(/_/g, ' ')), mark] as const,
    ...[enSite, esSite, zhSite].map((words) => [headerWords(words.menu.diets[mark]), mark] as const),
  ]),
);

/** A diet mark by its code or its word in one of the three languages ("Vegetariano", "低鈉", "low_sodium"). */
export function dietMarkOf(text: string): DietMark | undefined {
  const words = headerWords(text);
  return DIET_WORDS.get(words) ?? DIET_WORDS.get(words.replace(/-/g, ' '));
}

/** A meal type by its id or its name in one of the three languages, letter case and accents aside. */
export function mealTypeFinder(types: readonly MealTypeNames[]): (text: string) => number | undefined {
  const byName = new Map<string, number>();
  for (const type of types)
    for (const name of [type.name, type.translations?.es?.name, type.translations?.zh?.name])
      if (name && !byName.has(headerWords(name))) byName.set(headerWords(name), type.id);
  const ids = new Set(types.map((type) => type.id));
  return (text) => {
    const trimmed = text.trim();
    if (/^\d+$/.test(trimmed)) return ids.has(Number(trimmed)) ? Number(trimmed) : undefined;
    return byName.get(headerWords(trimmed));
  };
}

/**
 * A date cell: 2026-12-01 (a workbook's date cells are read so), 2026/12/1 or 12/1/2026 (the US order).
 * Null when it is no calendar date.
 */
export function sheetDate(text: string): string | null {
  const value = text.trim();
  const pad = (n: string) => n.padStart(2, '0');
  let date: string | undefined;
  const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(value);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (iso) date = `${iso[1]}-${pad(iso[2]!)}-${pad(iso[3]!)}`;
  else if (us) date = `${us[3]}-${pad(us[1]!)}-${pad(us[2]!)}`;
  return date && isCalendarDate(date) ? date : null;
}

interface MealBuild {
  meal: MenuMeal;
  /** The row whose note the meal has, to name it when another row gives another note. */
  noteRow: number | null;
}

/** Reads a menus sheet's grid into dates and meals, and the errors of its rows (R675–R676). */
export function readMenuSheet(
  grid: SheetGrid,
  options: {
    mealTypes: readonly MealTypeNames[];
    /** The agency's own marks (R690), found by their names in the three languages. */
    agencyMarks?: readonly AgencyDietMark[];
    today: string;
    error: RowErrorOf;
  },
): MenuSheetReading {
  const agencyWords = new Map<string, DietKey>(
    (options.agencyMarks ?? []).flatMap((mark) =>
      [mark.name, mark.translations.es?.name, mark.translations.zh?.name]
        .filter((name): name is string => Boolean(name))
        .map((name) => [headerWords(name), agencyMarkKey(mark.id)] as const),
    ),
  );
  const columns = grid.headers.map(menuColumnOf);
  const index: Partial<Record<MenuSheetColumn, number>> = {};
  columns.forEach((column, i) => {
    if (column && index[column] === undefined) index[column] = i;
  });
  const notImported = grid.headers.filter((header, i) => header !== '' && index[columns[i]!] !== i);
  const mealTypeOf = mealTypeFinder(options.mealTypes);
  const { min, max } = menuWindow(options.today);
  const errors: MenuRowError[] = [];
  const builds = new Map<string, Map<number, MealBuild>>();

  for (const { row, cells } of grid.rows) {
    const cell = (column: MenuSheetColumn) => {
      const at = index[column];
      return at === undefined ? '' : (cells[at] ?? '').trim();
    };
    if (MENU_SHEET_COLUMNS.every((column) => cell(column) === '')) continue;
    const rowErrors: MenuRowError[] = [];
    const fail = (
      column: MenuSheetColumn,
      code: Parameters<RowErrorOf>[1],
      params?: Parameters<RowErrorOf>[2],
    ) => rowErrors.push({ row, ...options.error(column, code, params), column });

    const date = sheetDate(cell('date'));
    if (!cell('date')) fail('date', 'required');
    else if (!date) fail('date', 'invalid_date');
    else if (date < min || date > max) fail('date', 'out_of_range', { min, max });

    const mealTypeId = cell('meal') ? mealTypeOf(cell('meal')) : undefined;
    if (!cell('meal')) fail('meal', 'required');
    else if (mealTypeId === undefined) fail('meal', 'unknown_meal_type', { name: cell('meal') });

    const names: [MenuSheetColumn, string][] = [
      ['dish', cell('dish')],
      ['dishEs', cell('dishEs')],
      ['dishZh', cell('dishZh')],
    ];
    if (!cell('dish')) fail('dish', 'required');
    for (const [column, text] of names)
      if (text.length > DISH_NAME_MAX) fail(column, 'too_long', { max: DISH_NAME_MAX });
    for (const column of ['note', 'noteEs', 'noteZh'] as const)
      if (cell(column).length > MENU_NOTE_MAX) fail(column, 'too_long', { max: MENU_NOTE_MAX });

    const diets = new Set<DietKey>();
    for (const text of cell('diets').split(MARK_SEPARATORS)) {
      if (!text.trim()) continue;
      const mark = dietMarkOf(text) ?? agencyWords.get(headerWords(text));
      if (mark) diets.add(mark);
      else fail('diets', 'unknown_diet', { mark: text.trim() });
    }

    if (rowErrors.length > 0 || !date || mealTypeId === undefined) {
      errors.push(...rowErrors);
      continue;
    }
    let meals = builds.get(date);
    if (!meals) {
      meals = new Map();
      builds.set(date, meals);
    }
    let build = meals.get(mealTypeId);
    if (!build) {
      if (meals.size >= MEALS_PER_DAY_MAX) {
        fail('meal', 'list_too_long', { max: MEALS_PER_DAY_MAX });
        errors.push(...rowErrors);
        continue;
      }
      build = { meal: { mealTypeId, dishes: [], note: null, translations: {} }, noteRow: null };
      meals.set(mealTypeId, build);
    }
    if (build.meal.dishes.length >= DISHES_PER_MEAL_MAX) {
      fail('dish', 'list_too_long', { max: DISHES_PER_MEAL_MAX });
      errors.push(...rowErrors);
      continue;
    }
    const dish: Dish = {
      name: cell('dish'),
      translations: {},
      diets: orderDiets([...diets]),
    };
    if (cell('dishEs')) dish.translations.es = { name: cell('dishEs') };
    if (cell('dishZh')) dish.translations.zh = { name: cell('dishZh') };
    // A meal's note may be on one of its rows or repeated on each; two different notes are refused.
    const note = { en: cell('note'), es: cell('noteEs'), zh: cell('noteZh') };
    if (note.en || note.es || note.zh) {
      const meal = build.meal;
      const same =
        (meal.note ?? '') === note.en &&
        (meal.translations.es?.note ?? '') === note.es &&
        (meal.translations.zh?.note ?? '') === note.zh;
      if (build.noteRow !== null && !same) {
        fail('note', 'note_differs', { row: build.noteRow });
        errors.push(...rowErrors);
        continue;
      }
      meal.note = note.en || null;
      meal.translations = {
        ...(note.es ? { es: { note: note.es } } : {}),
        ...(note.zh ? { zh: { note: note.zh } } : {}),
      };
      build.noteRow = row;
    }
    build.meal.dishes.push(dish);
  }

  const days = new Map<string, MenuMeal[]>();
  for (const date of [...builds.keys()].sort())
    days.set(
      date,
      [...builds.get(date)!.values()].map((build) => build.meal).sort((a, b) => a.mealTypeId - b.mealTypeId),
    );
  errors.sort((a, b) => a.row - b.row);
  return { days, errors, notImported };
}
