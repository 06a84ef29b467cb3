import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setAppData } from '#client/lib/app-data.ts';
import { createTestI18n } from '#client/testing/i18n.ts';
import { preloadKeys } from '#shared/app-data.ts';
import type { SiteMenu } from '#shared/schemas/menus.ts';
import { TodaysMenu } from './todays-menu.tsx';

/** docs/product.md R659: today's and tomorrow's menu on a site page, as the server draws it too. */

const HOURS = [{ open: '11:30', close: '13:00' }];
const meal = {
  mealTypeId: 1,
  source: 'partner' as const,
  partnerId: 3,
  dishes: [
    { name: 'Chicken congee', translations: { zh: { name: '雞粥' } }, diets: ['soft' as const] },
    { name: 'Mapo tofu', translations: {}, diets: ['vegetarian' as const, 'halal' as const] },
  ],
  note: 'Substitute on request',
  translations: {},
};

function menuWith(days: SiteMenu['days']): SiteMenu {
  return {
    siteId: 5,
    from: days[0]!.date,
    to: days.at(-1)!.date,
    mealTypes: [{ id: 1, name: 'Lunch', translations: { zh: { name: '午膳' } } }],
    dietMarks: [
      { id: 7, name: 'Nut-free', translations: { zh: { name: '不含果仁' } } },
      { id: 9, name: 'Dairy-free', translations: {} },
    ],
    days,
    printedMenus: [],
  };
}

async function draw(menu: SiteMenu, language = 'en', on: 'server' | 'browser' = 'browser') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(preloadKeys.siteMenu(5), menu);
  const i18n = await createTestI18n(language);
  const page = (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <TodaysMenu siteId={5} />
      </QueryClientProvider>
    </I18nextProvider>
  );
  if (on === 'server') return renderToString(page);
  render(page);
  return '';
}

describe('TodaysMenu', () => {
  beforeAll(() => setAppData({ config: { agencyTimeZone: 'America/Los_Angeles' } as never }));
  afterEach(() => vi.useRealTimers());

  it('draws on the server from the embedded week: today published, tomorrow not', async () => {
    const html = await draw(
      menuWith([
        { date: '2026-12-01', status: 'published', meals: [meal], hours: HOURS },
        { date: '2026-12-02', status: 'not_published', meals: [], hours: HOURS },
      ]),
      'zh',
      'server',
    );
    expect(html).toContain('菜單');
    expect(html).toContain('午膳');
    expect(html).toContain('雞粥');
    // Untranslated: in English, marked so.
    expect(html).toContain('<span lang="en">Mapo tofu</span>');
    expect(html).toContain('素食');
    expect(html).toContain('菜單未公佈');
  });

  it('leaves out a closed day, and says the meal’s time and diet marks in words', async () => {
    // Friday 4 December 2026, noon in San Francisco; already Saturday in UTC.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-04T20:00:00Z'));
    await draw(
      menuWith([
        { date: '2026-12-04', status: 'closed', meals: [], hours: [] },
        { date: '2026-12-05', status: 'published', meals: [meal], hours: HOURS },
      ]),
    );
    const region = within(screen.getByRole('region', { name: 'Menu' }));
    // "Today" is the agency's date in the browser: 4 December, closed, is left out; tomorrow is shown.
    expect(region.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      expect.stringMatching(/^Tomorrow /),
    ]);
    expect(region.queryByText('Menu not published')).toBeNull();
    expect(region.getByText(/Vegetarian and Halal/)).toBeTruthy();
    expect(region.getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Lunch 11:30\sAM – 1:00\sPM$/)]),
    );
  });

  it('names the agency’s own marks from the data, an untranslated one in English (R694)', async () => {
    const withOwn = {
      ...meal,
      dishes: [{ name: 'Rice', translations: {}, diets: ['soft', 'agency-7', 'agency-9', 'agency-99'] }],
    };
    const html = await draw(
      menuWith([{ date: '2026-12-01', status: 'published', meals: [withOwn], hours: HOURS }]),
      'zh',
      'server',
    );
    expect(html).toContain('不含果仁');
    expect(html).toContain('<span lang="en">Dairy-free</span>');
    // A mark the menu does not name (removed since) is left out, never shown as its key.
    expect(html).not.toContain('agency-');
  });

  it('shows nothing when both days are closed', async () => {
    const html = await draw(
      menuWith([
        { date: '2026-12-05', status: 'closed', meals: [], hours: [] },
        { date: '2026-12-06', status: 'closed', meals: [], hours: [] },
      ]),
      'en',
      'server',
    );
    expect(html).toBe('');
  });

  it('leaves out the week ahead and its printout for a site that publishes no menu (R680)', async () => {
    const dates = ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05'];
    const html = await draw(
      menuWith(dates.map((date) => ({ date, status: 'not_published' as const, meals: [], hours: [] }))),
      'en',
      'server',
    );
    expect(html).toContain('Menu not published');
    expect(html).not.toContain('The week ahead');
    expect(html).not.toContain('/menu/print');
  });

  it('draws the week ahead after tomorrow, closed days said so, with the printouts linked (R680, R681, R683)', async () => {
    const dates = ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06'];
    const html = await draw(
      {
        ...menuWith(
          dates.map((date, index) =>
            index === 4
              ? { date, status: 'closed' as const, meals: [], hours: [] }
              : index === 3
                ? { date, status: 'not_published' as const, meals: [], hours: HOURS }
                : { date, status: 'published' as const, meals: [meal], hours: HOURS },
          ),
        ),
        printedMenus: [
          {
            id: 9,
            month: '2026-12',
            source: 'partner',
            ownerId: 3,
            contentType: 'application/pdf',
            byteSize: 1000,
            url: '/api/printed-menus/menu-abc',
          },
        ],
      },
      'es',
      'server',
    );
    expect(html).toContain('Los próximos siete días');
    // Thursday 3 December (after tomorrow) with its dishes in one line; Spanish fallback marked English.
    expect(html).toMatch(/jueves, 3 de diciembre<\/strong>: (<!-- -->)?<span><span lang="en">Lunch<\/span>/);
    expect(html).toMatch(/sábado, 5 de diciembre<\/strong>: (<!-- -->)?Cerrado/);
    expect(html).toMatch(/viernes, 4 de diciembre<\/strong>: (<!-- -->)?Menú no publicado/);
    expect(html).toContain('href="/sites/5/menu/print?lng=es"');
    expect(html).toContain('Imprimir el menú de la semana');
    expect(html).toContain('href="/api/printed-menus/menu-abc"');
    expect(html).toContain('Menú impreso, diciembre de 2026 (PDF)');
  });
});
