import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '#client/lib/current-user.ts';
import { createTestI18n } from '#client/testing/i18n.ts';
import type { StaffAccount } from '#shared/schemas/staff-accounts.ts';
import { StaffAccountsScreen } from './staff-accounts-screen.tsx';

afterEach(() => vi.restoreAllMocks());

const account = (fields: Partial<StaffAccount> & Pick<StaffAccount, 'id' | 'firstName'>): StaffAccount => ({
  lastName: 'Staff',
  email: `${fields.firstName.toLowerCase()}@example.org`,
  role: 'editor',
  partnerIds: [],
  lastSignInAt: null,
  active: true,
  deactivatedAt: null,
  invitationPending: false,
  invitationExpiresAt: null,
  createdAt: '2026-11-01T10:00:00Z',
  ...fields,
});

const ACCOUNTS: StaffAccount[] = [
  account({ id: 1, firstName: 'Ada', role: 'admin', lastSignInAt: '2026-11-27T18:05:00Z' }),
  account({ id: 2, firstName: 'Eve', role: 'editor' }),
  account({ id: 3, firstName: 'Pat', role: 'partner', partnerIds: [7] }),
  account({ id: 4, firstName: 'Ivy', invitationPending: true, invitationExpiresAt: '2099-12-01T18:00:00Z' }),
];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The accounts behind fetch, in memory; `refuse` answers a PATCH of that account with this answer. */
function fakeApi(options: { refuse?: { id: number; status: number; body: object } } = {}) {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  let accounts = ACCOUNTS.map((a) => ({ ...a }));
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    if (url === '/api/users' && method === 'GET') return json(accounts);
    if (url === '/api/nutritionpartners')
      return json([
        { id: 7, name: 'Mission Meals' },
        { id: 8, name: 'Bay Kitchen' },
      ]);
    if (url === '/api/users/invitations' && method === 'POST') {
      if (body.email === 'ada@example.org')
        return json(
          { status: 422, errors: [{ path: 'email', message: 'is already taken', code: 'email_taken' }] },
          422,
        );
      const made = account({
        id: 9,
        ...body,
        invitationPending: true,
        invitationExpiresAt: '2099-12-01T18:00:00Z',
      });
      accounts = [...accounts, made];
      return json(made, 201);
    }
    const match = /^\/api\/users\/(\d+)\/(access|invitation)$/.exec(url);
    const id = Number(match?.[1]);
    if (options.refuse?.id === id) return json(options.refuse.body, options.refuse.status);
    const current = accounts.find((a) => a.id === id)!;
    let next = current;
    if (match?.[2] === 'access')
      next = { ...current, ...body, ...(body.active !== undefined && { active: body.active }) };
    if (match?.[2] === 'invitation')
      next = { ...current, active: method === 'POST', invitationExpiresAt: null };
    accounts = accounts.map((a) => (a.id === id ? next : a));
    return json(next);
  });
  return calls;
}

async function renderScreen(language = 'en') {
  const i18n = await createTestI18n(language);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(currentUserKey, { ...ACCOUNTS[0], isAdmin: true, picture: null, pictureUrl: null });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <StaffAccountsScreen />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  await screen.findByRole('list', { name: /Accounts|Cuentas/ });
}

const card = (name: string) => screen.getByRole('listitem', { name: new RegExp(`^${name}`) });

