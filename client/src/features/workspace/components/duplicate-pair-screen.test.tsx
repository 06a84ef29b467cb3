import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '#client/testing/i18n.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { buildSiteRecord } from '#testing/factories.ts';
import { DuplicatePairScreen } from './duplicate-pair-screen.tsx';

afterEach(() => vi.restoreAllMocks());

const A = buildSiteRecord({ id: 4, name: 'Mission Lunch', phoneNumber: '4155550911', version: 3 });
const B = buildSiteRecord({
  id: 9,
  name: 'Mission Lunch Club',
  phoneNumber: '4155550911',
  email: 'club@example.org',
  Hours: [{ day: 2, open: '11:30', close: '13:00' }],
  version: 5,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The two sites behind fetch; the decisions are recorded in `calls` with their bodies. */
function fakeApi(options: { mergeStatus?: number } = {}) {
  const calls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url}${init?.body ? ` ${init.body}` : ''}`);
    if (method === 'GET' && url === '/api/sites/4') return json(A);
    if (method === 'GET' && url === '/api/sites/9') return json(B);
    if (method === 'POST' && url === '/api/sites/4/not-duplicates') return json({ created: true }, 201);
    if (method === 'POST' && /^\/api\/sites\/\d+\/merge$/.test(url)) {
      if (options.mergeStatus)
        return json({ status: options.mergeStatus, message: 'changed' }, options.mergeStatus);
      return json({ ...A, email: B.email, Hours: B.Hours } satisfies Site);
    }
    throw new Error(`unexpected ${method} ${url}`);
  });
  return calls;
}

async function renderPair(language = 'en') {
  const i18n = await createTestI18n(language);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <DuplicatePairScreen siteId={4} otherId={9} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  await screen.findByRole('heading', { level: 2, name: 'Mission Lunch Club' });
}

describe('the possible duplicates screen (R575–R576)', () => {
  it('shows both sites side by side and records "not a duplicate"', async () => {
    const calls = fakeApi();
    await renderPair();
    expect(screen.getByRole('heading', { level: 1, name: 'Possible duplicates' })).toBeTruthy();
    const club = screen.getByRole('region', { name: 'Mission Lunch Club' });
    expect(within(club).getByText('club@example.org')).toBeTruthy();
    expect(within(club).getByText(/Tuesday/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Two different sites: not a duplicate' }));
    expect(
      await screen.findByText(/Recorded: “Mission Lunch” and “Mission Lunch Club” are different sites/),
    ).toBeTruthy();
    expect(calls).toContain('POST /api/sites/4/not-duplicates {"otherId":9}');
    expect(screen.queryByRole('button', { name: /not a duplicate/ })).toBeNull();
  });

  it('merges only after the confirmation, at the versions shown, keeping the chosen site', async () => {
    const calls = fakeApi();
    await renderPair();
    fireEvent.click(
      screen.getByRole('button', {
        name: 'The same place: keep “Mission Lunch Club”, merge “Mission Lunch” into it',
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Merge “Mission Lunch” into “Mission Lunch Club”?',
    });
    expect(calls.some((call) => call.includes('/merge'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await screen.findByText(/Merged: “Mission Lunch” is in the trash/)).toBeTruthy();
    expect(calls).toContain('POST /api/sites/9/merge {"mergedId":4,"version":5,"mergedVersion":3}');
  });

  it('says so when a site changed since the page was opened (409), in Spanish', async () => {
    fakeApi({ mergeStatus: 409 });
    await renderPair('es');
    fireEvent.click(
      screen.getByRole('button', {
        name: 'El mismo comedor: conservar «Mission Lunch» y fusionar «Mission Lunch Club» con él',
      }),
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fusionar' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/se modificó o se eliminó/);
  });
});
