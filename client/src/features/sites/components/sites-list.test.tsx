import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Site } from '../../../../../shared/schemas/sites.ts';
import { createTestI18n } from '../../../testing/i18n.ts';
import { LIST_PAGE_SIZE, SitesList } from './sites-list.tsx';

const site = (id: number): Site => ({
  id,
  name: `Site ${id}`,
  address: `${id} Market St`,
  phoneNumber: null,
  email: null,
  website: null,
  lat: 37.77,
  lng: -122.42,
  Hours: [],
  NutritionPartners: [],
  Populations: [],
  MealTypes: [],
  Services: [],
  CovidStatuses: [],
  version: 1,
  updatedAt: '2026-01-01T00:00:00Z',
});

async function renderList(sites: Site[], isAdmin = false) {
  const i18n = await createTestI18n('en');
  const view = (list: Site[]) => (
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <SitesList sites={list} isAdmin={isAdmin} filtered={false} />
      </MemoryRouter>
    </I18nextProvider>
  );
  const result = render(view(sites));
  return { i18n, rerender: (list: Site[]) => result.rerender(view(list)) };
}

const rows = () => within(screen.getByRole('list', { name: 'List of sites' })).getAllByRole('listitem');

describe('SitesList', () => {
  it('renders the first rows of a long list, says how many of how many, and shows more on demand', async () => {
    const sites = Array.from({ length: 250 }, (_, i) => site(i + 1));
    const { rerender } = await renderList(sites);
    expect(rows()).toHaveLength(LIST_PAGE_SIZE);
    expect(screen.getByText('Showing 100 of 250 sites.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show 100 more sites' }));
    expect(rows()).toHaveLength(200);
    // Focus lands on the first new row, where a keyboard user continues.
    expect(document.activeElement?.textContent).toBe('Site 101');

    fireEvent.click(screen.getByRole('button', { name: 'Show 50 more sites' }));
    expect(rows()).toHaveLength(250);
    expect(screen.queryByRole('button', { name: /Show/ })).toBeNull();

    // A new set of sites (a filter changed) starts again from the first rows.
    rerender(sites.slice(0, 180));
    expect(rows()).toHaveLength(LIST_PAGE_SIZE);
  });

  it('shows every row, with no button, when they fit on one page', async () => {
    await renderList([site(1), site(2)]);
    expect(rows()).toHaveLength(2);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('rows kept across a change of the list, and a change of language, show the right words', async () => {
    const sites = [
      { ...site(1), phoneNumber: '4155550100', lat: null, lng: null },
      { ...site(2), phoneNumber: '4155550101' },
    ];
    const { i18n, rerender } = await renderList(sites, true);
    expect(screen.getAllByText('Phone:')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'edit Site 1' }).getAttribute('href')).toBe('/sites/1/edit');
    expect(screen.getByText('No map position')).toBeTruthy();
    // The same site objects in a new list (a filter changed): the kept row is unchanged.
    rerender([sites[0]!]);
    expect(rows()).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Site 1' }).getAttribute('href')).toBe('/sites/1');
    await act(() => i18n.changeLanguage('es'));
    expect(screen.getByText('Teléfono:')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'editar Site 1' })).toBeTruthy();
    expect(screen.getByText('Sin ubicación en el mapa')).toBeTruthy();
    expect(screen.queryByText('Phone:')).toBeNull();
  });
});