describe('the staff accounts screen', () => {
  it('lists each account with its role, partners by name, last log-in and status', async () => {
    fakeApi();
    await renderScreen();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Staff accounts',
    ]);
    expect(within(card('Ada Staff')).getByText('(you)')).toBeTruthy();
    expect(within(card('Ada Staff')).getByText('Administrator')).toBeTruthy();
    expect(within(card('Ada Staff')).getByText(/^Nov 27, 2026/)).toBeTruthy();
    expect(within(card('Eve Staff')).getByText('Never')).toBeTruthy();
    expect(await within(card('Pat Staff')).findByText('Mission Meals')).toBeTruthy();
    expect(within(card('Ivy Staff')).getByText(/^Invitation pending, until Dec 1, 2099/)).toBeTruthy();
    expect(
      within(card('Ivy Staff')).getByRole('button', { name: 'Send the invitation again to Ivy Staff' }),
    ).toBeTruthy();
    expect(within(card('Eve Staff')).queryByRole('button', { name: /invitation/ })).toBeNull();
  });

  it('invites: named errors first, partners only for a partner manager, then the invitation is sent', async () => {
    const calls = fakeApi();
    await renderScreen();
    const form = screen.getByRole('form', { name: 'Invite someone' });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Send the invitation' })));
    const summary = within(form).getByRole('region', { name: 'There is a problem' });
    expect(within(summary).getByRole('link', { name: 'Enter their email address' })).toBeTruthy();
    expect(within(form).getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    expect(within(form).queryByRole('group', { name: 'Nutrition partners they keep' })).toBeNull();
    fireEvent.click(within(form).getByRole('radio', { name: 'Partner manager' }));
    const partners = within(form).getByRole('group', { name: 'Nutrition partners they keep' });
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'new@example.org' } });
    fireEvent.change(within(form).getByLabelText('First name'), { target: { value: 'Nia' } });
    fireEvent.change(within(form).getByLabelText('Last name'), { target: { value: 'New' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Send the invitation' })));
    expect(within(partners).getByText('Choose at least one nutrition partner')).toBeTruthy();
    fireEvent.click(within(partners).getByRole('checkbox', { name: 'Bay Kitchen' }));
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Send the invitation' })));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'new@example.org',
      firstName: 'Nia',
      lastName: 'New',
      role: 'partner',
      partnerIds: [8],
    });
    expect(within(form).getByRole('status').textContent).toBe('An invitation was sent to new@example.org.');
    expect(card('Nia New')).toBeTruthy();
  });

  it('shows the server’s refusal of an address in use beside the field', async () => {
    fakeApi();
    await renderScreen();
    const form = screen.getByRole('form', { name: 'Invite someone' });
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'ada@example.org' } });
    fireEvent.change(within(form).getByLabelText('First name'), { target: { value: 'Ada' } });
    fireEvent.change(within(form).getByLabelText('Last name'), { target: { value: 'Again' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Send the invitation' })));
    expect(within(form).getByRole('link', { name: 'Email: Is already taken.' })).toBeTruthy();
  });

  it('deactivates only after the confirmation, and says so', async () => {
    const calls = fakeApi();
    await renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate Eve Staff' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate Eve Staff?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate Eve Staff' }));
    const again = screen.getByRole('dialog', { name: 'Deactivate Eve Staff?' });
    await act(async () => fireEvent.click(within(again).getByRole('button', { name: 'Deactivate' })));
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      url: '/api/users/2/access',
      body: { active: false },
    });
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'Eve Staff was deactivated.')).toBe(
      true,
    );
    expect(within(card('Eve Staff')).getByText('Deactivated')).toBeTruthy();
    expect(document.activeElement).toBe(within(card('Eve Staff')).getByRole('heading', { level: 3 }));
    expect(within(card('Eve Staff')).getByRole('button', { name: 'Reactivate Eve Staff' })).toBeTruthy();
  });

  it('says why the last administrator cannot be demoted', async () => {
    fakeApi({ refuse: { id: 1, status: 409, body: { status: 409, message: 'last', code: 'last_admin' } } });
    await renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Change role of Ada Staff' }));
    const group = within(card('Ada Staff')).getByRole('group', { name: 'Role of Ada Staff' });
    expect(document.activeElement).toBe(within(group).getByRole('radio', { name: 'Administrator' }));
    fireEvent.click(within(group).getByRole('radio', { name: 'Editor' }));
    await act(async () => fireEvent.click(within(card('Ada Staff')).getByRole('button', { name: 'Save' })));
    expect(screen.getByRole('alert').textContent).toBe(
      'Ada Staff is the last active administrator. Make someone else an administrator first.',
    );
  });

  it('withdraws an invitation after the confirmation', async () => {
    const calls = fakeApi();
    await renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw the invitation of Ivy Staff' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw the invitation of Ivy Staff?' });
    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw the invitation' })),
    );
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/users/4/invitation');
    expect(within(card('Ivy Staff')).getByText('Invitation withdrawn')).toBeTruthy();
  });

  it('speaks Spanish and Chinese', async () => {
    fakeApi();
    await renderScreen('es');
    expect(screen.getByRole('heading', { level: 1, name: 'Cuentas del personal' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Desactivar a Eve Staff' })).toBeTruthy();
  });
});
