import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { currentUserKey } from '#client/lib/current-user.ts';
import { createTestI18n } from '#client/testing/i18n.ts';
import type { Role } from '#shared/roles.ts';
import { RequireUser } from './guards.tsx';

function Where() {
  const location = useLocation();
  return <p>at {`${location.pathname}${location.search}`}</p>;
}

/** /admin/users behind `<RequireUser admin onlyRole="admin">`, opened by a user of `role`. */
async function open(role: Role) {
  const i18n = await createTestI18n('en');
  const client = new QueryClient();
  client.setQueryData(currentUserKey, {
    id: 1,
    role,
    isAdmin: role === 'admin' || role === 'editor',
    firstName: 'A',
    lastName: 'B',
    email: 'a@example.org',
    picture: null,
    pictureUrl: null,
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/admin/users']}>
          <Routes>
            <Route
              path="/admin/users"
              element={
                <RequireUser admin onlyRole="admin">
                  <h1>Staff accounts</h1>
                </RequireUser>
              }
            />
            <Route path="/login" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('a screen for one role only (docs/product.md R580)', () => {
  it('lets an administrator in', async () => {
    await open('admin');
    expect(screen.getByRole('heading', { name: 'Staff accounts' })).toBeTruthy();
  });

  it.each(['editor', 'partner', 'user'] as const)(
    'sends a signed-in %s to the login screen',
    async (role) => {
      await open(role);
      expect(screen.queryByRole('heading', { name: 'Staff accounts' })).toBeNull();
      expect(screen.getByText('at /login?from=%2Fadmin%2Fusers')).toBeTruthy();
    },
  );
});
