/**
 * docs/product.md R231, R322–R324: the parts of reading a file that must stay linear or bounded,
 * on their own (the worker, the limits and the API are in server/test/import-limits.test.ts).
 */
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ImportError } from './errors.ts';
import { hasTooManyFields, joinAddress, readCsv, readCsvGrid, tableOfGrid } from './read.ts';
import {
  findFormula,
  findFormulaInSheet,
  formulaCellsInSheet,
  mergeRangesInSheet,
  unzipWorkbook,
  worksheetParts,
} from './xlsx-archive.ts';

const sheet = (cells: string) =>
  `<worksheet><cols><col min="1"/></cols><sheetData><row r="1">${cells}</row></sheetData></worksheet>`;

describe('findFormulaInSheet', () => {
  it('names the first cell holding a formula, in any of its forms', () => {
    expect(
      findFormulaInSheet(sheet('<c r="A1" t="s"><v>0</v></c><c r="B2"><f>SUM(A1)</f><v>1</v></c>')),
    ).toBe('B2');
    expect(findFormulaInSheet(sheet('<c r="C3"><f t="shared" si="0"/></c>'))).toBe('C3');
    expect(findFormulaInSheet(sheet('<c r="D4" s="1">\n<f\n>A1</f></c>'))).toBe('D4');
    expect(findFormulaInSheet(sheet('<c><f>1+1</f></c>'))).toBe('?');
  });

  it('passes over empty cells, values and other elements starting with c', () => {
    expect(
      findFormulaInSheet(sheet('<c r="A1"/><c r="A2" t="inlineStr"><is><t>f</t></is></c>')),
    ).toBeUndefined();
    expect(
      findFormulaInSheet(
        '<cols><col/></cols><conditionalFormatting><cfRule><formula>1</formula></cfRule></conditionalFormatting>',
      ),
    ).toBeUndefined();
    expect(findFormulaInSheet(sheet('<c r="A1"><v>2</v></c><c r="A2"><font/></c>'))).toBeUndefined();
  });

  it('reads a sheet of 1,000,000 unclosed cells in one pass (the former pattern was quadratic on it)', () => {
    const xml = sheet('<c>'.repeat(1_000_000));
    expect(findFormula({ 'xl/worksheets/sheet1.xml': strToU8(xml) })).toBeUndefined();
    // …and the same run of unclosed cells before a real formula still finds it.
    expect(findFormulaInSheet(`${'<c r="A1">'.repeat(100_000)}<c r="B9"><f>1</f></c>`)).toBe('A1');
  });
});

describe('hasTooManyFields', () => {
  it('counts the fields of each line outside quotes', () => {
    expect(hasTooManyFields('a,b,c\n1,2,3', ',', 3)).toBe(false);
    expect(hasTooManyFields('a,b\n1,2,3,4', ',', 3)).toBe(true);
    expect(hasTooManyFields('a;"x,y,z,w";b', ';', 3)).toBe(false);
    expect(hasTooManyFields('"a\n,b,c",d\r\ne', ',', 2)).toBe(false);
    expect(hasTooManyFields(','.repeat(5_000_000), ',', 200)).toBe(true);
  });
});

describe('unzipWorkbook', () => {
  it('returns the XML parts as they were packed', () => {
    const files = unzipWorkbook(
      zipSync({
        'xl/workbook.xml': strToU8('<workbook/>'),
        'xl/_rels/workbook.xml.rels': strToU8('<Relationships/>'),
        'xl/media/image1.png': new Uint8Array(10),
      }),
    );
    expect(Object.keys(files).sort()).toEqual(['xl/_rels/workbook.xml.rels', 'xl/workbook.xml']);
    expect(new TextDecoder().decode(files['xl/workbook.xml'])).toBe('<workbook/>');
  });

  it('stops at the bytes inflated, whatever the archive declares', () => {
    const zip = zipSync({ 'xl/worksheets/sheet1.xml': strToU8(' '.repeat(3 * 1024 * 1024)) });
    // Understate the sheet's unpacked size in the local header and in the central directory.
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    view.setUint32(22, 100, true);
    const directory = zip.length - 22 - (46 + 'xl/worksheets/sheet1.xml'.length);
    expect(view.getUint32(directory, true)).toBe(0x02014b50);
    view.setUint32(directory + 24, 100, true);
    expect(() => unzipWorkbook(zip, 2 * 1024 * 1024)).toThrowError(
      expect.objectContaining({ code: 'unpacked_too_large' }) as unknown as ImportError,
    );
    expect(unzipWorkbook(zip, 4 * 1024 * 1024)['xl/worksheets/sheet1.xml']).toHaveLength(3 * 1024 * 1024);
  });

  it('refuses what is not a zip, and a damaged one', () => {
    expect(() => unzipWorkbook(strToU8('name,address'))).toThrow(ImportError);
    const zip = zipSync({ 'xl/workbook.xml': strToU8('<workbook/>'.repeat(100)) });
    const damaged = zip.slice();
    damaged.fill(0xff, 40, 60);
    expect(() => unzipWorkbook(damaged)).toThrowError(expect.objectContaining({ code: 'not_xlsx' }) as never);
  });
});

