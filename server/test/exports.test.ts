/**
 * docs/product.md R235–R237: the export as CSV and Excel, the blank template, the formula guard, and
 * the round trip (an export imported back changes nothing).
 */

import type { InjectOptions } from 'fastify';
import { strFromU8, unzipSync } from 'fflate';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { CSV_TYPE, type ImportPreview, SHEET_COLUMNS, XLSX_TYPE } from '#shared/imports.ts';
import { buildSite } from '#testing/factories.ts';
import { readCsv, readXlsx } from '../services/spreadsheets/read.ts';
import { createTestApp, signInRoles, type TestContext } from './helpers.ts';

let ctx: TestContext;
let cookies: Awaited<ReturnType<typeof signInRoles>>;
let seniors: { id: number };
const clock = new Date('2026-11-24T18:00:00Z');

const asAdmin = (options: InjectOptions) =>
  ctx.app.inject({ ...options, headers: { cookie: cookies.admin.cookie, ...options.headers } });

beforeAll(async () => {
  ctx = await createTestApp({ AGENCY_TIME_ZONE: 'America/Los_Angeles' }, { now: () => clock });
  cookies = await signInRoles(ctx);
  const item = async (list: string, body: object) =>
    (await asAdmin({ method: 'POST', url: `/api/${list}`, payload: body })).json() as { id: number };
  seniors = await item('populations', {
    name: 'Seniors 60+',
    translations: { zh: { name: '60 歲或以上長者' } },
  });
  const lunch = await item('mealtypes', { name: 'Lunch' });
  const takeHome = await item('mealtypes', { name: '=Take-home meals' });
  const partner = await item('nutritionpartners', { name: 'Self-Help for the Elderly' });
  for (const body of [
    buildSite({
      name: 'Chinatown Lunch',
      translations: { es: { name: 'Almuerzo de Chinatown' }, zh: { name: '華埠午餐' } },
      phoneExtension: '3',
      facts: EVERY_FACT,
      PopulationIds: [seniors.id],
      MealTypeIds: [lunch.id, takeHome.id],
      NutritionPartnerIds: [partner.id],
      Hours: [
        { day: 1, open: '11:30', close: '13:30' },
        { day: 2, open: '11:30', close: '13:30' },
        { day: 3, open: '11:30', close: '13:30', weeks: [1, 3] },
        { day: 6, open: '09:00', close: '12:00', weeks: [-1] },
      ],
    }),
    buildSite({ name: '=HYPERLINK("http://evil.example","click")', phoneNumber: '', email: '', website: '' }),
    buildSite({ name: "'=already quoted", address: '@home, 1 Main St', lat: null, lng: null, Hours: [] }),
    buildSite({ name: '-minus first', address: '+plus first' }),
  ]) {
    const response = await asAdmin({ method: 'POST', url: '/api/sites', payload: body });
    expect(response.statusCode, response.body).toBe(201);
  }
});
afterAll(() => ctx.close());

/** Every fact known, with notes in three languages (a '=' note is guarded like any cell). */
const EVERY_FACT = {
  reservation: 'required',
  reserveDays: 1,
  reserveBy: '13:00',
  reservePhone: '4155550199',
  reservePhoneDays: [1, 2, 3, 4, 5],
  reservePhoneOpen: '09:00',
  reservePhoneClose: '12:00',
  reserveUrl: 'https://meals.example.org/reserve',
  walkIns: false,
  cost: 'suggested',
  suggestedAmount: 3.5,
  guestPrice: 6,
  spouse: true,
  caregiver: true,
  guests: false,
  firstVisit: 'form',
  languages: ['yue', 'cmn', 'en'],
  stepFree: true,
  restroom: true,
  elevator: false,
  hearingLoop: true,
  parking: false,
  seatingWithArms: true,
  transport: true,
  transportPhone: '4155550111',
  notes: {
    reservation: 'Ask for Mei, the line is busy at 9',
    transit: 'Muni 30, 45',
    about: '=Bingo Fridays',
  },
  translations: {
    es: { reservation: 'Pregunte por Mei', transit: 'Muni 30, 45' },
    zh: { reservation: '請找 Mei', about: '逢星期五有賓果遊戲' },
  },
};

