/**
 * An .xlsx archive read without trusting it: its XML parts inflated with the bytes counted as they
 * come out (`unzipWorkbook`), and the first cell holding a formula found in one bounded pass
 * (`findFormula`). Used by `readXlsx` (read.ts).
 */
import { Inflate, strFromU8 } from 'fflate';
import { ImportError } from './errors.ts';

/**
 * Unpacked bytes of the parts of an .xlsx that are read, counted as they are inflated (not as the
 * archive declares them): a 5,000-row sheet is a few MB of XML, a zip bomb is refused at this.
 */
export const MAX_UNZIPPED_BYTES = 64 * 1024 * 1024;
/** Compressed bytes given to the inflater at a time: what one step may inflate stays near 16 MB. */
const INFLATE_CHUNK = 16 * 1024;

const isWordChar = (code: number) =>
  (code >= 0x30 && code <= 0x39) ||
  (code >= 0x41 && code <= 0x5a) ||
  (code >= 0x61 && code <= 0x7a) ||
  code === 0x5f;

/**
 * The reference of the first cell of a worksheet's XML that holds a formula (`<c r="B2"><f>…</f></c>`),
 * if there is one. One pass with indexOf, each character looked at a bounded number of times: no
 * regular expression runs over the sheet (one that looked for a cell's end from every `<c` took
 * minutes on a crafted sheet of unclosed cells).
 */
export function findFormulaInSheet(xml: string): string | undefined {
  let at = 0;
  for (;;) {
    const start = xml.indexOf('<c', at);
    if (start < 0) return undefined;
    // `<c` followed by a letter is another element (`<col>`, `<cfRule>`).
    if (start + 2 < xml.length && isWordChar(xml.charCodeAt(start + 2))) {
      at = start + 2;
      continue;
    }
    const tagEnd = xml.indexOf('>', start + 2);
    if (tagEnd < 0) return undefined;
    if (xml.charCodeAt(tagEnd - 1) === 0x2f /* `/>`: an empty cell */) {
      at = tagEnd + 1;
      continue;
    }
    const end = xml.indexOf('</c>', tagEnd + 1);
    // No cell closes after this one: none after it can hold a formula either.
    if (end < 0) return undefined;
    if (/<f[\s>/]/.test(xml.slice(tagEnd + 1, end)))
      return /\br="([A-Z]+\d+)"/.exec(xml.slice(start + 2, tagEnd))?.[1] ?? '?';
    at = end + 4;
  }
}

/**
 * The first cell holding a formula in each column of a worksheet's XML below row `belowRow`, by
 * column letters (`{ C: 'C4' }`): the same bounded pass as `findFormulaInSheet`, over every cell.
 */
export function formulaCellsInSheet(xml: string, belowRow = 0): Record<string, string> {
  const cells: Record<string, string> = {};
  let at = 0;
  for (;;) {
    const start = xml.indexOf('<c', at);
    if (start < 0) return cells;
    if (start + 2 < xml.length && isWordChar(xml.charCodeAt(start + 2))) {
      at = start + 2;
      continue;
    }
    const tagEnd = xml.indexOf('>', start + 2);
    if (tagEnd < 0) return cells;
    if (xml.charCodeAt(tagEnd - 1) === 0x2f) {
      at = tagEnd + 1;
      continue;
    }
    const end = xml.indexOf('</c>', tagEnd + 1);
    if (end < 0) return cells;
    if (/<f[\s>/]/.test(xml.slice(tagEnd + 1, end))) {
      const ref = /\br="([A-Z]+)(\d+)"/.exec(xml.slice(start + 2, tagEnd));
      if (ref && Number(ref[2]) > belowRow && !cells[ref[1]!]) cells[ref[1]!] = `${ref[1]}${ref[2]}`;
    }
    at = end + 4;
  }
}

/** The merged ranges of a worksheet's XML (`<mergeCell ref="A4:A6"/>`), at most `max` of them. */
export function mergeRangesInSheet(xml: string, max = 10_000): string[] {
  const ranges: string[] = [];
  let at = 0;
  while (ranges.length < max) {
    const start = xml.indexOf('<mergeCell ', at);
    if (start < 0) break;
    const end = xml.indexOf('>', start);
    if (end < 0) break;
    const ref = /\bref="([A-Z]+\d+(?::[A-Z]+\d+)?)"/.exec(xml.slice(start, end));
    if (ref) ranges.push(ref[1]!);
    at = end + 1;
  }
  return ranges;
}

/**
 * The worksheet parts of a workbook in the order of its sheets (the order the sheets are read in):
 * by the workbook's relationships, falling back to the parts' names.
 */
