import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useCurrentUser } from '#client/lib/current-user.ts';
import type { Role } from '#shared/roles.ts';

/** Where the login screen sends the user back to. */
function loginPathFrom(location: { pathname: string; search: string }) {
  return `/login?from=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
}

/**
 * Sends anyone not signed in — or not an admin where `admin` is set, or not of `onlyRole` where it is set
 * (staff accounts are for administrators only, not editors: R580) — to /login, remembering the page
 * (docs/product.md R42), which tells a signed-in user the page is for administrators. The server
 * enforces the same rules; this only spares a useless screen.
 */
export function RequireUser(props: { admin?: boolean; onlyRole?: Role; children: ReactNode }) {
  const { admin = false, onlyRole, children } = props;
  const { user, loading } = useCurrentUser();
  const location = useLocation();
  const { t } = useTranslation();
  if (loading) return <p role="status">{t('loading')}</p>;
  const refused = !user || (admin && !user.isAdmin) || (onlyRole !== undefined && user.role !== onlyRole);
  if (refused) return <Navigate to={loginPathFrom(location)} replace />;
  return <>{children}</>;
}
