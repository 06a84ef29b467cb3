import { stringify } from 'csv-stringify/sync';
import writeXlsxFile from 'write-excel-file/node';
import { agencyMoment } from '#shared/agency-time.ts';
import { factCells } from '#shared/fact-cells.ts';
import { formatHoursText } from '#shared/hours-text.ts';
import {
  LIST_SEPARATOR,
  type LIST_SHEET_COLUMNS,
  SHEET_COLUMNS,
  type SheetColumn,
  type SheetRow,
} from '#shared/imports.ts';
import { REFERENCE_LIST_NAMES, REFERENCE_LISTS, type ReferenceListName } from '#shared/reference-lists.ts';
import type { Site } from '#shared/schemas/sites.ts';

/** The sheet column of each reference list: `nutritionPartners`, `populations`, … (siteKey, first letter small). */
export const LIST_COLUMNS = Object.fromEntries(
  REFERENCE_LIST_NAMES.map((list) => {
    const key = REFERENCE_LISTS[list].siteKey;
    return [list, `${key.charAt(0).toLowerCase()}${key.slice(1)}`];
  }),
) as Record<ReferenceListName, SheetColumn>;

/** Item names in one cell, as the import reads them back. */
export const joinNames = (names: readonly string[]) => names.join(`${LIST_SEPARATOR} `);

/**
 * The Spanish or Chinese names of a cell's items, in the cell's order; '' for an item without one, and
 * an empty cell when no item has one (docs/product.md R631).
 */
export function joinTranslations(
  items: readonly { translations?: { es?: { name?: string }; zh?: { name?: string } } }[],
  language: 'es' | 'zh',
): string {
  const names = items.map((item) => item.translations?.[language]?.name ?? '');
  return names.some(Boolean) ? joinNames(names) : '';
}

/**
 * A site as one row of text cells, in the base language, with the names' translations and the date
 * staff last confirmed it, in the agency's time zone when given (docs/product.md R236, R630–R634).
 */
export function siteRow(site: Site, timeZone?: string): SheetRow {
  const row = {
    id: String(site.id),
    name: site.name,
    address: site.address,
    phoneNumber: site.phoneNumber ?? '',
    email: site.email ?? '',
    website: site.website ?? '',
    lat: site.lat === null ? '' : String(site.lat),
    lng: site.lng === null ? '' : String(site.lng),
    hours: formatHoursText(site.Hours),
    phoneExtension: site.phoneExtension ?? '',
    ...factCells(site.facts ?? {}),
    nameEs: site.translations?.es?.name ?? '',
    nameZh: site.translations?.zh?.name ?? '',
    confirmedAt: site.confirmedAt
      ? timeZone
        ? agencyMoment(Date.parse(site.confirmedAt), timeZone).date
        : site.confirmedAt.slice(0, 10)
      : '',
  } as SheetRow;
  for (const list of REFERENCE_LIST_NAMES) {
    const items = site[REFERENCE_LISTS[list].siteKey];
    const column = LIST_COLUMNS[list] as (typeof LIST_SHEET_COLUMNS)[number];
    row[column] = joinNames(items.map((item) => item.name));
    row[`${column}Es`] = joinTranslations(items, 'es');
    row[`${column}Zh`] = joinTranslations(items, 'zh');
  }
  return row;
}

/**
 * A cell a spreadsheet program would run as a formula (=, +, -, @, tab, carriage return first) gets
 * a leading single quote in the CSV; so does one that already starts with a quote before such a
 * character, so the import's unguarding gives back exactly what was stored. Plain numbers
 * (a longitude of -122.41) are left alone: a program reads them as the number they are.
 */
export function guardCell(value: string): string {
  if (/^-?\d+(\.\d+)?$/.test(value)) return value;
  return /^['=+\-@\t\r]/.test(value) && (value[0] !== "'" || /^'['=+\-@\t\r]/.test(value))
    ? `'${value}`
    : value;
}

/** A site's CSV record: its row's cells in the columns' order, guarded. */
const csvRecord = (site: Site, timeZone?: string) => {
  const row = siteRow(site, timeZone);
  return SHEET_COLUMNS.map((column) => guardCell(row[column] ?? ''));
};

/** The CSV's first text: the byte-order mark and the header line. */
export const csvHead = () => `\uFEFF${stringify([[...SHEET_COLUMNS]])}`;

/** The CSV lines of some sites, to follow `csvHead` (each record is written on its own, so pieces join). */
export const csvLines = (sites: readonly Site[], timeZone?: string) =>
  sites.length ? stringify(sites.map((site) => csvRecord(site, timeZone))) : '';

/** UTF-8 with a byte-order mark, so spreadsheet programs read the Chinese and Spanish names right. */
export function sitesCsv(sites: readonly Site[], timeZone?: string): string {
  return `${csvHead()}${csvLines(sites, timeZone)}`;
}

/**
 * Every cell is a text cell, a shared string: Excel and LibreOffice never run a text cell as a
 * formula. The cells still carry the CSV's guard, so a sheet means the same thing whichever of the
 * two formats it was saved in, and the import reads both the same way (docs/product.md R374).
 */
export async function sitesXlsx(sites: readonly Site[], timeZone?: string): Promise<Buffer> {
  const header = SHEET_COLUMNS.map((column) => ({ value: column, fontWeight: 'bold' as const }));
  const data = sites.map((site) => {
    const row = siteRow(site, timeZone);
    return SHEET_COLUMNS.map((column) => {
      const value = row[column] ?? '';
      return value === '' ? null : { value: guardCell(value), type: String };
    });
  });
  return (await writeXlsxFile(
    [header, ...data] as never,
    {
      sheet: 'Sites',
      stickyRowsCount: 1,
    } as never,
  ).toBuffer()) as Buffer;
}

/** The blank template: the headers and one example row (docs/product.md R235). */
export function templateCsv(): string {
  const example: SheetRow = {
    id: '',
    name: 'Example Community Center',
    address: '100 Example St, San Francisco, CA 94102',
    phoneNumber: '4155550100',
    email: 'meals@example.org',
    website: 'https://example.org',
    lat: '',
    lng: '',
    hours: 'Mon–Fri 11:30–13:30; 1st & 3rd Sat 9:00–12:00',
    nutritionPartners: '',
    populations: '',
    mealTypes: '',
    services: '',
    covidStatuses: '',
    phoneExtension: '',
    reservation: 'required',
    reserveDays: '1',
    reserveBy: '13:00',
    walkIns: 'no',
    cost: 'suggested',
    suggestedAmount: '3',
    guestPrice: '6',
    firstVisit: 'form',
    languages: 'en, es, yue',
    stepFree: 'yes',
  };
  return `\uFEFF${stringify([[...SHEET_COLUMNS], SHEET_COLUMNS.map((column) => example[column] ?? '')])}`;
}
