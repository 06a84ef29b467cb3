import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { createTestI18n } from '#client/testing/i18n.ts';
import { LogoutScreen } from './logout.tsx';

afterEach(() => vi.unstubAllGlobals());

function Who() {
  const { user, loading } = useCurrentUser();
  return <output aria-label="Signed in as">{loading ? 'loading' : (user?.email ?? 'nobody')}</output>;
}

describe('LogoutScreen', () => {
  it('clears the current user even when GET /api/users/me answers after the logout', async () => {
    let answerMe!: () => void;
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        if (url === '/api/users/me') {
          // A fresh page load on /logout: the user is asked for, and the answer comes late.
          await new Promise<void>((resolve) => {
            answerMe = resolve;
          });
          return Response.json({ id: 1, isAdmin: false, email: 'uma@example.org' });
        }
        return new Response(null, { status: 204 });
      }),
    );
    const client = new QueryClient();
    render(
      <I18nextProvider i18n={await createTestI18n()}>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={['/logout']}>
            <Who />
            <Routes>
              <Route path="/logout" element={<LogoutScreen />} />
              <Route path="/" element={<p>home</p>} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    await screen.findByText('home');
    answerMe();
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Signed in as' }).textContent).toBe('nobody'),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('status', { name: 'Signed in as' }).textContent).toBe('nobody');
    // Logging out is a POST: the server ends a session by GET only for its own page (R369).
    expect(calls).toContain('POST /api/auth/logout');
  });
});
