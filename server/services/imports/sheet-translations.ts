import type { SheetColumn } from '#shared/imports.ts';
import type { Translations } from '#shared/translations.ts';

/**
 * The translations a sheet carries (docs/product.md R630–R633): the site's name in Spanish and
 * Chinese (`nameEs`, `nameZh`), and beside each list cell the Spanish and Chinese names of its items
 * in the same order (`populationsEs`, `populationsZh`).
 */

type Cell = (column: SheetColumn) => string;

/**
 * The site's name translations after the row: the stored ones with the languages whose column the
 * sheet has replaced (an empty cell removes that language's name); undefined when the sheet has neither.
 */
export function nameTranslationsOf(
  stored: Translations<'name'> | undefined,
  has: Pick<ReadonlySet<SheetColumn>, 'has'>,
  cell: Cell,
): Translations<'name'> | undefined {
  if (!has.has('nameEs') && !has.has('nameZh')) return undefined;
  const translations: Translations<'name'> = { ...(stored ?? {}) };
  for (const [language, column] of [
    ['es', 'nameEs'],
    ['zh', 'nameZh'],
  ] as const) {
    if (!has.has(column)) continue;
    const name = cell(column).trim();
    if (name) translations[language] = { name };
    else delete translations[language];
  }
  return translations;
}

/** A cell's parts in order, empty ones kept (their place says which item a translation is of). */
const parts = (text: string) => text.split(/[;；]/).map((part) => part.trim());

export interface NamedItem {
  name: string;
  translations?: Translations<'name'>;
}

/**
 * The items a list cell names, each with the Spanish and Chinese names at its place in the
 * `<column>Es` and `<column>Zh` cells, when the sheet has them.
 */
export function namedItems(
  column: SheetColumn,
  has: Pick<ReadonlySet<SheetColumn>, 'has'>,
  cell: Cell,
): NamedItem[] {
  const es = has.has(`${column}Es` as SheetColumn) ? parts(cell(`${column}Es` as SheetColumn)) : [];
  const zh = has.has(`${column}Zh` as SheetColumn) ? parts(cell(`${column}Zh` as SheetColumn)) : [];
  const items: NamedItem[] = [];
  parts(cell(column)).forEach((name, index) => {
    if (!name) return;
    const translations: Translations<'name'> = {};
    if (es[index]) translations.es = { name: es[index] };
    if (zh[index]) translations.zh = { name: zh[index] };
    items.push(Object.keys(translations).length ? { name, translations } : { name });
  });
  return items;
}
