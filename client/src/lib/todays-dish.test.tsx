import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { preloadKeys } from '#shared/app-data.ts';
import type { TodaysMenus } from '#shared/menus.ts';
import { setAppData } from './app-data.ts';
import { dishesIn, useTodaysMenus } from './todays-dish.tsx';

/**
 * "Today" of the rows' dish and the diet filter is the agency's (docs/product.md R685, R688): at the
 * agency's midnight the page's minute clock turns the day, and today's dishes are read again — whatever
 * the device's own zone (here Tokyo, already the next afternoon).
 */

/** Tuesday 1 December 2026, 11:59:30 PM in San Francisco (Wednesday 16:59 in Tokyo). */
const BEFORE_MIDNIGHT = new Date('2026-12-02T07:59:30Z');

const tuesday: TodaysMenus = {
  date: '2026-12-01',
  sites: { '1': [{ name: 'Chicken congee', translations: {}, diets: ['soft'] }] },
};
const wednesday: TodaysMenus = {
  date: '2026-12-02',
  sites: { '2': [{ name: 'Lentil soup', translations: {}, diets: ['vegetarian'] }] },
};

let savedZone: string | undefined;
beforeAll(() => {
  savedZone = process.env.TZ;
  process.env.TZ = 'Asia/Tokyo';
  setAppData({ config: { agencyTimeZone: 'America/Los_Angeles' } as never });
});
afterAll(() => {
  if (savedZone === undefined) delete process.env.TZ;
  else process.env.TZ = savedZone;
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function wrapperWith(embedded: TodaysMenus) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  // The server's page embeds the answer of its agency date.
  client.setQueryData(preloadKeys.todaysMenus, embedded);
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

describe("today's dishes on the agency's clock", () => {
  it("keeps the embedded day until the agency's midnight, then reads the new day's", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(BEFORE_MIDNIGHT);
    // The device is already on Wednesday: its own date must not count.
    expect(new Date().getDate()).toBe(2);
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => Response.json(wednesday, { status: 200 }));
    const { result } = renderHook(() => useTodaysMenus(), { wrapper: wrapperWith(tuesday) });

    expect(result.current?.date).toBe('2026-12-01');
    expect(dishesIn(result.current)(1)?.[0]?.name).toBe('Chicken congee');
    expect(fetch).not.toHaveBeenCalled();

    // Midnight in San Francisco: yesterday's dishes are not shown while the new day's are read.
    act(() => vi.advanceTimersByTime(31_000));
    expect(result.current).toBeUndefined();
    await vi.waitFor(() => expect(result.current?.date).toBe('2026-12-02'));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/menus/today');
    expect(dishesIn(result.current)(1)).toBeUndefined();
    expect(dishesIn(result.current)(2)?.[0]?.name).toBe('Lentil soup');
  });

  it("uses the embedded day as it is while it is the agency's today", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-12-01T18:00:00Z'));
    const fetch = vi.spyOn(globalThis, 'fetch');
    const { result } = renderHook(() => useTodaysMenus(), { wrapper: wrapperWith(tuesday) });
    act(() => vi.advanceTimersByTime(120_000));
    expect(result.current).toBe(tuesday);
    expect(fetch).not.toHaveBeenCalled();
  });
});
