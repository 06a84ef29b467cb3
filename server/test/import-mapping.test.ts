/**
 * docs/product.md R610–R629: an agency's own sheet — its headers guessed, a title row skipped, City and
 * ZIP joined into the address, merged cells filled down, a formula in a column not imported — the
 * clerk's mapping remembered for the next file with the same headers, and updates that never destroy
 * by accident (an empty cell keeps, "-" clears, every loss summed up before the list).
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { CSV_TYPE, type ImportPreview, type ImportResult, XLSX_TYPE } from '#shared/imports.ts';
import { AGENCY_SHEET_HEADERS } from '#testing/agency-sheet.ts';
import { createTestApp, signInRoles, type TestContext } from './helpers.ts';

let ctx: TestContext;
let cookies: Awaited<ReturnType<typeof signInRoles>>;

const asAdmin = (options: InjectOptions) =>
  ctx.app.inject({ ...options, headers: { cookie: cookies.admin.cookie, ...options.headers } });
const upload = (body: string | Buffer, type = CSV_TYPE, query = '') =>
  asAdmin({
    method: 'POST',
    url: `/api/imports${query}`,
    payload: Buffer.from(body),
    headers: { 'content-type': type },
  });
const withMapping = (mapping: Record<string, string | null>) =>
  `?mapping=${encodeURIComponent(JSON.stringify(mapping))}`;

const csvCell = (value: string) => (/[",;\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
const csv = (rows: string[][]) => rows.map((row) => row.map(csvCell).join(',')).join('\n');

/** The headers of the county's own sheet. */
const AGENCY = [...AGENCY_SHEET_HEADERS];
const TITLE = 'Pine County Senior Nutrition — Congregate Meal Sites, FY 2026';
const oak = [
  'Oak Street Center',
  '12 Oak St\nSuite 4',
  'Springfield',
  '62701',
  '(415) 555-0101',
  'oak@example.org',
  'Mon–Fri 11:30–13:00',
  'Pine Meals',
  'Seniors 60+',
  'Lunch',
  'Vegetarian',
  'Open',
  'Bring a photo ID on the first visit',
];
const elm = [
  'Elm Grove Hall',
  '400 Elm Ave',
  'Springfield',
  '62702',
  '415-555-0102',
  'elm@example.org',
  'Tue, Thu 12:00–13:00',
  'Pine Meals',
  'Seniors 60+',
  'Lunch',
  'Halal',
  'Open',
  '',
];
const agencyCsv = (rows: string[][]) => csv([[TITLE], [], AGENCY, ...rows]);

beforeAll(async () => {
  ctx = await createTestApp({}, { now: () => new Date('2026-11-24T18:00:00Z') });
  cookies = await signInRoles(ctx);
  for (const [list, name] of [
    ['nutritionpartners', 'Pine Meals'],
    ['populations', 'Seniors 60+'],
    ['mealtypes', 'Lunch'],
  ] as const) {
    const response = await asAdmin({ method: 'POST', url: `/api/${list}`, payload: { name } });
    expect(response.statusCode, response.body).toBe(201);
  }
});
afterAll(() => ctx.close());

