import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '#client/testing/i18n.ts';
import type { SiteFilters as Filters } from '#shared/filters.ts';
import { REFERENCE_LIST_NAMES } from '#shared/schemas/reference-lists.ts';
import { referenceListKeys } from '../api/get-reference-list.ts';
import { SiteFilters } from './site-filters.tsx';

async function renderFilters(filters: Filters, language = 'en') {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  for (const list of REFERENCE_LIST_NAMES) {
    client.setQueryData(referenceListKeys.list(list), [
      { id: 3, name: `${list} three` },
      { id: 4, name: `${list} four` },
    ]);
  }
  const onChange = vi.fn();
  render(
    <I18nextProvider i18n={await createTestI18n(language)}>
      <QueryClientProvider client={client}>
        <SiteFilters filters={filters} onChange={onChange} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return onChange;
}

afterEach(() => vi.unstubAllGlobals());

describe('SiteFilters', () => {
  it('labels the five native dropdowns, each starting with an "all" option', async () => {
    await renderFilters({});
    for (const [label, all] of [
      ['Nutrition partner', 'All nutrition partners'],
      ['Population served', 'All populations'],
      ['Meal type', 'All meal types'],
      ['Service', 'All services'],
      ['COVID-19 status', 'All statuses'],
    ]) {
      const select = screen.getByRole('combobox', { name: label });
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([all, expect.stringMatching(/ three$/), expect.stringMatching(/ four$/)]);
    }
  });

  it('marks the chosen option with an asterisk and shows it as the value', async () => {
    await renderFilters({ population: 4 });
    const select = screen.getByRole('combobox', { name: 'Population served' }) as HTMLSelectElement;
    expect(select.value).toBe('4');
    expect(within(select).getByRole('option', { name: 'populations four *' })).toBeTruthy();
    expect(within(select).getByRole('option', { name: 'populations three' })).toBeTruthy();
  });

  it.each<[string, Filters, string, string, Filters]>([
    ['sets a filter', {}, 'Service', '3', { service: 3 }],
    ['keeps the others', { population: 4 }, 'Service', '3', { population: 4, service: 3 }],
    [
      'clears when the chosen option is chosen again',
      { population: 4, service: 3 },
      'Service',
      '3',
      { population: 4 },
    ],
    ['clears with the "all" option', { status: 3 }, 'COVID-19 status', '', {}],
  ])('%s', async (_name, filters, label, value, expected) => {
    const onChange = await renderFilters(filters);
    fireEvent.change(screen.getByRole('combobox', { name: label }), { target: { value } });
    expect(onChange).toHaveBeenCalledWith(expected);
  });

  it('Reset clears every filter', async () => {
    const onChange = await renderFilters({ partner: 3, mealtype: 4 });
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(onChange).toHaveBeenCalledWith({});
  });

  it('keeps a choice whose option no longer exists visible, so it can be cleared', async () => {
    await renderFilters({ mealtype: 99 });
    const select = screen.getByRole('combobox', { name: 'Meal type' }) as HTMLSelectElement;
    expect(select.value).toBe('99');
    expect(within(select).getByRole('option', { name: 'An option that no longer exists *' })).toBeTruthy();
  });

  it('speaks Chinese', async () => {
    await renderFilters({}, 'zh');
    expect(screen.getByRole('combobox', { name: '服務對象' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '重設' })).toBeTruthy();
  });

  it('says so when a list of choices cannot be loaded, and the other filters still work', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/services'
          ? Response.json({}, { status: 500 })
          : Response.json([{ id: 1, name: `${url} one` }]),
      ),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const onChange = vi.fn();
    render(
      <I18nextProvider i18n={await createTestI18n('es')}>
        <QueryClientProvider client={client}>
          <SiteFilters filters={{}} onChange={onChange} />
        </QueryClientProvider>
      </I18nextProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No se pudieron cargar algunas opciones. Vuelva a cargar la página para intentarlo de nuevo.',
    );
    const population = screen.getByRole('combobox', { name: 'Población atendida' });
    await within(population).findByRole('option', { name: '/api/populations one' });
    fireEvent.change(population, { target: { value: '1' } });
    expect(onChange).toHaveBeenCalledWith({ population: 1 });
  });
});

describe('SiteFilters: options in the reader’s language', () => {
  async function renderTranslated(language: string) {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    for (const list of REFERENCE_LIST_NAMES) client.setQueryData(referenceListKeys.list(list), []);
    client.setQueryData(referenceListKeys.list('mealtypes'), [
      { id: 1, name: 'Lunch', translations: { es: { name: 'Almuerzo' }, zh: { name: '午膳' } } },
      { id: 2, name: 'Dinner', translations: {} },
    ]);
    render(
      <I18nextProvider i18n={await createTestI18n(language)}>
        <QueryClientProvider client={client}>
          <SiteFilters filters={{ mealtype: 1 }} onChange={vi.fn()} />
        </QueryClientProvider>
      </I18nextProvider>,
    );
    const select = document.querySelector('select[name="mealtype"]') as HTMLSelectElement;
    return within(select)
      .getAllByRole('option')
      .slice(1)
      .map((option) => [option.textContent, option.getAttribute('lang')]);
  }

  it.each([
    [
      'en',
      [
        ['Lunch *', null],
        ['Dinner', null],
      ],
    ],
    [
      'es',
      [
        ['Almuerzo *', null],
        ['Dinner', 'en'],
      ],
    ],
    [
      'zh',
      [
        ['午膳 *', null],
        ['Dinner', 'en'],
      ],
    ],
  ])('%s: translated names, English fallbacks marked lang="en"', async (language, options) => {
    expect(await renderTranslated(language)).toEqual(options);
  });
});
