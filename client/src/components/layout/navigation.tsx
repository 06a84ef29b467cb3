import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { useAgency } from '#client/lib/agency.ts';
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
 * Where the header has room for its links and language buttons in one row: 62em follows the reader's
 * text size (an em in a media query is the browser's default font size), so large text folds them
 * behind "Menu" even on a wide screen (docs/product.md R111). Keep in step with styles.css.
 */
export const WIDE_HEADER = '(min-width: 62em)';

/**
 * The links and language buttons are in a <details> disclosure: its summary, "Menu", is a button
 * that says whether it is expanded and works with a tap, Enter or Space, without JavaScript too.
 * Where the header is wide, CSS shows the content and hides the summary; once the scripts run, the
 * disclosure is also opened there, closed after each move to another page on a narrow screen, and
 * Escape closes it and returns to "Menu".
 */
function useMenu() {
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const wide = window.matchMedia?.(WIDE_HEADER);
    if (!wide || !menu.current) return;
    const apply = () => {
      if (menu.current) menu.current.open = wide.matches;
    };
    if (wide.matches) apply();
    wide.addEventListener('change', apply);
    return () => wide.removeEventListener('change', apply);
  }, []);
  // Closed on a move to another page, not when the app first takes the page over: a menu opened on a
  // slow phone before the scripts ran stays open (docs/product.md R139).
  const shownAt = useRef(pathname);
  useEffect(() => {
    if (shownAt.current === pathname) return;
    shownAt.current = pathname;
    const details = menu.current;
    if (details?.open && !window.matchMedia?.(WIDE_HEADER).matches) details.open = false;
  }, [pathname]);
  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    const details = menu.current;
    if (event.key !== 'Escape' || !details?.open || window.matchMedia?.(WIDE_HEADER).matches) return;
    details.open = false;
    details.querySelector('summary')?.focus();
  };
  return { menu, onKeyDown };
}

/**
 * Logo, Home, About, Locations, Log in / Log out and the language buttons (docs/product.md R5); for
 * administrators and editors also the Workspace and Closures, and for administrators Staff accounts
 * (R580); for a partner manager, My sites (R596).
 */
export function Navigation() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const adminWords = useAdminWords(Boolean(user?.isAdmin));
  const location = useLocation();
  // The login screen returns here afterwards (docs/product.md R35); on the login screen itself, keep where it returns to.
  const here = `${location.pathname}${location.search}`;
  const onLogin = location.pathname === '/login';
  const agency = useAgency();
  const { menu, onKeyDown } = useMenu();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-logo">
          <img src={agency.logoUrl ?? '/favicon.svg'} alt="" width="40" height="40" />
          <span className="site-logo__text">
            <span>{t('appName')}</span>
            <span className="site-logo__agency">{agency.name}</span>
          </span>
        </Link>
        <details className="site-menu" ref={menu} onKeyDown={onKeyDown}>
          <summary className="site-menu__toggle">
            <span className="site-menu__icon" aria-hidden="true" />
            {t('nav.menu')}
          </summary>
          <div className="site-menu__content">
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
                    <NavLink to="/admin" end>
                      {t('admin:nav.workspace')}
                    </NavLink>
                  </li>
                )}
                {user?.isAdmin && adminWords && (
                  <li>
                    <NavLink to="/admin/closures">{t('admin:nav.closures')}</NavLink>
                  </li>
                )}
                {user?.role === 'partner' && (
                  <li>
                    <NavLink to="/my-sites">{t('nav.mySites')}</NavLink>
                  </li>
                )}
                {user?.role === 'admin' && adminWords && (
                  <li>
                    <NavLink to="/admin/users">{t('admin:nav.users')}</NavLink>
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
        </details>
      </div>
    </header>
  );
}
