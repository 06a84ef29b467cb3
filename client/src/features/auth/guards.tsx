import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useCurrentUser } from '#client/lib/current-user.ts';

/** Where the login screen sends the user back to. */
function loginPathFrom(location: { pathname: string; search: string }) {
  return `/login?from=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
}

/**
 * Sends anyone not signed in — or not an admin where `admin` is set — to /login, remembering the page
 * (docs/product.md R42). The server enforces the same rules; this only spares a useless screen.
 */
export function RequireUser({ admin = false, children }: { admin?: boolean; children: ReactNode }) {
  const { user, loading } = useCurrentUser();
  const location = useLocation();
  const { t } = useTranslation();
  if (loading) return <p role="status">{t('loading')}</p>;
  if (!user || (admin && !user.isAdmin)) return <Navigate to={loginPathFrom(location)} replace />;
  return <>{children}</>;
}
