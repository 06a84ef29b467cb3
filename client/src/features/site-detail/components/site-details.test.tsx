import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useClosures, useSiteStatus } from '#client/lib/agency-clock.ts';
import { setAppData } from '#client/lib/app-data.ts';
import { createTestI18n } from '#client/testing/i18n.ts';
import { preloadKeys } from '#shared/app-data.ts';
import type { StatusClosure } from '#shared/opening-status.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { buildClosure, buildSiteRecord } from '#testing/factories.ts';
import { SiteDetails } from './site-details.tsx';

const AGENCY = 'America/Los_Angeles';

const site = buildSiteRecord({
  id: 5,
  name: 'Mission Lunch Club',
  address: '1 Valencia St, San Francisco, CA',
  lat: null,
  lng: null,
  // Monday afternoons; Thursday lunch on the 1st and 3rd Thursdays only; nothing else.
  Hours: [
    { day: 4, open: '11:30', close: '13:30', weeks: [3, 1] },
    { day: 1, open: '16:00', close: '18:00' },
  ],
});

const thursdays = buildSiteRecord({
  id: 6,
  name: 'Thursday Table',
  lat: null,
  lng: null,
  Hours: [{ day: 4, open: '11:30', close: '13:30' }],
});

const thanksgiving: StatusClosure = buildClosure();

// Instants chosen so the device's day (UTC, or Tokyo with TZ=Asia/Tokyo) is not the agency's.
/** Monday 23 November 2026, 5:00 PM in San Francisco = Tuesday 01:00 UTC = Tuesday 10:00 in Tokyo. */
const MONDAY_5PM = new Date('2026-11-24T01:00:00Z');
/** Thanksgiving, Thursday 26 November 2026, 4:00 PM in San Francisco = Friday in UTC and in Tokyo. */
const THANKSGIVING_4PM = new Date('2026-11-27T00:00:00Z');

/** The site page as its screen composes it: the status and the closures from the agency clock. */
function SitePage({ site: shown }: { site: Site }) {
  const known = useSiteStatus(shown);
  const closures = useClosures().data;
  return <SiteDetails site={shown} map={null} isAdmin={false} known={known} closures={closures} />;
}

