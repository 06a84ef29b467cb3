import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '#client/testing/i18n.ts';
import en from '#shared/locales/en/admin-imports.json';
import { ImportScreen } from './import-screen.tsx';

/** The import screen's words for a refused file: its code's text with the params, else "failed". */

afterEach(() => vi.restoreAllMocks());

function refuse(status: number, body: unknown) {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    );
}

async function upload(name: string) {
  const i18n = await createTestI18n('en');
  i18n.addResourceBundle('en', 'admin-imports', en);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <ImportScreen />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  const input = screen.getByLabelText(en.file) as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['name,address\n'], name)] } });
  fireEvent.click(screen.getByRole('button', { name: en.upload }));
}

describe('ImportScreen', () => {
  it('sends the file as its type and words a refusal by its code and params', async () => {
    const fetch = refuse(413, {
      status: 413,
      code: 'file_too_large',
      message: 'Too large',
      params: { mb: 5 },
    });
    await upload('sites.xlsx');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The file is larger than 5 MB.'));
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/imports');
    expect(init?.headers).toMatchObject({
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
  });

  it('offers the file’s columns when a required one is missing, and sends the choice (R617)', async () => {
    const fetch = refuse(422, {
      status: 422,
      code: 'missing_column',
      message: 'The file has no name, address column.',
      params: { column: 'name, address' },
      columns: [
        { header: 'Programa', field: null, guessed: false },
        { header: 'Lugar', field: null, guessed: false },
      ],
    });
    await upload('own.csv');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('The file has no name, address column.'),
    );
    fireEvent.change(screen.getByLabelText('Programa'), { target: { value: 'name' } });
    fireEvent.change(screen.getByLabelText('Lugar'), { target: { value: 'address' } });
    fireEvent.click(screen.getByRole('button', { name: en.mapping.again }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    const [url] = fetch.mock.calls[1]!;
    expect(decodeURIComponent(String(url))).toBe(
      '/api/imports?mapping={"Programa":"name","Lugar":"address"}',
    );
  });

  it('says the import failed when the answer has no code', async () => {
    refuse(500, { status: 500, message: 'Internal Server Error' });
    await upload('sites.csv');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(en.failed));
  });
});
