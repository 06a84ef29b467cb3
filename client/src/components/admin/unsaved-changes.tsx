import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { beforeRouterPopState } from '#client/lib/history-guard.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

/**
 * Set when the clerk chose to leave, so a second guard on the same page (the closure adder inside the
 * site form) does not ask again; a guard that mounts (the next form) starts afresh.
 */
let leaving = false;

/** Where the clerk wanted to go when the dialog opened. */
type Pending = { kind: 'link'; url: URL } | { kind: 'history'; delta: number };

/** The index React Router's browser history keeps in each entry's state (undefined outside it). */
const historyIndex = (state: unknown): number | undefined => {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : undefined;
};

/** A click that opens the link elsewhere, or is not a plain left click, is never stopped. */
function followedLink(event: MouseEvent): URL | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  // Links that keep the form's values themselves (the site form's list 'edit'/'add' links keep a draft).
  if (anchor.hasAttribute('data-keeps-changes')) return null;
  const url = new URL(anchor.href, window.location.href);
  const here = window.location;
  const samePage = url.origin === here.origin && url.pathname === here.pathname && url.search === here.search;
  if (samePage && url.hash) return null; // a link within the page (the error summary's)
  return url;
}

/**
 * Asks before a form with unsaved changes is left (docs/product.md R210, docs/decisions/027-…): an
 * in-app or outside link (a capture-phase click handler, before the router's own), Back and Forward
 * (popstate, taken before the router's listener by lib/history-guard.ts and undone until the clerk
 * decides), and reload or
 * closing the tab (beforeunload: the browser's own question). The router's declarative <Routes> has no
 * blocker, so this is ours.
 *
 * `release()` turns it off at once, for the form's own navigation after a successful save.
 */
export function useUnsavedChanges(dirty: boolean): { dialog: ReactNode; release: () => void } {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState<Pending | null>(null);
  const active = useRef(dirty);
  const released = useRef(false);
  const index = useRef<number | undefined>(undefined);
  const restoring = useRef(false);

  active.current = dirty && !released.current;

  // biome-ignore lint/correctness/useExhaustiveDependencies: read the entry's index on each location
  useEffect(() => {
    index.current = historyIndex(window.history.state);
  }, [location.key]);

  useEffect(() => {
    leaving = false;
    const onClick = (event: MouseEvent) => {
      if (!active.current || leaving) return;
      const url = followedLink(event);
      if (!url) return;
      event.preventDefault();
      event.stopImmediatePropagation(); // the router's Link, and any other guard, never see it
      setPending({ kind: 'link', url });
    };
    // True: the router never sees this step (lib/history-guard.ts), so it keeps showing the form.
    const onPopState = (event: PopStateEvent): boolean => {
      if (restoring.current) {
        restoring.current = false;
        return true;
      }
      if (!active.current || leaving) return false;
      const to = historyIndex(event.state);
      const from = index.current;
      if (to === undefined || from === undefined || to === from) return false;
      restoring.current = true;
      window.history.go(from - to); // put the address back until the clerk decides
      setPending({ kind: 'history', delta: to - from });
      return true;
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!active.current || leaving) return;
      event.preventDefault();
      event.returnValue = ''; // older browsers ask only when this is set
    };
    document.addEventListener('click', onClick, true);
    const removePopState = beforeRouterPopState(onPopState);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      removePopState();
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, []);

  const release = useCallback(() => {
    released.current = true;
    active.current = false;
  }, []);

  const leave = () => {
    const target = pending;
    setPending(null);
    if (!target) return;
    release();
    leaving = true;
    if (target.kind === 'history') window.history.go(target.delta);
    else if (target.url.origin === window.location.origin)
      navigate(`${target.url.pathname}${target.url.search}${target.url.hash}`);
    else window.location.assign(target.url.href);
  };

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title={t('unsaved.title')}
      confirmLabel={t('unsaved.leave')}
      cancelLabel={t('unsaved.stay')}
      onConfirm={leave}
      onCancel={() => setPending(null)}
    >
      <p>{t('unsaved.text')}</p>
    </ConfirmDialog>
  );
  return { dialog, release };
}
