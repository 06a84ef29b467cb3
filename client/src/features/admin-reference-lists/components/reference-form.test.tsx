import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '#client/testing/i18n.ts';
import type { ReferenceItem } from '#shared/schemas/reference-lists.ts';
import { ReferenceForm } from './reference-form.tsx';

afterEach(() => vi.restoreAllMocks());

const LABELS = {
  en: { name: 'Name (required)', es: 'Name in Spanish', zh: 'Name in Chinese', submit: 'Submit' },
  es: { name: 'Nombre (obligatorio)', es: 'Nombre en español', zh: 'Nombre en chino', submit: 'Enviar' },
  zh: { name: '名稱（必填）', es: '西班牙文名稱', zh: '中文名稱', submit: '提交' },
} as const;

const lunch: ReferenceItem = {
  id: 7,
  name: 'Lunch',
  translations: { es: { name: 'Almuerzo' } },
  version: 3,
  updatedAt: '2026-01-05T10:00:00.000Z',
};

describe.each(Object.entries(LABELS))('the reference-item form in %s', (lng, label) => {
  it('has a name per language, shows the stored ones, and sends the filled-in translations', async () => {
    const sent: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (init?.method === 'PATCH') sent.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify(String(input).endsWith('/history') ? [] : lunch), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    render(
      <I18nextProvider i18n={await createTestI18n(lng)}>
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter>
            <ReferenceForm list="mealtypes" item={lunch} />
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    expect((screen.getByLabelText(label.name) as HTMLInputElement).value).toBe('Lunch');
    const spanish = screen.getByLabelText(label.es) as HTMLInputElement;
    const chinese = screen.getByLabelText(label.zh) as HTMLInputElement;
    expect(spanish.value).toBe('Almuerzo');
    expect(chinese.value).toBe('');
    // The typed text is marked with its language, whatever the screen's language.
    expect(spanish.lang).toBe('es');
    expect(chinese.lang).toBe('zh-Hant');

    fireEvent.change(chinese, { target: { value: '  午膳 ' } });
    fireEvent.change(spanish, { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: label.submit }));
    await waitFor(() => expect(sent).toHaveLength(1));
    // A cleared box sends no translation; text is trimmed.
    expect(sent[0]).toEqual({ name: 'Lunch', translations: { zh: { name: '午膳' } }, version: 3 });
  });
});