describe('the header row and the fields of a grid (docs/product.md R616–R618)', () => {
  const csv = (lines: string[]) => strToU8(lines.join('\n'));

  it.each([
    ['the first row', ['name,address', 'A,1 A St'], 2],
    ['under a title', ['County Meal Sites 2026', 'name,address', 'A,1 A St'], 3],
    [
      'under a title and a blank line',
      ['County Meal Sites 2026', '', 'Site Name,Site Address', 'A,1 A St'],
      4,
    ],
    [
      'under a title and a row of empty cells',
      ['Sites', ',,', 'Nombre del sitio,Dirección,Ciudad', 'A,1 A St,X'],
      4,
    ],
    ['the row naming more fields', ['Name,Phone', 'Site Name,Site Address,Phone', 'A,1 A St,4155550100'], 3],
    ['one naming both required columns first', ['Site,Hours,Phone,Email', 'Name,Address', 'A,1 A St'], 3],
  ])('%s', (_label, lines, firstRow) => {
    const table = readCsv(csv(lines));
    expect(table.rows[0]!.row).toBe(firstRow);
    expect(table.rows[0]!.cells).toMatchObject({ name: 'A', address: expect.stringMatching(/^1 A St/) });
  });

  it('refuses a file whose top rows name no required column, naming what is missing', () => {
    expect(() => readCsv(csv(['Budget,Total', 'Food,12']))).toThrowError(
      expect.objectContaining({ code: 'missing_column', params: { column: 'name, address' } }) as never,
    );
    expect(() => readCsv(csv(['Site Name,Hours', 'A,Mon 9–10']))).toThrowError(
      expect.objectContaining({ code: 'missing_column', params: { column: 'address' } }) as never,
    );
  });

  it.each([
    ['123 Main St', {}, '123 Main St'],
    ['123 Main St', { city: 'Springfield', state: 'IL', zip: '62701' }, '123 Main St, Springfield, IL 62701'],
    ['123 Main St', { city: 'Springfield', zip: '62701' }, '123 Main St, Springfield, 62701'],
    ['123 Main St\nSuite 4', { city: 'Springfield' }, '123 Main St, Suite 4, Springfield'],
    ['123 Main St,\r\n', { state: 'IL' }, '123 Main St, IL'],
    ['', { city: 'Springfield' }, ''],
  ])('joins %j with %j', (street, parts, address) => {
    expect(joinAddress(street, parts)).toBe(address);
  });

  it('gives the columns the chosen fields, and leaves out what is not imported', () => {
    const grid = readCsvGrid(csv(['Title', 'Site Name,Street,Town,Notes', 'A,1 A St,Springfield,Hi']));
    expect(grid.headerRow).toBe(2);
    const table = tableOfGrid(grid, { Street: 'address', Notes: null });
    expect(table.mapping).toEqual([
      { header: 'Site Name', field: 'name', guessed: true },
      { header: 'Street', field: 'address', guessed: false },
      { header: 'Town', field: 'city', guessed: true },
      { header: 'Notes', field: null, guessed: false },
    ]);
    expect(table.columns).toEqual(['name', 'address']);
    expect(table.rows).toEqual([{ row: 3, cells: { name: 'A', address: '1 A St, Springfield' } }]);
  });

  it('refuses a formula only in an imported column', () => {
    const grid = {
      headers: ['name', 'address', 'Status'],
      headerRow: 1,
      rows: [{ row: 2, cells: ['A', '1 A St', 'Open'] }],
      formulas: { 2: 'C2' },
    };
    expect(tableOfGrid(grid).rows).toHaveLength(1);
    expect(() => tableOfGrid(grid, { Status: 'services' })).toThrowError(
      expect.objectContaining({ code: 'formula_cell', params: { cell: 'C2' } }) as never,
    );
  });
});

describe('merged cells and formulas of a worksheet (R624, R625)', () => {
  it('reads the merged ranges and the first formula of each column below a row', () => {
    const xml =
      '<worksheet><sheetData><row r="1"><c r="C1"><f>1</f></c></row><row r="2"><c r="A2"><v>1</v></c><c r="C2"><f>2</f></c><c r="D3"><f>3</f></c></row></sheetData><mergeCells count="2"><mergeCell ref="A1:M1"/><mergeCell ref="H3:H4"/></mergeCells></worksheet>';
    expect(mergeRangesInSheet(xml)).toEqual(['A1:M1', 'H3:H4']);
    expect(formulaCellsInSheet(xml)).toEqual({ C: 'C1', D: 'D3' });
    expect(formulaCellsInSheet(xml, 1)).toEqual({ C: 'C2', D: 'D3' });
  });

  it('finds the worksheets in the workbook’s order', () => {
    const files = {
      'xl/workbook.xml': strToU8(
        '<workbook><sheets><sheet name="B" r:id="rId2"/><sheet name="A" r:id="rId1"/></sheets></workbook>',
      ),
      'xl/_rels/workbook.xml.rels': strToU8(
        '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Target="/xl/worksheets/sheet2.xml"/></Relationships>',
      ),
      'xl/worksheets/sheet1.xml': strToU8('<worksheet/>'),
      'xl/worksheets/sheet2.xml': strToU8('<worksheet/>'),
    };
    expect(worksheetParts(files)).toEqual(['xl/worksheets/sheet2.xml', 'xl/worksheets/sheet1.xml']);
  });
});
