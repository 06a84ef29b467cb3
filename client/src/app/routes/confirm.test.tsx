import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '#client/testing/i18n.ts';
import { buildSiteRecord } from '#testing/factories.ts';
import { ConfirmScreen } from './confirm.tsx';

afterEach(() => vi.restoreAllMocks());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const site = buildSiteRecord({
  id: 8,
  version: 5,
  name: 'Mission Lunch Club',
  website: 'https://old.example.org',
  Hours: [{ day: 4, open: '11:30', close: '13:30' }],
});

/** The link behind fetch; its corrections answer `proposed`. */
function fakeLink(proposed: boolean) {
  const posted: { url: string; body: Record<string, unknown> }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/confirmations/abc' && (init?.method ?? 'GET') === 'GET')
      return json({ site, closures: [], expiresAt: '2026-12-08T20:00:00Z' });
    if (url === '/api/confirmations/abc/proposal' && init?.method === 'POST') {
      posted.push({ url, body: JSON.parse(String(init.body)) });
      return json({ proposed }, proposed ? 202 : 200);
    }
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`);
  });
  return posted;
}

async function renderPage() {
  const i18n = await createTestI18n('en');
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/confirm/abc']}>
          <Routes>
            <Route path="/confirm/:token" element={<ConfirmScreen />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Something is wrong? Propose corrections' }));
}

describe('a site contact proposes corrections from their link', () => {
  it('with the site form’s contacts, hours editor and facts; the corrections go for review', async () => {
    const posted = fakeLink(true);
    await renderPage();
    expect(screen.getByRole('heading', { level: 2, name: 'Propose corrections' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Hours' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Website/), { target: { value: 'https://new.example.org' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send the corrections' })));
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toMatchObject({ version: 5, website: 'https://new.example.org' });
    expect(posted[0]!.body).not.toHaveProperty('name');
    expect(screen.getByText(/^We received your corrections\./)).toBeTruthy();
  });

  it('says when nothing was changed, and stays on the form', async () => {
    fakeLink(false);
    await renderPage();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send the corrections' })));
    expect(screen.getByRole('status').textContent).toMatch(/^Nothing was changed, so nothing was sent\./);
    expect(screen.getByRole('button', { name: 'Send the corrections' })).toBeTruthy();
  });
});
