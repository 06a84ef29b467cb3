import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { LanguageSwitch } from './language-switch.tsx';

/**
 * The admin screens' words arrive with those screens (i18n/lazy-namespaces.ts); an administrator's
 * navigation fetches that same chunk once signed in, so visitors' first bundle stays as it was.
 */
function useAdminWords(enabled: boolean) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void import('#client/i18n/lazy-namespaces.ts').then((module) => {
      module.addNamespace('admin');
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [enabled]);
  return ready;
}

/**
 * Logo, Home, About, Locations, Log in / Log out and the language buttons (docs/product.md R5); for
 * administrators also Closures.
 */
export function Navigation() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const adminWords = useAdminWords(Boolean(user?.isAdmin));
  const location = useLocation();
  // The login screen returns here afterwards (docs/product.md R35); on the login screen itself, keep where it returns to.
  const here = `${location.pathname}${location.search}`;
  const onLogin = location.pathname === '/login';
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-logo">
          <img src="/favicon.svg" alt="" width="40" height="40" />
          <span>{t('appName')}</span>
        </Link>
        <nav aria-label={t('nav.label')}>
          <ul className="nav-links">
            <li>
              <NavLink to="/" end>
                {t('nav.home')}
              </NavLink>
            </li>
            <li>
              <NavLink to="/about">{t('nav.about')}</NavLink>
            </li>
            <li>
              <NavLink to="/sites">{t('nav.locations')}</NavLink>
            </li>
            {user?.isAdmin && adminWords && (
              <li>
                <NavLink to="/admin/closures">{t('admin:nav.closures')}</NavLink>
              </li>
            )}
            {user && (
              <li>
                <NavLink to="/account">{t('nav.account')}</NavLink>
              </li>
            )}
            <li>
              {user ? (
                <NavLink to="/logout">{t('nav.logout')}</NavLink>
              ) : (
                <NavLink to={onLogin ? here : '/login'} state={onLogin ? location.state : { from: here }}>
                  {t('nav.login')}
                </NavLink>
              )}
            </li>
          </ul>
        </nav>
        <LanguageSwitch />
      </div>
    </header>
  );
}
