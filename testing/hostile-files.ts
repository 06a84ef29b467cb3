/**
 * Hostile spreadsheets, built byte by byte, for the import tests and `npm run bench:files`
 * (docs/decisions/032-spreadsheets-read-in-a-worker.md): a workbook of unclosed cells (a backtracking
 * formula check once took minutes on it), a workbook whose archive understates its sizes (a zip bomb),
 * a CSV of five million commas.
 */
import { crc32 } from 'node:zlib';
import { Deflate, deflateSync, strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import writeXlsxFile from 'write-excel-file/node';
import { MAX_UNZIPPED_BYTES } from '#server/services/spreadsheets/xlsx-archive.ts';
import { IMPORT_LIMITS } from '#shared/imports.ts';

/** A real workbook (header name, address and one site), unpacked: its parts to tamper with. */
async function workbookParts() {
  const workbook = await writeXlsxFile([
    [{ value: 'name' }, { value: 'address' }],
    [{ value: 'Ocean View Lunch' }, { value: '12 Ocean Ave' }],
  ] as never).toBuffer();
  return unzipSync(new Uint8Array(workbook));
}

/** The sheet of a real workbook with 300,000 unclosed `<c>` cells: 4 KB zipped. */
export async function unclosedCellsWorkbook() {
  const parts = await workbookParts();
  const sheet = strFromU8(parts['xl/worksheets/sheet1.xml']!);
  const crafted = sheet.replace('</sheetData>', `${'<c>'.repeat(300_000)}</sheetData>`);
  return zipSync({ ...parts, 'xl/worksheets/sheet1.xml': strToU8(crafted) });
}

/**
 * A workbook whose sheet inflates to more than the importer reads, while its archive says the sheet
 * is 1 KB: a zip archive written here entry by entry, with a lie in both size fields.
 */
export async function understatedWorkbook() {
  const parts = await workbookParts();
  const sheet = strFromU8(parts['xl/worksheets/sheet1.xml']!);
  const [head, tail] = sheet.split('</sheetData>') as [string, string];
  const chunks: Uint8Array[] = [];
  const deflate = new Deflate({ level: 1 }, (chunk) => chunks.push(chunk));
  const padding = strToU8(' '.repeat(1024 * 1024));
  deflate.push(strToU8(head));
  let crc = crc32(strToU8(head));
  for (let mb = 0; mb * 1024 * 1024 <= MAX_UNZIPPED_BYTES; mb += 1) {
    deflate.push(padding);
    crc = crc32(padding, crc);
  }
  const end = strToU8(`</sheetData>${tail}`);
  deflate.push(end, true);
  crc = crc32(end, crc);
  const entries = Object.entries(parts).map(([name, data]) =>
    name === 'xl/worksheets/sheet1.xml'
      ? { name, compressed: Buffer.concat(chunks), crc, size: 1024 }
      : { name, compressed: Buffer.from(deflateSync(data)), crc: crc32(data), size: data.length },
  );
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.compressed.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(entry.crc, 16);
    header.writeUInt32LE(entry.compressed.length, 20);
    header.writeUInt32LE(entry.size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.compressed);
    central.push(header, name);
    offset += 30 + name.length + entry.compressed.length;
  }
  const directory = Buffer.concat(central);
  const endRecord = Buffer.alloc(22);
  endRecord.writeUInt32LE(0x06054b50, 0);
  endRecord.writeUInt16LE(entries.length, 8);
  endRecord.writeUInt16LE(entries.length, 10);
  endRecord.writeUInt32LE(directory.length, 12);
  endRecord.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, endRecord]);
}

/** A CSV just under 5 MB: a header, then one line of commas. */
export const commasCsv = () => `name,address\n${','.repeat(IMPORT_LIMITS.maxBytes - 100)}`;
