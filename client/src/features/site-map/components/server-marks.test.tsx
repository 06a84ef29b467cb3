/**
 * docs/product.md R734–R735: the map of a large directory draws what GET /api/search/map answers for
 * its view — groups as the same "N sites here" buttons, single sites as named markers — asks again
 * when the view changes (a stale request cancelled), keeps its marks through a failure that it reports
 * with a retry, and reads a single site when its popup opens.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setAppData } from '#client/lib/app-data.ts';
import { createTestI18n } from '#client/testing/i18n.ts';
import { preloadKeys } from '#shared/app-data.ts';
import type { SiteMapAnswer } from '#shared/schemas/site-search.ts';
import { buildSiteRecord } from '#testing/factories.ts';
import { LeafletMap } from './leaflet-map.tsx';
import { groupZoom, zoomShift } from './server-marks.ts';

const MARKUP = '<b>Soup</b> & "Bread"';
const answer: SiteMapAnswer = {
  total: 13,
  unplaced: 2,
  bounds: [-122.5, 37.7, -122.3, 37.8],
  marks: [
    { kind: 'group', id: 41, lat: 37.79, lng: -122.45, count: 12, zoom: 14 },
    { kind: 'site', id: 7, name: MARKUP, address: '1 Market St', lat: 37.75, lng: -122.4 },
  ],
};

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Answers each map request in turn with `answers` (a status number: that error), recording the URLs. */
function stubFetch(answers: (SiteMapAnswer | number)[]) {
  const urls: string[] = [];
  const signals: AbortSignal[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    urls.push(url);
    if (init?.signal) signals.push(init.signal);
    const next = answers.length > 1 ? answers.shift()! : answers[0]!;
    return typeof next === 'number' ? jsonResponse({ message: 'Failed' }, next) : jsonResponse(next);
  });
  vi.stubGlobal('fetch', fetch);
  return { urls, signals, fetch };
}

async function renderMap(query: string, client = new QueryClient()) {
  const i18n = await createTestI18n('en');
  await act(async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <MemoryRouter>
            <LeafletMap
              sites={[]}
              center={{ lat: 37.77, lng: -122.42 }}
              zoom={12}
              label="Map of meal sites"
              fit
              search={{ query, bounds: answer.bounds }}
            />
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    );
  });
}

describe('the map drawn from the server (R734–R735)', () => {
  beforeAll(() =>
    setAppData({
      config: { agencyTimeZone: 'America/Los_Angeles', mapTileUrl: '', mapAttribution: '' } as never,
    }),
  );
  afterEach(() => vi.unstubAllGlobals());

  it('asks for its view with the search, and draws groups as buttons and sites by their names as text', async () => {
    const { urls } = stubFetch([answer]);
    await renderMap('population=3&q=lunch');
    const group = await screen.findByRole('button', { name: '12 sites here: zoom in to see them' });
    expect(group).toBeTruthy();
    expect(await screen.findByRole('button', { name: MARKUP })).toBeTruthy();
    const asked = new URL(urls.at(-1)!, 'http://meals.test');
    expect(asked.pathname).toBe('/api/search/map');
    expect(asked.searchParams.get('population')).toBe('3');
    expect(asked.searchParams.get('q')).toBe('lunch');
    for (const key of ['west', 'south', 'east', 'north'])
      expect(Number(asked.searchParams.get(key))).not.toBeNaN();
    expect(Number.isInteger(Number(asked.searchParams.get('zoom')))).toBe(true);
    // No markup became an element.
    expect(document.querySelector('.leaflet-marker-pane b')).toBeNull();
  });

  it('keeps its marks through a failure, says so with a retry, and draws the next answer', async () => {
    const { fetch } = stubFetch([answer, 503, { ...answer, marks: [answer.marks[0]!] }]);
    await renderMap('open=now');
    await screen.findByRole('button', { name: MARKUP });
    const zoomIn = screen.getByRole('button', { name: '12 sites here: zoom in to see them' });
    // A click on the group zooms the map in: a new view, asked again, which fails.
    await act(async () => {
      fireEvent.click(zoomIn);
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'The sites on the map could not be loaded. The list of sites still works.',
    );
    expect(screen.getByRole('button', { name: MARKUP })).toBeTruthy();
    const calls = fetch.mock.calls.length;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: MARKUP })).toBeNull());
    expect(fetch.mock.calls.length).toBe(calls + 1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('cancels the request before when the view changes again', async () => {
    const { signals } = stubFetch([answer]);
    await renderMap('');
    await screen.findByRole('button', { name: MARKUP });
    const group = screen.getByRole('button', { name: '12 sites here: zoom in to see them' });
    await act(async () => {
      fireEvent.click(group);
      fireEvent.click(group);
    });
    await waitFor(() => expect(signals.length).toBeGreaterThanOrEqual(3));
    expect(signals.at(-2)!.aborted).toBe(true);
  });

  it('reads a single site when its popup opens, with a loading line meanwhile', async () => {
    const site = buildSiteRecord({ id: 7, name: MARKUP, address: '1 Market St', lat: 37.75, lng: -122.4 });
    let release: (value: Response) => void = () => undefined;
    const fetch = vi.fn(async (url: string) => {
      if (url.startsWith('/api/search/map')) return jsonResponse(answer);
      return new Promise<Response>((resolve) => {
        release = resolve;
      });
    });
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    await renderMap('', client);
    const marker = await screen.findByRole('button', { name: MARKUP });
    await act(async () => {
      fireEvent.click(marker);
    });
    expect(await screen.findByText("Loading this site's details…")).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => url === '/api/sites/7')).toBe(true);
    await act(async () => {
      release(jsonResponse(site));
    });
    await waitFor(() => expect(client.getQueryData(preloadKeys.site(7))).toMatchObject({ id: 7 }));
    expect(await screen.findByRole('link', { name: 'SEE LOCATION DETAILS' })).toBeTruthy();
    expect(screen.queryByText("Loading this site's details…")).toBeNull();
  });
});

describe('larger text (R737)', () => {
  it('asks for groups a level out per doubling of the radius, and zooms a group that much further in', () => {
    // The radius at 16 px text (80), at 200 % (152: a four-digit mark at 32 px plus 8) and 400 %.
    expect([80, 100, 152, 300].map(zoomShift)).toEqual([0, 0, 1, 2]);
    expect(groupZoom({ zoom: 14 }, 0)).toBe(14);
    expect(groupZoom({ zoom: 14 }, 1)).toBe(15);
    expect(groupZoom({ zoom: 20 }, 2)).toBe(20);
  });
});
