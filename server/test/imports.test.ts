/**
 * docs/product.md R230–R239: spreadsheet import with a preview. Every file here is a real one built in
 * the test: CSV text, an .xlsx written with write-excel-file, a zip that is not a workbook, the header
 * of an encrypted (OLE) workbook.
 */
import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { CSV_TYPE, type ImportPreview, XLSX_TYPE } from '#shared/imports.ts';
import { buildSite } from '#testing/factories.ts';
import { history, imports, mealTypes, sites } from '../db/schema.ts';
import type { Geocoder } from '../services/geocoding.ts';
import { createTestApp, signInRoles, type TestContext } from './helpers.ts';

let ctx: TestContext;
let cookies: Awaited<ReturnType<typeof signInRoles>>;
let clock = new Date('2026-11-24T18:00:00Z');
const geocoded: string[] = [];
/** Finds every address but those containing "Nowhere". */
const geocoder: Geocoder = {
  geocode: async (address) => {
    geocoded.push(address);
    return address.includes('Nowhere')
      ? { ok: false, reason: 'not-found' }
      : { ok: true, lat: 37.5, lng: -122.5 };
  },
};

type SiteAnswer = { id: number; version: number; name: string; address: string } & Record<string, unknown>;
let seniors: { id: number };
let lunch: { id: number };
let siteA: SiteAnswer;
let siteB: SiteAnswer;

const asAdmin = (options: InjectOptions) =>
  ctx.app.inject({ ...options, headers: { cookie: cookies.admin.cookie, ...options.headers } });

const upload = (body: string | Buffer | Uint8Array, type = CSV_TYPE, query = '', headers = {}) =>
  asAdmin({
    method: 'POST',
    url: `/api/imports${query}`,
    payload: Buffer.from(body),
    headers: { 'content-type': type, ...headers },
  });

const commit = (id: string, body: object = {}) =>
  asAdmin({ method: 'POST', url: `/api/imports/${id}/commit`, payload: body });

