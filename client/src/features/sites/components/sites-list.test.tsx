import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '#client/testing/i18n.ts';
import type { StatusClosure } from '#shared/opening-status.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { computeStatuses, type Statuses } from '#shared/site-statuses.ts';
import { buildClosure, buildSiteRecord } from '#testing/factories.ts';
import { LIST_PAGE_SIZE, SitesList } from './sites-list.tsx';

const site = (id: number) => buildSiteRecord({ id, name: `Site ${id}`, address: `${id} Market St` });

async function renderList(sites: Site[], isAdmin = false, statuses: Statuses | null = null, language = 'en') {
  const i18n = await createTestI18n(language);
  const view = (list: Site[]) => (
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <SitesList sites={list} isAdmin={isAdmin} filtered={false} statuses={statuses} />
      </MemoryRouter>
    </I18nextProvider>
  );
  const result = render(view(sites));
  return { i18n, rerender: (list: Site[]) => result.rerender(view(list)) };
}

const rows = () => within(screen.getByRole('list', { name: 'List of sites' })).getAllByRole('listitem');

describe('SitesList', () => {
  it('renders the first rows of a long list, says how many of how many, and shows more on demand', async () => {
    const sites = Array.from({ length: 250 }, (_, i) => site(i + 1));
    const { rerender } = await renderList(sites);
    expect(rows()).toHaveLength(LIST_PAGE_SIZE);
    expect(screen.getByText('Showing 100 of 250 sites.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show 100 more sites' }));
    expect(rows()).toHaveLength(200);
    // Focus lands on the first new row, where a keyboard user continues.
    expect(document.activeElement?.textContent).toBe('Site 101');

    fireEvent.click(screen.getByRole('button', { name: 'Show 50 more sites' }));
    expect(rows()).toHaveLength(250);
    expect(screen.queryByRole('button', { name: /^Show \d+ more/ })).toBeNull();

    // A new set of sites (a filter changed) starts again from the first rows.
    rerender(sites.slice(0, 180));
    expect(rows()).toHaveLength(LIST_PAGE_SIZE);
  });

  it('shows every row, with no button, when they fit on one page', async () => {
    await renderList([site(1), site(2)]);
    expect(rows()).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /more/ })).toBeNull();
  });

  it('rows kept across a change of the list, and a change of language, show the right words', async () => {
    const sites = [
      { ...site(1), phoneNumber: '4155550100', lat: null, lng: null },
      { ...site(2), phoneNumber: '4155550101' },
    ];
    const { i18n, rerender } = await renderList(sites, true);
    expect(screen.getAllByText('Phone:')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'edit Site 1' }).getAttribute('href')).toBe('/sites/1/edit');
    expect(screen.getByText('No map position')).toBeTruthy();
    // The same site objects in a new list (a filter changed): the kept row is unchanged.
    rerender([sites[0]!]);
    expect(rows()).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Site 1' }).getAttribute('href')).toBe('/sites/1');
    await act(() => i18n.changeLanguage('es'));
    expect(screen.getByText('Teléfono:')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'editar Site 1' })).toBeTruthy();
    expect(screen.getByText('Sin ubicación en el mapa')).toBeTruthy();
    expect(screen.queryByText('Phone:')).toBeNull();
  });
});

