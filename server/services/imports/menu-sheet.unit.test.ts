/**
 * Reading a month of menus from a sheet's grid (docs/product.md R675–R676): headers in three
 * languages, meals by name or id, diet marks by code or word, several rows per date and meal, a
 * meal's note once or repeated, and each refusal at its sheet row.
 */
import { describe, expect, it } from 'vitest';
import { menuColumnOf, menuHeaderScore } from '#shared/menu-import.ts';
import type { SheetGrid } from '../spreadsheets/read.ts';
import { dietMarkOf, readMenuSheet, sheetDate } from './menu-sheet.ts';
import { rowErrorOf } from './messages.ts';

const MEAL_TYPES = [
  { id: 1, name: 'Breakfast', translations: { es: { name: 'Desayuno' }, zh: { name: '早餐' } } },
  { id: 2, name: 'Lunch', translations: { es: { name: 'Almuerzo' }, zh: { name: '午膳' } } },
];

function grid(headers: string[], ...rows: string[][]): SheetGrid {
  return { headers, headerRow: 1, rows: rows.map((cells, i) => ({ row: i + 2, cells })), formulas: {} };
}

const read = (sheet: SheetGrid) =>
  readMenuSheet(sheet, { mealTypes: MEAL_TYPES, today: '2026-12-01', error: rowErrorOf('en') });

describe('the columns', () => {
  it('knows the headers in English, Spanish and Chinese, with any spacing and accents', () => {
    expect(['Date', 'FECHA', 'Día', '日期'].map(menuColumnOf)).toEqual(['date', 'date', 'date', 'date']);
    expect(['dish_es', 'Dish (ES)', 'Plato - español'].map(menuColumnOf)).toEqual([
      'dishEs',
      'dishEs',
      'dishEs',
    ]);
    expect(['dish_zh', 'Dish (Chinese)', '中文菜名'].map(menuColumnOf)).toEqual([
      'dishZh',
      'dishZh',
      'dishZh',
    ]);
    expect(['Dishes', 'Plato', '菜式'].map(menuColumnOf)).toEqual([undefined, 'dish', 'dish']);
    expect(menuColumnOf('Cook')).toBeUndefined();
    expect(menuHeaderScore(['Fecha', 'Comida', 'Plato', 'x'])).toEqual({ score: 3, complete: true });
    expect(menuHeaderScore(['Menu for December'])).toEqual({ score: 0, complete: false });
  });

  it('reads dates and marks as clerks write them', () => {
    expect(sheetDate('2026-12-01')).toBe('2026-12-01');
    expect(sheetDate('2026/12/1')).toBe('2026-12-01');
    expect(sheetDate('12/1/2026')).toBe('2026-12-01');
    expect(sheetDate('2026-02-30')).toBeNull();
    expect(sheetDate('Tuesday')).toBeNull();
    expect(
      ['low_sodium', 'Low sodium', 'Bajo en sodio', '低鈉', 'VEGETARIANO', 'diabetic-friendly'].map(
        dietMarkOf,
      ),
    ).toEqual(['low_sodium', 'low_sodium', 'low_sodium', 'low_sodium', 'vegetarian', 'diabetic_friendly']);
    expect(dietMarkOf('spicy')).toBeUndefined();
  });
});