export function worksheetParts(files: Record<string, Uint8Array>): string[] {
  const workbook = files['xl/workbook.xml'] ? strFromU8(files['xl/workbook.xml']) : '';
  const rels = files['xl/_rels/workbook.xml.rels'] ? strFromU8(files['xl/_rels/workbook.xml.rels']) : '';
  const targets = new Map<string, string>();
  for (const tag of rels.match(/<Relationship\s[^>]*>/g) ?? []) {
    const id = /\bId="([^"]*)"/.exec(tag)?.[1];
    const target = /\bTarget="([^"]*)"/.exec(tag)?.[1];
    if (id && target) targets.set(id, target.replace(/^\/?(xl\/)?/, 'xl/'));
  }
  const parts: string[] = [];
  for (const tag of workbook.match(/<sheet\s[^>]*>/g) ?? []) {
    const id = /\br:id="([^"]*)"/.exec(tag)?.[1];
    const part = id ? targets.get(id) : undefined;
    if (part && files[part]) parts.push(part);
  }
  if (parts.length) return parts;
  return Object.keys(files)
    .filter((name) => /^xl\/worksheets\/[^/]+\.xml$/.test(name))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

/** The cell reference of the first formula in any worksheet of the workbook, if there is one. */
export function findFormula(files: Record<string, Uint8Array>): string | undefined {
  for (const [name, content] of Object.entries(files)) {
    if (!/^xl\/worksheets\/[^/]+\.xml$/.test(name)) continue;
    const cell = findFormulaInSheet(strFromU8(content));
    if (cell) return cell;
  }
  return undefined;
}

/** The parts of a workbook that are read: its XML and relationship files. */
const isWorkbookPart = (name: string) => name.endsWith('.xml') || name.endsWith('.xml.rels');

/** Which entries of an archive are read, and how many entries it may have (an HSDS package's, R641). */
export interface ArchiveOptions {
  accept?: (name: string) => boolean;
  /** More entries than this in the central directory: refused as not the archive expected. */
  maxEntries?: number;
}

/**
 * The XML parts of a zip archive (or those `accept` names), inflated by the central directory's offsets
 * and counted as the bytes come out of the inflater: the sizes an archive declares are not believed,
 * and the reading stops at `maxBytes` actually inflated (`unpacked_too_large`). Not a zip, or a
 * damaged one: `not_xlsx`.
 */
export function unzipWorkbook(
  bytes: Uint8Array,
  maxBytes = MAX_UNZIPPED_BYTES,
  options: ArchiveOptions = {},
): Record<string, Uint8Array> {
  const accept = options.accept ?? isWorkbookPart;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const notXlsx = () => new ImportError(422, 'not_xlsx');
  // The end-of-central-directory record: the last one, before a comment of at most 64 KB.
  let eocd = -1;
  for (let i = bytes.length - 22; i >= 0 && i >= bytes.length - 22 - 0xffff; i -= 1) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw notXlsx();
  const entries = view.getUint16(eocd + 10, true);
  if (options.maxEntries !== undefined && entries > options.maxEntries) throw notXlsx();
  let at = view.getUint32(eocd + 16, true);
  const files: Record<string, Uint8Array> = {};
  let total = 0;
  for (let n = 0; n < entries; n += 1) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) throw notXlsx();
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const entryLength = 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const localAt = view.getUint32(at + 42, true);
    if (at + 46 + nameLength > bytes.length) throw notXlsx();
    const name = strFromU8(bytes.subarray(at + 46, at + 46 + nameLength));
    at += entryLength;
    if (!accept(name)) continue;
    if (flags & 1) throw new ImportError(422, 'encrypted_file');
    if (localAt + 30 > bytes.length || view.getUint32(localAt, true) !== 0x04034b50) throw notXlsx();
    const dataAt = localAt + 30 + view.getUint16(localAt + 26, true) + view.getUint16(localAt + 28, true);
    const data = bytes.subarray(dataAt, Math.min(bytes.length, dataAt + compressedSize));
    const chunks: Uint8Array[] = [];
    const take = (chunk: Uint8Array) => {
      total += chunk.length;
      if (total > maxBytes)
        throw new ImportError(422, 'unpacked_too_large', { mb: Math.round(maxBytes / 1024 / 1024) });
      chunks.push(chunk);
    };
    if (method === 0) take(data);
    else if (method === 8) {
      const inflater = new Inflate((chunk) => take(chunk));
      try {
        for (let i = 0; i < data.length || i === 0; i += INFLATE_CHUNK)
          inflater.push(data.subarray(i, i + INFLATE_CHUNK), i + INFLATE_CHUNK >= data.length);
      } catch (error) {
        if (error instanceof ImportError) throw error;
        throw notXlsx();
      }
    } else throw notXlsx();
    const content = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
    let offset = 0;
    for (const chunk of chunks) {
      content.set(chunk, offset);
      offset += chunk.length;
    }
    files[name] = content;
  }
  return files;
}
