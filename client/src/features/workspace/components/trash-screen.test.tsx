import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '#client/testing/i18n.ts';
import type { TrashedSite } from '#shared/schemas/site-trash.ts';
import { TrashScreen } from './trash-screen.tsx';

type LocaleModule = { default: Record<string, unknown> };
const words = import.meta.glob<LocaleModule>('@locales/*/admin-workspace.json', {
  eager: true,
});

afterEach(() => vi.restoreAllMocks());

const TRASH: TrashedSite[] = [
  {
    id: 7,
    name: 'Mission Lunch',
    address: '1 Valencia St',
    deletedAt: '2026-11-24T18:00:00Z',
    deletedBy: { id: 1, firstName: 'Ana', lastName: 'Ruiz' },
  },
  { id: 3, name: 'Bayview Table', address: '2 Third St', deletedAt: '2026-11-20T18:00:00Z', deletedBy: null },
];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The trash behind fetch, in memory; a restore of `leftOut` reports an item left out. */
function fakeApi(options: { leftOut?: number; gone?: number; role?: 'admin' | 'editor' } = {}) {
  const calls: string[] = [];
  let trash = TRASH.map((s) => ({ ...s }));
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url}`);
    if (url === '/api/users/me')
      return json({
        id: 1,
        isAdmin: true,
        role: options.role ?? 'admin',
        firstName: 'Ana',
        lastName: 'Ruiz',
      });
    if (url === '/api/sites/trash' && method === 'GET') return json(trash);
    if (url === '/api/sites/trash' && method === 'DELETE') {
      trash = [];
      return new Response(null, { status: 204 });
    }
    const restore = /^\/api\/sites\/trash\/(\d+)\/restore$/.exec(url);
    if (restore && method === 'POST') {
      const id = Number(restore[1]);
      if (id === options.gone) return json({ status: 404, message: 'gone', code: 'not_in_trash' }, 404);
      trash = trash.filter((s) => s.id !== id);
      const items = id === options.leftOut ? [{ list: 'services', ids: [4] }] : [];
      return json({ site: { id }, leftOut: { items, closureIds: [] } });
    }
    throw new Error(`unexpected ${method} ${url}`);
  });
  return calls;
}

async function renderTrash(language = 'en') {
  const i18n = await createTestI18n(language);
  for (const [file, module] of Object.entries(words)) {
    const lng = /locales\/(\w+)\//.exec(file)?.[1];
    if (lng) i18n.addResourceBundle(lng, 'admin-workspace', module.default);
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <TrashScreen />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  await screen.findByRole('table');
}

const rows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe('the trash screen', () => {
  it('lists the deleted sites newest first, with who deleted them', async () => {
    fakeApi();
    await renderTrash();
    expect(screen.getByRole('heading', { level: 1, name: 'Trash' })).toBeTruthy();
    expect(rows()).toEqual(['Mission Lunch', 'Bayview Table']);
    expect(screen.getByText(/, by Ana Ruiz$/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the workspace' }).getAttribute('href')).toBe('/admin');
  });

  it('restores a site by its named button and says so in the status region', async () => {
    const calls = fakeApi({ leftOut: 3 });
    await renderTrash();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Restore Mission Lunch' })));
    expect(calls).toContain('POST /api/sites/trash/7/restore');
    expect(screen.getByRole('status').textContent).toBe('Mission Lunch was restored.');
    expect(rows()).toEqual(['Bayview Table']);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Restore Bayview Table' })));
    expect(screen.getByRole('status').textContent).toMatch(
      /^Bayview Table was restored\. Some of its list items/,
    );
    expect(screen.getByText('The trash is empty.')).toBeTruthy();
  });

  it('says when a site is no longer in the trash', async () => {
    fakeApi({ gone: 3 });
    await renderTrash();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Restore Bayview Table' })));
    expect(screen.getByRole('alert').textContent).toContain('Bayview Table can no longer be restored');
  });

  it('offers emptying the trash to administrators only, not to editors (R570)', async () => {
    const calls = fakeApi({ role: 'editor' });
    await renderTrash();
    expect(rows()).toEqual(['Mission Lunch', 'Bayview Table']);
    // Once the signed-in user is known, as an editor, there is no button to empty the trash.
    await waitFor(() => expect(calls).toContain('GET /api/users/me'));
    await act(async () => {});
    expect(screen.queryByRole('button', { name: 'Empty the trash' })).toBeNull();
  });

  it('empties the trash only after the confirmation', async () => {
    const calls = fakeApi();
    await renderTrash();
    fireEvent.click(await screen.findByRole('button', { name: 'Empty the trash' }));
    const dialog = screen.getByRole('dialog', { name: 'Empty the trash?' });
    expect(within(dialog).getByText('2 sites will be removed for good. This cannot be undone.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).not.toContain('DELETE /api/sites/trash');
    fireEvent.click(screen.getByRole('button', { name: 'Empty the trash' }));
    await act(async () =>
      fireEvent.click(
        within(screen.getByRole('dialog', { name: 'Empty the trash?' })).getByRole('button', {
          name: 'Empty the trash',
        }),
      ),
    );
    expect(calls).toContain('DELETE /api/sites/trash');
    expect(screen.getByRole('status').textContent).toBe('The trash was emptied.');
    expect(screen.getByText('The trash is empty.')).toBeTruthy();
  });

  it('speaks Spanish and Chinese', async () => {
    fakeApi();
    await renderTrash('es');
    expect(screen.getByRole('button', { name: 'Restaurar Mission Lunch' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Vaciar la papelera' })).toBeTruthy();
  });
});