function providers(
  children: ReactNode,
  language: Awaited<ReturnType<typeof createTestI18n>>,
  closures: StatusClosure[] | null,
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (closures) client.setQueryData(preloadKeys.closures, closures);
  return (
    <I18nextProvider i18n={language}>
      <QueryClientProvider client={client}>
        <MemoryRouter>{children}</MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

async function renderAt(
  date: Date,
  {
    language = 'en',
    shown = site,
    closures = [],
  }: { language?: string; shown?: Site; closures?: StatusClosure[] | null } = {},
) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(date);
  const i18n = await createTestI18n(language);
  await act(async () => {
    render(providers(<SitePage site={shown} />, i18n, closures));
  });
}

const statusLine = () => screen.getByRole('status');
const todayRows = () => document.querySelectorAll('[aria-current="date"]');
const hours = () => within(screen.getByRole('region', { name: /Opening hours|Horario|開放時間/ }));
const dayRow = (name: string) =>
  hours()
    .getAllByRole('term')
    .find((term) => term.textContent?.startsWith(name))?.parentElement as HTMLElement;

describe('SiteDetails: status and week on the agency clock', () => {
  beforeAll(() => setAppData({ config: { agencyTimeZone: AGENCY } as never }));
  afterEach(() => vi.useRealTimers());

  it("says it is open until when, by the agency's day and time, and marks the agency's today", async () => {
    await renderAt(MONDAY_5PM);
    expect(statusLine().textContent).toBe('Open now · until 6:00 PM');
    expect(todayRows()).toHaveLength(1);
    expect(within(todayRows()[0] as HTMLElement).getByRole('term').textContent).toBe('Monday Today');
  });

  it('lists all seven days Monday first, "Closed" on closed days, with week-of-month notes', async () => {
    await renderAt(MONDAY_5PM);
    const days = hours()
      .getAllByRole('term')
      .map((term) => term.textContent?.replace(' Today', ''));
    expect(days).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(within(dayRow('Tuesday')).getByRole('definition').textContent).toBe('Closed');
    expect(within(dayRow('Thursday')).getByRole('definition').textContent).toBe(
      '11:30 AM – 1:30 PM (1st and 3rd Thursday of the month)',
    );
  });

  it('on a holiday closure says closed today with the reason and the next opening, and lists the closure', async () => {
    await renderAt(THANKSGIVING_4PM, { shown: thursdays, closures: [thanksgiving] });
    expect(statusLine().textContent).toBe('Closed today: Thanksgiving · opens Thu, Dec 3 11:30 AM');
    const closures = screen.getByRole('region', { name: 'Upcoming closures' });
    expect(within(closures).getByRole('listitem').textContent).toBe('Thanksgiving: Thursday, November 26');
  });

  it('speaks Spanish and Chinese (Hong Kong words)', async () => {
    await renderAt(THANKSGIVING_4PM, { language: 'es', shown: thursdays, closures: [thanksgiving] });
    expect(statusLine().textContent).toBe('Cerrado hoy: Thanksgiving · abre jue, 3 de dic a las 11:30 a.m.');
    document.body.innerHTML = '';
    await renderAt(MONDAY_5PM, { language: 'zh' });
    expect(statusLine().textContent).toBe('現正開放 · 至下午6:00');
    expect(within(dayRow('星期二')).getByRole('definition').textContent).toBe('休息');
    expect(within(dayRow('星期四')).getByRole('definition').textContent).toBe(
      '上午11:30 – 下午1:30（每月第一及第三個星期四）',
    );
  });

  it('never says open for a site closed until further notice, and gives the reason', async () => {
    const roof: StatusClosure = {
      ...thanksgiving,
      id: 2,
      startDate: '2026-11-01',
      endDate: null,
      reason: 'Roof repair',
      allSites: false,
      siteIds: [5],
    };
    await renderAt(MONDAY_5PM, { closures: [roof] });
    expect(statusLine().textContent).toBe('Temporarily closed: Roof repair');
    expect(screen.queryByText(/open now/i)).toBeNull();
    expect(
      within(screen.getByRole('region', { name: 'Upcoming closures' })).getByRole('listitem').textContent,
    ).toBe('Roof repair: from Sunday, November 1, until further notice');
  });

  it('says "Call for hours" when no hours are listed, never "not open today"', async () => {
    await renderAt(MONDAY_5PM, { shown: { ...site, Hours: [] } });
    expect(statusLine().textContent).toBe('Call for hours');
    expect(screen.getByText(/Opening hours are not listed/)).toBeTruthy();
    expect(todayRows()).toHaveLength(0);
  });

  it('makes no claim while the closures are unknown', async () => {
    // The closures are still loading (the request never answers here).
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    await renderAt(MONDAY_5PM, { closures: null });
    vi.unstubAllGlobals();
    expect(statusLine().textContent).toBe('');
  });

  it("the server's HTML has the week but no status and no today (a cached page never goes stale)", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(MONDAY_5PM);
    const i18n = await createTestI18n('en');
    const html = renderToString(providers(<SitePage site={site} />, i18n, [thanksgiving]));
    expect(html).toContain('Tuesday');
    expect(html).toContain('Closed');
    expect(html).not.toMatch(/Open now|Today|aria-current/);
  });
});