describe('the rows', () => {
  it('makes each date’s meals of its rows, dishes in the sheet’s order, meals by type', () => {
    const { days, errors } = read(
      grid(
        ['date', 'meal', 'dish', 'diets', 'dish_es', 'dish_zh', 'note', 'note_es'],
        [
          '2026-12-02',
          'Almuerzo',
          'Rice',
          'halal；vegetarian',
          'Arroz',
          '白飯',
          'Bring a cup',
          'Traiga una taza',
        ],
        ['2026-12-02', '1', 'Toast', '', '', '', '', ''],
        ['2026-12-02', '午膳', 'Soup', 'soft, soft', '', '', 'Bring a cup', 'Traiga una taza'],
      ),
    );
    expect(errors).toEqual([]);
    expect(days.get('2026-12-02')).toEqual([
      {
        mealTypeId: 1,
        dishes: [{ name: 'Toast', translations: {}, diets: [] }],
        note: null,
        translations: {},
      },
      {
        mealTypeId: 2,
        dishes: [
          {
            name: 'Rice',
            translations: { es: { name: 'Arroz' }, zh: { name: '白飯' } },
            diets: ['vegetarian', 'halal'],
          },
          { name: 'Soup', translations: {}, diets: ['soft'] },
        ],
        note: 'Bring a cup',
        translations: { es: { note: 'Traiga una taza' } },
      },
    ]);
  });

  it('refuses each bad row at its sheet row and keeps the good ones', () => {
    const { days, errors } = read(
      grid(
        ['date', 'meal', 'dish', 'diets', 'note'],
        ['2026-12-02', 'Lunch', 'Rice', '', 'One note'],
        ['2026-12-02', 'Lunch', 'Soup', '', 'Another note'],
        ['', 'Lunch', 'Soup', '', ''],
        ['2024-01-01', 'Lunch', 'Soup', '', ''],
        ['2026-12-03', 'Dinner', '', 'kosher; spicy', ''],
        ['', '', '', '', ''],
      ),
    );
    expect(errors.map(({ row, column, code, params }) => ({ row, column, code, params }))).toEqual([
      { row: 3, column: 'note', code: 'note_differs', params: { row: 2 } },
      { row: 4, column: 'date', code: 'required', params: undefined },
      { row: 5, column: 'date', code: 'out_of_range', params: { min: '2025-12-01', max: '2028-11-30' } },
      { row: 6, column: 'meal', code: 'unknown_meal_type', params: { name: 'Dinner' } },
      { row: 6, column: 'dish', code: 'required', params: undefined },
      { row: 6, column: 'diets', code: 'unknown_diet', params: { mark: 'spicy' } },
    ]);
    expect(errors[0]!.message).toBe('differs from the note of row 2 for the same date and meal');
    expect([...days.keys()]).toEqual(['2026-12-02']);
    expect(days.get('2026-12-02')![0]!.dishes.map((dish) => dish.name)).toEqual(['Rice']);
  });

  it('knows the agency’s own marks by their names in the three languages, after the fixed ones (R690)', () => {
    const reading = readMenuSheet(
      grid(
        ['date', 'meal', 'dish', 'diets'],
        ['2026-12-02', 'Lunch', 'Rice noodles', 'Sin gluten; vegetarian'],
        ['2026-12-02', 'Lunch', 'Pork buns', '無豬肉'],
        ['2026-12-02', 'Lunch', 'Fish', 'Dairy-free'],
      ),
      {
        mealTypes: MEAL_TYPES,
        agencyMarks: [
          { id: 4, name: 'Gluten-free', translations: { es: { name: 'Sin gluten' } } },
          { id: 9, name: 'Pork-free', translations: { zh: { name: '無豬肉' } } },
        ],
        today: '2026-12-01',
        error: rowErrorOf('en'),
      },
    );
    expect(reading.days.get('2026-12-02')?.[0]?.dishes.map((dish) => dish.diets)).toEqual([
      ['vegetarian', 'agency-4'],
      ['agency-9'],
    ]);
    expect(reading.errors).toEqual([
      expect.objectContaining({ row: 4, column: 'diets', code: 'unknown_diet' }),
    ]);
  });

  it('refuses a dish name over 120 characters and a twenty-first dish of a meal', () => {
    const rows = Array.from({ length: 21 }, (_, i) => ['2026-12-02', 'Lunch', `Dish ${i + 1}`]);
    const { errors } = read(
      grid(['date', 'meal', 'dish'], ...rows, ['2026-12-03', 'Lunch', 'x'.repeat(121)]),
    );
    expect(errors.map(({ row, column, code }) => [row, column, code])).toEqual([
      [22, 'dish', 'list_too_long'],
      [23, 'dish', 'too_long'],
    ]);
  });
});
