import { SHEET_COLUMNS, type SheetColumn } from './imports.ts';
import { foldText } from './site-search.ts';

/**
 * Which directory field a spreadsheet's column holds, guessed from its header (docs/product.md
 * R610–R614, docs/decisions/058-import-column-mapping.md): the export's own headers exactly, then the
 * words agencies write in English, Spanish and Chinese ("Site Name", "Nombre del sitio", "地址"). A
 * header is compared folded (the name search's fold: case, accents, white space) and without
 * punctuation, so "Days/Hours of Service" and "days hours of service" are the same header. Pure and
 * small: the staff screen and the server both read it.
 */

/** Columns the import joins into the address ("123 Main St, Springfield, IL 62701"), in that order. */
export const ADDRESS_PARTS = ['city', 'state', 'zip'] as const;
export type AddressPart = (typeof ADDRESS_PARTS)[number];

/** A field a column can be imported into: a sheet column, or a part of the address. */
export type ImportField = SheetColumn | AddressPart;
export const IMPORT_FIELDS: readonly ImportField[] = [...SHEET_COLUMNS, ...ADDRESS_PARTS];

/** One column of the file and the field it is imported into (`null`: not imported). */
export interface ColumnMapping {
  header: string;
  field: ImportField | null;
  /** The field was guessed from the header words, not chosen (nor remembered from an earlier file). */
  guessed: boolean;
}

/** A header as compared: folded, and letters and digits only ("Days/Hours of Service" → dayshoursofservice). */
export function headerKey(header: string): string {
  return foldText(header).replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * The words for each field, as agencies write them; each is compared by its `headerKey`. A header
 * that names none of these is not guessed (the clerk chooses, or the column is not imported).
 * Decided in decision 058: "Notes" is the site's description (the `about` note, shown as "What to
 * expect"); "Diet / Cuisine" and a bare "Status" name no list of the directory and are not guessed
 * (a "COVID status" is the COVID-19 list).
 */
const WORDS: Partial<Record<ImportField, readonly string[]>> = {
  id: ['Site ID', 'Site Id', 'ID del sitio', '編號'],
  name: [
    'Site Name',
    'Site',
    'Location Name',
    'Location',
    'Program Name',
    'Name',
    'Nombre',
    'Nombre del sitio',
    'Sitio',
    '名稱',
    '地點名稱',
    '地點',
    '中心名稱',
  ],
  address: [
    'Site Address',
    'Street Address',
    'Street',
    'Address',
    'Address 1',
    'Address Line 1',
    'Location Address',
    'Dirección',
    'Dirección del sitio',
    'Domicilio',
    '地址',
    '地點地址',
  ],
  city: ['City', 'Town', 'Ciudad', '城市', '市'],
  state: ['State', 'ST', 'Estado', '州'],
  zip: [
    'ZIP',
    'Zip Code',
    'ZIP+4',
    'Postal Code',
    'Zipcode',
    'Código postal',
    'CP',
    '郵編',
    '郵政編碼',
    '郵遞區號',
  ],
  phoneNumber: [
    'Phone',
    'Phone Number',
    'Telephone',
    'Tel',
    'Contact Phone',
    'Site Phone',
    'Teléfono',
    'Número de teléfono',
    '電話',
    '聯絡電話',
  ],
  phoneExtension: ['Ext', 'Extension', 'Phone Ext', 'Extensión', '內線'],
  email: [
    'Email',
    'E-mail',
    'Contact Email',
    'Email Address',
    'Site Email',
    'Correo',
    'Correo electrónico',
    '電郵',
    '電子郵件',
    '電郵地址',
  ],
  website: ['Website', 'Web', 'Web Site', 'URL', 'Sitio web', 'Página web', '網站', '網址'],
  lat: ['Latitude', 'Lat', 'Latitud', '緯度'],
  lng: ['Longitude', 'Long', 'Lon', 'Lng', 'Longitud', '經度'],
  hours: [
    'Hours',
    'Days/Hours of Service',
    'Days and Hours',
    'Days/Hours',
    'Hours of Service',
    'Meal Times',
    'Schedule',
    'Service Hours',
    'Horario',
    'Horarios',
    'Días y horario',
    'Horario de servicio',
    '時間',
    '開放時間',
    '服務時間',
    '用膳時間',
  ],
  nutritionPartners: [
    'Provider',
    'Nutrition Partner',
    'Nutrition Partners',
    'Nutrition Provider',
    'Meal Provider',
    'Proveedor',
    'Proveedores de comidas',
    'Proveedor de comidas',
    '膳食服務機構',
    '營養夥伴',
    '服務機構',
  ],
  populations: [
    'Population',
    'Populations',
    'Populations Served',
    'Population Served',
    'Población',
    'Población atendida',
    '服務對象',
  ],
  mealTypes: [
    'Meal',
    'Meals',
    'Meal Type',
    'Meal Types',
    'Comida',
    'Tipo de comida',
    'Tipos de comida',
    '膳食類型',
    '膳食',
  ],
  services: ['Services', 'Servicios', '服務'],
  covidStatuses: ['COVID Status', 'COVID-19 Status', 'Situación por COVID-19', '新冠狀態'],
  aboutNote: [
    'Notes',
    'Note',
    'Description',
    'Comments',
    'Notas',
    'Nota',
    'Descripción',
    'Comentarios',
    '備註',
    '說明',
  ],
};

/** Every header the guesser knows, by its key; the export's own column names first. */
const FIELD_OF_KEY: ReadonlyMap<string, ImportField> = (() => {
  const map = new Map<string, ImportField>();
  for (const column of SHEET_COLUMNS) map.set(headerKey(column), column);
  for (const [field, words] of Object.entries(WORDS) as [ImportField, readonly string[]][]) {
    for (const word of words) if (!map.has(headerKey(word))) map.set(headerKey(word), field);
  }
  return map;
})();

/** The field a header names, if the guesser knows it ("Site Name" → name; "Diet / Cuisine" → none). */
export function guessField(header: string): ImportField | undefined {
  const key = headerKey(header);
  return key ? FIELD_OF_KEY.get(key) : undefined;
}

/**
 * A field for each header: the chosen one where `chosen` names the header (its key; `null` to leave
 * the column out), otherwise the guess. A field goes to the first column that takes it; a later
 * column guessed to the same field is not imported (a chosen one is, and takes it from a guess).
 */
export function mapColumns(
  headers: readonly string[],
  chosen: Readonly<Record<string, ImportField | null>> = {},
): ColumnMapping[] {
  const byKey = new Map(Object.entries(chosen).map(([header, field]) => [headerKey(header), field]));
  const taken = new Set<ImportField>();
  for (const header of headers) {
    const field = byKey.get(headerKey(header));
    if (field) taken.add(field);
  }
  return headers.map((header) => {
    const key = headerKey(header);
    if (byKey.has(key)) return { header, field: byKey.get(key) ?? null, guessed: false };
    const guess = key ? FIELD_OF_KEY.get(key) : undefined;
    if (!guess || taken.has(guess)) return { header, field: null, guessed: false };
    taken.add(guess);
    return { header, field: guess, guessed: true };
  });
}

/** The key a set of headers is remembered by: their keys in order, as one string (hashed by the server). */
export const headerSetKey = (headers: readonly string[]) => headers.map(headerKey).join('|');
