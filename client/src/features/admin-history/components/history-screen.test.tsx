import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '#client/testing/i18n.ts';
import type { HistoryEntry } from '#shared/schemas/history.ts';
import { HistoryScreen } from './history-screen.tsx';

afterEach(() => vi.restoreAllMocks());

const ADA = { id: 1, firstName: 'Ada', lastName: 'Admin' };
const lunch = { id: 5, name: 'Lunch', translations: { es: { name: 'Almuerzo' } } };
const dinner = { id: 6, name: 'Dinner', translations: { es: { name: 'Cena' } } };

/** A site created from the form, changed by mistake, then given a phone by an import (newest first). */
function entries(): HistoryEntry[] {
  const base = { user: ADA, restoredFrom: null, fixesReports: [] };
  return [
    {
      ...base,
      id: 3,
      action: 'import',
      source: 'import',
      user: null,
      createdAt: '2026-11-27T18:00:00.000Z',
      changes: { phoneNumber: ['', '4155550142'] },
    },
    {
      ...base,
      id: 2,
      action: 'update',
      source: 'form',
      createdAt: '2026-11-26T18:30:00.000Z',
      changes: {
        name: ['Version Hall', 'Mistaken Hall'],
        translations: [{ es: { name: 'Salón Versión' } }, {}],
        Hours: [[{ day: 2, open: '11:30', close: '13:00' }], [{ day: 5, open: '17:00', close: '18:00' }]],
        MealTypes: [
          [{ id: 5, name: 'Lunch', translations: {} }],
          [{ id: 6, name: 'Dinner', translations: {} }],
        ],
        facts: [{ cost: 'free' }, {}],
      },
    },
    {
      ...base,
      id: 1,
      action: 'create',
      source: 'form',
      createdAt: '2026-11-25T17:00:00.000Z',
      changes: { id: 7, name: 'Version Hall' },
    },
  ];
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The site, its history and the lists behind fetch, in memory; `conflict` answers the restore 409. */
function fakeApi(options: { conflict?: boolean } = {}) {
  const calls: string[] = [];
  const history = entries();
  let version = 3;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url}${init?.body ? ` ${String(init.body)}` : ''}`);
    if (url === '/api/sites/7') return json({ id: 7, name: 'Mistaken Hall', version });
    if (url === '/api/sites/7/history') return json(history);
    if (url === '/api/mealtypes') return json([lunch, dinner]);
    if (/^\/api\/\w+$/.test(url)) return json([]);
    const restore = /^\/api\/sites\/7\/history\/(\d+)\/restore$/.exec(url);
    if (restore && method === 'POST') {
      if (options.conflict) return json({ status: 409, message: 'changed', code: 'version_conflict' }, 409);
      version += 1;
      history.unshift({
        id: 4,
        action: 'update',
        source: 'history',
        restoredFrom: Number(restore[1]),
        fixesReports: [],
        user: ADA,
        createdAt: '2026-11-28T18:00:00.000Z',
        changes: { name: ['Mistaken Hall', 'Version Hall'] },
      });
      return json({ changed: true, record: { id: 7, name: 'Version Hall', version }, leftOut: [] });
    }
    throw new Error(`unexpected ${method} ${url}`);
  });
  return calls;
}

async function renderHistory(language = 'en') {
  const i18n = await createTestI18n(language);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <HistoryScreen record={{ kind: 'site', id: 7 }} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  await screen.findByRole('list', { name: /./ });
}

/** The change rows of one entry, as "label: before → after" text. */
function rowsOf(entry: HTMLElement): string[] {
  return within(entry)
    .queryAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
}
const entryItems = () => within(screen.getByRole('list', { name: /./ })).getAllByRole('listitem');

describe('the history screen', () => {
  it('lists the changes newest first, field by field, with who, when and from where', async () => {
    fakeApi();
    await renderHistory();
    expect(screen.getByRole('heading', { level: 1, name: 'History of changes: Mistaken Hall' })).toBeTruthy();
    const [imported, mistake, created] = entryItems();
    // On the agency's clock, with the seconds (two changes in one minute have different names).
    expect(within(imported!).getByRole('heading', { level: 2 }).textContent).toBe(
      'November 27, 2026 at 10:00:00 AM',
    );
    expect(imported!.textContent).toContain('By: not recorded');
    expect(imported!.textContent).toContain('Made through a spreadsheet import');
    expect(rowsOf(imported!)).toEqual(['Phone number: Before: (empty) → After: (415) 555-0142']);
    expect(imported!.textContent).toContain('This is the current version.');

    expect(mistake!.textContent).toContain('By Ada Admin');
    expect(mistake!.textContent).toContain('Made through the form');
    const rows = rowsOf(mistake!);
    expect(rows[0]).toBe('Name: Before: Version Hall → After: Mistaken Hall');
    expect(rows[1]).toBe('Name in Spanish: Before: Salón Versión → After: (empty)');
    expect(rows[2]).toMatch(/^Hours: Before: Tuesday .*11:30.* → After: Friday .*5:00/);
    expect(rows).toContain('Before you go: Cost: Before: Free → After: (empty)');
    expect(rows).toContain('Meal types: Before: Lunch → After: Dinner');
    expect(rows.join(' ')).not.toMatch(/[{}[\]]/);
    expect(created!.textContent).toContain('Created');

    expect(within(imported!).queryByRole('button')).toBeNull();
    expect(
      within(mistake!).getByRole('button', { name: /^Restore this version, from November 26, 2026/ }),
    ).toBeTruthy();
  });

  it('speaks Spanish: labels, list items by their Spanish names, sources', async () => {
    fakeApi();
    await renderHistory('es');
    const [imported, mistake] = entryItems();
    expect(imported!.textContent).toContain('Hecho desde una importación de hoja de cálculo');
    expect(within(imported!).getByRole('heading', { level: 2 }).textContent).toMatch(
      /27 de noviembre de 2026/,
    );
    const rows = rowsOf(mistake!);
    expect(rows[0]).toBe('Nombre: Antes: Version Hall → Después: Mistaken Hall');
    expect(rows).toContain('Tipos de comida: Antes: Almuerzo → Después: Cena');
    expect(rows[2]).toMatch(/^Horario: Antes: martes/i);
    expect(
      within(mistake!).getByRole('button', { name: /^Restaurar esta versión, del 26 de noviembre/ }),
    ).toBeTruthy();
  });

  it('restores a version only after the dialog naming its date, then says so with the new entry on top', async () => {
    const calls = fakeApi();
    await renderHistory();
    const restoreButton = () =>
      within(entryItems()[1]!).getByRole('button', { name: /^Restore this version, from November 26/ });
    fireEvent.click(restoreButton());
    const dialog = screen.getByRole('dialog', { name: /^Restore the version of November 26, 2026.*\?$/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.startsWith('POST'))).toBe(false);

    fireEvent.click(restoreButton());
    await act(async () =>
      fireEvent.click(
        within(screen.getByRole('dialog')).getByRole('button', { name: 'Restore this version' }),
      ),
    );
    expect(calls).toContain('POST /api/sites/7/history/2/restore {"version":3}');
    expect(screen.getByRole('status').textContent).toMatch(/^Restored the version of November 26, 2026/);
    await screen.findByText(/^Restored the version of November 26, 2026/, {
      selector: '.history-entry__what',
    });
    expect(entryItems()).toHaveLength(4);
    expect(within(entryItems()[0]!).getByRole('heading', { level: 2 }).textContent).toMatch(
      /^November 28, 2026/,
    );
    expect(entryItems()[0]!.textContent).toContain('Made through a restore from the history');
  });

  it('says when someone else changed the record meanwhile', async () => {
    fakeApi({ conflict: true });
    await renderHistory();
    fireEvent.click(within(entryItems()[2]!).getByRole('button', { name: /^Restore this version/ }));
    await act(async () =>
      fireEvent.click(
        within(screen.getByRole('dialog')).getByRole('button', { name: 'Restore this version' }),
      ),
    );
    expect(screen.getByRole('alert').textContent).toContain('Someone else changed this record meanwhile');
  });
});

describe('a long history (R744–R745)', () => {
  /** 120 changes of site 8, newest first, answered 50 at a time from a cursor as the server does. */
  function fakeLongHistory() {
    const calls: string[] = [];
    const all: HistoryEntry[] = Array.from({ length: 120 }, (_, n) => ({
      id: 120 - n,
      action: 'update',
      source: 'form',
      restoredFrom: null,
      fixesReports: [],
      user: ADA,
      createdAt: new Date(Date.UTC(2026, 9, 1) + (120 - n) * 3_600_000).toISOString(),
      changes: { email: [`old${120 - n}@example.org`, `new${120 - n}@example.org`] },
    }));
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://x');
      calls.push(`${url.pathname}${url.search}`);
      if (url.pathname === '/api/sites/8') return json({ id: 8, name: 'Long Hall', version: 121 });
      if (url.pathname === '/api/sites/8/history') {
        const before = url.searchParams.get('before');
        const from = before ? all.findIndex((entry) => entry.id === Number(before)) + 1 : 0;
        return json(all.slice(from, from + 50));
      }
      if (/^\/api\/\w+$/.test(url.pathname)) return json([]);
      throw new Error(`unexpected ${url}`);
    });
    return calls;
  }

  it('shows the newest 50, then older changes from the last one shown until none is left', async () => {
    const calls = fakeLongHistory();
    const i18n = await createTestI18n('es');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <MemoryRouter>
            <HistoryScreen record={{ kind: 'site', id: 8 }} />
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    await screen.findByRole('list', { name: /./ });
    expect(entryItems()).toHaveLength(50);
    const older = () => screen.queryByRole('button', { name: 'Mostrar cambios anteriores' });
    await act(async () => {
      fireEvent.click(older()!);
    });
    await screen.findByText('Se muestran 50 cambios anteriores más abajo.');
    expect(entryItems()).toHaveLength(100);
    await act(async () => {
      fireEvent.click(older()!);
    });
    await screen.findByText('Se muestran 20 cambios anteriores más abajo.');
    expect(entryItems()).toHaveLength(120);
    // A page shorter than 50 was the last: no more button.
    expect(older()).toBeNull();
    expect(calls.filter((call) => call.startsWith('/api/sites/8/history'))).toEqual([
      '/api/sites/8/history',
      '/api/sites/8/history?before=71',
      '/api/sites/8/history?before=21',
    ]);
  });
});
