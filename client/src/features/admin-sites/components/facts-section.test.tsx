import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '#client/testing/i18n.ts';
import { REFERENCE_LIST_NAMES } from '#shared/schemas/reference-lists.ts';
import type { Site } from '#shared/schemas/sites.ts';
import type { SiteFacts } from '#shared/site-facts.ts';
import { buildSiteRecord } from '#testing/factories.ts';
import { factsValuesFrom, storedFacts } from '../model/facts-form.ts';
import { SiteForm } from './site-form.tsx';

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.restoreAllMocks());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const lists = {
  items: Object.fromEntries(REFERENCE_LIST_NAMES.map((list) => [list, []])),
  pending: false,
  error: null,
  refetch: async () => [],
} as unknown as Parameters<typeof SiteForm>[0]['lists'];

async function renderForm(site: Site) {
  const form = (
    <SiteForm
      site={site}
      lists={lists}
      listPath={() => '/'}
      onGeocodeWarning={() => {}}
      geocodeWarning={false}
    />
  );
  render(
    <I18nextProvider i18n={await createTestI18n('en')}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[`/sites/${site.id}/edit`]}>
          <Routes>
            <Route path="/sites/:id" element={<h1>Site page</h1>} />
            <Route path="/sites/:id/edit" element={form} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

/** The bodies written, each answered with the site saved. */
function capture(site: Site) {
  const sent: Record<string, unknown>[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (!init?.method || init.method === 'GET') return json(String(input).endsWith('/history') ? [] : site);
    sent.push(JSON.parse(String(init.body)));
    return json({ ...site, version: site.version + 1 });
  });
  return sent;
}

const site = (facts: SiteFacts = {}, phoneExtension: string | null = null) =>
  buildSiteRecord({
    id: 7,
    name: 'Mission Dining Room',
    phoneNumber: '4155550100',
    version: 2,
    facts,
    phoneExtension,
  });

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
const group = (name: string) => screen.getByRole('group', { name });

const FULL: SiteFacts = {
  reservation: 'required',
  reserveDays: 1,
  reserveBy: '14:00',
  reservePhone: '4155550199',
  reservePhoneDays: [1, 2, 3, 4, 5],
  reservePhoneOpen: '09:00',
  reservePhoneClose: '12:00',
  reserveUrl: 'https://mission.example.org/reserve',
  walkIns: false,
  cost: 'suggested',
  suggestedAmount: 3.5,
  guestPrice: 8,
  spouse: true,
  caregiver: true,
  guests: false,
  firstVisit: 'form',
  languages: ['yue', 'en', 'es'],
  stepFree: true,
  restroom: false,
  elevator: true,
  hearingLoop: false,
  parking: true,
  seatingWithArms: true,
  transport: true,
  transportPhone: '4155550111',
  notes: { reservation: 'Ask for Rosa.', access: 'Ramp on Lane St.' },
  translations: { es: { reservation: 'Pregunte por Rosa.' }, zh: { reservation: '請找 Rosa。' } },
};

describe('Before you go on the site form', () => {
  it('leaves every fact unknown: a site with none, saved untouched, sends {}', async () => {
    const stored = site();
    const sent = capture(stored);
    await renderForm(stored);
    for (const name of ['Walk-ins served', 'Spouse or partner of any age', 'Step-free entrance']) {
      expect(
        (within(group(name)).getByRole('radio', { name: 'Not known' }) as HTMLInputElement).checked,
      ).toBe(true);
    }
    submit();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.facts).toEqual({});
    expect(sent[0]?.phoneExtension).toBeNull();
  });

  it('keeps the stored facts exactly when saved untouched', async () => {
    const stored = site(FULL, '3');
    const sent = capture(stored);
    await renderForm(stored);
    submit();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.facts).toEqual({
      ...FULL,
      reservePhone: '4155550199',
      suggestedAmount: '3.5',
      guestPrice: '8',
      reserveDays: '1',
    });
    expect(sent[0]?.phoneExtension).toBe('3');
  });

  it.each([
    [
      'reservation',
      { reservation: 'recommended', reserveHours: 48, walkIns: true, reservePhoneDays: [0, 6] },
    ],
    ['cost', { cost: 'free', guestPrice: 5.25 }],
    ['who may come', { spouse: false, caregiver: true, guests: true }],
    ['first visit', { firstVisit: 'id' }],
    ['languages', { languages: ['es', 'yue', 'cmn'] }],
    [
      'access',
      {
        stepFree: false,
        restroom: true,
        elevator: false,
        hearingLoop: true,
        parking: false,
        seatingWithArms: false,
      },
    ],
    ['getting there', { transport: false, transportPhone: '4155550111', notes: { transit: 'Muni 24' } }],
    ['notes', { notes: { about: 'Hot lunch.' }, translations: { zh: { about: '熱午餐。' } } }],
  ] as [string, SiteFacts][])('%s round-trips through the form', (_group, facts) => {
    expect(storedFacts(factsValuesFrom(facts))).toEqual(facts);
  });

  it('sends what is answered, and a yes/no answered "Not known" again is left out', async () => {
    const stored = site();
    const sent = capture(stored);
    await renderForm(stored);
    fireEvent.click(within(group('Is a reservation needed?')).getByRole('radio', { name: 'Required' }));
    fireEvent.click(within(group('Walk-ins served')).getByRole('radio', { name: 'No' }));
    fireEvent.click(within(group('Caregiver')).getByRole('radio', { name: 'Yes' }));
    fireEvent.click(within(group('Caregiver')).getByRole('radio', { name: 'Not known' }));
    fireEvent.click(
      within(group('What does a meal cost?')).getByRole('radio', { name: 'Suggested contribution' }),
    );
    fireEvent.change(screen.getByLabelText('Suggested contribution (dollars)'), { target: { value: '$3' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Cantonese' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'English' }));
    fireEvent.change(screen.getByLabelText('Reservation note in Chinese'), { target: { value: '請致電' } });
    fireEvent.change(screen.getByLabelText('Extension'), { target: { value: '12' } });
    submit();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.facts).toEqual({
      reservation: 'required',
      walkIns: false,
      cost: 'suggested',
      suggestedAmount: '$3',
      languages: ['yue', 'en'],
      translations: { zh: { reservation: '請致電' } },
    });
    expect(sent[0]?.phoneExtension).toBe('12');
  });

  it('marks a note not yet translated', async () => {
    const stored = site({
      notes: { cost: 'Pay at the desk.' },
      translations: { es: { cost: 'Pague en la entrada.' } },
    });
    capture(stored);
    await renderForm(stored);
    expect(screen.getByText('Not translated: Chinese')).toBeTruthy();
  });

  it('refuses a bad amount on its field before sending, keeping what was typed', async () => {
    const stored = site();
    const sent = capture(stored);
    await renderForm(stored);
    fireEvent.click(
      within(group('What does a meal cost?')).getByRole('radio', { name: 'Suggested contribution' }),
    );
    const amount = screen.getByLabelText('Suggested contribution (dollars)') as HTMLInputElement;
    fireEvent.change(amount, { target: { value: '3.505' } });
    fireEvent.change(screen.getByLabelText('Cost note in Spanish'), { target: { value: 'Voluntario' } });
    submit();
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    const errorId = amount.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '';
    expect(document.getElementById(errorId)?.textContent).toMatch(/100/);
    expect(amount.value).toBe('3.505');
    expect((screen.getByLabelText('Cost note in Spanish') as HTMLInputElement).value).toBe('Voluntario');
    expect(sent).toHaveLength(0);
  });
});