describe('Show the nearest first', () => {
  type Success = (position: { coords: { latitude: number; longitude: number } }) => void;
  type Failure = (error: { code: number; PERMISSION_DENIED: number }) => void;
  let answer: { ok?: Success; fail?: Failure } = {};
  const getCurrentPosition = vi.fn((ok: Success, fail: Failure) => {
    answer = { ok, fail };
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    getCurrentPosition.mockClear();
  });
  const withGeolocation = () =>
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
  const placed = [
    { ...site(1), name: 'Far', lat: 37.8, lng: -122.27 },
    { ...site(2), name: 'Unplaced', lat: null, lng: null },
    { ...site(3), name: 'Near', lat: 37.7795, lng: -122.4195 },
    { ...site(4), name: 'Middle', lat: 37.76, lng: -122.45 },
  ];
  const names = () => rows().map((row) => within(row).getByRole('link').textContent);
  const status = () => screen.getByRole('status').textContent;

  it('asks for the position only when pressed, then orders by distance with miles, and back by name', async () => {
    withGeolocation();
    await renderList(placed);
    expect(getCurrentPosition).not.toHaveBeenCalled();
    expect(names()).toEqual(['Far', 'Unplaced', 'Near', 'Middle']);

    fireEvent.click(screen.getByRole('button', { name: 'Show the nearest first' }));
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(status()).toBe('Finding where you are…');
    // A second press while it looks is ignored.
    fireEvent.click(screen.getByRole('button', { name: 'Show the nearest first' }));
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);

    act(() => answer.ok!({ coords: { latitude: 37.7793, longitude: -122.4193 } }));
    expect(names()).toEqual(['Near', 'Middle', 'Far', 'Unplaced']);
    expect(status()).toBe('Sorted by distance from where you are. Your location stays on this device.');
    expect(within(rows()[0]!).getByText('About 0.1 miles away')).toBeTruthy();
    expect(within(rows()[2]!).getByText('About 8.3 miles away')).toBeTruthy();
    expect(within(rows()[3]!).queryByText(/miles? away/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Sort by name' }));
    expect(names()).toEqual(['Far', 'Unplaced', 'Near', 'Middle']);
    expect(status()).toBe('Sorted by name.');
    expect(screen.queryByText(/miles? away/)).toBeNull();
  });

  it('says so when the browser may not share the position or cannot find it, and keeps the list', async () => {
    withGeolocation();
    await renderList(placed);
    fireEvent.click(screen.getByRole('button', { name: 'Show the nearest first' }));
    act(() => answer.fail!({ code: 1, PERMISSION_DENIED: 1 }));
    expect(status()).toMatch(/^We could not find where you are: this browser is not allowed/);
    expect(names()).toEqual(['Far', 'Unplaced', 'Near', 'Middle']);

    fireEvent.click(screen.getByRole('button', { name: 'Show the nearest first' }));
    act(() => answer.fail!({ code: 3, PERMISSION_DENIED: 1 }));
    expect(status()).toBe(
      'We could not find where you are. Please try again, or use the filters, the map or the list.',
    );
  });

  it('speaks the distance in Spanish (with the decimal point of US Spanish) and Chinese', async () => {
    withGeolocation();
    const { i18n } = await renderList(placed);
    fireEvent.click(screen.getByRole('button', { name: 'Show the nearest first' }));
    act(() => answer.ok!({ coords: { latitude: 37.7793, longitude: -122.4193 } }));
    await act(() => i18n.changeLanguage('es'));
    const third = () => screen.getAllByRole('listitem')[2]!;
    expect(within(third()).getByText('Aproximadamente a 8.3 millas')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ordenar por nombre' })).toBeTruthy();
    await act(() => i18n.changeLanguage('zh'));
    expect(within(third()).getByText('距離約 8.3 英里')).toBeTruthy();
  });
});

describe('SitesList: each row says its status on the agency clock', () => {
  const AGENCY = 'America/Los_Angeles';
  // Thursday 26 November 2026 (Thanksgiving) 12:00 noon in San Francisco: Friday 05:00 in Tokyo.
  const NOON = Date.parse('2026-11-26T20:00:00Z');
  // Wednesday 25 November, 10:00 AM in San Francisco (Thursday already in Tokyo and almost in UTC).
  const WEDNESDAY_10AM = Date.parse('2026-11-25T18:00:00Z');
  const thursdayLunch = { day: 4, open: '11:30', close: '13:30' };
  const sites: Site[] = [
    { ...site(1), name: 'Thursday Lunch', Hours: [thursdayLunch] },
    { ...site(2), name: 'Tuesday Lunch', Hours: [{ day: 2, open: '11:30', close: '13:30' }] },
    { ...site(3), name: 'Unlisted', Hours: [] },
    {
      ...site(4),
      name: 'Closed Status',
      Hours: [thursdayLunch],
      CovidStatuses: [{ id: 9, name: 'Temporarily closed', closesSite: true }],
    },
    { ...site(5), name: 'Wednesday Later', Hours: [{ day: 3, open: '11:30', close: '13:30' }] },
  ];
  const thanksgiving: StatusClosure = buildClosure();
  const texts = () => [...document.querySelectorAll('.site-row__status')].map((line) => line.textContent);

  it('open until, opens later, closed now with the next opening, call for hours, temporarily closed', async () => {
    await renderList(sites, false, computeStatuses(sites, [], NOON, AGENCY));
    expect(texts()).toEqual([
      'Open now · until 1:30 PM',
      'Closed now · opens Tue 11:30 AM',
      'Call for hours',
      'Temporarily closed',
      'Closed now · opens Wed 11:30 AM',
    ]);
    document.body.innerHTML = '';
    await renderList(sites, false, computeStatuses(sites, [], WEDNESDAY_10AM, AGENCY));
    expect(texts()[4]).toBe('Opens today at 11:30 AM');
  });

  it('a holiday closure of all sites: closed today with the reason, in three languages', async () => {
    const statuses = computeStatuses(sites, [thanksgiving], NOON, AGENCY);
    const { i18n } = await renderList(sites, false, statuses);
    expect(texts()[0]).toBe('Closed today: Thanksgiving · opens Thu, Dec 3 11:30 AM');
    expect(texts()[3]).toBe('Temporarily closed');
    await act(() => i18n.changeLanguage('es'));
    expect(texts()[0]).toBe('Cerrado hoy: Thanksgiving · abre jue, 3 de dic a las 11:30 a.m.');
    // A closure of all sites covers a site without hours too.
    expect(texts()[2]).toBe('Cerrado hoy: Thanksgiving');
    await act(() => i18n.changeLanguage('zh'));
    expect(texts()[0]).toBe('今日休息：Thanksgiving · 12月3日週四上午11:30開放');
    expect(texts()[3]).toBe('暫停開放');
  });

  describe('an English reason on another language\'s page is marked lang="en"', () => {
    const statusLine = () => document.querySelector('.site-row__status')!;
    const reasonElement = (reason: string) => within(statusLine() as HTMLElement).getByText(reason);

    it('es page, a closure without a translation: the reason is in an element with lang="en"', async () => {
      await renderList(sites, false, computeStatuses(sites, [thanksgiving], NOON, AGENCY), 'es');
      expect(statusLine().textContent).toBe(
        'Cerrado hoy: Thanksgiving · abre jue, 3 de dic a las 11:30 a.m.',
      );
      expect(reasonElement('Thanksgiving').tagName).toBe('SPAN');
      expect(reasonElement('Thanksgiving').getAttribute('lang')).toBe('en');
    });

    it('es page, a closure with a Spanish translation: the reason is not marked English', async () => {
      const translated = { ...thanksgiving, translations: { es: { reason: 'Día de Acción de Gracias' } } };
      await renderList(sites, false, computeStatuses(sites, [translated], NOON, AGENCY), 'es');
      expect(statusLine().textContent).toBe(
        'Cerrado hoy: Día de Acción de Gracias · abre jue, 3 de dic a las 11:30 a.m.',
      );
      expect(statusLine().querySelector('[lang]')).toBeNull();
    });

    it('en page: the reason needs no element of its own', async () => {
      await renderList(sites, false, computeStatuses(sites, [thanksgiving], NOON, AGENCY), 'en');
      expect(statusLine().textContent).toBe('Closed today: Thanksgiving · opens Thu, Dec 3 11:30 AM');
      expect(statusLine().children).toHaveLength(0);
    });
  });

  it('Spanish and Chinese times and weekdays', async () => {
    await renderList(sites, false, computeStatuses(sites, [], NOON, AGENCY), 'es');
    expect(texts()[0]).toBe('Abierto ahora · hasta 1:30 p.m.');
    expect(texts()[1]).toBe('Cerrado ahora · abre mar a las 11:30 a.m.');
    expect(texts()[2]).toBe('Llame para confirmar el horario');
    expect(texts()[3]).toBe('Cerrado temporalmente');
    document.body.innerHTML = '';
    await renderList(sites, false, computeStatuses(sites, [], NOON, AGENCY), 'zh');
    expect(texts()[0]).toBe('現正開放 · 至下午1:30');
    expect(texts()[1]).toBe('現正休息 · 星期二上午11:30開放');
    expect(texts()[2]).toBe('請致電查詢開放時間');
  });

  it('keeps an empty, reserved status line while the status is unknown', async () => {
    await renderList(sites);
    expect(texts()).toEqual(['', '', '', '', '']);
  });
});

describe('SitesList: rows in the reader’s language', () => {
  const chinatown = {
    ...site(1),
    name: 'Chinatown Senior Lunch',
    Populations: [
      {
        id: 1,
        name: 'Seniors 60+',
        translations: { es: { name: 'Personas de 60 años o más' }, zh: { name: '60歲或以上長者' } },
      },
      { id: 2, name: 'Adults with disabilities', translations: {} },
    ],
    translations: { zh: { name: '華埠長者午膳' } },
  } as Site;

  it.each([
    ['en', 'Chinatown Senior Lunch', ['Seniors 60+', 'Adults with disabilities'], []],
    [
      'es',
      'Chinatown Senior Lunch',
      ['Personas de 60 años o más', 'Adults with disabilities'],
      ['Chinatown Senior Lunch', 'Adults with disabilities'],
    ],
    [
      'zh',
      'Chinatown Senior Lunch · 華埠長者午膳',
      ['60歲或以上長者', 'Adults with disabilities'],
      ['Chinatown Senior Lunch', 'Adults with disabilities'],
    ],
  ])(
    '%s: the site’s name and populations, English fallbacks marked',
    async (language, name, populations, english) => {
      await renderList([chinatown], false, null, language);
      const row = screen.getAllByRole('listitem')[0]!;
      expect(within(row).getByRole('heading', { level: 3 }).textContent).toBe(name);
      // Shown joined by ' | ' (CSS), heard as a list after its label.
      expect(row.textContent).toContain(
        { en: 'Populations served:', es: 'Población atendida:', zh: '服務對象：' }[language]!,
      );
      const list = within(row).getByRole('list');
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(populations);
      const marked = [...row.querySelectorAll('[lang]')];
      expect(marked.map((node) => node.textContent)).toEqual(english);
      expect(marked.every((node) => node.getAttribute('lang') === 'en')).toBe(true);
    },
  );

  it('a row kept across a change of language shows the new language’s names', async () => {
    const { i18n } = await renderList([chinatown]);
    await act(() => i18n.changeLanguage('zh'));
    expect(screen.getAllByRole('listitem')[0]!.textContent).toContain('60歲或以上長者');
    expect(
      within(screen.getAllByRole('listitem')[0]!).getByRole('heading', { level: 3 }).textContent,
    ).toContain('華埠長者午膳');
  });
});

describe('SitesList: nearest first from the near box’s place, and a Call action', () => {
  it('orders by distance from the place, with miles, and offers "Call <site>" on each row with a phone', async () => {
    const near = { ...site(1), name: 'Near Café', lat: 37.752, lng: -122.418, phoneNumber: '4155550100' };
    const far = { ...site(2), name: 'Far Café', lat: 37.8, lng: -122.41, phoneNumber: 'call the front desk' };
    const i18n = await createTestI18n('en');
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <SitesList
            sites={[far, near]}
            isAdmin={false}
            filtered={false}
            place={{ lat: 37.75, lng: -122.415 }}
          />
        </MemoryRouter>
      </I18nextProvider>,
    );
    const [first, second] = rows();
    expect(within(first!).getByRole('heading', { level: 3 }).textContent).toBe('Near Café');
    expect(first!.textContent).toContain('About 0.2 miles away');
    const call = within(first!).getByRole('link', { name: 'Call Near Café' });
    expect(call.getAttribute('href')).toBe('tel:+14155550100');
    expect(call.className).toContain('site-row__call');
    expect(within(second!).getByRole('heading', { level: 3 }).textContent).toBe('Far Café');
    // A number that cannot be dialled is shown as stored, without a Call action.
    expect(second!.textContent).toContain('call the front desk');
    expect(within(second!).queryByRole('link', { name: /^Call/ })).toBeNull();
  });
});

describe('SitesList: the deciding facts and the reservation on each row', () => {
  const AGENCY = 'America/Los_Angeles';
  const lunches = [1, 2, 3, 4, 5].map((day) => ({ day, open: '11:30', close: '13:00' }));
  const sites: Site[] = [
    {
      ...site(21),
      name: 'Reserved Lunch',
      Hours: lunches,
      facts: { reservation: 'required', reserveDays: 1, reserveBy: '13:00', cost: 'free', stepFree: true },
    },
    { ...site(22), name: 'Walk-in Lunch', Hours: lunches, facts: { reservation: 'not_needed' } },
    { ...site(23), name: 'Unknown Lunch', Hours: lunches },
  ];
  const statuses = () => [...document.querySelectorAll('.site-row__status')].map((line) => line.textContent);
  const summaries = () =>
    [...document.querySelectorAll('.site-row')].map(
      (row) => row.querySelector('.site-row__facts')?.textContent ?? null,
    );

  it('a one-line summary under the status, none when nothing is known (also on the server)', async () => {
    await renderList(sites);
    expect(summaries()).toEqual(['Reservation needed · Free · Step-free entrance', 'Walk-ins welcome', null]);
  });

  it('where a reservation is needed, the status says until when the next meal can be booked', async () => {
    // Monday 30 November 2026, 10:00 AM in San Francisco.
    await renderList(sites, false, computeStatuses(sites, [], Date.parse('2026-11-30T18:00:00Z'), AGENCY));
    expect(statuses()).toEqual([
      'Opens today at 11:30 AM · for tomorrow 11:30 AM, call by 1:00 PM today to reserve',
      'Opens today at 11:30 AM',
      'Opens today at 11:30 AM',
    ]);
    document.body.innerHTML = '';
    // Friday 4 December, 2:00 PM: Monday's lunch is the next opening and still bookable: named once.
    await renderList(
      sites,
      false,
      computeStatuses(sites, [], Date.parse('2026-12-04T22:00:00Z'), AGENCY),
      'zh',
    );
    expect(statuses()[0]).toBe('現正休息 · 星期一上午11:30開放 · 請於星期日下午1:00前致電預約');
  });
});
