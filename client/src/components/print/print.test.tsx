import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { computeStatuses } from '#client/lib/agency-clock.ts';
import { setAppData } from '#client/lib/app-data.ts';
import { createTestI18n } from '#client/testing/i18n.ts';
import { preloadKeys } from '#shared/app-data.ts';
import { buildSiteRecord } from '#testing/factories.ts';
import { hoursOn } from './list-handout.tsx';
import { PRINTING_LIST, PrintListButton } from './print-list.tsx';
import { SitePrint } from './site-print.tsx';

// 12:00 noon in San Francisco on Thursday 3 December 2026 (the 1st Thursday of the month).
const NOON = new Date('2026-12-03T20:00:00Z');

async function renderWith(ui: ReactNode, language = 'en', url = '/sites', client = new QueryClient()) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOON);
  const i18n = await createTestI18n(language);
  await act(async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    );
  });
}

beforeAll(() => setAppData({ config: { agencyTimeZone: 'America/Los_Angeles' } as never }));
afterEach(() => {
  vi.useRealTimers();
  document.documentElement.classList.remove(PRINTING_LIST);
});

describe('SitePrint: what only the printed site page has', () => {
  it.each([
    ['en', 'QR code for this page', 'Printed on December 3, 2026', 'General information: (417) 557-5000'],
    [
      'es',
      'Código QR de esta página',
      'Impreso el 3 de diciembre de 2026',
      'Información general: (417) 557-5000',
    ],
    ['zh', '此網頁的 QR 碼', '列印日期：2026年12月3日', '一般查詢：(417) 557-5000'],
  ])(
    '%s: the QR code of the page in its language, the short address, the date and the phone',
    async (language, alt, date, phone) => {
      await renderWith(<SitePrint siteId={12} />, language);
      const image = screen.getByRole('img', { name: alt, hidden: true });
      expect(image.getAttribute('src')).toBe(`/api/sites/12/qr.svg?lng=${language}`);
      // Never lazy: a hidden lazy image would not be loaded when the page prints.
      expect(image.getAttribute('loading')).toBeNull();
      const block = image.closest('section')!;
      expect(block.className).toContain('print-only');
      expect(block.textContent).toContain(`${window.location.host}/sites/12`);
      expect(block.textContent).not.toContain('http');
      expect(block.textContent).toContain(date);
      expect(block.textContent).toContain(phone);
    },
  );
});

describe('hoursOn: a site’s hours on one agency date', () => {
  const hours = [
    { day: 4, open: '17:00', close: '18:00' },
    { day: 4, open: '11:30', close: '13:30', weeks: [1, 3] as const },
    { day: 4, open: '09:00', close: '10:00', weeks: [-1] as const },
    { day: 5, open: '11:30', close: '13:30' },
  ];
  it('keeps the weekday’s intervals that run that week, in order', () => {
    // 3 December 2026: 1st Thursday; 31 December: 5th and last Thursday.
    expect(hoursOn(hours as never, '2026-12-03').map((h) => h.open)).toEqual(['11:30', '17:00']);
    expect(hoursOn(hours as never, '2026-12-10').map((h) => h.open)).toEqual(['17:00']);
    expect(hoursOn(hours as never, '2026-12-31').map((h) => h.open)).toEqual(['09:00', '17:00']);
  });
});

describe('PrintListButton: the list as a handout', () => {
  const sites = [
    buildSiteRecord({
      id: 1,
      name: 'Bayview Senior Café',
      address: '1 Main St',
      phoneNumber: '4155550101',
      Hours: [{ day: 4, open: '11:30', close: '13:30' }],
    }),
    buildSiteRecord({ id: 2, name: 'Chinatown Lunch', address: '2 Grant Ave', phoneNumber: '', Hours: [] }),
  ];
  const client = () => {
    const query = new QueryClient();
    query.setQueryData(preloadKeys.list('populations'), [
      { id: 3, name: 'Seniors', translations: { es: { name: 'Personas mayores' } } },
    ]);
    return query;
  };
  const statuses = () => computeStatuses(sites, [], NOON.getTime(), 'America/Los_Angeles');

  it('shows the button once its handout has loaded, and no handout on screen', async () => {
    await renderWith(<PrintListButton sites={sites} statuses={statuses()} />);
    expect(await screen.findByRole('button', { name: 'Print this list' })).toBeTruthy();
    expect(document.querySelector('.print-handout')).toBeNull();
  });

  it('prints the results as a handout: title, filters, date, phone, and each site', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    await renderWith(
      <PrintListButton sites={sites} statuses={statuses()} />,
      'es',
      '/sites?population=3&open=today&lng=es',
      client(),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Imprimir esta lista' }));
    expect(print).toHaveBeenCalledOnce();
    expect(document.documentElement.classList.contains(PRINTING_LIST)).toBe(true);
    const handout = document.body.querySelector<HTMLElement>(':scope > .print-handout')!;
    expect(within(handout).getByRole('heading', { level: 1, name: 'Comedores comunitarios' })).toBeTruthy();
    expect(handout.textContent).toContain('Filtros: Población atendida: Personas mayores · Abierto hoy');
    expect(handout.textContent).toContain('2 comedores');
    expect(handout.textContent).toContain('Impreso el 3 de diciembre de 2026');
    const items = within(handout).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Bayview Senior Café');
    expect(items[0]!.textContent).toContain('1 Main St');
    expect(items[0]!.textContent).toContain('Teléfono: (415) 555-0101');
    expect(items[0]!.textContent).toContain('Abierto ahora · hasta 1:30 p.m.');
    expect(items[0]!.textContent).toContain('Horario de hoy: 11:30 a.m. – 1:30 p.m.');
    expect(items[1]!.textContent).not.toContain('Teléfono');

    // When printing ends, the handout goes and the page is the page again.
    await act(async () => {
      window.dispatchEvent(new Event('afterprint'));
    });
    expect(document.querySelector('.print-handout')).toBeNull();
    expect(document.documentElement.classList.contains(PRINTING_LIST)).toBe(false);
    vi.unstubAllGlobals();
  });

  it("the browser's own Print command prints the handout too; no filters says so", async () => {
    await renderWith(<PrintListButton sites={sites} statuses={statuses()} />);
    await screen.findByRole('button', { name: 'Print this list' });
    await act(async () => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    const handout = document.querySelector('.print-handout')!;
    expect(handout.textContent).toContain('All sites, no filters — 2 sites');
  });
});
