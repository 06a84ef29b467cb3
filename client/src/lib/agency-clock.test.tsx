import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '#client/testing/i18n.ts';
import { preloadKeys } from '#shared/app-data.ts';
import type { StatusSite } from '#shared/opening-status.ts';
import { computeStatuses, type Statuses } from '#shared/site-statuses.ts';
import { formatOpeningDay, useStatuses } from './agency-clock.ts';
import { setAppData } from './app-data.ts';
import { describeStatus } from './status-words.ts';

const sites: StatusSite[] = [{ id: 1, Hours: [{ day: 4, open: '11:30', close: '13:30' }] }];
/** Thursday 3 December 2026, 1:29 PM in San Francisco (Friday 06:29 in Tokyo). */
const BEFORE_CLOSING = new Date('2026-12-03T21:29:30Z');

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(preloadKeys.closures, []);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('the agency clock', () => {
  beforeAll(() => setAppData({ config: { agencyTimeZone: 'America/Los_Angeles' } as never }));
  afterEach(() => vi.useRealTimers());

  it('computes the statuses once per minute, and re-evaluates on its own when the minute turns', () => {
    vi.useFakeTimers();
    vi.setSystemTime(BEFORE_CLOSING);
    const { result, rerender } = renderHook(({ list }) => useStatuses(list), {
      wrapper,
      initialProps: { list: sites },
    });
    const first = result.current;
    expect(first?.byId.get(1)).toEqual({ kind: 'open', until: '13:30' });
    rerender({ list: sites });
    expect(result.current).toBe(first);
    act(() => vi.advanceTimersByTime(31_000));
    expect(result.current).not.toBe(first);
    expect(result.current?.byId.get(1)?.kind).toBe('closed-today');
    expect(result.current?.opening(1)).toEqual({ now: false, today: false });
  });

  it('says nothing in the page’s first render, then the status; a screen mounted after that knows it at once (decision 076)', () => {
    vi.useFakeTimers();
    vi.setSystemTime(BEFORE_CLOSING);
    // The page's first render must match the server's HTML, which has no status.
    const seen: (Statuses | null)[] = [];
    const first = renderHook(
      () => {
        const statuses = useStatuses(sites);
        seen.push(statuses);
        return statuses;
      },
      { wrapper },
    );
    expect(seen[0]).toBeNull();
    expect(first.result.current?.byId.get(1)).toEqual({ kind: 'open', until: '13:30' });
    first.unmount();
    // A list drawn later in the visit (a link followed in the app) never shows a row without its status.
    const later: (Statuses | null)[] = [];
    renderHook(
      () => {
        const statuses = useStatuses(sites);
        later.push(statuses);
        return statuses;
      },
      { wrapper },
    );
    expect(later[0]?.byId.get(1)).toEqual({ kind: 'open', until: '13:30' });
  });

  it("uses the zone it is given, not the device's", () => {
    const instant = BEFORE_CLOSING.getTime();
    expect(computeStatuses(sites, [], instant, 'America/Los_Angeles').byId.get(1)?.kind).toBe('open');
    expect(computeStatuses(sites, [], instant, 'America/Los_Angeles').today).toBe('2026-12-03');
    expect(computeStatuses(sites, [], instant, 'Asia/Tokyo').today).toBe('2026-12-04');
    expect(computeStatuses(sites, [], instant, 'Asia/Tokyo').byId.get(1)?.kind).not.toBe('open');
  });

  it('names the next opening day by weekday within the week, by date beyond it', () => {
    expect(formatOpeningDay('2026-12-01', '2026-11-26', 'en')).toBe('Tue');
    expect(formatOpeningDay('2026-12-03', '2026-11-26', 'en')).toBe('Thu, Dec 3');
    expect(formatOpeningDay('2026-12-01', '2026-11-26', 'zh')).toBe('星期二');
    expect(formatOpeningDay('2026-12-01', '2026-11-26', 'es')).toBe('mar');
  });
});

describe('describeStatus: each thing said once', () => {
  it('says "Temporarily closed" once when the reason is the status’s own name, in every language', async () => {
    for (const [lng, name, because] of [
      ['en', 'Temporarily closed', 'Temporarily closed: Kitchen repairs'],
      ['es', 'Cerrado temporalmente', 'Cerrado temporalmente: Kitchen repairs'],
      ['zh', '暫停開放', '暫停開放：Kitchen repairs'],
    ] as const) {
      const i18n = await createTestI18n(lng);
      const t = i18n.getFixedT(lng, 'common');
      const say = (reason: string) =>
        describeStatus({ kind: 'temporarily-closed', until: null, reason }, '2026-11-26', t, lng, {
          withReason: true,
        }).text;
      expect(say('Temporarily closed')).toBe(name);
      expect(say('temporarily closed.')).toBe(name);
      expect(say(name)).toBe(name);
      expect(say('Kitchen repairs')).toBe(because);
    }
  });
});
