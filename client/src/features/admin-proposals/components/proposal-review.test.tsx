import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setAppData } from '#client/lib/app-data.ts';
import { createTestI18n } from '#client/testing/i18n.ts';
import type { ProposalDetail } from '#shared/schemas/proposals.ts';
import { ProposalReview } from './proposal-review.tsx';

afterEach(() => vi.restoreAllMocks());
beforeAll(() => setAppData({ config: { agencyTimeZone: 'America/Los_Angeles' } as never }));

const PROPOSAL: ProposalDetail = {
  id: 4,
  siteId: 9,
  siteName: 'Mission Lunch',
  status: 'open',
  createdAt: '2026-11-24T18:00:00Z',
  closedAt: null,
  proposer: { user: { id: 5, firstName: 'Pat', lastName: 'Partner' }, siteContact: false },
  baseVersion: 3,
  siteVersion: 4,
  fields: [
    {
      field: 'Hours',
      base: [{ day: 1, open: '11:00', close: '13:00' }],
      current: [{ day: 1, open: '11:00', close: '13:00' }],
      proposed: [{ day: 2, open: '12:00', close: '14:00' }],
      changedSince: false,
      decision: null,
    },
    {
      field: 'website',
      base: 'https://old.example.org',
      current: 'https://staff.example.org',
      proposed: 'https://new.example.org',
      changedSince: true,
      decision: null,
    },
    {
      field: 'facts',
      base: {},
      current: {},
      proposed: { walkIns: true },
      changedSince: false,
      decision: null,
    },
  ],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The proposal behind fetch; a decision answers `answer` (a status) or the proposal decided. */
function fakeApi(answer?: { status: number; code: string }) {
  const posts: unknown[] = [];
  let gets = 0;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url === '/api/proposals/4' && method === 'GET') {
      gets += 1;
      return json(PROPOSAL);
    }
    if (url === '/api/proposals/4/decisions' && method === 'POST') {
      const body = JSON.parse(String(init?.body));
      posts.push(body);
      if (answer) return json({ status: answer.status, message: 'no', code: answer.code }, answer.status);
      const at = '2026-11-25T18:00:00Z';
      const by = { id: 1, firstName: 'Ed', lastName: 'Editor' };
      return json({
        ...PROPOSAL,
        status: 'closed',
        fields: PROPOSAL.fields.map((f) => ({
          ...f,
          decision: { outcome: body.apply.includes(f.field) ? 'applied' : 'rejected', by, at },
        })),
      });
    }
    throw new Error(`unexpected ${method} ${url}`);
  });
  return { posts, gets: () => gets };
}

async function renderReview(language = 'en') {
  const i18n = await createTestI18n(language);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ProposalReview id={4} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  await screen.findByRole('heading', { level: 1, name: /Mission Lunch/ });
}

const region = (name: string) => screen.getByRole('region', { name });
const choose = (field: string, option: string) =>
  fireEvent.click(
    within(screen.getByRole('group', { name: `Decision for ${field}` })).getByLabelText(option),
  );

describe('the review of a proposal', () => {
  it('shows each field in words, then and proposed, and marks what changed on the site since', async () => {
    fakeApi();
    await renderReview();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText(/^Proposed by Pat Partner on /)).toBeTruthy();
    const hours = region('Hours');
    expect(within(hours).getByText(/^Tuesday: 12:00\sPM\s?–\s?2:00\sPM$/)).toBeTruthy();
    expect(within(hours).getAllByText(/^Monday: 11:00\sAM\s?–\s?1:00\sPM$/)).toHaveLength(1);
    expect(within(hours).queryByText('Changed on the site since this was proposed')).toBeNull();
    const website = region('Website');
    expect(within(website).getByText('Changed on the site since this was proposed')).toBeTruthy();
    expect(within(website).getByText('https://staff.example.org')).toBeTruthy();
    const facts = region('Before you go');
    expect(within(facts).queryByText(/walkIns/)).toBeNull();
    expect(within(facts).getByText('Nothing known')).toBeTruthy();
    expect(within(facts).getAllByText(/Walk-ins welcome/).length).toBeGreaterThan(0);
    expect(
      within(screen.getByRole('group', { name: 'Decision for Hours' })).getByLabelText('Decide later'),
    ).toHaveProperty('checked', true);
  });

  it('applies one field and rejects another with one Submit, then says the proposal is decided', async () => {
    const api = fakeApi();
    await renderReview();
    choose('Hours', 'Apply');
    choose('Website', 'Reject');
    choose('Before you go', 'Reject');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit decisions' })));
    expect(api.posts).toEqual([{ apply: ['Hours'], reject: ['website', 'facts'], version: 4 }]);
    expect(screen.getByRole('status').textContent).toBe(
      'Every change has been decided. The person who proposed them was told by email.',
    );
    expect(within(region('Hours')).getByText(/^Applied by Ed Editor on /)).toBeTruthy();
    expect(within(region('Website')).getByText(/^Rejected by Ed Editor on /)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit decisions' })).toBeNull();
  });

  it('asks for a choice before sending anything', async () => {
    const api = fakeApi();
    await renderReview();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit decisions' })));
    expect(screen.getByRole('alert').textContent).toBe('Choose Apply or Reject for at least one change.');
    expect(api.posts).toEqual([]);
  });

  it('says when the site changed meanwhile and loads it again', async () => {
    const api = fakeApi({ status: 409, code: 'version_conflict' });
    await renderReview();
    choose('Hours', 'Apply');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit decisions' })));
    expect(screen.getByRole('alert').textContent).toMatch(/^Someone else changed this site meanwhile/);
    expect(api.gets()).toBe(2);
  });

  it('speaks Spanish', async () => {
    fakeApi();
    await renderReview('es');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Cambios propuestos para Mission Lunch' }),
    ).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Decisión sobre Horario' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enviar decisiones' })).toBeTruthy();
  });
});
