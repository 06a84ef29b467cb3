import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Link, MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '#client/testing/i18n.ts';
import type { Closure } from '../model/closures.ts';
import { ClosuresScreen } from './closures-screen.tsx';

afterEach(() => vi.restoreAllMocks());

/** An in-memory closures API behind fetch: GET the list, POST adds, DELETE removes. */
function fakeApi(initial: Closure[]) {
  const closures = [...initial];
  const posted: unknown[] = [];
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
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`);
  });
  return { posted };
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

const WORDS = {
  en: {
    legend: 'Holidays in 2026 not yet listed',
    thanksgiving: /^Thanksgiving, Thursday, Nov 26, 2026$/,
    dayAfter: /^Day after Thanksgiving, /,
    add: 'Add the chosen holidays',
    none: 'Every usual holiday still to come in 2026 is already listed.',
  },
  es: {
    legend: 'Días festivos de 2026 que aún no están en la lista',
    thanksgiving: /^Día de Acción de Gracias, jueves, 26 de nov de 2026$/,
    dayAfter: /^Día después de Acción de Gracias, /,
    add: 'Agregar los días festivos elegidos',
    none: 'Todos los días festivos habituales que quedan en 2026 ya están en la lista.',
  },
  zh: {
    legend: '2026 年尚未列出的假期',
    thanksgiving: /^感恩節，2026年11月26日星期四$/,
    dayAfter: /^感恩節翌日，/,
    add: '新增已選擇的假期',
    none: '2026 年餘下的一般假期已全部列出。',
  },
} as const;

describe.each(Object.entries(WORDS))('the closures screen in %s', (lng, w) => {
  it('offers the year’s holidays still to come, adds the chosen ones in one step, and never offers them twice', async () => {
    const { posted } = fakeApi([christmas, oneSiteOnThanksgiving]);
    render(
      <I18nextProvider i18n={await createTestI18n(lng)}>
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter>
            <ClosuresScreen today="2026-11-24" />
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    );

    const offered = await screen.findByRole('group', { name: w.legend });
    const boxes = within(offered).getAllByRole('checkbox') as HTMLInputElement[];
    // Thanksgiving and the day after; Christmas is already a closure of all sites (a one-site
    // closure on Thanksgiving does not count); the earlier holidays of the year are past.
    expect(boxes.map((b) => b.labels?.[0]?.textContent)).toEqual([
      expect.stringMatching(w.thanksgiving),
      expect.stringMatching(w.dayAfter),
    ]);
    expect(boxes.every((b) => b.checked)).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: w.add }));
    await screen.findByText(w.none);
    // Whichever language the clerk reads, each holiday is added in all three.
    const holiday = (date: string, en: string, es: string, zh: string) => ({
      startDate: date,
      endDate: date,
      reason: en,
      translations: { es: { reason: es }, zh: { reason: zh } },
      allSites: true,
    });
    expect(posted).toEqual([
      holiday('2026-11-26', 'Thanksgiving', 'Día de Acción de Gracias', '感恩節'),
      holiday('2026-11-27', 'Day after Thanksgiving', 'Día después de Acción de Gracias', '感恩節翌日'),
    ]);
    await waitFor(() => expect(screen.getByRole('row', { name: /Day after Thanksgiving/ })).toBeTruthy());
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
