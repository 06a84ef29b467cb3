import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAppData } from '#client/lib/app-data.ts';
import { createTestI18n } from '#client/testing/i18n.ts';
import { leaveMenusUnasked } from '#client/testing/no-menus.ts';
import { preloadKeys } from '#shared/app-data.ts';
import { buildSiteRecord } from '#testing/factories.ts';
import { SiteDetailScreen } from './site-detail.tsx';

vi.mock('#client/features/site-map/site-map.tsx', () => ({ SiteMap: () => <p>Map</p> }));

afterEach(() => {
  vi.unstubAllGlobals();
  setAppData({});
});

const SITE = buildSiteRecord({
  id: 5,
  name: 'Excelsior Lunch Club',
  phoneNumber: '4155550123',
  Populations: [
    { id: 1, name: 'Seniors', translations: {} },
    { id: 2, name: 'Adults', translations: {} },
  ] as never,
});

async function renderSite(path: string, { list }: { list?: unknown[] } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  leaveMenusUnasked(client);
  if (list) client.setQueryData(preloadKeys.sites, list);
  render(
    <I18nextProvider i18n={await createTestI18n('en')}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/sites/:id" element={<SiteDetailScreen />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

function answer(byUrl: Record<string, () => Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => byUrl[url]?.() ?? new Response(null, { status: 204 })),
  );
}

describe('the site page’s top (docs/product.md R119)', () => {
  it('offers a large Call button with the site’s number and reads the populations as a list', async () => {
    answer({ '/api/sites/5': () => Response.json(SITE), '/api/closures': () => Response.json([]) });
    await renderSite('/sites/5');
    const call = await screen.findByRole('link', { name: 'Call (415) 555-0123' });
    expect(call.getAttribute('href')).toBe('tel:+14155550123');
    const populations = screen.getByText('Populations served').nextElementSibling as HTMLElement;
    expect(
      within(populations)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Seniors', 'Adults']);
    expect(populations.textContent).not.toContain('|');
  });
});

describe('when the server cannot be reached (docs/product.md R117)', () => {
  it('shows the facts of the site the list loaded earlier, with a note that they could not be refreshed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await renderSite('/sites/5', { list: [SITE] });
    expect(
      await screen.findByText(
        'Could not refresh — showing what was loaded earlier.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Excelsior Lunch Club' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Call (415) 555-0123' })).toBeTruthy();
  });

  it('without a list to fall back on, says so and offers the agency’s phone', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderSite('/sites/5');
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(within(alert).getByRole('link', { name: '(417) 557-5000' }).getAttribute('href')).toBe(
      'tel:+14175575000',
    );
  });
});

describe('a page the server answered 404 (docs/product.md R118)', () => {
  it('shows the not-found page at once, without asking the API again', async () => {
    window.history.replaceState(null, '', '/sites/999999');
    setAppData({ notFound: true });
    const fetch = vi.fn(async (_url: string) => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    await renderSite('/sites/999999');
    expect(screen.getByRole('heading', { level: 1, name: 'We could not find this site' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '(417) 557-5000' })).toBeTruthy();
    expect(fetch.mock.calls.map(([url]) => url)).not.toContain('/api/sites/999999');
    window.history.replaceState(null, '', '/');
  });
});
