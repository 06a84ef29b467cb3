import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setAppData } from '#client/lib/app-data.ts';
import { createTestI18n } from '#client/testing/i18n.ts';
import { preloadKeys } from '#shared/app-data.ts';
import type { TodaysMenus } from '#shared/menus.ts';
import type { StatusClosure } from '#shared/opening-status.ts';
import { buildClosure, buildSiteRecord } from '#testing/factories.ts';
import { SitePopup } from './site-popup.tsx';

const site = buildSiteRecord({
  id: 7,
  name: 'Thursday Table',
  Hours: [{ day: 4, open: '11:30', close: '13:30' }],
});
const thanksgiving: StatusClosure = buildClosure();
/** Thursday 3 December 2026's dishes: the congee first, then the first vegetarian dish. */
const todaysMenus: TodaysMenus = {
  date: '2026-12-03',
  sites: {
    '7': [
      { name: 'Chicken congee', translations: { zh: { name: '雞粥' } }, diets: ['soft'] },
      { name: 'Mapo tofu', translations: {}, diets: ['vegetarian'] },
    ],
  },
};

async function renderPopup(
  instant: string,
  language: string,
  closures: StatusClosure[],
  shown: typeof site = site,
  entry = '/sites',
) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(instant));
  const i18n = await createTestI18n(language);
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(preloadKeys.closures, closures);
  client.setQueryData(preloadKeys.todaysMenus, todaysMenus);
  await act(async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[entry]}>
            <SitePopup site={shown} onEscape={() => undefined} />
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    );
  });
  return document.querySelector('.site-popup__status')?.textContent;
}

describe('SitePopup: the status now, on the agency clock', () => {
  beforeAll(() => setAppData({ config: { agencyTimeZone: 'America/Los_Angeles' } as never }));
  afterEach(() => vi.useRealTimers());

  // 12:00 noon in San Francisco on Thursday 3 December 2026 is Friday 05:00 in Tokyo.
  it.each([
    ['en', 'Open now · until 1:30 PM'],
    ['es', 'Abierto ahora · hasta 1:30 p.m.'],
    ['zh', '現正開放 · 至下午1:30'],
  ])('%s: open until when', async (language, text) => {
    expect(await renderPopup('2026-12-03T20:00:00Z', language, [])).toBe(text);
    expect(screen.getByRole('link', { name: 'Thursday Table' })).toBeTruthy();
  });

  it.each([
    ['en', 'Closed today: Thanksgiving · opens Thu, Dec 3 11:30 AM'],
    ['es', 'Cerrado hoy: Thanksgiving · abre jue, 3 de dic a las 11:30 a.m.'],
    ['zh', '今日休息：Thanksgiving · 12月3日週四上午11:30開放'],
  ])('%s: closed on Thanksgiving, with the reason and the next opening', async (language, text) => {
    expect(await renderPopup('2026-11-26T20:00:00Z', language, [thanksgiving])).toBe(text);
  });

  it('es: an untranslated reason is marked lang="en"; a translated one is not', async () => {
    await renderPopup('2026-11-26T20:00:00Z', 'es', [thanksgiving]);
    const line = () => document.querySelector('.site-popup__status')!;
    expect(line().querySelector('span[lang="en"]')?.textContent).toBe('Thanksgiving');
    document.body.innerHTML = '';
    const translated = { ...thanksgiving, translations: { es: { reason: 'Día de Acción de Gracias' } } };
    expect(await renderPopup('2026-11-26T20:00:00Z', 'es', [translated])).toBe(
      'Cerrado hoy: Día de Acción de Gracias · abre jue, 3 de dic a las 11:30 a.m.',
    );
    expect(line().querySelector('[lang]')).toBeNull();
  });
});

