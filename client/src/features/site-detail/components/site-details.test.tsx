import { act, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '#client/testing/i18n.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { buildSiteRecord } from '#testing/factories.ts';
import { SiteDetails } from './site-details.tsx';

const site = buildSiteRecord({
  id: 5,
  name: 'Mission Lunch Club',
  address: '1 Valencia St, San Francisco, CA',
  lat: null,
  lng: null,
  // Wednesday twice, Monday once; nothing on Tuesday.
  Hours: [
    { day: 3, open: '16:00', close: '18:00' },
    { day: 1, open: '11:00', close: '13:00' },
    { day: 3, open: '09:00', close: '11:00' },
  ],
});

async function renderOn(date: Date, language = 'en', shown: Site = site) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(date);
  const i18n = await createTestI18n(language);
  await act(async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <SiteDetails site={shown} map={null} isAdmin={false} />
        </MemoryRouter>
      </I18nextProvider>,
    );
  });
}

const todayRows = () => document.querySelectorAll('[aria-current="date"]');

describe("SiteDetails: today's hours", () => {
  afterEach(() => vi.useRealTimers());

  it('says the hours of today under the name and marks today in the week', async () => {
    await renderOn(new Date(2026, 10, 25, 10, 0)); // a Wednesday
    expect(screen.getByText('Open today: 9:00 AM – 11:00 AM, 4:00 PM – 6:00 PM')).toBeTruthy();
    expect(todayRows()).toHaveLength(1);
    expect(within(todayRows()[0] as HTMLElement).getByRole('term').textContent).toBe('Wednesday');
  });

  it('says when the site does not open today, and marks no day', async () => {
    await renderOn(new Date(2026, 10, 24, 10, 0)); // a Tuesday
    expect(screen.getByText('Not open today.')).toBeTruthy();
    expect(todayRows()).toHaveLength(0);
  });

  it('says nothing about today when no hours are listed at all', async () => {
    await renderOn(new Date(2026, 10, 24, 10, 0), 'en', { ...site, Hours: [] });
    expect(screen.queryByText(/today/i)).toBeNull();
    expect(screen.getByText(/Opening hours are not listed/)).toBeTruthy();
  });

  it('speaks Spanish and Chinese', async () => {
    await renderOn(new Date(2026, 10, 23, 12, 0), 'es'); // a Monday
    expect(screen.getByText(/^Abierto hoy: 11:00/)).toBeTruthy();
    document.body.innerHTML = '';
    await renderOn(new Date(2026, 10, 24, 12, 0), 'zh');
    expect(screen.getByText('今天不開放。')).toBeTruthy();
  });
});
