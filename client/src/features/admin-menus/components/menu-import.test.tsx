import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '#client/testing/i18n.ts';
import type { MenuImportPreview } from '#shared/menu-import.ts';
import type { ReferenceItem } from '#shared/schemas/reference-lists.ts';
import { MenuImport } from './menu-import.tsx';

/**
 * "Import a month from a sheet" (docs/product.md R679): the preview's problems block the import; a
 * clean preview imports with its digest, for the owner chosen (a site's own month here).
 */
afterEach(() => vi.restoreAllMocks());

const partner = { id: 7, name: 'Kitchen' } as ReferenceItem;
const mealTypes = [{ id: 2, name: 'Lunch' }] as ReferenceItem[];

const previewOf = (errors: MenuImportPreview['errors']): MenuImportPreview => ({
  owner: { kind: 'site', id: 31 },
  from: '2026-12-02',
  to: '2026-12-02',
  summary: { added: 1, changed: 0, removed: 0, unchanged: 0, errors: errors.length },
  dates: [
    {
      date: '2026-12-02',
      change: 'added',
      before: [],
      after: [{ mealTypeId: 2, note: null, dishes: [{ name: 'Rice', nameEs: '', nameZh: '', diets: [] }] }],
    },
  ],
  errors,
  notImported: [],
  digest: 'abc123',
});

function fakeApi(answers: MenuImportPreview[]) {
  const calls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    if (url === '/api/sites/31/menu-import') return json(answers.shift());
    if (url.startsWith('/api/sites/31/menu-import/commit'))
      return json({ owner: { kind: 'site', id: 31 }, written: ['2026-12-02'], removed: [], unchanged: 0 });
    throw new Error(`unexpected ${url}`);
  });
  return calls;
}

async function renderImport(onStatus = vi.fn()) {
  const i18n = await createTestI18n('en');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MenuImport
          partner={partner}
          sites={[{ id: 31, name: 'Oak Center' }]}
          mealTypes={mealTypes}
          onStatus={onStatus}
        />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return onStatus;
}

describe('the month import on the grid', () => {
  it('names each problem by row and offers no import until the sheet is clean', async () => {
    const calls = fakeApi([
      previewOf([{ row: 5, column: 'diets', code: 'unknown_diet', message: 'is not a diet mark: spicy' }]),
      previewOf([]),
    ]);
    const onStatus = await renderImport();
    fireEvent.change(screen.getByLabelText('Whose menus'), { target: { value: 'site-31' } });
    const file = new File(['date,meal,dish\n'], 'december.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('Spreadsheet file (CSV or .xlsx)'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Show the preview' }));
    const problems = await screen.findByRole('list', { name: 'Problems, row by row' });
    expect(within(problems).getByRole('listitem').textContent).toBe(
      'Row 5, diets: is not a diet mark: spicy',
    );
    expect(screen.queryByRole('button', { name: /^Import 1 date/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Show the preview' }));
    const dates = await screen.findByRole('list', { name: 'Dates' });
    expect(dates.textContent).toContain('Added — Lunch: Rice');
    fireEvent.click(screen.getByRole('button', { name: 'Import 1 date' }));
    await waitFor(() =>
      expect(onStatus).toHaveBeenCalledWith({
        kind: 'success',
        text: 'Imported. Dates written: 1. Dates removed: 0.',
      }),
    );
    expect(calls).toEqual([
      'POST /api/sites/31/menu-import',
      'POST /api/sites/31/menu-import',
      'POST /api/sites/31/menu-import/commit?digest=abc123',
    ]);
  });

  it('asks for a file before reading anything', async () => {
    const calls = fakeApi([]);
    await renderImport();
    fireEvent.click(screen.getByRole('button', { name: 'Show the preview' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a CSV or .xlsx file first.');
    expect(calls).toEqual([]);
  });
});
