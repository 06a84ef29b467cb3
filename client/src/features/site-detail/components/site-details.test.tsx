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
import { leaveMenusUnasked } from '#client/testing/no-menus.ts';
import { preloadKeys } from '#shared/app-data.ts';
import type { StatusClosure } from '#shared/opening-status.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { buildClosure, buildSiteRecord } from '#testing/factories.ts';
import { RESERVED_LUNCH_FACTS } from '#testing/site-facts.ts';
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
  leaveMenusUnasked(client);
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

describe('SiteDetails: Before you go and the reservation in the status', () => {
  beforeAll(() => setAppData({ config: { agencyTimeZone: AGENCY } as never }));
  afterEach(() => vi.useRealTimers());

  // Weekday lunch 11:30–1:00, reserved by 1:00 PM the day before.
  const reserved = buildSiteRecord({
    id: 11,
    name: 'Golden Gate Lunch',
    lat: null,
    lng: null,
    phoneNumber: '4155550142',
    phoneExtension: '3',
    Hours: [1, 2, 3, 4, 5].map((day) => ({ day, open: '11:30', close: '13:00' })),
    facts: {
      ...RESERVED_LUNCH_FACTS,
      notes: { about: 'Tai chi after lunch on Tuesdays.' },
      translations: { zh: { about: '逢星期二午膳後有太極。' } },
    },
  });
  /** Tuesday 1 December 2026, 10:00 AM in San Francisco. */
  const TUESDAY_10AM = new Date('2026-12-01T18:00:00Z');
  /** The same day, 2:00 PM: past the cut-off for Wednesday's lunch. */
  const TUESDAY_2PM = new Date('2026-12-01T22:00:00Z');
  // The printed page's own section is hidden on screen by the print stylesheet, which jsdom does not load.
  const section = () =>
    screen
      .getAllByRole('region', { name: /Before you go|Antes de ir|出發前/ })
      .find((region) => !region.classList.contains('print-only')) as HTMLElement;

  it('says each fact as a term and its definition, and the note in its own language', async () => {
    await renderAt(TUESDAY_10AM, { shown: reserved });
    const terms = within(section())
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual(['Reservation', 'Cost', 'First visit', 'Languages', 'Access', 'What to expect']);
    const text = section().textContent ?? '';
    expect(text).toContain('Reservation needed: call (415) 555-0142, ext. 3 by 1:00 PM the day before');
    expect(text).toContain('$3 suggested for 60+ · guests $6');
    expect(text).toContain('Step-free entrance · accessible restroom');
    // English page: the English note is not marked.
    expect(within(section()).getByText('Tai chi after lunch on Tuesdays.').closest('[lang]')).toBeNull();
    document.body.innerHTML = '';
    await renderAt(TUESDAY_10AM, { shown: reserved, language: 'es' });
    // Spanish page without a Spanish note: the English one, marked as English.
    expect(within(section()).getByText('Tai chi after lunch on Tuesdays.').getAttribute('lang')).toBe('en');
    document.body.innerHTML = '';
    await renderAt(TUESDAY_10AM, { shown: reserved, language: 'zh' });
    expect(within(section()).getByText('逢星期二午膳後有太極。').closest('[lang="en"]')).toBeNull();
  });

  it('says the deployment’s own contribution words under the cost, in the page’s language', async () => {
    setAppData({
      config: {
        agencyTimeZone: AGENCY,
        agency: {
          name: {},
          logoUrl: null,
          phone: '4155550100',
          phoneHours: null,
          email: 'meals@example.org',
          contribution: { es: 'Aporte lo que pueda; a nadie se le niega la comida.' },
        },
      } as never,
    });
    try {
      await renderAt(TUESDAY_10AM, { shown: reserved, language: 'es' });
      expect(section().textContent).toContain('Aporte lo que pueda; a nadie se le niega la comida.');
      document.body.innerHTML = '';
      // A language the deployment did not write reads the translated default.
      await renderAt(TUESDAY_10AM, { shown: reserved });
      expect(section().textContent).toContain('Contributions are voluntary and confidential.');
    } finally {
      setAppData({ config: { agencyTimeZone: AGENCY } as never });
    }
  });

  it('has no section when nothing is known', async () => {
    await renderAt(TUESDAY_10AM, { shown: thursdays });
    expect(screen.queryAllByRole('region', { name: 'Before you go' })).toEqual([]);
  });

  it('dials the extension and shows it where the phone is', async () => {
    await renderAt(TUESDAY_10AM, { shown: reserved });
    const call = screen.getByRole('link', { name: /^Call/ });
    expect(call.getAttribute('href')).toBe('tel:+14155550142,3');
    expect(call.textContent).toContain('(415) 555-0142, ext. 3');
    const contact = within(screen.getByRole('region', { name: 'Contact' }));
    expect(contact.getByRole('link', { name: '(415) 555-0142, ext. 3' }).getAttribute('href')).toBe(
      'tel:+14155550142,3',
    );
  });

  it("names the cut-off before it, and the next meal one can still book after it, on the agency's clock", async () => {
    await renderAt(TUESDAY_10AM, { shown: reserved });
    expect(statusLine().textContent).toBe(
      'Opens today at 11:30 AM · for tomorrow 11:30 AM, call by 1:00 PM today to reserve',
    );
    document.body.innerHTML = '';
    await renderAt(TUESDAY_2PM, { shown: reserved });
    expect(statusLine().textContent).toBe(
      'Closed now · opens Wed 11:30 AM · for Thu 11:30 AM, call by 1:00 PM tomorrow to reserve',
    );
    document.body.innerHTML = '';
    // Friday 2:00 PM: Monday's lunch is the next opening and still bookable, so it is named once.
    await renderAt(new Date('2026-12-04T22:00:00Z'), { shown: reserved, language: 'es' });
    expect(statusLine().textContent).toBe(
      'Cerrado ahora · abre lun a las 11:30 a.m. · llame antes de la 1:00 p.m. del domingo para reservar',
    );
  });

  it('is in the server HTML (no JavaScript needed), the status is not', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(TUESDAY_10AM);
    const i18n = await createTestI18n('en');
    const html = renderToString(providers(<SitePage site={reserved} />, i18n, []));
    expect(html).toContain('Before you go');
    expect(html).toContain('Staff speak Cantonese, English');
    expect(html).not.toContain('to reserve');
  });
});
