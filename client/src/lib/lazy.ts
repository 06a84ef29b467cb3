import { type ComponentType, lazy } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS, MAPS_LOADER_RETRIES, retryDelayMs } from '#shared/constants.ts';

type ChunkFailure = 'missing' | 'error' | 'timeout';

/**
 * A lazy chunk that did not arrive: names the chunk and why (docs/decisions/003-client-bundle.md).
 * The error boundary that catches it offers a reload.
 */
export class ChunkLoadError extends Error {
  constructor(
    public readonly chunk: string,
    public readonly type: ChunkFailure,
  ) {
    super(`Loading chunk ${chunk} failed. (${type})`);
    this.name = 'ChunkLoadError';
  }
}

/** One attempt: the chunk gets `timeoutMs` (120 s); any failure becomes a ChunkLoadError. */
function loadOnce<T>(chunk: string, load: () => Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(chunk, 'timeout')), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        const text = String((error as Error)?.message ?? error);
        reject(
          new ChunkLoadError(
            chunk,
            /404|not found|failed to fetch dynamically imported/i.test(text) ? 'missing' : 'error',
          ),
        );
      },
    );
  });
}

interface LoadChunkOptions {
  /** How long one attempt may take: 120 s. */
  timeoutMs?: number;
  /** Retries after the first attempt: 3. */
  retries?: number;
  /** Delay before retry n (1-based): n·2^n ms. */
  delayMs?: (attempt: number) => number;
  wait?: (ms: number) => Promise<void>;
  log?: (message: string, error: unknown) => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * How every lazily loaded chunk (screens, the maps) is fetched. Each attempt gets 120 s; a failed
 * attempt is logged and retried up to 3 times, waiting n·2^n ms before retry n. A chunk that timed
 * out is not retried: the visitor has already waited the full 120 s, and the page offers a reload.
 * The last failure is thrown as a ChunkLoadError naming the chunk and the kind of failure.
 */
export async function loadChunk<T>(
  chunk: string,
  load: () => Promise<T>,
  options: LoadChunkOptions = {},
): Promise<T> {
  const {
    timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
    retries = MAPS_LOADER_RETRIES,
    delayMs = retryDelayMs,
    wait = sleep,
    log = (message, error) => console.warn(message, error),
  } = options;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await loadOnce(chunk, load, timeoutMs);
    } catch (error) {
      const timedOut = error instanceof ChunkLoadError && error.type === 'timeout';
      if (attempt > retries || timedOut) throw error;
      log(`Loading chunk ${chunk} failed (attempt ${attempt}); retrying.`, error);
      await wait(delayMs(attempt));
    }
  }
}

/** React.lazy over loadChunk; `pick` chooses the component among the chunk's exports. */
export function lazyChunk<M, P extends object>(
  chunk: string,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
) {
  return lazy(async () => ({ default: pick(await loadChunk(chunk, load)) }));
}
