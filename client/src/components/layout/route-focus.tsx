import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { pageTitle } from '#client/lib/page-title.ts';

/**
 * What a full page load does for free and a single-page app must do itself:
 * - the tab title names the screen ('Locations – Community Meal Sites'), taken from its h1 and kept
 *   in step as the h1 changes (data loaded, language switched) — WCAG 2.4.2;
 * - moving to another page puts focus at the start of the new content and scrolls to the top, so a
 *   screen reader announces it and a keyboard user does not start from the old link. Changing only the
 *   query (filters on /sites) keeps focus where it is.
 */
export function useRouteFocusAndTitle(main: React.RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const appName = t('common:appName');
  const first = useRef(true);

  useEffect(() => {
    const element = main.current;
    if (!element) return;
    const update = () => {
      const title = pageTitle(element.querySelector('h1')?.textContent ?? undefined, appName);
      if (document.title !== title) document.title = title;
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
    main.current?.focus({ preventScroll: true });
  }, [pathname, main]);
}