describe('an agency’s own sheet', () => {
  it('is read with its headers guessed, its title row skipped and its address joined, every column accounted for', async () => {
    const response = await upload(agencyCsv([oak, elm]));
    expect(response.statusCode, response.body).toBe(201);
    const preview = response.json() as ImportPreview;
    expect(preview.columns).toEqual(
      expect.arrayContaining([
        { header: 'Site Name', field: 'name', guessed: true },
        { header: 'City', field: 'city', guessed: true },
        { header: 'Days/Hours of Service', field: 'hours', guessed: true },
        { header: 'Provider', field: 'nutritionPartners', guessed: true },
        { header: 'Notes', field: 'aboutNote', guessed: true },
        { header: 'Diet / Cuisine', field: null, guessed: false },
      ]),
    );
    expect(preview.notImported).toEqual(['Diet / Cuisine', 'Status']);
    expect(preview.mappingRemembered).toBe(false);
    expect(preview.summary).toEqual({ new: 2, changed: 0, unchanged: 0, errors: 0 });
    // The header is the sheet's row 3, so the first site is row 4.
    expect(preview.rows[0]).toMatchObject({
      row: 4,
      kind: 'new',
      site: {
        name: 'Oak Street Center',
        address: '12 Oak St, Suite 4, Springfield, 62701',
        phoneNumber: '4155550101',
        nutritionPartners: 'Pine Meals',
        populations: 'Seniors 60+',
        mealTypes: 'Lunch',
        aboutNote: 'Bring a photo ID on the first visit',
      },
    });
  });

  it('an error keeps the row number the sheet shows', async () => {
    const broken = [...elm];
    broken[0] = 'Broken Lunch';
    broken[4] = '555';
    const preview = (await upload(agencyCsv([oak, [], broken]))).json() as ImportPreview;
    expect(preview.rows.map((row) => [row.row, row.kind])).toEqual([
      [4, 'new'],
      [6, 'error'],
    ]);
  });

  it('a workbook with a merged title, merged Provider cells and a formula in a column not imported', async () => {
    const cell = (value: string) => ({ value, type: String });
    const dataRow = (values: string[], provider: object | null, status: object) =>
      values.map((value, index) =>
        index === 7 ? provider : index === 11 ? status : value ? cell(value) : null,
      );
    const formula = { value: 'IF(TRUE,"Open","Closed")', type: 'Formula' };
    const workbook = await writeXlsxFile([
      [{ value: TITLE, columnSpan: AGENCY.length }, ...AGENCY.slice(1).map(() => null)],
      AGENCY.map(cell),
      dataRow(oak, { value: 'Pine Meals', type: String, rowSpan: 2 }, formula),
      dataRow(elm, null, formula),
    ] as never).toBuffer();
    const response = await upload(workbook, XLSX_TYPE);
    expect(response.statusCode, response.body).toBe(201);
    const preview = response.json() as ImportPreview;
    expect(preview.notImported).toEqual(['Diet / Cuisine', 'Status']);
    expect(
      preview.rows.map((row) => (row.kind === 'new' ? [row.row, row.site.nutritionPartners] : row)),
    ).toEqual([
      [3, 'Pine Meals'],
      [4, 'Pine Meals'],
    ]);

    // A formula in a column that is imported still refuses the file, naming the cell.
    const phoneFormula = await writeXlsxFile([
      AGENCY.map(cell),
      oak.map((value, index) => (index === 4 ? formula : cell(value))),
    ] as never).toBuffer();
    const refused = await upload(phoneFormula, XLSX_TYPE);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'formula_cell', params: { cell: 'E2' } });
    // …unless the clerk leaves that column out.
    const ignored = await upload(phoneFormula, XLSX_TYPE, withMapping({ Phone: null }));
    expect(ignored.statusCode, ignored.body).toBe(201);
  });
});

