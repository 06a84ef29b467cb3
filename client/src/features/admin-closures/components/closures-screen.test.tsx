import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Link, MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '#client/testing/i18n.ts';
import type { HolidayOccurrence } from '#shared/schemas/closures.ts';
import type { Closure } from '../model/closures.ts';
import { ClosuresScreen } from './closures-screen.tsx';

afterEach(() => vi.restoreAllMocks());

/** An in-memory closures API behind fetch: GET the list, POST adds; the holidays and their decisions. */
function fakeApi(initial: Closure[], holidays: HolidayOccurrence[] = []) {
  const closures = [...initial];
  const posted: unknown[] = [];
  const decided: { url: string; body: unknown }[] = [];
  const occurrences = holidays.map((h) => ({ ...h }));
  let nextId = 100;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (url === '/api/sites') return json([{ id: 1, name: 'Mission Dining Room' }]);
    if (url === '/api/closures' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      posted.push(body);
      const closure = { id: nextId++, siteIds: [], version: 1, ...body };
      closures.push(closure);
      return json(closure, 201);
    }
    if (url === '/api/closures') return json(closures);
    if (url === '/api/closures/holidays') return json(occurrences);
    if (url.startsWith('/api/closures/holidays/') && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body));
      decided.push({ url, body });
      const found = occurrences.find((h) => url.endsWith(`/${h.key}/${h.date}`))!;
      Object.assign(found, body, { version: found.version + 1 });
      return json(found);
    }
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`);
  });
  return { posted, decided };
}

const christmas: Closure = {
  id: 1,
  startDate: '2026-12-25',
  endDate: '2026-12-25',
  reason: 'Christmas',
  allSites: true,
  siteIds: [],
};
const oneSiteOnThanksgiving: Closure = {
  id: 2,
  startDate: '2026-11-26',
  endDate: '2026-11-26',
  reason: 'Boiler repair',
  allSites: false,
  siteIds: [1],
};

const thanksgivingOccurrence: HolidayOccurrence = {
  key: 'thanksgiving',
  date: '2026-11-26',
  actualDate: '2026-11-26',
  name: 'Thanksgiving Day',
  translations: { es: { name: 'Día de Acción de Gracias' }, zh: { name: '感恩節' } },
  openEverywhere: false,
  openSiteIds: [],
  reviewed: false,
  version: 0,
  updatedAt: null,
};
/** As GET /api/closures answers it: the holiday is there too, computed. */
const thanksgivingClosure = {
  id: -2026112601,
  startDate: '2026-11-26',
  endDate: '2026-11-26',
  reason: 'Thanksgiving Day',
  allSites: true,
  siteIds: [],
  holiday: { key: 'thanksgiving', actualDate: '2026-11-26' },
} as Closure;

const WORDS = {
  en: {
    item: 'Thanksgiving Day, Thursday, Nov 26, 2026',
    state: 'Closed at every site · Not reviewed yet',
    reviewed: 'Open at 1 site, closed at the others · Reviewed',
    change: 'Change',
    some: 'Open at some sites, closed at the others',
    save: 'Save and mark reviewed',
    markReviewed: 'Mark reviewed',
  },
  es: {
    item: 'Día de Acción de Gracias, jueves, 26 de nov de 2026',
    state: 'Cerrado en todos los comedores · Sin revisar',
    reviewed: 'Abierto en 1 comedor, cerrado en los demás · Revisado',
    change: 'Cambiar',
    some: 'Abierto en algunos comedores, cerrado en los demás',
    save: 'Guardar y marcar como revisado',
    markReviewed: 'Marcar como revisado',
  },
  zh: {
    item: '感恩節，2026年11月26日星期四',
    state: '所有用餐點休息 · 尚未覆核',
    reviewed: '1 個用餐點開放，其餘休息 · 已覆核',
    change: '更改',
    some: '部分用餐點開放，其餘休息',
    save: '儲存並標示為已覆核',
    markReviewed: '標示為已覆核',
  },
} as const;

describe.each(Object.entries(WORDS))('the holiday calendar in %s', (lng, w) => {
  it('lists the holidays with what will happen, keeps a site open on one, and never offers a holiday as a closure to remove', async () => {
    const { decided } = fakeApi(
      [christmas, oneSiteOnThanksgiving, thanksgivingClosure],
      [thanksgivingOccurrence],
    );
    render(
      <I18nextProvider i18n={await createTestI18n(lng)}>
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter>
            <ClosuresScreen today="2026-11-24" />
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    const item = (await screen.findByText(w.item)).closest('li')!;
    expect(
      within(item).getByText((_, node) => node?.tagName === 'P' && node.textContent === w.state),
    ).toBeTruthy();
    // The computed holiday is not among the recorded closures (it has no remove button of its own).
    expect(screen.getAllByRole('row').some((row) => row.textContent?.includes('Thanksgiving Day'))).toBe(
      false,
    );

    fireEvent.click(within(item).getByRole('button', { name: new RegExp(w.change) }));
    fireEvent.click(within(item).getByLabelText(w.some));
    fireEvent.click(within(item).getByLabelText('Mission Dining Room'));
    fireEvent.click(within(item).getByRole('button', { name: w.save }));
    await waitFor(() =>
      expect(decided).toEqual([
        {
          url: '/api/closures/holidays/thanksgiving/2026-11-26',
          body: { openEverywhere: false, openSiteIds: [1], reviewed: true, version: 0 },
        },
      ]),
    );
    await waitFor(() =>
      expect(
        within(screen.getByText(w.item).closest('li')!).getByText(
          (_, node) => node?.tagName === 'P' && node.textContent === w.reviewed,
        ),
      ).toBeTruthy(),
    );
    expect(
      within(screen.getByText(w.item).closest('li')!).queryByRole('button', { name: w.markReviewed }),
    ).toBeNull();
  });
});

describe('a closure being added', () => {
  it('asks before a link leaves it half-typed, not once it is added, and summarises its errors', async () => {
    fakeApi([]);
    render(
      <I18nextProvider i18n={await createTestI18n('en')}>
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter>
            <ClosuresScreen today="2026-11-24" />
            <Link to="/sites">Locations</Link>
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    const adder = await screen.findByRole('group', { name: 'Add a closure' });
    fireEvent.click(within(adder).getByRole('button', { name: 'Add closure' }));
    const summary = await screen.findByRole('region', { name: 'There is a problem' });
    expect(within(summary).getByRole('link', { name: 'Enter the reason for the closure' })).toBeTruthy();
    expect(document.activeElement).toBe(within(summary).getByRole('heading'));

    fireEvent.change(within(adder).getByLabelText('Reason (required)'), {
      target: { value: 'Staff training' },
    });
    fireEvent.click(screen.getByRole('link', { name: 'Locations' }));
    expect(screen.getByRole('dialog', { name: 'Leave without saving?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));

    fireEvent.change(within(adder).getByLabelText('First day closed (required)'), {
      target: { value: '2026-12-01' },
    });
    fireEvent.click(within(adder).getByRole('button', { name: 'Add closure' }));
    await waitFor(() =>
      expect((within(adder).getByLabelText('Reason (required)') as HTMLInputElement).value).toBe(''),
    );
    fireEvent.click(screen.getByRole('link', { name: 'Locations' }));
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
  });
});
