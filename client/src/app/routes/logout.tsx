import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '#client/lib/api.ts';
import { currentUserKey, useSetCurrentUser } from '#client/lib/current-user.ts';
import { apiPaths } from '#shared/api-paths.ts';

/** Calls the logout endpoint, clears the current user and goes home (docs/product.md R36). */
export function LogoutScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const setUser = useSetCurrentUser();
  const client = useQueryClient();
  useEffect(() => {
    let cancelled = false;
    api(apiPaths.logout, { method: 'POST', skipUnauthorizedRedirect: true })
      .catch((error: unknown) => console.error(error))
      .finally(async () => {
        if (cancelled) return;
        // A fresh page load on /logout has GET /api/users/me in flight; answered before the logout,
        // it would put the user back after we clear it.
        await client.cancelQueries({ queryKey: currentUserKey });
        if (cancelled) return;
        setUser(null);
        client.removeQueries({ predicate: (query) => query.queryKey[0] !== 'users' });
        navigate('/', { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [navigate, setUser, client]);
  return <p role="status">{t('loading')}</p>;
}
