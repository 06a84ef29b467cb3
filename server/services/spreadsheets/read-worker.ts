/**
 * The worker that reads one uploaded spreadsheet (reader.ts starts it, one per file, and ends it at
 * its time limit). Its own entry file: any build of the server must bundle it as an entry of its own,
 * written next to the file that bundles reader.ts (`read-worker.js`), which starts it by that name.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { readHsdsPackage } from '../hsds-import/package.ts';
import type { SourceData } from '../hsds-import/source.ts';
import { ImportError } from './errors.ts';
import { type ChosenMapping, parseSheetGrid, type SheetKind, type SheetOf } from './read.ts';

/** What the worker reads: a sheet, or an HSDS package (docs/product.md R641). */
export type WorkerKind = SheetKind | 'hsds';

export type ReadAnswer =
  | { ok: true; grid: Awaited<ReturnType<typeof parseSheetGrid>> }
  | { ok: true; source: SourceData }
  | {
      ok: false;
      refusal?: { statusCode: number; code: ImportError['code']; params: ImportError['params'] };
      message: string;
    };

const { bytes, kind, chosen, of } = workerData as {
  bytes: Uint8Array;
  kind: WorkerKind;
  chosen?: ChosenMapping;
  of?: SheetOf;
};
let answer: ReadAnswer;
try {
  answer =
    kind === 'hsds'
      ? { ok: true, source: readHsdsPackage(bytes) }
      : { ok: true, grid: await parseSheetGrid(bytes, kind, chosen, of) };
} catch (error) {
  answer =
    error instanceof ImportError
      ? {
          ok: false,
          refusal: { statusCode: error.statusCode, code: error.code, params: error.params },
          message: error.message,
        }
      : { ok: false, message: error instanceof Error ? error.message : String(error) };
}
parentPort!.postMessage(answer);
