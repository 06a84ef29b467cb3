import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '#client/testing/i18n.ts';
import esAdmin from '#shared/locales/es/admin.json';
import zhAdmin from '#shared/locales/zh/admin.json';
import { REFERENCE_LIST_NAMES } from '#shared/schemas/reference-lists.ts';
import { SiteForm } from './site-form.tsx';

afterEach(() => vi.restoreAllMocks());

function renderForm(i18n: I18n) {
  const lists = {
    items: Object.fromEntries(REFERENCE_LIST_NAMES.map((list) => [list, []])),
    pending: false,
    error: null,
    refetch: async () => [],
  } as unknown as Parameters<typeof SiteForm>[0]['lists'];
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <SiteForm lists={lists} listPath={() => '/'} onGeocodeWarning={() => {}} geocodeWarning={false} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

/** The message shown under a box: the element its aria-describedby names last. */
function errorOf(input: HTMLElement): string {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return document.getElementById(ids.at(-1) ?? '')?.textContent ?? '';
}

describe('the site form in the administrator’s language', () => {
  it.each([
    ['es', 'Latitud', 'Longitud', 'Enviar', 'Debe ser un número.', 'Debe estar entre -180 y 180.'],
    ['zh', '緯度', '經度', '提交', '必須是數字。', '必須介於 -180 與 180 之間。'],
  ])(
    '%s: letters typed in a coordinate box are refused in that language, not in English',
    async (lng, latLabel, lngLabel, submit, notNumber, outOfRange) => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const fetch = vi.spyOn(globalThis, 'fetch');
      const i18n = await createTestI18n(lng);
      i18n.addResourceBundle(lng, 'admin', lng === 'es' ? esAdmin : zhAdmin);
      renderForm(i18n);
      fireEvent.change(screen.getByLabelText(latLabel), { target: { value: 'abc' } });
      fireEvent.change(screen.getByLabelText(lngLabel), { target: { value: '200' } });
      fireEvent.click(screen.getByRole('button', { name: submit }));

      const lat = screen.getByLabelText(latLabel);
      expect(lat.getAttribute('aria-invalid')).toBe('true');
      expect(errorOf(lat)).toBe(notNumber);
      expect(errorOf(screen.getByLabelText(lngLabel))).toBe(outOfRange);
      expect(document.body.textContent).not.toMatch(/must be/);
      // Refused before anything is sent.
      expect(fetch).not.toHaveBeenCalled();
    },
  );
});
