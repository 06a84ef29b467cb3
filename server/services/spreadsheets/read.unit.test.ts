/**
 * docs/product.md R231, R322–R324: the parts of reading a file that must stay linear or bounded,
 * on their own (the worker, the limits and the API are in server/test/import-limits.test.ts).
 */
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ImportError } from './errors.ts';
import { hasTooManyFields } from './read.ts';
import { findFormula, findFormulaInSheet, unzipWorkbook } from './xlsx-archive.ts';

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