describe('SiteDetails: every word of the data in the reader’s language', () => {
  beforeAll(() => setAppData({ config: { agencyTimeZone: AGENCY } as never }));
  afterEach(() => vi.useRealTimers());

  const translated = (id: number, name: string, es?: string, zh?: string) => ({
    id,
    name,
    translations: { ...(es ? { es: { name: es } } : {}), ...(zh ? { zh: { name: zh } } : {}) },
  });
  const chinatown = {
    ...buildSiteRecord({
      id: 8,
      name: 'Chinatown Senior Lunch',
      lat: null,
      lng: null,
      Hours: [{ day: 4, open: '11:30', close: '13:30' }],
      Populations: [translated(1, 'Seniors 60+', 'Personas de 60 años o más', '60歲或以上長者')],
      CovidStatuses: [
        translated(2, 'Takeout only', 'Solo para llevar', '只限外賣'),
        translated(3, 'Indoor dining'),
      ],
      MealTypes: [translated(4, 'Lunch', 'Almuerzo', '午膳')],
    }),
    translations: { zh: { name: '華埠長者午膳' } },
  } as Site;
  const holiday = {
    ...thanksgiving,
    translations: { es: { reason: 'Día de Acción de Gracias' }, zh: { reason: '感恩節' } },
  };
  const facts = () => screen.getAllByRole('definition').slice(0, 5);

  it.each([
    [
      'en',
      'Chinatown Senior Lunch',
      'Seniors 60+ (Takeout only and Indoor dining)',
      'Closed today: Thanksgiving · opens Thu, Dec 3 11:30 AM',
      'Thanksgiving: Thursday, November 26',
      [],
    ],
    [
      'es',
      'Chinatown Senior Lunch',
      'Personas de 60 años o más (Solo para llevar e Indoor dining)',
      'Cerrado hoy: Día de Acción de Gracias · abre jue, 3 de dic a las 11:30 a.m.',
      'Día de Acción de Gracias: jueves, 26 de noviembre',
      ['Chinatown Senior Lunch', 'Indoor dining'],
    ],
    [
      'zh',
      'Chinatown Senior Lunch · 華埠長者午膳',
      '60歲或以上長者（只限外賣及Indoor dining）',
      '今日休息：感恩節 · 12月3日週四上午11:30開放',
      '感恩節：11月26日星期四',
      ['Chinatown Senior Lunch', 'Indoor dining'],
    ],
  ])(
    '%s: names, lists, status reason and closures',
    async (language, heading, populations, status, closure, english) => {
      await renderAt(THANKSGIVING_4PM, { language, shown: chinatown, closures: [holiday] });
      const h1 = screen.getByRole('heading', { level: 1 });
      expect(h1.textContent).toBe(heading);
      expect(facts().map((fact) => fact.textContent)).toContain(populations);
      expect(statusLine().textContent).toBe(status);
      expect(
        within(
          screen.getByRole('region', { name: /Upcoming closures|Próximos cierres|即將到來的休息日/ }),
        ).getByRole('listitem').textContent,
      ).toBe(closure);
      // The English left where staff gave no translation is marked as English, and nothing else is.
      const marked = [...document.querySelectorAll('article [lang]')];
      expect(marked.map((node) => node.textContent)).toEqual(english);
      expect(marked.every((node) => node.getAttribute('lang') === 'en')).toBe(true);
    },
  );

  it('shows a site’s name in the reader’s language only: no Chinese name on a Spanish page', async () => {
    await renderAt(THANKSGIVING_4PM, { language: 'es', shown: chinatown, closures: [holiday] });
    expect(screen.getByRole('heading', { level: 1 }).textContent).not.toContain('華埠');
  });

  it('a closure reason without a translation falls back to English, marked lang="en"', async () => {
    await renderAt(THANKSGIVING_4PM, { language: 'zh', shown: chinatown, closures: [thanksgiving] });
    const item = within(screen.getByRole('region', { name: '即將到來的休息日' })).getByRole('listitem');
    expect(within(item).getByText('Thanksgiving').getAttribute('lang')).toBe('en');
    // So is the status line's reason, in an element of its own.
    expect(statusLine().textContent).toBe('今日休息：Thanksgiving · 12月3日週四上午11:30開放');
    expect(within(statusLine()).getByText('Thanksgiving').getAttribute('lang')).toBe('en');
  });
});
