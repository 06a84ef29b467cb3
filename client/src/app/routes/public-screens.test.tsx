import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '#client/testing/i18n.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { buildSiteRecord } from '#testing/factories.ts';
import { HomeScreen } from './home.tsx';
import { SiteDetailScreen } from './site-detail.tsx';
import { SitesScreen } from './sites.tsx';

// Leaflet has its own journeys in a real browser (e2e/site-map.spec.ts); here the map only counts sites.
vi.mock('#client/features/site-map/site-map.tsx', () => ({
  SiteMap: ({ sites }: { sites: unknown[] }) => <p>Map with {sites.length} sites</p>,
}));

afterEach(() => vi.unstubAllGlobals());

const item = (id: number, name: string, zh?: string) => ({
  id,
  name,
  translations: zh ? { zh: { name: zh } } : {},
});
const site = (id: number, name: string, overrides: Partial<Site> = {}) =>
  buildSiteRecord({ id, name, address: `${id} Market St`, phoneNumber: '4155550100', ...overrides });

const SITES = [
  site(1, 'Alpha Dining', {
    Populations: [item(3, 'Seniors'), item(4, 'Adults')],
    Services: [item(7, 'Takeout')],
  }),
  site(2, 'Bravo Center', { Populations: [item(3, 'Seniors')] }),
  site(3, 'Charlie Hall', { Populations: [item(4, 'Adults')], Services: [item(7, 'Takeout')] }),
];

/** Answers the API from a table; a number answers that status. */
function stubApi(answers: Record<string, unknown>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const answer = url in answers ? answers[url] : url === '/api/users/me' ? null : [];
      if (typeof answer === 'number')
        return Response.json({ status: answer, message: 'no' }, { status: answer });
      if (answer === null) return new Response(null, { status: 204 });
      return Response.json(answer);
    }),
  );
  return calls;
}

function Location() {
  const location = useLocation();
  return <p>{`at ${location.pathname}${location.search}`}</p>;
}

