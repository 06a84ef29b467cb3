import { FACT_COLUMNS, factCells } from '#shared/fact-cells.ts';
import type { HoursInterval } from '#shared/hours.ts';
import { formatHoursText } from '#shared/hours-text.ts';
import {
  type FieldChange,
  itemTranslationOf,
  LIST_SEPARATOR,
  READ_ONLY_COLUMNS,
  type SheetColumn,
  type SheetRow,
} from '#shared/imports.ts';
import { REFERENCE_LIST_NAMES, REFERENCE_LISTS, type ReferenceListName } from '#shared/reference-lists.ts';
import type { Site, SiteCreate } from '#shared/schemas/sites.ts';
import { joinNames, LIST_COLUMNS, siteRow } from '../spreadsheets/write.ts';
import type { ListItems } from './list-items.ts';
import type { ListNames } from './store.ts';

/**
 * A read row against the stored site: the row as the export would write it after the import, and
 * the cells it changes (what the preview shows) with the fields a commit writes for them.
 */

const LIST_OF_COLUMN = Object.fromEntries(
  REFERENCE_LIST_NAMES.map((list) => [LIST_COLUMNS[list], list]),
) as Partial<Record<SheetColumn, ReferenceListName>>;

/** The sheet row of a valid site; list items to be created at commit are named with the others. */
export function sheetRowOf(
  site: SiteCreate,
  existing: Site | undefined,
  lists: ListItems,
  newNames: ListNames,
): SheetRow {
  const names = (list: ReferenceListName) => {
    const ids = site[REFERENCE_LISTS[list].idsKey];
    const known = ids.map((id) => lists.byId[list].get(id)!.name);
    return [...known, ...(newNames[list] ?? [])].sort((a, b) => a.localeCompare(b));
  };
  const after: SheetRow = {
    id: existing ? String(existing.id) : '',
    name: site.name,
    address: site.address,
    phoneNumber: site.phoneNumber ?? '',
    email: site.email ?? '',
    website: site.website ?? '',
    lat: site.lat === null || site.lat === undefined ? '' : String(site.lat),
    lng: site.lng === null || site.lng === undefined ? '' : String(site.lng),
    hours: formatHoursText(site.Hours as HoursInterval[]),
    phoneExtension: site.phoneExtension ?? '',
    ...factCells(site.facts ?? {}),
    nameEs: site.translations?.es?.name ?? '',
    nameZh: site.translations?.zh?.name ?? '',
  } as SheetRow;
  for (const list of REFERENCE_LIST_NAMES) after[LIST_COLUMNS[list]] = joinNames(names(list));
  return after;
}

export interface RowDiff {
  /** The cells that differ, in the sheet's column order. */
  changes: FieldChange[];
  /** The fields of the site a commit writes for them. */
  changed: Record<string, unknown>;
}

/** What a row changes of `existing`, comparing only the sheet's columns. */
export function diffRow(
  columns: readonly SheetColumn[],
  existing: Site,
  after: SheetRow,
  site: SiteCreate,
): RowDiff {
  const before = siteRow(existing);
  const changes: FieldChange[] = [];
  const changed: Record<string, unknown> = {};
  for (const column of columns) {
    if (column === 'id') continue;
    // Written by the export, not read back (R634); an item's translations are read only for an item
    // the import creates (R632), so they change nothing of a stored site.
    if ((READ_ONLY_COLUMNS as readonly string[]).includes(column) || itemTranslationOf(column)) continue;
    const list = LIST_OF_COLUMN[column];
    // Lists compare as sets of items (the names' order in a cell does not matter).
    const was = before[column] ?? '';
    const now = after[column] ?? '';
    const differs = list
      ? joinNames([...was.split(`${LIST_SEPARATOR} `)].filter(Boolean).sort()) !==
        joinNames([...now.split(`${LIST_SEPARATOR} `)].filter(Boolean).sort())
      : was !== now;
    if (!differs) continue;
    changes.push({ field: column, before: was, after: now });
    if (list) changed[REFERENCE_LISTS[list].idsKey] = site[REFERENCE_LISTS[list].idsKey];
    else if (column === 'hours') changed.Hours = site.Hours;
    else if (column === 'nameEs' || column === 'nameZh') changed.translations = site.translations;
    else if ((FACT_COLUMNS as readonly string[]).includes(column)) changed.facts = site.facts;
    else changed[column] = site[column as keyof typeof site];
  }
  return { changes, changed };
}
