import { FACT_COLUMNS, factColumnOfPath, factsFromCells } from '#shared/fact-cells.ts';
import { readHoursText } from '#shared/hours-reading.ts';
import { isCanonicalHoursText } from '#shared/hours-text.ts';
import type { ReadAs, RowError, SheetColumn } from '#shared/imports.ts';
import { REFERENCE_LIST_NAMES, REFERENCE_LISTS, type ReferenceListName } from '#shared/reference-lists.ts';
import { moveExtension, type Site, type SiteCreate, SiteCreateSchema } from '#shared/schemas/sites.ts';
import type { Translations } from '#shared/translations.ts';
import { codeOfIssue } from '#shared/validation.ts';
import { LIST_COLUMNS } from '../spreadsheets/write.ts';
import { type ListItems, nameKey } from './list-items.ts';
import type { RowErrorOf } from './messages.ts';
import { namedItems, nameTranslationsOf } from './sheet-translations.ts';
import type { ListNames } from './store.ts';

/**
 * A row's cells as a site: the cells the sheet has laid over the stored site (a column the sheet
 * lacks is left as it is), list items found by name, then checked by the same schema as a form save.
 * Each cell that cannot be read, and each rule the site breaks, is an error on its sheet column.
 */

/** The sheet column a schema path reports on: `Hours.0.close` → hours, `PopulationIds` → populations. */
function columnOfPath(path: readonly PropertyKey[]): SheetColumn {
  const [first] = path;
  if (first === 'Hours') return 'hours';
  if (first === 'translations') return 'name';
  if (first === 'facts') return factColumnOfPath(path.slice(1)) as SheetColumn;
  const list = REFERENCE_LIST_NAMES.find((name) => REFERENCE_LISTS[name].idsKey === first);
  if (list) return LIST_COLUMNS[list];
  return String(first) as SheetColumn;
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
    phoneExtension: site.phoneExtension,
    facts: site.facts ?? {},
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

/** What every row of one file is read against. */
export interface RowReading {
  /** The sheet's columns. */
  has: ReadonlySet<SheetColumn>;
  lists: ListItems;
  createMissingItems?: boolean;
  /** List items the file names that do not exist yet, by list and name key (filled as rows are read). */
  newItems: Map<string, { list: ReferenceListName; name: string; translations?: Translations<'name'> }>;
  error: RowErrorOf;
}

export interface ParsedRow {
  /** The valid site, when the row has no error (neither in `errors` before nor found here). */
  site?: SiteCreate;
  /** The names of the list items the row names that will be created at commit. */
  newNames: ListNames;
  /** How cells not in the export's form were read (the hours), for the preview to show. */
  readAs?: ReadAs[];
}

/** A cell that says "no value" (docs/product.md R620): written so, it clears what is stored. */
export const CLEARS_CELL = /^(\(none\)|\(ninguno\)|\(無\)|-|—|–)$/i;

/** Reads one row's cells over `existing` (a new site when none), adding what is wrong to `errors`. */
export function parseRow(
  written: (column: SheetColumn) => string,
  existing: Site | undefined,
  errors: RowError[],
  reading: RowReading,
): ParsedRow {
  const { lists, createMissingItems, newItems, error } = reading;
  // On a row about a stored site an empty cell keeps the stored value; "(none)" or "-" clears it (R620).
  const has = {
    has: (column: SheetColumn) => reading.has.has(column) && !(existing && written(column).trim() === ''),
  };
  const cell = (column: SheetColumn) => {
    const text = written(column);
    return CLEARS_CELL.test(text.trim()) ? '' : text;
  };
  const input: Record<string, unknown> = existing ? inputOf(existing) : {};
  const newNames: ListNames = {};
  for (const column of ['name', 'address', 'phoneNumber', 'email', 'website', 'phoneExtension'] as const) {
    if (has.has(column)) input[column] = cell(column);
  }
  // The name in Spanish and Chinese, when the sheet has their columns (R630).
  const translations = nameTranslationsOf(existing?.translations, has, cell);
  if (translations) input.translations = translations;
  // The facts' columns the sheet has, on top of the stored facts (an old sheet leaves them alone).
  if (FACT_COLUMNS.some((column) => has.has(column))) {
    input.facts = factsFromCells(
      existing?.facts ?? {},
      (column) => has.has(column as SheetColumn),
      (column) => cell(column as SheetColumn),
    );
  }
  for (const column of ['lat', 'lng'] as const) {
    if (!has.has(column)) continue;
    const value = numberCell(cell(column));
    if (value === undefined) errors.push(error(column, 'not_a_number'));
    else input[column] = value;
  }
  let readAs: ReadAs[] | undefined;
  if (has.has('hours')) {
    const text = cell('hours');
    const reading = readHoursText(text);
    if (!reading.ok) {
      errors.push(error('hours', 'invalid_hours_text', { part: reading.part, example: reading.example }));
    } else {
      input.Hours = reading.hours;
      if (!isCanonicalHoursText(text, reading.hours))
        readAs = [
          {
            column: 'hours',
            hours: reading.hours.map(({ day, open, close, weeks }) => ({
              day,
              open,
              close,
              ...(weeks ? { weeks: [...weeks] } : {}),
            })),
            guesses: reading.guesses,
          },
        ];
    }
  }
  for (const list of REFERENCE_LIST_NAMES) {
    const column = LIST_COLUMNS[list];
    if (!has.has(column)) continue;
    const ids: number[] = [];
    for (const { name, translations } of namedItems(column, has, cell)) {
      const item = lists.lookup[list].get(nameKey(name));
      if (item) ids.push(item.id);
      else if (createMissingItems) {
        const key = `${list}|${nameKey(name)}`;
        // A new item takes the translations the sheet gives it beside its name (R632).
        if (!newItems.has(key)) newItems.set(key, { list, name, ...(translations ? { translations } : {}) });
        else if (translations && !newItems.get(key)!.translations)
          newItems.get(key)!.translations = translations;
        newNames[list] = [...(newNames[list] ?? []), newItems.get(key)!.name];
      } else errors.push(error(column, 'unknown_item', { name }));
    }
    input[REFERENCE_LISTS[list].idsKey] = ids;
  }

  const parsed = SiteCreateSchema.safeParse(moveExtension(input));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const { code, params } = codeOfIssue((issue as { params?: unknown }).params);
      const column = columnOfPath(issue.path);
      if (!errors.some((e) => e.column === column && e.code === code))
        errors.push(error(column, code, params));
    }
  }
  return { site: errors.length ? undefined : parsed.data, newNames, ...(readAs ? { readAs } : {}) };
}
