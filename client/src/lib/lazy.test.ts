import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, loadChunk } from './lazy.ts';

/** A chunk whose first `failures` loads fail with `error`. */
function flaky(failures: number, error: () => unknown = () => new Error('Failed to fetch')) {
  let calls = 0;
  return vi.fn(async () => {
    calls += 1;
    if (calls <= failures) throw error();
    return 'module';
  });
}

const quiet = { log: () => {}, wait: async () => {} };

describe('loadChunk', () => {
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
      await expect(loadChunk('site-map', load, { wait, log: () => {} })).resolves.toBe('module');
      expect(load).toHaveBeenCalledTimes(calls);
      expect(wait.mock.calls.map(([ms]) => ms)).toEqual(delays);
    },
  );

  it('gives up after 3 retries with an error naming the chunk, having logged each failure', async () => {
    const load = flaky(10, () => new Error('Failed to fetch dynamically imported module'));
    const log = vi.fn();
    const failure = loadChunk('pin-map', load, { ...quiet, log });
    await expect(failure).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(failure).rejects.toThrow('Loading chunk pin-map failed. (missing)');
    expect(load).toHaveBeenCalledTimes(4);
    expect(log.mock.calls.map(([message]) => message)).toEqual([
      'Loading chunk pin-map failed (attempt 1); retrying.',
      'Loading chunk pin-map failed (attempt 2); retrying.',
      'Loading chunk pin-map failed (attempt 3); retrying.',
    ]);
  });

  it.each([
    ['GET /assets/x.js 404', 'missing'],
    ['Failed to fetch dynamically imported module: /assets/x.js', 'missing'],
    ['SyntaxError: Unexpected token', 'error'],
  ])('calls a load that failed with “%s” %s', async (message, type) => {
    const failure = loadChunk(
      'login',
      flaky(10, () => new Error(message)),
      quiet,
    );
    await expect(failure).rejects.toMatchObject({ chunk: 'login', type });
  });

  it('gives each attempt 120 s, and does not retry a chunk that timed out', async () => {
    vi.useFakeTimers();
    try {
      const load = vi.fn(() => new Promise<never>(() => {}));
      const log = vi.fn();
      const pending = loadChunk('pin-map', load, { log });
      const outcome = expect(pending).rejects.toThrow('Loading chunk pin-map failed. (timeout)');
      await vi.advanceTimersByTimeAsync(119_999);
      await vi.advanceTimersByTimeAsync(1);
      await outcome;
      await vi.advanceTimersByTimeAsync(10 * 120_000);
      expect(load).toHaveBeenCalledTimes(1);
      expect(log).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
