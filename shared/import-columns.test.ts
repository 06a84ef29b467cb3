import { describe, expect, it } from 'vitest';
import { guessField, headerKey, headerSetKey, mapColumns } from './import-columns.ts';
import { SHEET_COLUMNS } from './imports.ts';

/** docs/product.md R610–R614: the column guesser, as a table. */
describe('guessField', () => {
  it.each([
    ['Site Name', 'name'],
    ['Name', 'name'],
    ['Nombre del sitio', 'name'],
    ['名稱', 'name'],
    ['地點名稱', 'name'],
    ['Site Address', 'address'],
    ['Address', 'address'],
    ['Dirección', 'address'],
    ['DIRECCION', 'address'],
    ['地址', 'address'],
    ['City', 'city'],
    ['Ciudad', 'city'],
    ['城市', 'city'],
    ['State', 'state'],
    ['Estado', 'state'],
    ['ZIP', 'zip'],
    ['Zip Code', 'zip'],
    ['Código postal', 'zip'],
    ['郵編', 'zip'],
    ['郵政編碼', 'zip'],
    ['Phone', 'phoneNumber'],
    ['Teléfono', 'phoneNumber'],
    ['電話', 'phoneNumber'],
    ['Contact Email', 'email'],
    ['Email', 'email'],
    ['E-mail', 'email'],
    ['Correo electrónico', 'email'],
    ['電郵', 'email'],
    ['Days/Hours of Service', 'hours'],
    ['days / hours of service', 'hours'],
    ['Hours', 'hours'],
    ['Horario', 'hours'],
    ['時間', 'hours'],
    ['開放時間', 'hours'],
    ['Provider', 'nutritionPartners'],
    ['Nutrition Partner', 'nutritionPartners'],
    ['Proveedor', 'nutritionPartners'],
    ['膳食服務機構', 'nutritionPartners'],
    ['營養夥伴', 'nutritionPartners'],
    ['Population', 'populations'],
    ['Meal', 'mealTypes'],
    ['Meal Type', 'mealTypes'],
    ['COVID-19 status', 'covidStatuses'],
    ['Notes', 'aboutNote'],
    ['Notas', 'aboutNote'],
    ['備註', 'aboutNote'],
    ['  Phone_Number ', 'phoneNumber'],
  ])('%s → %s', (header, field) => {
    expect(guessField(header)).toBe(field);
  });

  it.each(['Diet / Cuisine', 'Status', 'Budget', '', '   ', 'Total'])('%s is not guessed', (header) => {
    expect(guessField(header)).toBeUndefined();
  });

  it('maps every header of the export to its own column (the round trip stays exact)', () => {
    for (const column of SHEET_COLUMNS) expect(guessField(column), column).toBe(column);
  });
});

describe('mapColumns', () => {
  const agency = [
    'Site Name',
    'Site Address',
    'City',
    'ZIP',
    'Phone',
    'Contact Email',
    'Days/Hours of Service',
    'Provider',
    'Population',
    'Meal',
    'Diet / Cuisine',
    'Status',
    'Notes',
  ];

  it('guesses an agency sheet, and leaves the columns it cannot place out, never silently', () => {
    expect(mapColumns(agency)).toEqual([
      { header: 'Site Name', field: 'name', guessed: true },
      { header: 'Site Address', field: 'address', guessed: true },
      { header: 'City', field: 'city', guessed: true },
      { header: 'ZIP', field: 'zip', guessed: true },
      { header: 'Phone', field: 'phoneNumber', guessed: true },
      { header: 'Contact Email', field: 'email', guessed: true },
      { header: 'Days/Hours of Service', field: 'hours', guessed: true },
      { header: 'Provider', field: 'nutritionPartners', guessed: true },
      { header: 'Population', field: 'populations', guessed: true },
      { header: 'Meal', field: 'mealTypes', guessed: true },
      { header: 'Diet / Cuisine', field: null, guessed: false },
      { header: 'Status', field: null, guessed: false },
      { header: 'Notes', field: 'aboutNote', guessed: true },
    ]);
  });

  it('a chosen field wins over a guess, by the folded header; null leaves a column out', () => {
    const mapping = mapColumns(agency, { 'diet / cuisine': 'services', NOTES: null, 'Site Name': 'name' });
    expect(mapping[10]).toEqual({ header: 'Diet / Cuisine', field: 'services', guessed: false });
    expect(mapping[12]).toEqual({ header: 'Notes', field: null, guessed: false });
    expect(mapping[0]).toEqual({ header: 'Site Name', field: 'name', guessed: false });
  });

  it('gives a field to one column: the first guess, or the chosen one', () => {
    expect(mapColumns(['Name', 'Site Name']).map((column) => column.field)).toEqual(['name', null]);
    expect(mapColumns(['Name', 'Site Name'], { 'Site Name': 'name' }).map((c) => c.field)).toEqual([
      null,
      'name',
    ]);
  });

  it('remembers a header set by its folded headers', () => {
    expect(headerSetKey(['Site Name', 'Dirección'])).toBe(headerSetKey(['site name', 'DIRECCION']));
    expect(headerKey('Días/Horario')).toBe('diashorario');
  });
});