const parseCsvLines = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);

describe('GET /api/sites/export.csv', () => {
  it('answers every site with exactly the columns, as a dated attachment', async () => {
    const response = await asAdmin({ method: 'GET', url: '/api/sites/export.csv' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="sites-2026-11-24.csv"');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = parseCsvLines(response.body);
    expect(lines[0]).toBe(SHEET_COLUMNS.join(','));
    expect(lines).toHaveLength(5);
    const chinatown = lines.find((line) => line.includes('Chinatown Lunch'))!;
    expect(chinatown).toContain(',"Mon, Tue 11:30–13:30; 1st & 3rd Wed 11:30–13:30; last Sat 9:00–12:00",');
    // Several items in one cell, separated by "; ", guarded when the cell starts like a formula.
    expect(chinatown).toContain(",Self-Help for the Elderly,Seniors 60+,'=Take-home meals; Lunch,,");
  });

  it('guards the cells a spreadsheet program would run as formulas', async () => {
    const body = (await asAdmin({ method: 'GET', url: '/api/sites/export.csv' })).body;
    expect(body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(body).toContain(`''=already quoted`);
    expect(body).toContain(`'-minus first,'+plus first`);
    expect(body).toContain(`"'@home, 1 Main St"`);
    // A negative longitude is a number, not a formula.
    expect(body).toMatch(/,-122\.\d+,/);
    expect(body).not.toMatch(/(^|,)=/m);
  });

  it('applies the filters of the locations page', async () => {
    const response = await asAdmin({ method: 'GET', url: `/api/sites/export.csv?population=${seniors.id}` });
    const lines = parseCsvLines(response.body);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Chinatown Lunch');
  });
});

describe('GET /api/sites/export.xlsx', () => {
  it('answers a workbook with the same rows, every cell text, no formula', async () => {
    const response = await asAdmin({ method: 'GET', url: '/api/sites/export.xlsx' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_TYPE);
    expect(response.headers['content-disposition']).toBe('attachment; filename="sites-2026-11-24.xlsx"');
    const [sheet] = await readXlsxFile(response.rawPayload);
    expect(sheet!.data[0]).toEqual([...SHEET_COLUMNS]);
    // The CSV's guard, in the workbook too (R374).
    expect(sheet!.data.map((row) => row[1])).toContain(`'=HYPERLINK("http://evil.example","click")`);
    const xml = strFromU8(unzipSync(new Uint8Array(response.rawPayload))['xl/worksheets/sheet1.xml']!);
    expect(xml).not.toMatch(/<f[\s>]/);
  });
});

describe('the round trip', () => {
  it.each([
    ['csv', CSV_TYPE],
    ['xlsx', XLSX_TYPE],
  ])('an exported %s imported back is "no changes"', async (format, type) => {
    const exported = await asAdmin({ method: 'GET', url: `/api/sites/export.${format}` });
    const response = await asAdmin({
      method: 'POST',
      url: '/api/imports',
      payload: exported.rawPayload,
      headers: { 'content-type': type },
    });
    expect(response.statusCode, response.body).toBe(201);
    const preview = response.json() as ImportPreview;
    expect(preview.rows.filter((row) => row.kind !== 'unchanged')).toEqual([]);
    expect(preview.summary).toEqual({ new: 0, changed: 0, unchanged: 4, errors: 0 });
  });
});

describe('translations and the last confirmation in a sheet (R630–R634)', () => {
  const upload = async (csv: string, query = '') => {
    const response = await asAdmin({
      method: 'POST',
      url: `/api/imports${query}`,
      payload: Buffer.from(csv),
      headers: { 'content-type': CSV_TYPE },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as ImportPreview;
  };
  const sitesNow = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/api/sites' })).json() as Array<{
      id: number;
      name: string;
      address: string;
      translations: { es?: { name?: string }; zh?: { name?: string } };
      confirmedAt: string | null;
    }>;

  it('exports the names in Spanish and Chinese, the items’ translations in order, and the confirmation date', async () => {
    const site = (await sitesNow()).find((one) => one.name === 'Chinatown Lunch')!;
    const confirmed = await asAdmin({
      method: 'POST',
      url: `/api/sites/${site.id}/confirmations`,
      payload: { method: 'phone' },
    });
    expect(confirmed.statusCode, confirmed.body).toBeLessThan(300);
    const [sheet] = await readXlsxFile(
      (await asAdmin({ method: 'GET', url: '/api/sites/export.xlsx' })).rawPayload,
    );
    const header = sheet!.data[0] as string[];
    const row = sheet!.data.find((cells) => cells[1] === 'Chinatown Lunch')!;
    const cell = (column: string) => row[header.indexOf(column)];
    expect(cell('nameEs')).toBe('Almuerzo de Chinatown');
    expect(cell('nameZh')).toBe('華埠午餐');
    expect(cell('populationsZh')).toBe('60 歲或以上長者');
    expect(cell('populationsEs')).toBeNull();
    // The agency's date (America/Los_Angeles) of the confirmation made at 10:00 there.
    expect(cell('confirmedAt')).toBe('2026-11-24');
  });

  it('an export with translations and a confirmation date imports back as "no changes"', async () => {
    const exported = await asAdmin({ method: 'GET', url: '/api/sites/export.csv' });
    const preview = await upload(exported.body);
    expect(preview.rows.filter((row) => row.kind !== 'unchanged')).toEqual([]);
  });

  it('a changed Chinese name is a change; the confirmation date is never read', async () => {
    const site = (await sitesNow()).find((one) => one.name === 'Chinatown Lunch')!;
    const preview = await upload(
      `id,name,address,nameZh,confirmedAt\n${site.id},Chinatown Lunch,"${site.address}",華埠長者午餐,1999-01-01\n`,
    );
    expect(preview.rows[0]).toMatchObject({
      kind: 'changed',
      changes: [{ field: 'nameZh', before: '華埠午餐', after: '華埠長者午餐' }],
    });
    const result = await asAdmin({ method: 'POST', url: `/api/imports/${preview.id}/commit`, payload: {} });
    expect(result.statusCode, result.body).toBe(200);
    const after = (await sitesNow()).find((one) => one.id === site.id)!;
    expect(after.translations).toEqual({
      es: { name: 'Almuerzo de Chinatown' },
      zh: { name: '華埠長者午餐' },
    });
    expect(after.confirmedAt).toBe(site.confirmedAt);
  });

  it('a list item the import creates takes the translations beside its name', async () => {
    const csv = [
      'name,address,populations,populationsEs,populationsZh',
      '"Mission Lunch","3 Mission St, San Francisco, CA 94103","Seniors 60+; Veterans","; Veteranos","; 退伍軍人"',
    ].join('\n');
    const preview = await upload(csv, '?createMissingItems=true');
    expect(preview.newItems).toEqual([
      {
        list: 'populations',
        name: 'Veterans',
        translations: { es: { name: 'Veteranos' }, zh: { name: '退伍軍人' } },
      },
    ]);
    const result = await asAdmin({ method: 'POST', url: `/api/imports/${preview.id}/commit`, payload: {} });
    expect(result.statusCode, result.body).toBe(200);
    const items = (await ctx.app.inject({ method: 'GET', url: '/api/populations' })).json() as Array<{
      name: string;
      translations: object;
    }>;
    expect(items.find((item) => item.name === 'Veterans')!.translations).toEqual({
      es: { name: 'Veteranos' },
      zh: { name: '退伍軍人' },
    });
    // The existing item's translations in the sheet were not applied to it.
    expect(items.find((item) => item.name === 'Seniors 60+')!.translations).toEqual({
      zh: { name: '60 歲或以上長者' },
    });
  });
});

describe('the facts in a sheet (R545–R547)', () => {
  const upload = async (csv: string) => {
    const response = await asAdmin({
      method: 'POST',
      url: '/api/imports',
      payload: Buffer.from(csv),
      headers: { 'content-type': CSV_TYPE },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as ImportPreview;
  };
  const chinatown = async () => {
    const sites = (await ctx.app.inject({ method: 'GET', url: '/api/sites' })).json() as Array<{
      id: number;
      name: string;
      address: string;
      facts: Record<string, unknown>;
    }>;
    return sites.find((site) => site.name === 'Chinatown Lunch')!;
  };

  it('exports each fact readably: yes/no, codes, numbers, lists, notes per language', async () => {
    const exported = await asAdmin({ method: 'GET', url: '/api/sites/export.csv' });
    const [header, ...rows] = parseCsvLines(exported.body);
    const columns = header!.split(',');
    const row = rows.find((line) => line.includes('Chinatown Lunch'))!;
    for (const column of ['reservation', 'walkIns', 'suggestedAmount', 'languages', 'reservationNoteZh']) {
      expect(columns).toContain(column);
    }
    expect(row).toContain('required');
    expect(row).toContain(',no,');
    expect(row).toContain('3.5');
    expect(row).toContain('"yue, cmn, en"');
    expect(row).toContain('請找 Mei');
  });

  it('an old sheet without the facts columns leaves the facts as they are', async () => {
    const site = await chinatown();
    const preview = await upload(`id,name,address\n${site.id},Chinatown Lunch,"${site.address}"\n`);
    expect(preview.summary).toMatchObject({ changed: 0, unchanged: 1, errors: 0 });
  });

  it('a changed fact is a change of that column, and a bad amount an error on its cell', async () => {
    const site = await chinatown();
    const changed = await upload(
      `id,name,address,stepFree,guestPrice\n${site.id},Chinatown Lunch,"${site.address}",no,6\n`,
    );
    expect(changed.rows[0]).toMatchObject({
      kind: 'changed',
      changes: [{ field: 'stepFree', before: 'yes', after: 'no' }],
    });
    const refused = await upload(
      `id,name,address,suggestedAmount,languages\n${site.id},Chinatown Lunch,"${site.address}",3.505,"yue, xx"\n`,
    );
    expect(refused.rows[0]).toMatchObject({ kind: 'error' });
    const errors = (refused.rows[0] as { errors: Array<{ column: string; code: string }> }).errors;
    expect(errors).toContainEqual(
      expect.objectContaining({ column: 'suggestedAmount', code: 'invalid_amount' }),
    );
    expect(errors).toContainEqual(expect.objectContaining({ column: 'languages', code: 'unknown_language' }));
  });
});

describe('one sheet, two formats (R374)', () => {
  it('a cell reads the same from CSV and from a workbook: the guard is taken off in both', async () => {
    const cells = ["'=1+1", "''=quoted", "'plain quote", "'-5 tons"];
    const csv = new TextEncoder().encode(
      `name,address\n${cells.map((cell, i) => `"${cell.replace(/"/g, '""')}",${i} Main St`).join('\n')}\n`,
    );
    const workbook = await writeXlsxFile(
      [
        [{ value: 'name' }, { value: 'address' }],
        ...cells.map((cell, i) => [{ value: cell }, { value: `${i} Main St` }]),
      ] as never,
      { sheet: 'Sites' } as never,
    ).toBuffer();
    const fromCsv = readCsv(csv).rows.map((row) => row.cells.name);
    const fromXlsx = (await readXlsx(new Uint8Array(workbook as Buffer))).rows.map((row) => row.cells.name);
    expect(fromCsv).toEqual(['=1+1', "'=quoted", "'plain quote", '-5 tons']);
    expect(fromXlsx).toEqual(fromCsv);
  });
});

describe('GET /api/sites/import-template.csv', () => {
  it('answers the headers and one example row, which imports as one new site', async () => {
    const response = await asAdmin({ method: 'GET', url: '/api/sites/import-template.csv' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('attachment');
    const lines = parseCsvLines(response.body);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(SHEET_COLUMNS.join(','));
    const preview = (
      await asAdmin({
        method: 'POST',
        url: '/api/imports',
        payload: response.rawPayload,
        headers: { 'content-type': CSV_TYPE },
      })
    ).json() as ImportPreview;
    expect(preview.summary).toEqual({ new: 1, changed: 0, unchanged: 0, errors: 0 });
  });
});

describe('who may export', () => {
  it.each(['/api/sites/export.csv', '/api/sites/export.xlsx', '/api/sites/import-template.csv'])(
    '%s: anonymous 401, a plain user 403',
    async (url) => {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect(
        (await ctx.app.inject({ method: 'GET', url, headers: { cookie: cookies.user.cookie } })).statusCode,
      ).toBe(403);
    },
  );
});
