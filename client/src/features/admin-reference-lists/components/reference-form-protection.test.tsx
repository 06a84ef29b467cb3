import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeFlash } from '#client/lib/flash.ts';
import { createTestI18n } from '#client/testing/i18n.ts';
import type { ReferenceItem } from '#shared/schemas/reference-lists.ts';
import { ReferenceForm } from './reference-form.tsx';

afterEach(() => vi.restoreAllMocks());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const lunch: ReferenceItem = {
  id: 7,
  name: 'Lunch',
  translations: {},
  version: 3,
  updatedAt: '2026-01-05T10:00:00.000Z',
};

async function renderForm(item: ReferenceItem | undefined, language = 'en') {
  render(
    <I18nextProvider i18n={await createTestI18n(language)}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <ReferenceForm list="mealtypes" item={item} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('a reference-list item form', () => {
  it.each([
    ['en', 'Edit Lunch (meal type)', 'Add meal type'],
    ['es', 'Editar Lunch (tipo de comida)', 'Agregar un tipo de comida'],
    ['zh', '編輯「Lunch」（膳食類型）', '新增膳食類型'],
  ])('names the record in its heading (%s)', async (language, edit, add) => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json([]));
    await renderForm(lunch, language);
    expect(screen.getByRole('heading', { level: 1, name: edit })).toBeTruthy();
    await renderForm(undefined, language);
    expect(screen.getByRole('heading', { level: 1, name: add })).toBeTruthy();
  });

  it('says a name is taken on the name field, in the list’s words', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      json(
        {
          statusCode: 422,
          error: 'Unprocessable Entity',
          message: 'Validation failed',
          errors: [{ path: 'name', message: 'already exists', code: 'already_exists' }],
        },
        422,
      ),
    );
    await renderForm(undefined);
    fireEvent.change(screen.getByLabelText('Name (required)'), { target: { value: 'lunch ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const summary = await screen.findByRole('region', { name: 'There is a problem' });
    await waitFor(() => expect(summary.textContent).toContain('A meal type with this name already exists.'));
    const name = screen.getByLabelText('Name (required)');
    expect(name.getAttribute('aria-invalid')).toBe('true');
  });

  it('names an empty name in the summary, and leaves a saved banner after saving', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) =>
      init?.method === 'PATCH' ? json({ ...lunch, name: 'Brunch', version: 4 }) : json([]),
    );
    await renderForm(lunch);
    fireEvent.change(screen.getByLabelText('Name (required)'), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('link', { name: 'Enter the name of the meal type' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name (required)'), { target: { value: 'Brunch' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(takeFlash()).toBe('Saved Brunch (meal type)'));
  });
});
