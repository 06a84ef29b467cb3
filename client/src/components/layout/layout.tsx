import { Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { appData } from '#client/lib/app-data.ts';
import { ErrorBoundary } from '../ui/error-boundary.tsx';
import { FlashBanner } from '../ui/flash-banner.tsx';
import { Footer } from './footer.tsx';
import { Navigation } from './navigation.tsx';
import { useRouteFocusAndTitle } from './route-focus.tsx';

/** Skip link, header, one main landmark, footer. Lazy screens load inside main. */
export function Layout() {
  const { t } = useTranslation();
  const main = useRef<HTMLElement>(null);
  useRouteFocusAndTitle(main);
  return (
    <>
      <a href="#main" className="skip-link">
        {t('skipToContent')}
      </a>
      <Navigation />
      {appData().config.demoData && (
        <p className="demo-notice" role="note">
          {t('demoNotice')}
        </p>
      )}
      <main id="main" tabIndex={-1} ref={main}>
        <FlashBanner />
        <ErrorBoundary>
          <Suspense fallback={<p role="status">{t('loading')}</p>}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
    </>
  );
}
