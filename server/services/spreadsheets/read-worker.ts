/**
 * The worker that reads one uploaded spreadsheet (reader.ts starts it, one per file, and ends it at
 * its time limit). Its own entry file: any build of the server must bundle it as an entry of its own,
 * written next to the file that bundles reader.ts (`read-worker.js`), which starts it by that name.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { ImportError } from './errors.ts';
import { type ChosenMapping, parseSheetGrid, type SheetKind } from './read.ts';

export type ReadAnswer =
  | { ok: true; grid: Awaited<ReturnType<typeof parseSheetGrid>> }
  | {
      ok: false;
      refusal?: { statusCode: number; code: ImportError['code']; params: ImportError['params'] };
      message: string;
    };

const { bytes, kind, chosen } = workerData as { bytes: Uint8Array; kind: SheetKind; chosen?: ChosenMapping };
let answer: ReadAnswer;
try {
  answer = { ok: true, grid: await parseSheetGrid(bytes, kind, chosen) };
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
