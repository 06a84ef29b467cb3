import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useClosures, useSiteStatus } from '#client/lib/agency-clock.ts';
import { setAppData } from '#client/lib/app-data.ts';
import { createTestI18n } from '#client/testing/i18n.ts';
import { leaveMenusUnasked } from '#client/testing/no-menus.ts';
import { preloadKeys } from '#shared/app-data.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { buildSiteRecord } from '#testing/factories.ts';
import { agencyDateOf, CheckedOn, daysBetween } from './checked-on.tsx';
import { SiteDetails } from './site-details.tsx';

type CheckedSite = Site & { confirmedAt: string | null };

/** Checked at 11:30 PM on Tuesday 24 November 2026 in San Francisco: already the 25th in UTC. */
const CHECKED_LATE = '2026-11-25T07:30:00.000Z';
const site = (confirmedAt: string | null): CheckedSite => ({
  ...buildSiteRecord({ name: 'Mission Lunch Club', lat: null, lng: null }),
  confirmedAt,
});

const STALE = /This information may be out of date\. Please call before you go\./;

function SitePage({ shown }: { shown: CheckedSite }) {
  const known = useSiteStatus(shown);
  const closures = useClosures().data;
  return <SiteDetails site={shown} map={null} isAdmin={false} known={known} closures={closures} />;
}

async function renderPage(shown: CheckedSite, language = 'en') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(preloadKeys.closures, []);
  leaveMenusUnasked(client);
  const i18n = await createTestI18n(language);
  const tree = (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <SitePage shown={shown} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>
  );
  await act(async () => {
    render(tree);
  });
  return tree;
}

describe('CheckedOn: "Information checked on" and the out-of-date warning', () => {
  beforeAll(() =>
    setAppData({ config: { agencyTimeZone: 'America/Los_Angeles', staleAfterDays: 30 } as never }),
  );
  afterEach(() => vi.useRealTimers());

  it('counts days and dates on the agency clock, not UTC', () => {
    expect(agencyDateOf(CHECKED_LATE)).toBe('2026-11-24');
    expect(daysBetween('2026-11-24', '2026-12-24')).toBe(30);
    expect(daysBetween('2026-02-28', '2026-03-01')).toBe(1);
  });

  it('shows neither line for a site never checked', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-06-01T20:00:00Z'));
    await renderPage(site(null));
    expect(screen.queryByText(/Information checked on/)).toBeNull();
    expect(screen.queryByText(STALE)).toBeNull();
  });

  it("gives the agency's date of the check, and no warning while it is recent", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T20:00:00Z'));
    await renderPage(site(CHECKED_LATE));
    expect(screen.getByText('Information checked on November 24, 2026')).toBeTruthy();
    expect(screen.queryByText(STALE)).toBeNull();
  });

  it('warns once more than the stale setting in agency days have passed, at the agency midnight, on a page left open', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    // 11:59 PM on 24 December in San Francisco: exactly 30 days after the check, not yet out of date.
    vi.setSystemTime(new Date('2026-12-25T07:59:00Z'));
    await renderPage(site(CHECKED_LATE));
    expect(screen.queryByText(STALE)).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(61_000);
    });
    expect(screen.getByRole('note').textContent).toMatch(STALE);
  });

  it('renders the date on the server, never the warning (the server does not know today)', async () => {
    const i18n = await createTestI18n('en');
    const html = renderToString(
      <I18nextProvider i18n={i18n}>
        <CheckedOn site={site('2020-01-01T20:00:00Z')} today={null} />
      </I18nextProvider>,
    );
    expect(html).toContain('Information checked on January 1, 2020');
    expect(html).not.toMatch(STALE);
  });

  it('speaks Spanish and Chinese', async () => {
    for (const [language, date, stale] of [
      [
        'es',
        'Información verificada el 24 de noviembre de 2026',
        /Es posible que esta información no esté actualizada/,
      ],
      ['zh', '資料核實日期：2026年11月24日', /這些資料可能已經過時/],
    ] as const) {
      const i18n = await createTestI18n(language);
      render(
        <I18nextProvider i18n={i18n}>
          <CheckedOn site={site(CHECKED_LATE)} today="2027-01-01" />
        </I18nextProvider>,
      );
      expect(screen.getByText(date)).toBeTruthy();
      expect(screen.getByRole('note').textContent).toMatch(stale);
      document.body.innerHTML = '';
    }
  });
});
