import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '#client/testing/i18n.ts';
import { ResetPasswordForm } from './reset-password-form.tsx';

afterEach(() => vi.restoreAllMocks());

function LoginStub() {
  const state = useLocation().state as { flash?: string } | null;
  return <p>login with {state?.flash}</p>;
}

/** The invitation's page (/invitation/{token}, docs/product.md R581) over a link answering `check`. */
async function openInvitation(check: number, language = 'en') {
  const calls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
    const status = init?.method === 'PATCH' ? 200 : check;
    return new Response(JSON.stringify({ status, message: 'x' }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  const i18n = await createTestI18n(language);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/invitation/abc']}>
          <Routes>
            <Route path="/invitation/:token" element={<ResetPasswordForm token="tok" invitation />} />
            <Route path="/login" element={<LoginStub />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return calls;
}

describe('the invitation page', () => {
  it('greets a new account and saves its first password', async () => {
    const calls = await openInvitation(200);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Set a password for your account');
    fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'first-pass-1' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save my password' })));
    expect(calls).toContain('PATCH /api/passwords/tok');
    expect(await screen.findByText('login with invitationAccepted')).toBeTruthy();
  });

  it('says an expired invitation is to be asked for again, not reset', async () => {
    await openInvitation(410);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Sorry, this invitation link has expired.');
    expect(alert.textContent).toContain('Ask the administrator who invited you');
    expect(screen.queryByRole('link', { name: 'Request another?' })).toBeNull();
  });

  it('speaks Chinese', async () => {
    await openInvitation(200, 'zh');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('為您的帳戶設定密碼');
  });
});
