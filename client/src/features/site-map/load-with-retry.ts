import { MAPS_LOADER_RETRIES, retryDelayMs } from '../../../../shared/constants.ts';
import { ChunkLoadError } from '../../lib/lazy.ts';

export interface RetryOptions {
  /** Retries after the first attempt (SPEC.md §9: 3). */
  retries?: number;
  /** Delay before retry n (1-based): n·2^n ms (SPEC.md §9). */
  delayMs?: (attempt: number) => number;
  wait?: (ms: number) => Promise<void>;
  log?: (message: string, error: unknown) => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Loads the map code, retrying a failure up to 3 times with growing delays, logging each failure
 * (SPEC.md §8: 'retried and logged'). A chunk that timed out is not retried: the visitor has already
 * waited the full 120 s (DECISIONS.md 6), and the page offers a reload instead.
 */
export async function loadWithRetry<T>(load: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const {
    retries = MAPS_LOADER_RETRIES,
    delayMs = retryDelayMs,
    wait = sleep,
    log = (message, error) => console.warn(message, error),
  } = options;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      const timedOut = error instanceof ChunkLoadError && error.type === 'timeout';
      if (attempt > retries || timedOut) throw error;
      log(`The map did not load (attempt ${attempt}); retrying.`, error);
      await wait(delayMs(attempt));
    }
  }
}
