import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '#client/testing/i18n.ts';
import { DietMarksEditor } from './diet-marks-editor.tsx';

/** docs/product.md R690–R693: the agency's own marks on the menus screen, for administrators. */

afterEach(() => vi.restoreAllMocks());

function fakeApi() {
  const writes: { method: string; url: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (method === 'GET' && url === '/api/dietmarks')
      return json([
        {
          id: 4,
          key: 'agency-4',
          name: 'Pork-free',
          translations: { es: { name: 'Sin cerdo' } },
          version: 1,
          dishes: 2,
        },
      ]);
    writes.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : null });
    if (method === 'DELETE')
      return json(
        {
          status: 409,
          message: '2 dishes carry this mark',
          code: 'diet_mark_in_use',
          dishes: 2,
          params: { count: 2 },
        },
        409,
      );
    return json({ id: 5, key: 'agency-5', name: 'Nut-free', translations: {}, version: 1, dishes: 0 }, 201);
  });
  return writes;
}

async function draw() {
  const i18n = await createTestI18n('en');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <DietMarksEditor />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('DietMarksEditor', () => {
  it('says why a mark dishes carry is not removed, and how many dishes', async () => {
    const writes = fakeApi();
    await draw();
    expect(await screen.findByText('2 dishes carry it')).toBeTruthy();
    expect(screen.getByText('Not translated: Chinese')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove the mark Pork-free' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'The mark Pork-free was not removed: 2 dishes carry it. Remove it from those dishes first.',
    );
    expect(writes.map((write) => [write.method, write.url])).toEqual([
      ['DELETE', '/api/dietmarks/4?version=1'],
    ]);
  });

  it('adds a mark with its names in three languages', async () => {
    const writes = fakeApi();
    await draw();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a diet mark' }));
    fireEvent.change(screen.getByLabelText('Name in English (required)'), { target: { value: 'Nut-free' } });
    fireEvent.change(screen.getByLabelText('Name in Chinese'), { target: { value: '不含果仁' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the mark' }));
    expect(await screen.findByText('The mark Nut-free is saved.')).toBeTruthy();
    expect(writes).toEqual([
      {
        method: 'POST',
        url: '/api/dietmarks',
        body: { name: 'Nut-free', translations: { zh: { name: '不含果仁' } } },
      },
    ]);
  });
});
