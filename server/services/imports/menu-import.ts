import { createHash } from 'node:crypto';
import { and, asc, gte, inArray, lte } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { dietMarks, mealTypes, menus } from '#server/db/schema.ts';
import type { Language } from '#shared/languages.ts';
import {
  MENU_REQUIRED_COLUMNS,
  type MenuDateChange,
  type MenuImportPreview,
  type MenuImportResult,
  type MenuPreviewDate,
  type MenuPreviewMeal,
  menuColumnOf,
} from '#shared/menu-import.ts';
import type { MenuMeal } from '#shared/menus.ts';
import { directoryWrite } from '../directory-changes.ts';
import { recordHistory } from '../history.ts';
import { type MenuOwner, ownerMustExist } from '../menu-owner.ts';
import { entryOf, MENU_ENTITY, mealOf, ownerIs } from '../menus.ts';
import { ImportError } from '../spreadsheets/errors.ts';
import type { SheetGrid, SheetKind } from '../spreadsheets/read.ts';
import { type ReadLimits, readSheetGrid } from '../spreadsheets/reader.ts';
import { readMenuSheet } from './menu-sheet.ts';
import { rowErrorOf } from './messages.ts';

/**
 * A month of menus imported from a sheet (docs/product.md R675–R679,
 * docs/decisions/064-menu-month-import.md): the file is read by the import's reader (the same worker,
 * limits and refusals), then previewed date by date against the owner's stored menus, and committed
 * whole in one transaction — the same file sent again with the preview's digest, refused when the
 * sheet has errors or when the digest no longer matches what is stored.
 */

export interface MenuImportOptions {
  kind: SheetKind;
  limits: Partial<ReadLimits>;
  language: Language;
  today: string;
}

/** The sheet read in the worker, its header row found by the menu columns; refused without them. */
async function readGrid(bytes: Uint8Array, options: MenuImportOptions): Promise<SheetGrid> {
  const grid = await readSheetGrid(bytes, options.kind, options.limits, {}, 'menus');
  const found = new Set(grid.headers.map(menuColumnOf));
  const missing = MENU_REQUIRED_COLUMNS.filter((column) => !found.has(column));
  if (missing.length) throw new ImportError(422, 'missing_column', { column: missing.join(', ') });
  // A formula blocks a column that is read (R625).
  for (const [index, cell] of Object.entries(grid.formulas))
    if (menuColumnOf(grid.headers[Number(index)] ?? '')) throw new ImportError(422, 'formula_cell', { cell });
  if (!grid.rows.length) throw new ImportError(422, 'no_rows');
  return grid;
}

/** A meal with its translations' keys in one order, so two equal meals compare equal as text. */
function canonical(meal: MenuMeal): MenuMeal {
  const words = <K extends string>(value: {
    es?: Partial<Record<K, string>>;
    zh?: Partial<Record<K, string>>;
  }) => ({
    ...(value.es && Object.keys(value.es).length ? { es: value.es } : {}),
    ...(value.zh && Object.keys(value.zh).length ? { zh: value.zh } : {}),
  });
  return {
    mealTypeId: meal.mealTypeId,
    dishes: meal.dishes.map((dish) => ({
      name: dish.name,
      translations: words(dish.translations ?? {}),
      diets: [...dish.diets],
    })),
    note: meal.note ?? null,
    translations: words(meal.translations ?? {}),
  };
}

const shown = (meals: readonly MenuMeal[]): MenuPreviewMeal[] =>
  meals.map((meal) => ({
    mealTypeId: meal.mealTypeId,
    dishes: meal.dishes.map((dish) => ({
      name: dish.name,
      nameEs: dish.translations?.es?.name ?? '',
      nameZh: dish.translations?.zh?.name ?? '',
      diets: dish.diets,
    })),
    note: meal.note,
  }));

interface Plan {
  preview: MenuImportPreview;
  /** The meals each date will have (none: removed), for the dates that change. */
  writes: { date: string; before: MenuMeal[]; after: MenuMeal[] }[];
}

