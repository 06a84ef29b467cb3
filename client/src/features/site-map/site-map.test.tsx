/**
 * docs/product.md R734, R736: given `search`, the map counts the sites without a position from the
 * server's answer (before the map itself loads), asks with the search's own filters and name, and does
 * not draw the sites the page holds.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setAppData } from '#client/lib/app-data.ts';
import { createTestI18n } from '#client/testing/i18n.ts';
import type { SiteMapAnswer } from '#shared/schemas/site-search.ts';
import { buildSiteRecord } from '#testing/factories.ts';
import { SiteMap } from './site-map.tsx';

const answer: SiteMapAnswer = {
  total: 1,
  unplaced: 3,
  bounds: [-122.41, 37.78, -122.41, 37.78],
  marks: [{ kind: 'site', id: 9, name: 'Server Kitchen', address: '9 Main St', lat: 37.78, lng: -122.41 }],
};

describe('SiteMap with a search (R734, R736)', () => {
  beforeAll(() =>
    setAppData({
      config: { agencyTimeZone: 'America/Los_Angeles', mapTileUrl: '', mapAttribution: '' } as never,
    }),
  );
  afterEach(() => vi.unstubAllGlobals());

  it('says how many sites the server has without a position, and draws the server’s sites only', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } });
      }),
    );
    const i18n = await createTestI18n('en');
    // The page's own sites: one placed, one not; neither is drawn nor counted with `search`.
    const local = [
      buildSiteRecord({ id: 1, name: 'Page Kitchen', lat: 37.7, lng: -122.4 }),
      buildSiteRecord({ id: 2, name: 'Page Pantry', lat: null, lng: null }),
    ];
    await act(async () => {
      render(
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={new QueryClient()}>
            <MemoryRouter>
              <SiteMap sites={local} search="populations=3&q=lunch" />
            </MemoryRouter>
          </QueryClientProvider>
        </I18nextProvider>,
      );
    });
    expect(await screen.findByText('3 sites have no map position and are only in the list.')).toBeTruthy();
    expect(urls[0]).toBe('/api/search/map?populations=3&q=lunch');
    // The map starts when its section comes near the screen or takes focus.
    await act(async () => {
      fireEvent.focus(document.querySelector('section.site-map')!);
    });
    expect(await screen.findByRole('button', { name: 'Server Kitchen' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Page Kitchen' })).toBeNull();
    expect(screen.queryByText('1 site has no map position and is only in the list.')).toBeNull();
  });
});
