import { type ComponentType, lazy } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../../shared/constants.ts';

export type ChunkFailure = 'missing' | 'error' | 'timeout';

/** A lazy chunk that did not arrive: names the chunk and why (SPEC.md §7, DECISIONS.md 6). */
export class ChunkLoadError extends Error {
  constructor(
    public readonly chunk: string,
    public readonly type: ChunkFailure,
  ) {
    super(`Loading chunk ${chunk} failed. (${type})`);
    this.name = 'ChunkLoadError';
  }
}

export function loadWithTimeout<T>(
  chunk: string,
  load: () => Promise<T>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
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

/** React.lazy with the time-out and named errors; `pick` chooses the export. */
export function lazyScreen<M, P extends object>(
  chunk: string,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
) {
  return lazy(async () => ({ default: pick(await loadWithTimeout(chunk, load)) }));
}
