/** The admin hours editor and the public site page, side by side: one text for the same hours. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HoursEditor } from '#client/features/admin-sites/components/hours-editor.tsx';
import { SiteDetails } from '#client/features/site-detail/components/site-details.tsx';
import { createTestI18n } from '#client/testing/i18n.ts';
import { leaveMenusUnasked } from '#client/testing/no-menus.ts';
import type { HoursInterval } from '#shared/hours.ts';
import { buildSiteRecord } from '#testing/factories.ts';

const HOURS: HoursInterval[] = [{ day: 6, open: '09:30', close: '13:00' }];

/** The day and the times as the public site page shows them. */
async function publicHours(language: string) {
  const i18n = await createTestI18n(language);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  leaveMenusUnasked(client);
  await act(async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <MemoryRouter>
            <SiteDetails site={buildSiteRecord({ Hours: HOURS })} map={null} isAdmin={false} />
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    );
  });
  const hours = screen.getByRole('region', { name: i18n.t('site:hours') });
  // The page lists all seven days; the one with hours is the one to compare.
  const [times] = within(hours)
    .getAllByRole('definition')
    .filter((definition) => definition.textContent?.includes(' – '));
  const day = times?.parentElement?.querySelector('dt')?.textContent ?? '';
  const [open = '', close = ''] = (times?.textContent ?? '').split(' – ');
  document.body.innerHTML = '';
  return { day, open, close };
}

/** The text of the interval's row in the admin editor, and the names of its weekday boxes. */
async function adminHours(language: string) {
  const i18n = await createTestI18n(language);
  render(
    <I18nextProvider i18n={i18n}>
      <HoursEditor hours={HOURS} onChange={() => {}} fieldErrors={{}} />
    </I18nextProvider>,
  );
  const list = screen.getByRole('list', { name: i18n.t('admin:hours.listLabel') });
  const row = within(list).getByRole('listitem');
  const buttons = within(row).getAllByRole('button'); // 'Edit …' and 'Remove …'
  const rowText = buttons.reduce(
    (text, button) => text.replace(button.textContent ?? '', ''),
    row.textContent ?? '',
  );
  const days = (
    within(screen.getByRole('group', { name: i18n.t('admin:hours.days') })).getAllByRole(
      'checkbox',
    ) as HTMLInputElement[]
  ).map((box) => box.labels?.[0]?.textContent);
  document.body.innerHTML = '';
  return { i18n, rowText, days };
}

describe('the admin hours editor and the public site page', () => {
  it.each(['en', 'es', 'zh'])('write the same day and times in %s', async (language) => {
    const shown = await publicHours(language);
    expect(shown.day).not.toBe('');
    expect(shown.close).not.toBe('');
    const admin = await adminHours(language);
    expect(admin.i18n.exists('admin:hours.interval')).toBe(true);
    expect(admin.rowText).toBe(admin.i18n.t('admin:hours.interval', shown));
    expect(admin.days).toContain(shown.day);
  });

  it('writes Spanish hours as the public page does', async () => {
    const admin = await adminHours('es');
    expect(admin.rowText.replace(/\s/g, ' ')).toBe('Sábado, de 9:30 a.m. a 1:00 p.m.');
  });
});