describe('the clerk’s mapping', () => {
  const headers = ['Nombre del sitio', 'Dirección', 'Ciudad', 'Código postal', 'Horario', 'Notas', 'Dieta'];
  const row = [
    'Centro Latino',
    '2 Mission St',
    'Springfield',
    '62703',
    'Lunes a viernes 11:30-13:00',
    'Traiga su ID',
    'Vegana',
  ];

  it('is used when sent, remembered, and is the guess for the next file with the same headers', async () => {
    const first = await upload(csv([headers, row]), CSV_TYPE, withMapping({ Notas: null, Dieta: null }));
    expect(first.statusCode, first.body).toBe(201);
    const preview = first.json() as ImportPreview;
    expect(preview.columns).toContainEqual({ header: 'Notas', field: null, guessed: false });
    expect(preview.columns).toContainEqual({ header: 'Nombre del sitio', field: 'name', guessed: true });
    expect(preview.rows[0]).toMatchObject({
      kind: 'new',
      site: { address: '2 Mission St, Springfield, 62703' },
    });
    expect(preview.rows[0]).not.toHaveProperty('site.aboutNote', 'Traiga su ID');

    // Another file, the same headers written differently: the choice is remembered.
    const next = csv([
      headers.map((header) => header.toUpperCase()),
      ['Otro Centro', '3 Mission St', '', '', '', 'Nota', ''],
    ]);
    const second = (await upload(next)).json() as ImportPreview;
    expect(second.mappingRemembered).toBe(true);
    expect(second.columns).toContainEqual({ header: 'NOTAS', field: null, guessed: false });
    expect(second.notImported).toEqual(['NOTAS', 'DIETA']);
  });

  it('that is not a mapping is refused', async () => {
    const response = await upload(csv([headers, row]), CSV_TYPE, withMapping({ Notas: 'favouriteColour' }));
    expect(response.statusCode).toBe(400);
  });

  it('that leaves out the name is refused as a missing column, with the columns to choose from', async () => {
    const response = await upload(csv([headers, row]), CSV_TYPE, withMapping({ 'Nombre del sitio': null }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'missing_column', params: { column: 'name' } });
    expect(response.json().columns).toContainEqual({
      header: 'Nombre del sitio',
      field: null,
      guessed: false,
    });
    // Headers the guesser cannot place: the clerk names the columns, and the file is read.
    const own = csv([
      ['Programa', 'Lugar'],
      ['Comedor Norte', '9 North St'],
    ]);
    const refused = await upload(own);
    expect(refused.json()).toMatchObject({
      code: 'missing_column',
      params: { column: 'name, address' },
      columns: [
        { header: 'Programa', field: null, guessed: false },
        { header: 'Lugar', field: null, guessed: false },
      ],
    });
    const chosen = await upload(own, CSV_TYPE, withMapping({ Programa: 'name', Lugar: 'address' }));
    expect(chosen.statusCode, chosen.body).toBe(201);
    expect((chosen.json() as ImportPreview).rows[0]).toMatchObject({
      row: 2,
      kind: 'new',
      site: { name: 'Comedor Norte' },
    });
  });
});

describe('updates never destroy by accident', () => {
  it('an empty cell keeps the stored value, "-" clears it, and the losses are summed up by site name', async () => {
    const made = (await upload(agencyCsv([oak, elm]))).json() as ImportPreview;
    const committed = await asAdmin({ method: 'POST', url: `/api/imports/${made.id}/commit`, payload: {} });
    expect(committed.statusCode, committed.body).toBe(200);
    const [oakId] = (committed.json() as ImportResult).created;

    const update = [...oak];
    update[4] = ''; // phone: kept
    update[5] = '-'; // email: cleared
    update[6] = ''; // hours: kept
    update[8] = '(none)'; // populations: removed
    const preview = (await upload(agencyCsv([update, elm]))).json() as ImportPreview;
    expect(preview.summary).toEqual({ new: 0, changed: 1, unchanged: 1, errors: 0 });
    expect(preview.rows[0]).toEqual({
      row: 4,
      kind: 'changed',
      siteId: oakId,
      name: 'Oak Street Center',
      changes: [
        { field: 'email', before: 'oak@example.org', after: '' },
        { field: 'populations', before: 'Seniors 60+', after: '' },
      ],
    });
    expect(preview.destructive).toEqual({
      fieldsEmptied: 1,
      itemsRemoved: 1,
      changes: [
        { row: 4, siteId: oakId, name: 'Oak Street Center', field: 'email' },
        { row: 4, siteId: oakId, name: 'Oak Street Center', field: 'populations', removed: ['Seniors 60+'] },
      ],
    });
    expect(preview.rows[1]).toMatchObject({ kind: 'unchanged', name: 'Elm Grove Hall' });
  });
});
