import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setAppData } from '#client/lib/app-data.ts';
import { createTestI18n } from '#client/testing/i18n.ts';
import { preloadKeys } from '#shared/app-data.ts';
import type { StatusClosure } from '#shared/opening-status.ts';
import { computeStatuses } from '#shared/site-statuses.ts';
import { buildClosure, buildSiteRecord } from '#testing/factories.ts';
import { BeforeYouGoPrint } from './before-you-go-print.tsx';
import { hoursOn } from './hours-on.ts';
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
    [
      'en',
      'QR code for this page',
      'Printed Thursday, December 3, 2026',
      'General information: (417) 557-5000',
    ],
    [
      'es',
      'Código QR de esta página',
      'Impreso el jueves, 3 de diciembre de 2026',
      'Información general: (417) 557-5000',
    ],
    ['zh', '此網頁的 QR 碼', '列印日期：2026年12月3日星期四', '一般查詢：(417) 557-5000'],
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

describe('BeforeYouGoPrint: a printed site page’s facts', () => {
  it('prints the "Before you go" lines label beside value, hidden on screen; nothing without facts', async () => {
    const site = buildSiteRecord({
      phoneNumber: '4155550142',
      phoneExtension: '3',
      facts: {
        reservation: 'required',
        reserveDays: 0,
        reserveBy: '10:00',
        firstVisit: 'id',
        walkIns: false,
      },
    } as never);
    await renderWith(<BeforeYouGoPrint site={site} />, 'es');
    const section = screen.getByRole('region', { name: 'Antes de ir', hidden: true });
    expect(section.className).toContain('print-only');
    const terms = within(section)
      .getAllByRole('term', { hidden: true })
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(terms[0]![1]).toContain('(415) 555-0142, ext. 3');
    expect(terms.length).toBeGreaterThanOrEqual(2);
  });

  it('prints nothing for a site whose facts nobody entered', async () => {
    await renderWith(<BeforeYouGoPrint site={buildSiteRecord()} />);
    expect(document.querySelector('.print-facts')).toBeNull();
  });
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
    buildSiteRecord({
      id: 2,
      name: 'Chinatown Lunch',
      address: '2 Grant Ave',
      phoneNumber: '',
      Hours: [],
      facts: { reservation: 'required', cost: 'free', stepFree: true },
    } as never),
  ];
  const client = () => {
    const query = new QueryClient();
    query.setQueryData(preloadKeys.list('populations'), [
      { id: 3, name: 'Seniors', translations: { es: { name: 'Personas mayores' } } },
    ]);
    return query;
  };
  const entries = sites.map((site) => ({ site }));
  const statuses = (closures: StatusClosure[] = []) =>
    computeStatuses(sites, closures, NOON.getTime(), 'America/Los_Angeles');

  it('shows the button once its handout has loaded, and no handout on screen', async () => {
    await renderWith(<PrintListButton entries={entries} statuses={statuses()} />);
    expect(await screen.findByRole('button', { name: 'Print this list' })).toBeTruthy();
    expect(document.querySelector('.print-handout')).toBeNull();
  });

  it('prints the results as a handout: title, filters, date, phone, and each site', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    await renderWith(
      <PrintListButton entries={entries} statuses={statuses()} />,
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
    expect(handout.textContent).toContain('Impreso el jueves, 3 de diciembre de 2026');
    const items = within(handout).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Bayview Senior Café');
    expect(items[0]!.textContent).toContain('1 Main St');
    expect(items[0]!.textContent).toContain('Teléfono: (415) 555-0101');
    // The day and the week, never the minute's status (R491).
    expect(items[0]!.textContent).toContain('Hoy, jueves, 3 de diciembre: 11:30 a.m. – 1:30 p.m.');
    expect(items[0]!.textContent).toContain('Horario: Jueves 11:30 a.m. – 1:30 p.m.');
    expect(handout.textContent).not.toContain('Abierto ahora');
    expect(items[1]!.textContent).not.toContain('Teléfono');

    // When printing ends, the handout goes and the page is the page again.
    await act(async () => {
      window.dispatchEvent(new Event('afterprint'));
    });
    expect(document.querySelector('.print-handout')).toBeNull();
    expect(document.documentElement.classList.contains(PRINTING_LIST)).toBe(false);
    vi.unstubAllGlobals();
  });

  it('keeps the list’s order and distances; says every site’s closures once, a site’s own with it (R491–R493)', async () => {
    const christmas = buildClosure({
      id: 40,
      startDate: '2026-12-24',
      endDate: '2026-12-25',
      reason: 'Christmas',
      allSites: true,
      siteIds: [],
    });
    const repairs = buildClosure({
      id: 41,
      startDate: '2026-12-10',
      endDate: '2026-12-10',
      reason: 'Repairs',
      allSites: false,
      siteIds: [2],
    });
    const today = buildClosure({
      id: 42,
      startDate: '2026-12-03',
      endDate: '2026-12-03',
      reason: 'Staff training',
      allSites: false,
      siteIds: [1],
    });
    const ordered = [
      { site: sites[1]!, distance: 'About 0.2 miles away' },
      { site: sites[0]!, distance: 'About 1.5 miles away' },
    ];
    await renderWith(<PrintListButton entries={ordered} statuses={statuses([christmas, repairs, today])} />);
    await screen.findByRole('button', { name: 'Print this list' });
    await act(async () => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    const handout = document.querySelector<HTMLElement>('.print-handout')!;
    const items = within(handout).getAllByRole('listitem');
    expect(items[0]!.textContent).toMatch(/^Chinatown Lunch — About 0\.2 miles away/);
    expect(items[1]!.textContent).toMatch(/^Bayview Senior Café — About 1\.5 miles away/);
    expect(handout.textContent).toContain(
      'Closed at every site: Christmas: Thursday, December 24 to Friday, December 25',
    );
    expect(handout.textContent?.match(/Christmas/g)).toHaveLength(1);
    expect(items[0]!.textContent).toContain('Closures: Repairs: Thursday, December 10');
    expect(items[0]!.textContent).toContain('Call for hours');
    expect(items[1]!.textContent).toContain('Today, Thursday, December 3: closed (Staff training)');
    expect(items[1]!.textContent).not.toContain('Repairs');
    // Each site's deciding facts in one line (R498); nothing for a site without any.
    expect(items[0]!.textContent).toContain('Before you go: Reservation needed · Free · Step-free entrance');
    expect(items[1]!.textContent).not.toContain('Before you go');
    expect(handout.textContent).not.toMatch(/Open now|Closed now/);
  });

  it("the browser's own Print command prints the handout too; no filters says so", async () => {
    await renderWith(<PrintListButton entries={entries} statuses={statuses()} />);
    await screen.findByRole('button', { name: 'Print this list' });
    await act(async () => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    const handout = document.querySelector('.print-handout')!;
    expect(handout.textContent).toContain('All sites, no filters — 2 sites');
  });

  it('names the facts chosen among the filters, the language in the page’s language', async () => {
    await renderWith(
      <PrintListButton entries={entries} statuses={statuses()} />,
      'zh',
      '/sites?lng=zh&walkins=1&stepfree=1&speaks=yue',
    );
    await screen.findByRole('button', { name: '列印此清單' });
    await act(async () => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    const handout = document.querySelector('.print-handout')!;
    expect(handout.textContent).toContain('歡迎即場前來 · 無梯級入口 · 職員會講：廣東話');
  });

  it('names the "Menu today" diet among the filters (docs/product.md R687)', async () => {
    await renderWith(
      <PrintListButton entries={entries} statuses={statuses()} />,
      'es',
      '/sites?lng=es&open=today&diet=low_sodium',
    );
    await screen.findByRole('button', { name: 'Imprimir esta lista' });
    await act(async () => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    const handout = document.querySelector('.print-handout')!;
    expect(handout.textContent).toContain('Menú de hoy: Bajo en sodio');
  });
});
