import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '#client/testing/i18n.ts';
import type { ReferenceItem } from '#shared/schemas/reference-lists.ts';
import { MenuGridScreen } from './menu-grid-screen.tsx';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-01T18:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const partners = [{ id: 7, name: 'Kitchen' }] as ReferenceItem[];
const mealTypes = [{ id: 2, name: 'Lunch' }] as ReferenceItem[];

/** The partner's two sites, the only sites the screen reads (R727). */
const partnerSites = [
  { id: 31, name: 'Chinatown Lunch' },
  { id: 32, name: 'Mission Lunch' },
];

/** A partner's December behind fetch: the stored days, and every write recorded (a 422 when `refuse`). */
function fakeApi(days: unknown[], refuse?: unknown) {
  const writes: { method: string; url: string; body: unknown }[] = [];
  const reads: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    reads.push(url);
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (url === '/api/nutritionpartners/7/sites') return json(partnerSites);
    if (url === '/api/dietmarks')
      return json([{ id: 4, key: 'agency-4', name: 'Pork-free', translations: {}, version: 1, dishes: 0 }]);
    if (url.startsWith('/api/nutritionpartners/7/menu?'))
      return json({ from: '2026-12-01', to: '2026-12-31', days });
    if (url.startsWith('/api/nutritionpartners/7/menu/')) {
      writes.push({
        method: init?.method ?? 'GET',
        url,
        body: init?.body ? JSON.parse(String(init.body)) : null,
      });
      if (refuse) return json(refuse, 422);
      return json({ date: url.slice(-10), meals: [] });
    }
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`);
  });
  return Object.assign(writes, { reads });
}

async function renderScreen() {
  const i18n = await createTestI18n('en');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/admin/menus?partner=7&month=2026-12']}>
          <MenuGridScreen partners={partners} mealTypes={mealTypes} listsFailed={false} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const soup = {
  date: '2026-12-01',
  meals: [
    {
      mealTypeId: 2,
      dishes: [{ name: 'Soup', translations: {}, diets: ['vegetarian'] }],
      note: null,
      translations: {},
    },
  ],
};

describe('the menu month grid', () => {
  it("offers the chosen partner's own sites for a sheet, read for that partner only (R727)", async () => {
    const { reads } = fakeApi([soup]);
    await renderScreen();
    const owner = await screen.findByRole('combobox', { name: 'Whose menus' });
    await waitFor(() => expect(within(owner).getAllByRole('option')).toHaveLength(3));
    expect(
      within(owner)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Kitchen: served at all its sites',
      'Chinatown Lunch only: replaces the partner’s menu there',
      'Mission Lunch only: replaces the partner’s menu there',
    ]);
    expect(reads).toContain('/api/nutritionpartners/7/sites');
    // Never the directory's whole list.
    expect(reads.filter((url) => url.startsWith('/api/sites'))).toEqual([]);
  });

  it('says the month could not be loaded when the partner’s sites cannot be read', async () => {
    fakeApi([soup]);
    const fetch = vi.mocked(globalThis.fetch);
    const answer = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input, init) =>
      String(input) === '/api/nutritionpartners/7/sites'
        ? new Response(JSON.stringify({ error: 'Nope' }), {
            status: 500,
            headers: { 'Content-Type': 'application/json' },
          })
        : answer(input, init),
    );
    await renderScreen();
    expect(
      await screen.findByText('The menus could not be loaded. Reload the page to try again.'),
    ).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Whose menus' })).toBeNull();
  });

  it('shows a refused field by the field and in the summary, and keeps the form open', async () => {
    const writes = fakeApi([soup], {
      error: 'Validation failed',
      errors: [{ path: 'meals.0.dishes.0.translations.es.name', code: 'too_long', message: 'Too long.' }],
    });
    await renderScreen();
    const day = await screen.findByRole('listitem', { name: 'Tuesday, Dec 1, 2026' });
    expect(within(day).getByText('Not translated: Spanish and Chinese')).toBeTruthy();
    fireEvent.click(within(day).getByRole('button', { name: 'Edit the menu of Tuesday, Dec 1, 2026' }));
    const spanish = within(day).getByLabelText('Lunch, dish 1: name in Spanish');
    fireEvent.change(spanish, { target: { value: 'Sopa' } });
    // The agency's own mark, a one-click mark after the fixed ones (R694), stored after them (R692).
    fireEvent.click(await within(day).findByRole('checkbox', { name: 'Pork-free' }));
    fireEvent.click(within(day).getByRole('button', { name: 'Save the menu of Tuesday, Dec 1, 2026' }));
    await waitFor(() => expect(spanish.getAttribute('aria-invalid')).toBe('true'));
    expect(writes).toHaveLength(1);
    expect(writes[0]?.body).toEqual({
      meals: [
        {
          mealTypeId: 2,
          dishes: [
            { name: 'Soup', translations: { es: { name: 'Sopa' } }, diets: ['vegetarian', 'agency-4'] },
          ],
          note: null,
          translations: {},
        },
      ],
    });
    expect(screen.getByRole('link', { name: /Lunch, dish 1: name in Spanish/ })).toBeTruthy();
  });

  it('copies a week onto the next only after asking about a date that has a menu', async () => {
    const writes = fakeApi([soup, { ...soup, date: '2026-12-08' }]);
    await renderScreen();
    await screen.findByRole('listitem', { name: 'Tuesday, Dec 1, 2026' });
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(dialog.textContent).toContain('Tuesday, Dec 8, 2026');
    expect(writes).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Replace them', hidden: true }));
    await screen.findByText('Copied to 1 date.');
    expect(writes.map((write) => [write.method, write.url])).toEqual([
      ['PUT', '/api/nutritionpartners/7/menu/2026-12-08'],
    ]);
  });
});