describe('SitePopup: in the reader’s language', () => {
  beforeAll(() => setAppData({ config: { agencyTimeZone: 'America/Los_Angeles' } as never }));
  afterEach(() => vi.useRealTimers());

  const chinatown = {
    ...site,
    name: 'Chinatown Senior Lunch',
    phoneNumber: '4155550101',
    Populations: [
      {
        id: 1,
        name: 'Seniors 60+',
        translations: { es: { name: 'Personas de 60 años o más' }, zh: { name: '60歲或以上長者' } },
      },
    ],
    translations: { zh: { name: '華埠長者午膳' } },
  };

  /** The popup inside Leaflet's frame, whose close button Leaflet names 'Close popup'. */
  async function renderInFrame(language: string, onEscape = () => undefined) {
    const i18n = await createTestI18n(language);
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    client.setQueryData(preloadKeys.closures, []);
    client.setQueryData(preloadKeys.todaysMenus, todaysMenus);
    await act(async () => {
      render(
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={client}>
            <MemoryRouter>
              <div className="leaflet-popup">
                <button type="button" className="leaflet-popup-close-button" aria-label="Close popup">
                  ×
                </button>
                <SitePopup site={chinatown} onEscape={onEscape} />
              </div>
            </MemoryRouter>
          </QueryClientProvider>
        </I18nextProvider>,
      );
    });
    return i18n;
  }

  it.each([
    ['en', 'Chinatown Senior Lunch', 'Seniors 60+', "Close this site's details"],
    ['es', 'Chinatown Senior Lunch', 'Personas de 60 años o más', 'Cerrar los datos de este comedor'],
    ['zh', 'Chinatown Senior Lunch · 華埠長者午膳', '60歲或以上長者', '關閉此用餐點的資料'],
  ])('%s: name, populations and the close button', async (language, name, populations, close) => {
    await renderInFrame(language);
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe(name);
    expect(document.querySelector('.site-popup')?.textContent).toContain(` ${populations}`);
    const button = screen.getByRole('button');
    expect(button.getAttribute('aria-label')).toBe(close);
    expect(button.getAttribute('title')).toBe(close);
  });

  it('renames the close button when the language changes', async () => {
    const i18n = await renderInFrame('en');
    await act(() => i18n.changeLanguage('es'));
    expect(screen.getByRole('button', { name: 'Cerrar los datos de este comedor' })).toBeTruthy();
  });

  it.each([
    ['en', 'Call (415) 555-0101', 'Get Directions', 'SEE LOCATION DETAILS'],
    ['es', 'Llamar al (415) 555-0101', 'Cómo llegar', 'VER DETALLES DEL COMEDOR'],
    ['zh', '致電 (415) 555-0101', '路線指引', '查看用餐點詳情'],
  ])(
    '%s: the main actions are links in one list, Escape closes',
    async (language, call, directions, details) => {
      const onEscape = vi.fn();
      await renderInFrame(language, onEscape);
      const actions = within(document.querySelector<HTMLElement>('.site-popup__actions')!);
      expect(actions.getByRole('link', { name: call }).getAttribute('href')).toBe('tel:+14155550101');
      expect(actions.getByRole('link', { name: new RegExp(`^${directions}`) }).getAttribute('target')).toBe(
        '_blank',
      );
      expect(actions.getByRole('link', { name: details }).getAttribute('href')).toBe('/sites/7');
      fireEvent.keyDown(actions.getByRole('link', { name: call }), { key: 'Escape' });
      expect(onEscape).toHaveBeenCalledOnce();
    },
  );
});

describe('SitePopup: the deciding facts in one line', () => {
  beforeAll(() => setAppData({ config: { agencyTimeZone: 'America/Los_Angeles' } as never }));
  afterEach(() => vi.useRealTimers());

  it.each([
    ['en', 'Reservation needed · Free · Step-free entrance'],
    ['es', 'Se necesita reservación · Gratis · Entrada sin escalones'],
    ['zh', '需要預約 · 免費 · 無梯級入口'],
  ])('%s: under the status, when facts are known', async (language, text) => {
    const withFacts = {
      ...site,
      facts: { reservation: 'required', cost: 'free', stepFree: true },
    } as typeof site;
    await renderPopup('2026-12-03T20:00:00Z', language, [], withFacts);
    expect(document.querySelector('.site-popup__facts')?.textContent).toBe(text);
  });

  it('says nothing when no fact is known', async () => {
    await renderPopup('2026-12-03T20:00:00Z', 'en', []);
    expect(document.querySelector('.site-popup__facts')).toBeNull();
  });
});

describe("SitePopup: today's dish (docs/product.md R685)", () => {
  beforeAll(() => setAppData({ config: { agencyTimeZone: 'America/Los_Angeles' } as never }));
  afterEach(() => vi.useRealTimers());

  it.each([
    ['en', '/sites', "Today's menu: Chicken congee (Soft texture)", null],
    ['zh', '/sites', '今日菜單： 雞粥 (軟餐)', null],
    // With "Menu today: Vegetarian" in the address, the dish found by it; untranslated, in English.
    ['zh', '/sites?diet=vegetarian', '今日菜單： Mapo tofu (素食)', 'Mapo tofu'],
  ])('%s at %s: %s', async (language, entry, text, english) => {
    await renderPopup('2026-12-03T20:00:00Z', language, [], site, entry);
    const line = document.querySelector('.site-popup__dish');
    expect(line?.textContent).toBe(text);
    expect(line?.querySelector('[lang="en"]')?.textContent ?? null).toBe(english);
  });

  it('shows no dish for a site without one today', async () => {
    await renderPopup('2026-12-03T20:00:00Z', 'en', [], { ...site, id: 8 });
    expect(document.querySelector('.site-popup__dish')).toBeNull();
  });
});
