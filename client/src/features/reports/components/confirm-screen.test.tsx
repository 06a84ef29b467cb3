import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '#client/testing/i18n.ts';
import { buildSiteRecord } from '#testing/factories.ts';
import { ConfirmScreen } from './confirm-screen.tsx';

afterEach(() => vi.restoreAllMocks());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const site = buildSiteRecord({
  name: 'Mission Lunch Club',
  address: '1 Valencia St, San Francisco, CA',
  phoneNumber: '4155550100',
  Hours: [{ day: 4, open: '11:30', close: '13:30', weeks: [1, 3] }],
});

function fakeLink(read: () => Response, answer: () => Response = () => json({ ok: true })) {
  const posted: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (String(input) !== '/api/confirmations/abc') throw new Error(`unexpected ${String(input)}`);
    if (init?.method === 'POST') {
      posted.push(JSON.parse(String(init.body)));
      return answer();
    }
    return read();
  });
  return posted;
}

async function renderScreen(language = 'en') {
  const i18n = await createTestI18n(language);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <ConfirmScreen token="abc" />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const valid = () => json({ site, closures: [], expiresAt: '2026-12-08T20:00:00Z' });

describe('the /confirm page', () => {
  it('shows the site\'s public facts and records "All correct"', async () => {
    const posted = fakeLink(valid);
    await renderScreen();
    expect(await screen.findByText('1 Valencia St, San Francisco, CA')).toBeTruthy();
    expect(screen.getByText('Mission Lunch Club')).toBeTruthy();
    expect(
      screen.getByText(/Thursday: 11:30 AM – 1:30 PM \(1st and 3rd Thursday of the month\)/),
    ).toBeTruthy();
    expect(screen.getByText('This link works until December 8, 2026.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'All correct' }));
    });
    expect(posted).toEqual([{ answer: 'correct' }]);
    await waitFor(() =>
      expect(document.activeElement?.textContent).toMatch(/recorded that the information is correct/),
    );
  });

  it('shows each list under its own label, the phone as the public reads it, the closures and the week in the site page’s words (es)', async () => {
    const item = (id: number, name: string, extra: object = {}) => ({ id, name, translations: {}, ...extra });
    const full = buildSiteRecord({
      ...site,
      Populations: [item(1, 'Seniors 60+')],
      CovidStatuses: [item(2, 'Takeout only')],
      MealTypes: [item(3, 'Lunch')],
      Services: [item(4, 'Grocery bags')],
      NutritionPartners: [],
    } as never);
    const closures = [
      {
        id: 9,
        startDate: '2026-12-24',
        endDate: '2026-12-25',
        reason: 'Christmas',
        translations: { es: { reason: 'Navidad' } },
        allSites: false,
        siteIds: [full.id],
      },
    ];
    fakeLink(() => json({ site: full, closures, expiresAt: '2026-12-08T20:00:00Z' }));
    await renderScreen('es');
    await screen.findByText('1 Valencia St, San Francisco, CA');
    const value = (label: string) => {
      const term = screen.getAllByRole('term').find((dt) => dt.textContent === label);
      return term?.nextElementSibling?.textContent;
    };
    expect(value('Población atendida')).toBe('Seniors 60+');
    expect(value('Situación por COVID-19')).toBe('Takeout only');
    expect(value('Tipos de comida')).toBe('Lunch');
    expect(value('Servicios')).toBe('Grocery bags');
    expect(value('Proveedores de comidas')).toBe('No indicado');
    expect(value('Teléfono')).toBe('(415) 555-0100');
    // The site page's words: the weekday inside the sentence in lower case, every day of the week.
    expect(value('Horario')).toContain('Jueves: 11:30 a.m. – 1:30 p.m. (primer y tercer jueves del mes)');
    expect(value('Horario')).toContain('Lunes: Cerrado');
    expect(value('Próximos cierres')).toBe(
      'Navidad: del jueves, 24 de diciembre al viernes, 25 de diciembre',
    );
  });

  it('shows the site’s "Before you go" facts, for the contact to confirm or correct, and the phone’s extension', async () => {
    const withFacts = buildSiteRecord({
      ...site,
      phoneExtension: '12',
      facts: {
        reservation: 'required',
        reserveDays: 1,
        reserveBy: '13:00',
        cost: 'free',
        languages: ['yue', 'en'],
        stepFree: true,
      },
    } as never);
    fakeLink(() => json({ site: withFacts, closures: [], expiresAt: '2026-12-08T20:00:00Z' }));
    await renderScreen();
    await screen.findByText('1 Valencia St, San Francisco, CA');
    const terms = screen
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    const shown = Object.fromEntries(terms);
    expect(shown.Phone).toBe('(415) 555-0100, ext. 12');
    expect(shown.Reservation).toBe(
      'Reservation needed: call (415) 555-0100, ext. 12 by 1:00 PM the day before',
    );
    expect(shown.Languages).toBe('Staff speak Cantonese, English');
    expect(Object.values(shown)).toContain('Free');
    expect(Object.values(shown)).toContain('Step-free entrance');
  });

  it('says the facts are not listed when none is known', async () => {
    fakeLink(valid);
    await renderScreen();
    await screen.findByText('1 Valencia St, San Francisco, CA');
    const term = screen.getAllByRole('term').find((dt) => dt.textContent === 'Before you go');
    expect(term?.nextElementSibling?.textContent).toBe('Not listed');
  });

  it('"Something changed" asks what, then sends the reasons and the message', async () => {
    const posted = fakeLink(valid);
    await renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Something changed' }));
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'The site is closed' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send the changes' }));
    expect(screen.getByText('Choose at least one thing that is wrong.')).toBeTruthy();
    expect(posted).toEqual([]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'The phone number is wrong' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'What is it now?' }), {
      target: { value: '415-555-0199' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send the changes' }));
    });
    expect(posted).toEqual([{ answer: 'changed', reasons: ['phone'], message: '415-555-0199' }]);
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/We received the changes/));
  });

  it.each([
    [404, undefined, 'Not Found', 'This link does not work'],
    [410, 'link_used', 'Gone', 'This link has already been used'],
    [410, 'link_expired', 'Gone', 'This link has expired'],
    // Without a code the wording is not guessed at: the page says it is used or too old.
    [410, undefined, 'This link has expired.', 'This link can no longer be used'],
    [410, undefined, 'This link has already been used.', 'This link can no longer be used'],
  ])('a %i (code %s, message %s) says so', async (status, code, message, heading) => {
    fakeLink(() => json({ status, message, ...(code && { code }) }, status));
    await renderScreen();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(heading);
    expect(screen.queryByRole('button', { name: 'All correct' })).toBeNull();
  });

  it('a link used meanwhile (410 on answering) says it was used', async () => {
    fakeLink(valid, () => json({ status: 410, message: 'Gone', code: 'link_used' }, 410));
    await renderScreen();
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'All correct' }));
    });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'This link has already been used',
    );
  });

  it.each([
    ['es', 'Todo es correcto', 'Este enlace venció'],
    ['zh', '全部正確', '這條連結已經過期'],
  ])('speaks %s', async (language, correct, expired) => {
    fakeLink(valid);
    await renderScreen(language);
    expect(await screen.findByRole('button', { name: correct })).toBeTruthy();
    document.body.innerHTML = '';
    vi.restoreAllMocks();
    fakeLink(() => json({ status: 410, message: 'Gone', code: 'link_expired' }, 410));
    await renderScreen(language);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(expired);
  });
});