const csvCell = (value: string) => (/[",;\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
const csv = (rows: string[][]) => rows.map((row) => row.map(csvCell).join(',')).join('\n');

const HEADER = ['id', 'name', 'address', 'phoneNumber', 'email', 'hours', 'populations', 'mealTypes'];

async function siteCount() {
  const [row] = await ctx.database.db.select({ n: count() }).from(sites);
  return row!.n;
}
async function importCount() {
  const [row] = await ctx.database.db.select({ n: count() }).from(imports);
  return row!.n;
}
const getSite = async (id: number) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/sites/${id}` })).json() as SiteAnswer;

beforeAll(async () => {
  ctx = await createTestApp({}, { now: () => clock, geocoder });
  cookies = await signInRoles(ctx);
  const item = async (list: string, body: object) =>
    (await asAdmin({ method: 'POST', url: `/api/${list}`, payload: body })).json() as { id: number };
  seniors = await item('populations', {
    name: 'Seniors 60+',
    translations: { es: { name: 'Personas de 60 años o más' }, zh: { name: '60 歲或以上長者' } },
  });
  lunch = await item('mealtypes', { name: 'Lunch' });
});
afterAll(() => ctx.close());

beforeEach(async () => {
  const create = async (body: object) =>
    (await asAdmin({ method: 'POST', url: '/api/sites', payload: body })).json() as SiteAnswer;
  siteA = await create(buildSite({ PopulationIds: [seniors.id] }));
  siteB = await create(
    buildSite({ MealTypeIds: [lunch.id], Hours: [{ day: 2, open: '09:00', close: '12:00' }] }),
  );
  geocoded.length = 0;
});

/** A file with one row of each kind: new, changed (by id), unchanged (by name + address), error. */
const mixedFile = () =>
  csv([
    HEADER,
    [
      '',
      'Sunset Senior Lunch',
      '900 Taraval St, San Francisco, CA 94116',
      '(415) 555-0199',
      'Meals@Sunset.org',
      'Mon–Fri 11:30–13:30; 1st & 3rd Sat 9:00–12:00',
      '60 歲或以上長者',
      'lunch',
    ],
    [
      String(siteA.id),
      siteA.name,
      siteA.address,
      '415-555-0111',
      siteA.email as string,
      'Mon 11:00–13:00; Wed 11:00–13:00',
      'Seniors 60+',
      '',
    ],
    [
      '',
      `${siteB.name} `,
      `  ${siteB.address} `,
      siteB.phoneNumber as string,
      siteB.email as string,
      'Tue 9am–12pm',
      '',
      'Lunch',
    ],
    ['', 'Broken Row', '1 Nowhere Ln', '555', 'not-an-email', 'Mon 13:30–11:30', 'Martians', ''],
  ]);

describe('the preview', () => {
  it('answers every kind of row, with the summary, and writes nothing but the preview', async () => {
    const before = { sites: await siteCount(), a: await getSite(siteA.id) };
    const response = await upload(mixedFile());
    expect(response.statusCode, response.body).toBe(201);
    const preview = response.json() as ImportPreview;
    expect(preview.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(preview.summary).toEqual({ new: 1, changed: 1, unchanged: 1, errors: 1 });
    expect(preview.rows[0]).toEqual({
      row: 2,
      kind: 'new',
      site: expect.objectContaining({
        name: 'Sunset Senior Lunch',
        phoneNumber: '4155550199',
        email: 'meals@sunset.org',
        hours: 'Mon–Fri 11:30–13:30; 1st & 3rd Sat 9:00–12:00',
        populations: 'Seniors 60+',
        mealTypes: 'Lunch',
        lat: '37.5',
        lng: '-122.5',
      }),
    });
    expect(preview.rows[1]).toEqual({
      row: 3,
      kind: 'changed',
      siteId: siteA.id,
      name: siteA.name,
      changes: [{ field: 'phoneNumber', before: siteA.phoneNumber, after: '4155550111' }],
    });
    expect(preview.rows[2]).toEqual({ row: 4, kind: 'unchanged', siteId: siteB.id, name: siteB.name });
    expect(preview.rows[3]).toEqual({
      row: 5,
      kind: 'error',
      errors: expect.arrayContaining([
        expect.objectContaining({
          column: 'populations',
          code: 'unknown_item',
          params: { name: 'Martians' },
        }),
        expect.objectContaining({
          column: 'phoneNumber',
          code: 'invalid_phone',
          message: 'must be exactly 10 digits',
        }),
        expect.objectContaining({ column: 'email', code: 'invalid_email' }),
        expect.objectContaining({ column: 'hours', code: 'close_not_after_open' }),
      ]),
    });
    expect(preview.newItems).toEqual([]);
    expect(await siteCount()).toBe(before.sites);
    expect(await getSite(siteA.id)).toEqual(before.a);
  });

  it('words row errors in the language of the request', async () => {
    const response = await upload(mixedFile(), CSV_TYPE, '?lng=es');
    const errors = (response.json() as ImportPreview).rows.find((row) => row.kind === 'error');
    expect(errors).toMatchObject({
      errors: expect.arrayContaining([
        expect.objectContaining({
          code: 'unknown_item',
          message: 'no tiene ningún elemento de lista llamado Martians',
        }),
      ]),
    });
  });

  it('refuses an unreadable hours cell and an unknown id, and a site named twice in one file', async () => {
    const response = await upload(
      csv([
        HEADER,
        ['', 'A', '1 A St', '', '', 'sometimes', '', ''],
        ['999999', 'B', '1 B St', '', '', '', '', ''],
        [String(siteA.id), siteA.name, siteA.address, '', '', 'Mon 9–10', '', ''],
        [String(siteA.id), siteA.name, siteA.address, '', '', '', '', ''],
      ]),
    );
    const rows = (response.json() as ImportPreview).rows;
    expect(rows[0]).toMatchObject({
      kind: 'error',
      errors: [{ column: 'hours', code: 'invalid_hours_text' }],
    });
    expect(rows[1]).toMatchObject({ kind: 'error', errors: [{ column: 'id', code: 'unknown_site' }] });
    expect(rows[2]).toMatchObject({ kind: 'changed', siteId: siteA.id });
    expect(rows[3]).toMatchObject({
      kind: 'error',
      errors: [{ column: 'id', code: 'duplicate_row', params: { row: 4 } }],
    });
  });

  it('reads an agency’s own hours and phones, says how it read them, and suggests for what it cannot read (R600–R607)', async () => {
    const response = await upload(
      csv([
        ['id', 'name', 'address', 'phoneNumber', 'hours'],
        ['', 'County Lunch', '1 County Way', '415-555-0142 ext 12', 'M-F 11:30-1:00'],
        ['', 'Centro Latino', '2 Mission St', '415-555-0143 extension 7', 'Lunes a viernes 11:30-13:00'],
        ['', 'Chinatown Lunch', '3 Stockton St', '', '星期一至五 上午11時30分至下午1時'],
        ['', 'Canonical Lunch', '4 Canonical St', '', 'Mon–Fri 11:30–13:30'],
        [String(siteA.id), siteA.name, siteA.address, siteA.phoneNumber as string, 'Weekdays 11-1'],
        ['', 'Someday Lunch', '5 Someday St', '', 'Tue/Thu lunch'],
      ]),
      CSV_TYPE,
      '?lng=es',
    );
    expect(response.statusCode, response.body).toBe(201);
    const rows = (response.json() as ImportPreview).rows;
    const weekdays = [1, 2, 3, 4, 5].map((day) => ({ day, open: '11:30', close: '13:00' }));
    expect(rows[0]).toMatchObject({
      kind: 'new',
      site: { hours: 'Mon–Fri 11:30–13:00', phoneNumber: '4155550142', phoneExtension: '12' },
      readAs: [{ column: 'hours', hours: weekdays, guesses: ['afternoon', 'day_abbreviation'] }],
    });
    expect(rows[1]).toMatchObject({
      kind: 'new',
      site: { hours: 'Mon–Fri 11:30–13:00', phoneExtension: '7' },
      readAs: [{ column: 'hours', hours: weekdays, guesses: [] }],
    });
    expect(rows[2]).toMatchObject({
      kind: 'new',
      site: { hours: 'Mon–Fri 11:30–13:00' },
      readAs: [{ column: 'hours', guesses: [] }],
    });
    expect(rows[3]).toMatchObject({ kind: 'new', site: { hours: 'Mon–Fri 11:30–13:30' } });
    expect(rows[3]).not.toHaveProperty('readAs');
    expect(rows[4]).toMatchObject({
      kind: 'changed',
      siteId: siteA.id,
      changes: [{ field: 'hours', after: 'Mon–Fri 11:00–13:00' }],
      readAs: [{ column: 'hours', guesses: ['afternoon', 'day_range'] }],
    });
    expect(rows[5]).toEqual({
      row: 7,
      kind: 'error',
      errors: [
        {
          column: 'hours',
          code: 'invalid_hours_text',
          params: { part: 'Tue/Thu lunch', example: 'Tue, Thu 11:30–13:30' },
          message: 'no se puede leer en «Tue/Thu lunch»: escriba el horario como Tue, Thu 11:30–13:30',
        },
      ],
    });
    // The stored preview answers the same notes.
    const id = (response.json() as ImportPreview).id;
    const stored = await asAdmin({ method: 'GET', url: `/api/imports/${id}` });
    expect(stored.json().rows[0].readAs).toEqual(rows[0]!.kind === 'new' ? rows[0]!.readAs : undefined);
  });

  it('leaves the columns a file does not have as they are', async () => {
    const response = await upload(
      csv([
        ['name', 'address', 'email'],
        [siteA.name, siteA.address, 'new@example.org'],
      ]),
    );
    expect((response.json() as ImportPreview).rows).toEqual([
      {
        row: 2,
        kind: 'changed',
        siteId: siteA.id,
        name: siteA.name,
        changes: [{ field: 'email', before: siteA.email, after: 'new@example.org' }],
      },
    ]);
  });

  it('reads a semicolon-separated CSV with a byte-order mark and quoted fields', async () => {
    const text = `\uFEFFname;address;hours\n"Mission; Dining";"200 Valencia St, San Francisco";"Tue 11:30am–1pm"\n`;
    const response = await upload(text);
    expect(response.statusCode, response.body).toBe(201);
    expect((response.json() as ImportPreview).rows[0]).toMatchObject({
      kind: 'new',
      site: { name: 'Mission; Dining', address: '200 Valencia St, San Francisco', hours: 'Tue 11:30–13:00' },
    });
  });

  it('reads a real .xlsx workbook', async () => {
    const workbook = await writeXlsxFile(
      [
        [{ value: 'Notes' }],
        [
          { value: 'Name' },
          { value: 'Address' },
          { value: 'Phone number' },
          { value: 'Latitude' },
          { value: 'Longitude' },
        ],
        [
          { value: 'Excelsior Lunch' },
          { value: '4500 Mission St' },
          { value: 4155550123 },
          { value: 37.72 },
          { value: -122.43 },
        ],
      ] as never,
      { sheet: 'Sites' } as never,
    ).toBuffer();
    const response = await upload(workbook, XLSX_TYPE);
    expect(response.statusCode, response.body).toBe(201);
    expect((response.json() as ImportPreview).rows).toEqual([
      {
        row: 3,
        kind: 'new',
        site: expect.objectContaining({
          name: 'Excelsior Lunch',
          phoneNumber: '4155550123',
          lat: '37.72',
          lng: '-122.43',
        }),
      },
    ]);
    expect(geocoded).toEqual([]);
  });

  it('geocodes new addresses without a position and flags the rows where none was found', async () => {
    const response = await upload(
      csv([
        ['name', 'address'],
        ['Found', '10 Found St'],
        ['Lost', '1 Nowhere Ln'],
        [siteA.name, siteA.address],
      ]),
    );
    const rows = (response.json() as ImportPreview).rows;
    expect(rows[0]).toMatchObject({ kind: 'new', site: { lat: '37.5', lng: '-122.5' } });
    expect(rows[0]).not.toHaveProperty('noPosition');
    expect(rows[1]).toMatchObject({ kind: 'new', noPosition: true, site: { lat: '', lng: '' } });
    expect(rows[2]).toEqual({ row: 4, kind: 'unchanged', siteId: siteA.id, name: siteA.name });
    expect(geocoded.sort()).toEqual(['1 Nowhere Ln', '10 Found St']);
  });
});

describe('the commit', () => {
  it('is refused while there are error rows, then applies the rest with skipErrors, recording an import', async () => {
    const preview = (await upload(mixedFile())).json() as ImportPreview;
    const sitesBefore = await siteCount();
    const refused = await commit(preview.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'import_has_errors', params: { count: 1 } });
    expect(await siteCount()).toBe(sitesBefore);

    const response = await commit(preview.id, { skipErrors: true });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as {
      created: number[];
      updated: number[];
      unchanged: number;
      skipped: number;
    };
    expect(result).toMatchObject({ updated: [siteA.id], unchanged: 1, skipped: 1 });
    expect(result.created).toHaveLength(1);
    expect(await siteCount()).toBe(sitesBefore + 1);

    const created = await getSite(result.created[0]!);
    expect(created).toMatchObject({
      name: 'Sunset Senior Lunch',
      phoneNumber: '4155550199',
      lat: 37.5,
      Populations: [expect.objectContaining({ id: seniors.id })],
      MealTypes: [expect.objectContaining({ id: lunch.id })],
    });
    expect(created.Hours).toContainEqual({ day: 6, open: '09:00', close: '12:00', weeks: [1, 3] });
    expect((await getSite(siteA.id)).phoneNumber).toBe('4155550111');

    const entries = await ctx.database.db.select().from(history).where(eq(history.entityId, siteA.id));
    expect(entries.at(-1)).toMatchObject({ entity: 'site', action: 'import', userId: cookies.admin.id });
    expect(entries.at(-1)!.changes).toEqual({ phoneNumber: [siteA.phoneNumber, '4155550111'] });
  });

  it('is refused when started twice', async () => {
    const preview = (
      await upload(
        csv([
          ['name', 'address'],
          ['Twice', '2 Twice St'],
        ]),
      )
    ).json() as ImportPreview;
    expect((await commit(preview.id)).statusCode).toBe(200);
    const again = await commit(preview.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'import_committed',
      message: 'This import was already committed.',
    });
  });

  it('is refused when a matched site changed after the preview, and writes nothing', async () => {
    const preview = (
      await upload(
        csv([
          ['id', 'name', 'address', 'email'],
          [String(siteA.id), siteA.name, siteA.address, 'x@example.org'],
          ['', 'New', '3 New St', ''],
        ]),
      )
    ).json() as ImportPreview;
    const edit = await asAdmin({
      method: 'PATCH',
      url: `/api/sites/${siteA.id}`,
      payload: { website: 'https://edited.example.org' },
    });
    expect(edit.statusCode).toBe(200);
    const before = await siteCount();
    const response = await commit(preview.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'import_stale' });
    expect(await siteCount()).toBe(before);
    expect((await getSite(siteA.id)).email).toBe(siteA.email);
  });

  it('creates the missing list items only with createMissingItems, at commit', async () => {
    const file = csv([
      ['name', 'address', 'mealTypes'],
      ['Dinner Club', '4 Dinner St', 'Lunch; Dinner'],
      ['Dinner Too', '5 Dinner St', 'dinner'],
    ]);
    const without = (await upload(file)).json() as ImportPreview;
    expect(without.summary.errors).toBe(2);

    const preview = (await upload(file, CSV_TYPE, '?createMissingItems=true')).json() as ImportPreview;
    expect(preview.summary).toEqual({ new: 2, changed: 0, unchanged: 0, errors: 0 });
    expect(preview.newItems).toEqual([{ list: 'mealtypes', name: 'Dinner' }]);
    expect(preview.rows[0]).toMatchObject({ site: { mealTypes: 'Dinner; Lunch' } });
    const itemsBefore = await ctx.database.db.select().from(mealTypes).where(eq(mealTypes.name, 'Dinner'));
    expect(itemsBefore).toEqual([]);

    const result = (await commit(preview.id)).json() as { created: number[]; newItems: { id: number }[] };
    expect(result.newItems).toEqual([{ list: 'mealtypes', name: 'Dinner', id: expect.any(Number) }]);
    for (const id of result.created) {
      expect((await getSite(id)).MealTypes).toContainEqual(
        expect.objectContaining({ id: result.newItems[0]!.id }),
      );
    }
  });

  it('is refused after 24 hours (an unknown or expired preview)', async () => {
    const preview = (
      await upload(
        csv([
          ['name', 'address'],
          ['Late', '6 Late St'],
        ]),
      )
    ).json() as ImportPreview;
    clock = new Date(clock.getTime() + 25 * 3_600_000);
    try {
      const response = await commit(preview.id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'import_not_found' });
    } finally {
      clock = new Date(clock.getTime() - 25 * 3_600_000);
    }
    expect((await commit('not-a-uuid')).statusCode).toBe(404);
  });
});

describe('geocoding in a preview is bounded (R344)', () => {
  /** A file of `count` new sites at addresses no test has used: `{n} {street}`. */
  const newSites = (count: number, street: string) =>
    csv([
      ['name', 'address'],
      ...Array.from({ length: count }, (_, i) => [`${street} ${i + 1}`, `${i + 1} ${street}`]),
    ]);

  it('looks up at most 50 addresses per preview, and a re-preview reuses them and looks up the next', async () => {
    const first = (await upload(newSites(60, 'Bounded St'))).json() as ImportPreview;
    expect(geocoded).toHaveLength(50);
    const waiting = first.rows.filter((row) => row.kind === 'new' && row.locateOnSave);
    expect(waiting).toHaveLength(10);
    for (const row of waiting) expect(row).toMatchObject({ site: { lat: '', lng: '' } });
    expect(first.rows.filter((row) => row.kind === 'new' && row.site.lat === '37.5')).toHaveLength(50);

    geocoded.length = 0;
    const again = (await upload(newSites(60, 'Bounded St'))).json() as ImportPreview;
    // Only the ten not looked up before were sent.
    expect(geocoded).toHaveLength(10);
    expect(
      again.rows.every((row) => row.kind === 'new' && !row.locateOnSave && row.site.lat === '37.5'),
    ).toBe(true);
  });

  it('looks up the rows left over at commit, outside its transaction, and saves their positions', async () => {
    const preview = (await upload(newSites(53, 'Committed Ave'))).json() as ImportPreview;
    expect(preview.rows.filter((row) => row.kind === 'new' && row.locateOnSave)).toHaveLength(3);
    geocoded.length = 0;
    const response = await commit(preview.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(geocoded.sort()).toEqual(['51 Committed Ave', '52 Committed Ave', '53 Committed Ave']);
    const created = (response.json() as { created: number[] }).created;
    expect(created).toHaveLength(53);
    for (const id of created) expect(await getSite(id)).toMatchObject({ lat: 37.5, lng: -122.5 });
  });
});

describe('files refused whole, with nothing written', () => {
  const refused = async (response: Awaited<ReturnType<typeof upload>>, status: number, code: string) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({ status, code, message: expect.any(String) });
    return response.json() as { message: string; params?: Record<string, unknown> };
  };
  let importsBefore: number;
  beforeEach(async () => {
    importsBefore = await importCount();
  });
  afterAll(async () => {
    expect(await importCount()).toBe(importsBefore);
  });

  it('over 5 MB (413), in the reader’s language', async () => {
    const big = `name,address\n${'x,'.repeat(3 * 1024 * 1024)}`;
    const body = await refused(
      await upload(big, CSV_TYPE, '', { 'accept-language': 'zh-HK' }),
      413,
      'file_too_large',
    );
    expect(body.message).toBe('檔案大於 5 MB。');
  });

  it('over 5,000 rows', async () => {
    const rows = Array.from({ length: 5001 }, (_, i) => `Site ${i},${i} Main St`);
    await refused(await upload(`name,address\n${rows.join('\n')}`), 422, 'too_many_rows');
  });

  it('a password-protected workbook (an OLE compound file)', async () => {
    const cfb = Buffer.alloc(1024);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(cfb);
    await refused(await upload(cfb, XLSX_TYPE), 422, 'encrypted_file');
  });

  it('a zip that is not a workbook, and text sent as a workbook', async () => {
    const zip = zipSync({ 'notes.txt': new TextEncoder().encode('hello') });
    await refused(await upload(zip, XLSX_TYPE), 422, 'not_xlsx');
    await refused(await upload('name,address\nA,B', XLSX_TYPE), 422, 'not_xlsx');
  });

  it('binary bytes sent as CSV', async () => {
    await refused(
      await upload(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d])),
      422,
      'not_csv',
    );
  });

  it('a missing required column', async () => {
    const body = await refused(
      await upload(
        csv([
          ['name', 'hours'],
          ['A', 'Mon 9–10'],
        ]),
      ),
      422,
      'missing_column',
    );
    expect(body.params).toEqual({ column: 'address' });
    expect(body.message).toBe('The file has no address column.');
  });

  it('a workbook with no sheet of sites', async () => {
    const workbook = await writeXlsxFile([
      [{ value: 'Budget' }, { value: 'Total' }],
      [{ value: 'Food' }, { value: 12 }],
    ] as never).toBuffer();
    await refused(await upload(workbook, XLSX_TYPE), 422, 'no_sheet');
  });

  it('a formula in a cell, named by its reference', async () => {
    const workbook = await writeXlsxFile([
      [{ value: 'name' }, { value: 'address' }],
      [{ value: 'A' }, { value: 'CONCAT("1 ", "Main St")', type: 'Formula' }],
    ] as never).toBuffer();
    const body = await refused(await upload(workbook, XLSX_TYPE), 422, 'formula_cell');
    expect(body.params).toEqual({ cell: 'B2' });
  });

  it('another content type (415)', async () => {
    const response = await asAdmin({ method: 'POST', url: '/api/imports', payload: { name: 'A' } });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'unsupported_type' });
  });
});

describe('who may import', () => {
  it('anonymous 401 and a plain user 403, before the file is read', async () => {
    for (const [cookie, status] of [
      [undefined, 401],
      [cookies.user.cookie, 403],
    ] as const) {
      const headers = { 'content-type': CSV_TYPE, ...(cookie ? { cookie } : {}) };
      expect(
        (await ctx.app.inject({ method: 'POST', url: '/api/imports', payload: 'name,address\nA,B', headers }))
          .statusCode,
      ).toBe(status);
      const commitAnswer = await ctx.app.inject({
        method: 'POST',
        url: '/api/imports/00000000-0000-4000-8000-000000000000/commit',
        payload: {},
        headers: cookie ? { cookie } : {},
      });
      expect(commitAnswer.statusCode).toBe(status);
    }
  });
});
