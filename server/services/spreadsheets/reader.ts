import { Worker } from 'node:worker_threads';
import { IMPORT_LIMITS } from '#shared/imports.ts';
import type { SourceData } from '../hsds-import/source.ts';
import { ImportError } from './errors.ts';
import {
  type ChosenMapping,
  type SheetGrid,
  type SheetKind,
  type SheetOf,
  type SheetTable,
  tableOfGrid,
} from './read.ts';
import type { ReadAnswer, WorkerKind } from './read-worker.ts';

/**
 * An uploaded spreadsheet is read in a worker thread of its own (docs/decisions/032-spreadsheets-read-in-a-worker.md,
 * docs/product.md R320–R323): a file that is slow or large to read costs that worker, never the event
 * loop that answers every other visitor. The worker is ended at `timeoutMs` (`file_too_slow`) and
 * stopped by V8 at `memoryMb` of heap (`file_too_complex`); at most `MAX_READERS` run at once, the
 * others wait their turn (the wait does not count towards the time limit).
 */
export interface ReadLimits {
  timeoutMs: number;
  memoryMb: number;
}

export const DEFAULT_READ_LIMITS: ReadLimits = { timeoutMs: 15_000, memoryMb: 256 };
const MAX_READERS = 2;

/**
 * The worker's entry: its TypeScript source while this module runs as TypeScript (tsx), the built
 * read-worker.js next to this module's bundle once the server is built to JavaScript.
 */
function workerEntry(): { file: URL; workerData: Record<string, unknown> } {
  if (import.meta.url.endsWith('.ts'))
    return {
      file: new URL('./read-worker-tsx.mjs', import.meta.url),
      workerData: { entry: new URL('./read-worker.ts', import.meta.url).href },
    };
  return { file: new URL('./read-worker.js', import.meta.url), workerData: {} };
}

let running = 0;
const waiting: (() => void)[] = [];
async function turn(): Promise<() => void> {
  if (running >= MAX_READERS) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  return () => {
    running -= 1;
    waiting.shift()?.();
  };
}

function runWorker(
  bytes: Uint8Array,
  kind: WorkerKind,
  limits: ReadLimits,
  chosen: ChosenMapping,
  of: SheetOf = 'sites',
): Promise<SheetGrid | SourceData> {
  const entry = workerEntry();
  // The worker gets its own copy of the bytes, moved rather than copied again.
  const copy = new Uint8Array(bytes);
  const worker = new Worker(entry.file, {
    workerData: { ...entry.workerData, bytes: copy, kind, chosen, of },
    transferList: [copy.buffer],
    resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 32 },
  });
  return new Promise<SheetGrid | SourceData>((resolve, reject) => {
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      action();
      void worker.terminate();
    };
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(new ImportError(422, 'file_too_slow', { seconds: Math.ceil(limits.timeoutMs / 1000) })),
        ),
      limits.timeoutMs,
    );
    worker.once('message', (answer: ReadAnswer) =>
      settle(() => {
        if (answer.ok) resolve('grid' in answer ? answer.grid : answer.source);
        else if (answer.refusal) {
          const { statusCode, code, params } = answer.refusal;
          reject(new ImportError(statusCode, code, params));
        } else reject(new Error(`Reading the spreadsheet failed: ${answer.message}`));
      }),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new ImportError(422, 'file_too_complex')
            : new Error(`Reading the spreadsheet failed: ${error.message}`),
        ),
      ),
    );
    worker.once('exit', (exitCode) =>
      settle(() => reject(new Error(`The spreadsheet reader stopped (exit code ${exitCode}).`))),
    );
  });
}

/**
 * Reads an uploaded CSV or .xlsx file up to its grid (its header row found, its rows as text), in a
 * worker with a time and memory limit; `chosen` are the fields a clerk chose for some headers, `of`
 * what the sheet holds (sites, or a month of menus) for finding its header row.
 */
export async function readSheetGrid(
  bytes: Uint8Array,
  kind: SheetKind,
  limits: Partial<ReadLimits> = {},
  chosen: ChosenMapping = {},
  of: SheetOf = 'sites',
): Promise<SheetGrid> {
  if (bytes.length > IMPORT_LIMITS.maxBytes)
    throw new ImportError(413, 'file_too_large', { mb: IMPORT_LIMITS.maxBytes / 1024 / 1024 });
  const done = await turn();
  try {
    return (await runWorker(bytes, kind, { ...DEFAULT_READ_LIMITS, ...limits }, chosen, of)) as SheetGrid;
  } finally {
    done();
  }
}

/** Reads an uploaded CSV or .xlsx file into rows, its columns given their guessed (or chosen) fields. */
export async function readSpreadsheet(
  bytes: Uint8Array,
  kind: SheetKind,
  limits: Partial<ReadLimits> = {},
  chosen: ChosenMapping = {},
): Promise<SheetTable> {
  return tableOfGrid(await readSheetGrid(bytes, kind, limits, chosen), chosen);
}

/**
 * Reads an HSDS 3.0 package (`datapackage.zip`) into its services, in the same worker with the same
 * limits and turns as a spreadsheet (docs/product.md R641).
 */
export async function readHsdsPackageFile(
  bytes: Uint8Array,
  limits: Partial<ReadLimits> = {},
): Promise<SourceData> {
  if (bytes.length > IMPORT_LIMITS.maxBytes)
    throw new ImportError(413, 'file_too_large', { mb: IMPORT_LIMITS.maxBytes / 1024 / 1024 });
  const done = await turn();
  try {
    return (await runWorker(bytes, 'hsds', { ...DEFAULT_READ_LIMITS, ...limits }, {})) as SourceData;
  } finally {
    done();
  }
}
