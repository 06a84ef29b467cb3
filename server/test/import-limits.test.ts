/**
 * docs/product.md R320–R324, docs/decisions/032-spreadsheets-read-in-a-worker.md: no uploaded
 * spreadsheet stalls the server. Every hostile file is built here: a workbook of unclosed cells (the
 * formula check once took minutes on it), a workbook whose archive understates its sizes (a zip bomb),
 * a CSV of five million commas. Each is answered, and while it is being read the server answers
 * other requests (the read happens in a worker thread, not on the event loop).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { CSV_TYPE, IMPORT_LIMITS, XLSX_TYPE } from '#shared/imports.ts';
import { commasCsv, unclosedCellsWorkbook, understatedWorkbook } from '#testing/hostile-files.ts';
import { ImportError } from '../services/spreadsheets/errors.ts';
import { MAX_CSV_ROW_CHARS } from '../services/spreadsheets/read.ts';
import { readSpreadsheet } from '../services/spreadsheets/reader.ts';
import { createTestApp, signInRoles, type TestContext } from './helpers.ts';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signInRoles(ctx)).admin.cookie;
});
afterAll(() => ctx.close());

const upload = (app: TestContext['app'], body: Uint8Array | string, type: string, headers = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/imports',
    payload: Buffer.from(body),
    headers: { cookie: admin, 'content-type': type, ...headers },
  });

/**
 * Starts reading `bytes` and, while that goes on, asks the server a cheap question: its answer
 * comes back before the read ends. Then the read's outcome.
 */
async function readWhileServing(bytes: Uint8Array | string, kind: 'csv' | 'xlsx') {
  let settled = false;
  const reading = readSpreadsheet(Buffer.from(bytes), kind).then(
    (table) => ({ table, error: undefined }),
    (error: unknown) => ({ table: undefined, error }),
  );
  void reading.finally(() => {
    settled = true;
  });
  const health = await ctx.app.inject({ method: 'GET', url: '/healthz' });
  expect(health.statusCode).toBe(200);
  expect(settled, 'the read was over before the server could answer another request').toBe(false);
  return reading;
}

const refusal = (outcome: { error: unknown }) => {
  expect(outcome.error).toBeInstanceOf(ImportError);
  return outcome.error as ImportError;
};

describe('hostile files are answered while the server goes on answering', () => {
  it('a workbook of unclosed cells: read in one pass, refused as unreadable', async () => {
    const file = await unclosedCellsWorkbook();
    expect(file.length).toBeLessThan(10_000);
    const outcome = await readWhileServing(file, 'xlsx');
    expect(refusal(outcome).code).toBe('unreadable_file');
    const response = await upload(ctx.app, file, XLSX_TYPE);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({ code: 'unreadable_file' });
  }, 60_000);

  it('a workbook that understates its sizes: refused at the bytes actually inflated', async () => {
    const file = await understatedWorkbook();
    expect(file.length).toBeLessThan(1024 * 1024);
    const outcome = await readWhileServing(file, 'xlsx');
    expect(refusal(outcome)).toMatchObject({ code: 'unpacked_too_large', params: { mb: 64 } });
    const response = await upload(ctx.app, file, XLSX_TYPE);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'unpacked_too_large',
      message: 'The workbook unpacks to more than 64 MB. Split it into smaller files and try again.',
    });
  }, 60_000);

  it('a 5 MB CSV of commas: refused for its columns, before it is parsed', async () => {
    const outcome = await readWhileServing(commasCsv(), 'csv');
    expect(refusal(outcome)).toMatchObject({ code: 'too_many_columns', params: { max: 200 } });
    const response = await upload(ctx.app, commasCsv(), CSV_TYPE);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'too_many_columns',
      message: 'A row of the file has more than 200 columns.',
    });
  }, 60_000);

  it('a CSV of a million empty lines is read and found empty', async () => {
    const outcome = await readWhileServing(`name,address\n${',\n'.repeat(1024 * 1024)}`, 'csv');
    expect(refusal(outcome).code).toBe('no_rows');
  }, 60_000);

  it('a cell longer than any real one is refused with its row and column', async () => {
    const response = await upload(ctx.app, `name,address\nA,"${'x'.repeat(3000)}"\n`, CSV_TYPE);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'cell_too_long',
      params: { row: 2, column: 'address', max: 2000 },
    });
  });
});

describe('rows of a real size', () => {
  it('a quoted field that never closes is refused; a long real row is read', async () => {
    const open = await upload(ctx.app, `name,address\nA,"${'x'.repeat(MAX_CSV_ROW_CHARS)}`, CSV_TYPE);
    expect(open.statusCode, open.body).toBe(422);
    expect(open.json()).toMatchObject({ code: 'unreadable_file' });
    const cell = 'y'.repeat(IMPORT_LIMITS.maxCellChars);
    const header = ['name', 'address', ...Array.from({ length: 30 }, (_, i) => `note${i}`)];
    const row = ['A', '1 Main St', ...Array.from({ length: 30 }, () => cell)];
    const table = await readSpreadsheet(Buffer.from(`${header.join(',')}\n${row.join(',')}\n`), 'csv');
    expect(table.rows[0]!.cells).toEqual({ name: 'A', address: '1 Main St' });
  }, 60_000);
});