async function renderAt(path: string, element: ReactNode, language = 'en') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={await createTestI18n(language)}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Location />
          <Routes>
            <Route path="/" element={element} />
            <Route path="/sites" element={element} />
            <Route path="/sites/:id" element={element} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const rows = () =>
  within(screen.getByRole('list', { name: 'List of sites' }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

/** The page's live status lines (the count, and the nearest-first line beside the list). */
const statuses = () => screen.getAllByRole('status').map((status) => status.textContent);

describe('SitesScreen', () => {
  it('applies the filters in the URL, announces the count and writes a new choice back to the URL', async () => {
    stubApi({
      '/api/sites': SITES,
      '/api/services': [item(7, 'Takeout')],
      '/api/populations': [item(3, 'Seniors')],
    });
    await renderAt('/sites?population=3&lng=es', <SitesScreen />);
    await waitFor(() => expect(rows()).toEqual(['Alpha Dining', 'Bravo Center']));
    expect(statuses()).toContain('2 sites found');
    expect(screen.getByText('Map with 2 sites')).toBeTruthy();

    await screen.findByRole('option', { name: 'Takeout' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Service' }), { target: { value: '7' } });
    await waitFor(() => expect(rows()).toEqual(['Alpha Dining']));
    expect(statuses()).toContain('1 site found');
    expect(screen.getByText(/^at /).textContent).toBe('at /sites?lng=es&population=3&service=7');

    fireEvent.click(screen.getByRole('link', { name: 'Reset' }));
    await waitFor(() => expect(rows()).toEqual(['Alpha Dining', 'Bravo Center', 'Charlie Hall']));
    expect(screen.getByText(/^at /).textContent).toBe('at /sites?lng=es');
  });

  it('shows a plain message, the HTTP detail and a working retry when the list fails', async () => {
    const calls = stubApi({ '/api/sites': 500 });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderAt('/sites', <SitesScreen />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'We could not load the list of sites.' })).toBeTruthy();
    expect(alert.textContent).toContain('Details: This is an HTTP error: The status is 500');
    expect(screen.queryByRole('list', { name: 'List of sites' })).toBeNull();

    stubApi({ '/api/sites': SITES });
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(calls.filter((c) => c === '/api/sites')).toHaveLength(1);
  });

  it('gives an administrator the Add new site link, an edit link per row and the no-position marker', async () => {
    stubApi({
      '/api/sites': [...SITES, site(4, 'Delta Kitchen', { lat: null, lng: null })],
      '/api/users/me': {
        id: 1,
        isAdmin: true,
        email: 'ada@example.org',
        firstName: 'Ada',
        lastName: 'Admin',
      },
    });
    await renderAt('/sites', <SitesScreen />);
    const add = await screen.findByRole('link', { name: 'Add new site' });
    expect(add.getAttribute('href')).toBe('/sites/new');
    expect(screen.getByRole('link', { name: 'edit Alpha Dining' }).getAttribute('href')).toBe(
      '/sites/1/edit',
    );
    const delta = screen.getByRole('link', { name: 'Delta Kitchen' }).closest('li')!;
    expect(within(delta).getByText('No map position')).toBeTruthy();
    expect(screen.getAllByText('No map position')).toHaveLength(1);
  });
});

describe('HomeScreen', () => {
  it('renders the list once, with phone links and populations', async () => {
    stubApi({ '/api/sites': SITES });
    await renderAt('/', <HomeScreen />);
    await waitFor(() => expect(rows()).toEqual(['Alpha Dining', 'Bravo Center', 'Charlie Hall']));
    expect(screen.getAllByRole('list', { name: 'List of sites' })).toHaveLength(1);
    expect(screen.getAllByRole('link', { name: 'Alpha Dining' })).toHaveLength(1);
    const alpha = screen.getByRole('link', { name: 'Alpha Dining' }).closest('li')!;
    expect(alpha.textContent).toContain('(415) 555-0100');
    expect(within(alpha).getByRole('link', { name: 'Call Alpha Dining' }).getAttribute('href')).toBe(
      'tel:+14155550100',
    );
    expect(alpha.textContent).toContain('Populations served:');
    expect(
      within(alpha)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Seniors', 'Adults']);
    expect(screen.queryByRole('link', { name: /^edit/ })).toBeNull();
  });
});

describe('SiteDetailScreen', () => {
  it('lists the hours Monday first with the language’s weekday names and times', async () => {
    stubApi({
      '/api/sites/1': site(1, 'Alpha Dining', {
        Hours: [
          { day: 0, open: '10:00', close: '12:00' },
          { day: 1, open: '13:30', close: '15:00' },
        ],
        Populations: [item(3, 'Seniors 60+', '60歲或以上長者')],
        CovidStatuses: [item(9, 'Takeout only', '只限外賣'), item(10, 'Indoor dining')],
      }),
    });
    await renderAt('/sites/1', <SiteDetailScreen />, 'zh');
    const hours = await screen.findByRole('region', { name: '開放時間' });
    expect(
      within(hours)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['星期一', '星期二', '星期三', '星期四', '星期五', '星期六', '星期日']);
    expect(within(hours).getAllByRole('definition')[0]?.textContent?.replace(/\s/g, ' ')).toBe(
      '下午1:30 – 下午3:00',
    );
    expect(within(hours).getAllByRole('definition')[1]?.textContent).toBe('休息');
    // The names in Chinese, the bracketed ones listed as Chinese lists them, in full-width brackets; the
    // one without a translation falls back to English and says so.
    const populations = screen.getAllByRole('definition')[0]!;
    expect(populations.textContent).toBe('60歲或以上長者（只限外賣及Indoor dining）');
    expect(within(populations).getByText('Indoor dining').getAttribute('lang')).toBe('en');
    expect([...populations.querySelectorAll('[lang]')].map((node) => node.textContent)).toEqual([
      'Indoor dining',
    ]);
  });

  it.each(['/sites/404', '/sites/abc'])('shows a friendly not-found page for %s', async (path) => {
    const calls = stubApi({ '/api/sites/404': 404 });
    await renderAt(path, <SiteDetailScreen />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not find this site' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all locations' }).getAttribute('href')).toBe('/sites');
    expect(calls.filter((c) => c.startsWith('/api/sites/'))).toHaveLength(path === '/sites/abc' ? 0 : 1);
  });
});
