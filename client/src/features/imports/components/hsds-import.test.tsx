import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '#client/lib/current-user.ts';
import { createTestI18n } from '#client/testing/i18n.ts';
import en from '#shared/locales/en/admin-imports.json';
import { ImportScreen } from './import-screen.tsx';

/** The import screen's HSDS section (docs/product.md R648): administrators only, the same preview. */

afterEach(() => vi.restoreAllMocks());

async function show(role: 'admin' | 'editor') {
  const i18n = await createTestI18n('en');
  i18n.addResourceBundle('en', 'admin-imports', en);
  const client = new QueryClient();
  client.setQueryData(currentUserKey, { id: 1, role, isAdmin: true });
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <ImportScreen />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('the HSDS section of the import screen', () => {
  it('is not shown to an editor', async () => {
    await show('editor');
    expect(screen.queryByRole('heading', { name: en.hsds.title })).toBeNull();
  });

  it('asks for an address first, then previews the API and lists what was not brought in', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify({
          id: '00000000-0000-4000-8000-000000000000',
          summary: { new: 0, changed: 0, unchanged: 3, errors: 0 },
          rows: [],
          newItems: [],
          unmapped: [{ what: 'service.description', count: 3 }],
        }),
        { status: 201, headers: { 'Content-Type': 'application/json' } },
      ),
    );
    await show('admin');
    expect(screen.getByRole('heading', { name: en.hsds.title })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en.hsds.previewUrl }));
    expect(screen.getByRole('alert').textContent).toBe(en.hsds.giveUrl);
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(en.hsds.url), {
      target: { value: 'https://example.org/api/hsds' },
    });
    fireEvent.click(screen.getByRole('button', { name: en.hsds.previewUrl }));
    await waitFor(() => expect(screen.getByRole('heading', { name: en.hsds.unmapped })).toBeTruthy());
    expect(screen.getByText('service.description: 3 records')).toBeTruthy();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/imports/hsds-url');
    expect(JSON.parse(String(init?.body))).toEqual({ url: 'https://example.org/api/hsds' });
  });
});
