import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '#client/testing/i18n.ts';
import { buildSiteRecord } from '#testing/factories.ts';
import { PartnerSiteForm } from './partner-site-form.tsx';

afterEach(() => vi.restoreAllMocks());

const SITE = buildSiteRecord({
  id: 12,
  name: 'Mission Lunch',
  version: 3,
  phoneNumber: '4155550142',
  website: 'https://old.example.org',
  Hours: [{ day: 1, open: '11:00', close: '13:00' }],
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function renderForm(answer: { status: number; body: unknown }) {
  const sent: { method: string; url: string; body: Record<string, unknown> }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    sent.push({
      method: init?.method ?? 'GET',
      url: String(input),
      body: JSON.parse(String(init?.body ?? '{}')),
    });
    return json(answer.body, answer.status);
  });
  const i18n = await createTestI18n('en');
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <PartnerSiteForm site={SITE} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return sent;
}

describe('a partner manager’s form for their site', () => {
  it('has the contacts, the hours and the facts, not the name, address or lists', async () => {
    await renderForm({ status: 202, body: {} });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByLabelText(/^Phone number/)).toBeTruthy();
    expect(screen.getByLabelText(/^Website/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Hours' })).toBeTruthy();
    expect(screen.queryByLabelText(/^Name/)).toBeNull();
    expect(screen.queryByLabelText(/^Address/)).toBeNull();
  });

  it('sends only its fields with the version, and says the change was sent for review', async () => {
    const sent = await renderForm({ status: 202, body: { id: 1, status: 'open', fields: [] } });
    fireEvent.change(screen.getByLabelText(/^Website/), { target: { value: 'https://new.example.org' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'PATCH', url: '/api/sites/12' });
    expect(Object.keys(sent[0]!.body).sort()).toEqual(
      ['Hours', 'email', 'facts', 'phoneExtension', 'phoneNumber', 'version', 'website'].sort(),
    );
    expect(sent[0]!.body).toMatchObject({ version: 3, website: 'https://new.example.org' });
    expect(screen.getByRole('status').textContent).toMatch(/^Sent for review\./);
  });
});
