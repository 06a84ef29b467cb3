import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { pageTitle } from '#client/lib/page-title.ts';

/**
 * What a full page load does for free and a single-page app must do itself:
 * - the tab title names the screen ('Locations – Community Meal Sites'), taken from its h1 and kept
 *   in step as the h1 changes (data loaded, language switched) — WCAG 2.4.2;
 * - moving to another page scrolls to the top and puts focus on the new page's h1 (made focusable
 *   with tabindex -1), so a screen reader announces the page by its name and a keyboard user goes on
 *   from there, not from the old link (docs/product.md R218). A screen whose h1 comes a moment later
 *   (a lazily loaded one) gets focus on <main> first and on its h1 when it appears, unless the
 *   visitor has moved focus meanwhile. Changing only the query (filters on /sites) keeps focus where
 *   it is.
 */
export function useRouteFocusAndTitle(main: React.RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const appName = t('common:appName');
  const first = useRef(true);
  /** A path change whose h1 has not been focused yet. */
  const pending = useRef(false);

  useEffect(() => {
    const element = main.current;
    if (!element) return;
    const update = () => {
      const heading = element.querySelector('h1');
      const title = pageTitle(heading?.textContent ?? undefined, appName);
      if (document.title !== title) document.title = title;
      if (pending.current && heading) {
        pending.current = false;
        const active = document.activeElement;
        if (active === element || active === document.body || active === null) focusHeading(heading);
      }
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(element, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [main, appName]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path by design
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
    const heading = main.current?.querySelector('h1');
    if (heading) {
      pending.current = false;
      focusHeading(heading);
    } else {
      pending.current = true;
      main.current?.focus({ preventScroll: true });
    }
  }, [pathname, main]);
}

function focusHeading(heading: HTMLElement) {
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}