describe('a real file of the largest size allowed', () => {
  it('a workbook of 5,000 sites is read within the default limits', async () => {
    const rows = Array.from({ length: IMPORT_LIMITS.maxRows }, (_, i) =>
      [`Site ${i}`, `${i} Main St`, '4155550140', 'Mon–Fri 11:30–13:30', 'Seniors 60+; Adults'].map(
        (value) => ({ value }),
      ),
    );
    const header = ['name', 'address', 'phoneNumber', 'hours', 'populations'].map((value) => ({ value }));
    const workbook = await writeXlsxFile([header, ...rows] as never).toBuffer();
    const table = await readSpreadsheet(workbook, 'xlsx');
    expect(table.rows).toHaveLength(IMPORT_LIMITS.maxRows);
    expect(table.rows.at(-1)).toMatchObject({ row: 5001, cells: { name: 'Site 4999' } });
  }, 90_000);
});

describe('several files at once', () => {
  it('are all read, two at a time, the others waiting their turn', async () => {
    const files = [1, 2, 3, 4].map((n) => Buffer.from(`name,address\nSite ${n},${n} Main St\n`));
    const tables = await Promise.all(files.map((file) => readSpreadsheet(file, 'csv')));
    expect(tables.map((table) => table.rows[0]!.cells.name)).toEqual([
      'Site 1',
      'Site 2',
      'Site 3',
      'Site 4',
    ]);
  }, 90_000);
});

describe('a read over its limits is ended', () => {
  it('at the time limit: 422 file_too_slow in the reader’s language, and the server goes on', async () => {
    const slow = await createTestApp({ IMPORT_READ_TIMEOUT_MS: '1' });
    try {
      const cookie = (await signInRoles(slow)).admin.cookie;
      const response = await slow.app.inject({
        method: 'POST',
        url: '/api/imports',
        payload: 'name,address\nOcean View Lunch,12 Ocean Ave\n',
        headers: { cookie, 'content-type': CSV_TYPE, 'accept-language': 'es' },
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()).toMatchObject({
        status: 422,
        code: 'file_too_slow',
        message: expect.stringMatching(/^El archivo tardó demasiado en leerse\./),
      });
      expect((await slow.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await slow.close();
    }
    // The same file within the default limit is read.
    const table = await readSpreadsheet(Buffer.from('name,address\nOcean View Lunch,12 Ocean Ave\n'), 'csv');
    expect(table.rows).toHaveLength(1);
  }, 90_000);

  it('at the memory limit: 422 file_too_complex', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => `Site ${i},${i} Main St,${'note '.repeat(150)}`);
    const error = await readSpreadsheet(Buffer.from(`name,address,notes\n${rows.join('\n')}`), 'csv', {
      memoryMb: 16,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImportError);
    expect(error).toMatchObject({ code: 'file_too_complex', statusCode: 422 });
  }, 90_000);
});

describe('the reader once the server is built to JavaScript', () => {
  it('starts the built read-worker.js next to the bundle', async () => {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'meals-reader-build-'));
    try {
      const root = path.resolve(import.meta.dirname, '../..');
      const main = path.join(outdir, 'main-source.ts');
      fs.writeFileSync(
        main,
        `import { readSpreadsheet } from ${JSON.stringify(path.join(root, 'server/services/spreadsheets/reader.ts'))};
const table = await readSpreadsheet(Buffer.from('name,address\\nOcean View Lunch,12 Ocean Ave\\n'), 'csv');
console.log(JSON.stringify(table));`,
      );
      await esbuild.build({
        entryPoints: { main, 'read-worker': path.join(root, 'server/services/spreadsheets/read-worker.ts') },
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        outdir,
        packages: 'external',
        nodePaths: [path.join(root, 'node_modules')],
        logLevel: 'silent',
      });
      expect(fs.existsSync(path.join(outdir, 'read-worker.js'))).toBe(true);
      fs.symlinkSync(path.join(root, 'node_modules'), path.join(outdir, 'node_modules'));
      const { stdout } = await promisify(execFile)(process.execPath, [path.join(outdir, 'main.js')]);
      expect(JSON.parse(stdout)).toMatchObject({
        columns: ['name', 'address'],
        rows: [{ row: 2, cells: { name: 'Ocean View Lunch', address: '12 Ocean Ave' } }],
      });
    } finally {
      fs.rmSync(outdir, { recursive: true, force: true });
    }
  }, 90_000);
});
