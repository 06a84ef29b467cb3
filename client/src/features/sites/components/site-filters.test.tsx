import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAppData } from '#client/lib/app-data.ts';
import { createTestI18n } from '#client/testing/i18n.ts';
import type { SiteFilters as Filters } from '#shared/filters.ts';
import { REFERENCE_LIST_NAMES } from '#shared/schemas/reference-lists.ts';
import type { PlaceAnswer } from '../api/get-place.ts';
import { referenceListKeys } from '../api/get-reference-list.ts';
import { SiteFilters } from './site-filters.tsx';

async function renderFilters(
  filters: Filters,
  language = 'en',
  extra: Partial<Parameters<typeof SiteFilters>[0]> = {},
) {
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
        <MemoryRouter>
          <SiteFilters filters={filters} onChange={onChange} {...extra} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return onChange;
}

afterEach(() => vi.unstubAllGlobals());

describe('SiteFilters: the facts people choose by', () => {
  it('offers walk-ins and step-free as labelled checkboxes, and the languages sites list by name', async () => {
    const onChange = await renderFilters({ population: 4 }, 'es', { languages: ['es', 'yue'] });
    const walkIns = screen.getByRole('checkbox', { name: 'Se atiende sin reservación' });
    expect(walkIns.getAttribute('name')).toBe('walkins');
    expect(walkIns.getAttribute('value')).toBe('1');
    fireEvent.click(walkIns);
    expect(onChange).toHaveBeenLastCalledWith({ population: 4, walkins: true });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Entrada sin escalones' }));
    // A change before the address caught up builds on the one before it.
    expect(onChange).toHaveBeenLastCalledWith({ population: 4, walkins: true, stepfree: true });
    const speaks = screen.getByRole('combobox', { name: 'El personal habla' });
    expect(speaks.getAttribute('name')).toBe('speaks');
    expect(
      within(speaks)
        .getAllByRole('option')
        .map((o) => [o.getAttribute('value'), o.textContent]),
    ).toEqual([
      ['', 'Cualquier idioma'],
      ['es', 'español'],
      ['yue', 'cantonés'],
    ]);
    fireEvent.change(speaks, { target: { value: 'yue' } });
    expect(onChange).toHaveBeenLastCalledWith(
      { population: 4, walkins: true, stepfree: true, speaks: 'yue' },
      { replace: false },
    );
  });

  it('shows the chosen ones, unchecks to clear, and "Any language" clears the language', async () => {
    const onChange = await renderFilters({ walkins: true, stepfree: true, speaks: 'ko' }, 'zh', {
      languages: ['yue'],
      params: new URLSearchParams('lng=zh&walkins=1&stepfree=1&speaks=ko'),
    });
    const walkIns = screen.getByRole('checkbox', { name: '歡迎即場前來' }) as HTMLInputElement;
    expect(walkIns.checked).toBe(true);
    // A language no site lists any more stays shown as the choice.
    const speaks = screen.getByRole('combobox', { name: '職員會講' }) as HTMLSelectElement;
    expect(speaks.value).toBe('ko');
    expect(within(speaks).getByRole('option', { name: '韓語' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '清除 職員會講' }).getAttribute('href')).toBe(
      '/sites?lng=zh&walkins=1&stepfree=1',
    );
    fireEvent.click(walkIns);
    expect(onChange).toHaveBeenLastCalledWith({ stepfree: true, speaks: 'ko' });
    fireEvent.change(speaks, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith({ stepfree: true }, { replace: false });
  });
});

describe('the near box (docs/product.md R476)', () => {
  afterEach(() => setAppData({}));

  it.each([
    ['en', 'Near: ZIP code or neighborhood', /^For example 94110 or Mission\./],
    ['es', 'Cerca de: código postal o vecindario', /^Por ejemplo 94110 o La Misión\./],
    ['zh', '附近：郵區編號或社區', /^例如 94110 或米慎區。/],
  ])('offers no street address without a geocoder (%s)', async (language, label, hint) => {
    setAppData({});
    await renderFilters({}, language);
    const box = screen.getByRole('textbox', { name: label });
    expect(box.getAttribute('aria-describedby')).toContain('site-near-hint');
    expect(document.getElementById('site-near-hint')?.textContent).toMatch(hint);
    expect(document.getElementById('site-near-hint')?.textContent).not.toMatch(/address|dirección|地址/);
  });

  it.each([
    ['en', 'Near: ZIP code, neighborhood or address', /street address/],
    ['es', 'Cerca de: código postal, vecindario o dirección', /dirección/],
    ['zh', '附近：郵區編號、社區或地址', /街道地址/],
  ])('offers a street address with a geocoder (%s)', async (language, label, hint) => {
    setAppData({ config: { addressLookup: true } as never });
    await renderFilters({}, language);
    expect(screen.getByRole('textbox', { name: label })).toBeTruthy();
    expect(document.getElementById('site-near-hint')?.textContent).toMatch(hint);
  });
});

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

  it('shows the choice as the value, with a Clear link beside each active filter only', async () => {
    await renderFilters({ population: 4, open: 'now' }, 'en', {
      params: new URLSearchParams('lng=en&population=4&service=&open=now'),
    });
    const select = screen.getByRole('combobox', { name: 'Population served' }) as HTMLSelectElement;
    expect(select.value).toBe('4');
    expect(within(select).getByRole('option', { name: 'populations four' })).toBeTruthy();
    // A link to the same address without that filter: it works with and without scripts.
    expect(screen.getByRole('link', { name: 'Clear Population served' }).getAttribute('href')).toBe(
      '/sites?lng=en&open=now',
    );
    expect(screen.getByRole('link', { name: 'Clear Open' }).getAttribute('href')).toBe(
      '/sites?lng=en&population=4',
    );
    expect(screen.queryByRole('link', { name: 'Clear Service' })).toBeNull();
    expect(screen.getByText(/choose the first option of its list, or press Clear beside it/)).toBeTruthy();
  });

  it.each<[string, Filters, string, string, Filters]>([
    ['sets a filter', {}, 'Service', '3', { service: 3 }],
    ['keeps the others', { population: 4 }, 'Service', '3', { population: 4, service: 3 }],
    [
      'keeps the choice when the chosen option is chosen again',
      { population: 4, service: 3 },
      'Service',
      '3',
      { population: 4, service: 3 },
    ],
    ['clears with the "all" option', { status: 3 }, 'COVID-19 status', '', {}],
  ])('%s', async (_name, filters, label, value, expected) => {
    const onChange = await renderFilters(filters);
    fireEvent.change(screen.getByRole('combobox', { name: label }), { target: { value } });
    expect(onChange).toHaveBeenCalledWith(expected, { replace: false });
  });

  it('adds one history entry while arrowing through a select, replacing it until focus leaves', async () => {
    const onChange = await renderFilters({});
    const select = screen.getByRole('combobox', { name: 'Meal type' });
    fireEvent.focus(select);
    fireEvent.change(select, { target: { value: '3' } });
    fireEvent.change(select, { target: { value: '4' } });
    fireEvent.change(select, { target: { value: '' } });
    fireEvent.blur(select);
    fireEvent.change(select, { target: { value: '3' } });
    expect(onChange.mock.calls.map((call) => call[1])).toEqual([
      { replace: false },
      { replace: true },
      { replace: true },
      { replace: false },
    ]);
  });

  it('Reset is a link to the page without choices, keeping the language', async () => {
    await renderFilters({ partner: 3, mealtype: 4 }, 'en', {
      params: new URLSearchParams('lng=es&partner=3'),
    });
    expect(screen.getByRole('link', { name: 'Reset' }).getAttribute('href')).toBe('/sites?lng=es');
  });

  it('is a GET form to /sites whose Apply button is hidden once scripts run', async () => {
    await renderFilters({});
    const form = document.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/sites');
    // Effects have run in the test renderer: Apply is for pages without scripts only.
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
    expect((document.querySelector('.site-filters__apply') as HTMLButtonElement).hidden).toBe(true);
    expect(document.querySelector('input[name="near"]')).toBeTruthy();
    expect(document.querySelector('input[name="q"]')).toBeTruthy();
  });

  it('keeps a choice whose option no longer exists visible, so it can be cleared', async () => {
    await renderFilters({ mealtype: 99 });
    const select = screen.getByRole('combobox', { name: 'Meal type' }) as HTMLSelectElement;
    expect(select.value).toBe('99');
    expect(within(select).getByRole('option', { name: 'An option that no longer exists' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Clear Meal type' })).toBeTruthy();
  });

  it('speaks Chinese', async () => {
    await renderFilters({}, 'zh');
    expect(screen.getByRole('combobox', { name: '服務對象' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '重設' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: '附近：郵區編號或社區' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: '按名稱搜尋' })).toBeTruthy();
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
          <MemoryRouter>
            <SiteFilters filters={{}} onChange={onChange} />
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No se pudieron cargar algunas opciones. Vuelva a cargar la página para intentarlo de nuevo.',
    );
    const population = screen.getByRole('combobox', { name: 'Población atendida' });
    await within(population).findByRole('option', { name: '/api/populations one' });
    fireEvent.change(population, { target: { value: '1' } });
    expect(onChange).toHaveBeenCalledWith({ population: 1 }, { replace: false });
  });
});

describe('SiteFilters: the near box and the name search', () => {
  const found: PlaceAnswer = {
    found: true,
    place: { lat: 37.75, lng: -122.41, label: '94110', kind: 'zip' },
  };

  it('labels the near box and says what it found, or to try a ZIP code', async () => {
    const onSearch = vi.fn();
    await renderFilters({}, 'en', {
      search: { near: '94110' },
      onSearch,
      place: { answer: found, failed: false },
    });
    const near = screen.getByRole('textbox', {
      name: 'Near: ZIP code or neighborhood',
    }) as HTMLInputElement;
    expect(near.value).toBe('94110');
    expect(screen.getByRole('status').textContent).toBe('Nearest first, from ZIP code 94110.');
    fireEvent.change(near, { target: { value: ' Bayview ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(onSearch).toHaveBeenCalledWith({ q: '', near: ' Bayview ' });
  });

  it.each<[PlaceAnswer | undefined, boolean, string]>([
    [undefined, false, 'Looking up “Nowhere”…'],
    [{ found: false, geocoder: false }, false, 'Street addresses cannot be looked up here'],
    [{ found: false, geocoder: true }, false, 'We could not find “Nowhere”. Try a ZIP code'],
    [{ found: false, limited: true }, false, 'Please wait a minute, or try a ZIP code.'],
    [undefined, true, 'Please try again, or try a ZIP code.'],
  ])('%j (failed %s) says %j', async (answer, failed, text) => {
    await renderFilters({}, 'en', { search: { near: 'Nowhere' }, place: { answer, failed } });
    expect(screen.getByRole('status').textContent).toContain(text);
  });

  it('applies the name search as it is typed, one history entry per visit to the box', async () => {
    const onSearch = vi.fn();
    await renderFilters({}, 'en', { search: { near: '94110' }, onSearch });
    const box = screen.getByRole('searchbox', { name: 'Search by name' });
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'c' } });
    fireEvent.change(box, { target: { value: 'ca' } });
    expect(onSearch.mock.calls).toEqual([
      [{ near: '94110', q: 'c' }, { replace: false }],
      [{ near: '94110', q: 'ca' }, { replace: true }],
    ]);
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
          <MemoryRouter>
            <SiteFilters filters={{ mealtype: 1 }} onChange={vi.fn()} />
          </MemoryRouter>
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
        ['Lunch', null],
        ['Dinner', null],
      ],
    ],
    [
      'es',
      [
        ['Almuerzo', null],
        ['Dinner', 'en'],
      ],
    ],
    [
      'zh',
      [
        ['午膳', null],
        ['Dinner', 'en'],
      ],
    ],
  ])('%s: translated names, English fallbacks marked lang="en"', async (language, options) => {
    expect(await renderTranslated(language)).toEqual(options);
  });
});