/** The preview of a read sheet against what `db` holds now; also what the commit would write. */
async function plan(
  db: Db,
  owner: MenuOwner,
  grid: SheetGrid,
  options: MenuImportOptions,
  lock = false,
): Promise<Plan> {
  const types = await db
    .select({ id: mealTypes.id, name: mealTypes.name, translations: mealTypes.translations })
    .from(mealTypes);
  const agencyMarks = await db
    .select({ id: dietMarks.id, name: dietMarks.name, translations: dietMarks.translations })
    .from(dietMarks);
  const reading = readMenuSheet(grid, {
    mealTypes: types,
    agencyMarks,
    today: options.today,
    error: rowErrorOf(options.language),
  });
  const sheetDates = [...reading.days.keys()];
  const from = sheetDates[0] ?? null;
  const to = sheetDates.at(-1) ?? null;
  const stored = new Map<string, MenuMeal[]>();
  if (from && to) {
    const query = db
      .select()
      .from(menus)
      .where(and(ownerIs(owner), gte(menus.date, from), lte(menus.date, to)))
      .orderBy(asc(menus.date), asc(menus.mealTypeId));
    for (const row of lock ? await query.for('update') : await query) {
      const meals = stored.get(row.date) ?? [];
      meals.push(canonical(mealOf(entryOf(row))));
      stored.set(row.date, meals);
    }
  }
  const dates: MenuPreviewDate[] = [];
  const writes: Plan['writes'] = [];
  const summary: MenuImportPreview['summary'] = {
    added: 0,
    changed: 0,
    removed: 0,
    unchanged: 0,
    errors: reading.errors.length,
  };
  for (const date of [...new Set([...sheetDates, ...stored.keys()])].sort()) {
    const before = stored.get(date) ?? [];
    const after = (reading.days.get(date) ?? []).map(canonical);
    const change: MenuDateChange =
      before.length === 0
        ? 'added'
        : after.length === 0
          ? 'removed'
          : JSON.stringify(before) === JSON.stringify(after)
            ? 'unchanged'
            : 'changed';
    summary[change] += 1;
    dates.push({ date, change, before: shown(before), after: shown(after) });
    if (change !== 'unchanged') writes.push({ date, before, after });
  }
  const digest = createHash('sha256')
    .update(JSON.stringify({ owner, writes, errors: reading.errors.length }))
    .digest('hex');
  return {
    preview: {
      owner: { kind: owner.kind, id: owner.id },
      from,
      to,
      summary,
      dates,
      errors: reading.errors,
      notImported: reading.notImported,
      digest,
    },
    writes,
  };
}

/** The preview (R676): what each date will get, the rows' errors; writes nothing. */
export async function previewMenuImport(
  db: Db,
  owner: MenuOwner,
  bytes: Uint8Array,
  options: MenuImportOptions,
): Promise<MenuImportPreview> {
  await ownerMustExist(db, owner, 422);
  const grid = await readGrid(bytes, options);
  return (await plan(db, owner, grid, options)).preview;
}

/**
 * The commit (R677): the same file read again and planned inside one transaction, with the owner's
 * stored menus of the sheet's dates locked; refused whole when a row has an error or when the plan is
 * not the one previewed (`digest`). Each date written or removed is recorded in the owner's history
 * as an import, with its meals before and after.
 */
export async function commitMenuImport(
  db: Db,
  owner: MenuOwner,
  bytes: Uint8Array,
  options: MenuImportOptions & { digest: string; userId: number | null },
): Promise<MenuImportResult> {
  await ownerMustExist(db, owner, 422);
  const grid = await readGrid(bytes, options);
  return directoryWrite(db, async (tx) => {
    const { preview, writes } = await plan(tx, owner, grid, options, true);
    if (preview.errors.length)
      throw new ImportError(422, 'import_has_errors', {
        count: new Set(preview.errors.map((e) => e.row)).size,
      });
    if (preview.digest !== options.digest) throw new ImportError(409, 'import_stale');
    const dates = writes.map((write) => write.date);
    if (dates.length) await tx.delete(menus).where(and(ownerIs(owner), inArray(menus.date, dates)));
    const rows = writes.flatMap(({ date, after }) =>
      after.map((meal) => ({
        partnerId: owner.kind === 'partner' ? owner.id : null,
        siteId: owner.kind === 'site' ? owner.id : null,
        date,
        mealTypeId: meal.mealTypeId,
        dishes: meal.dishes,
        note: meal.note,
        translations: meal.translations,
        updatedBy: options.userId,
      })),
    );
    if (rows.length) await tx.insert(menus).values(rows);
    if (writes.length)
      await recordHistory(tx, {
        entity: MENU_ENTITY[owner.kind],
        entityId: owner.id,
        action: 'import',
        userId: options.userId,
        changes: Object.fromEntries(
          writes.map(({ date, before, after }) => [
            date,
            [before.length ? before : null, after.length ? after : null],
          ]),
        ),
        source: 'import',
      });
    return {
      owner: { kind: owner.kind, id: owner.id },
      written: writes.filter((write) => write.after.length > 0).map((write) => write.date),
      removed: writes.filter((write) => write.after.length === 0).map((write) => write.date),
      unchanged: preview.summary.unchanged,
    };
  });
}
