import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, loadWithTimeout } from '../../lib/lazy.ts';
import { loadWithRetry } from './load-with-retry.ts';

function flaky(failures: number, error: () => unknown = () => new Error('Failed to fetch')) {
  let calls = 0;
  const load = vi.fn(async () => {
    calls += 1;
    if (calls <= failures) throw error();
    return 'module';
  });
  return load;
}

describe('loadWithRetry', () => {
  it.each([
    [0, 1, []],
    [1, 2, [2]],
    [2, 3, [2, 8]],
    [3, 4, [2, 8, 24]],
  ])(
    'after %i failures it loads on attempt %i, waiting n·2^n ms before each retry',
    async (failures, calls, delays) => {
      const load = flaky(failures);
      const wait = vi.fn(async (_ms: number) => {});
      await expect(loadWithRetry(load, { wait, log: () => {} })).resolves.toBe('module');
      expect(load).toHaveBeenCalledTimes(calls);
      expect(wait.mock.calls.map(([ms]) => ms)).toEqual(delays);
    },
  );

  it('gives up after 3 retries with the last error, having logged each failure', async () => {
    const load = flaky(10, () => new ChunkLoadError('site-map', 'missing'));
    const log = vi.fn();
    const failure = loadWithRetry(load, { wait: async () => {}, log });
    await expect(failure).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(failure).rejects.toThrow('Loading chunk site-map failed. (missing)');
    expect(load).toHaveBeenCalledTimes(4);
    expect(log).toHaveBeenCalledTimes(3);
  });

  it('does not retry a chunk that timed out', async () => {
    const load = flaky(10, () => new ChunkLoadError('site-map', 'timeout'));
    await expect(loadWithRetry(load, { wait: async () => {}, log: () => {} })).rejects.toThrow('(timeout)');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('names the chunk and times out after 120 s through loadWithTimeout', async () => {
    vi.useFakeTimers();
    try {
      const pending = loadWithTimeout('site-map', () => new Promise(() => {}));
      const outcome = expect(pending).rejects.toThrow('Loading chunk site-map failed. (timeout)');
      await vi.advanceTimersByTimeAsync(119_999);
      await vi.advanceTimersByTimeAsync(1);
      await outcome;
    } finally {
      vi.useRealTimers();
    }
  });
});
