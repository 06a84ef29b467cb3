import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useParams } from 'react-router';
import { SiteClosures } from '#client/features/admin-closures/components/site-closures.tsx';
import { useAdminSite } from '#client/features/admin-sites/api/site.ts';
import { PartnerSiteForm } from '#client/features/admin-sites/components/partner-site-form.tsx';
import { useMySites } from '#client/features/partner-sites/api/my-sites.ts';
import { MySitesScreen as MySites } from '#client/features/partner-sites/components/my-sites-screen.tsx';
import { addNamespace } from '#client/i18n/lazy-namespaces.ts';
import { ApiError } from '#client/lib/api.ts';
import { lazyChunk } from '#client/lib/lazy.ts';
import { parseId } from '#shared/ids.ts';
import { NotFoundScreen } from './not-found.tsx';

/** The menu grid loads with its own page, not with every partner manager's first screen. */
const MyMenusScreen = lazyChunk(
  'menus',
  () => import('./my-menus.tsx'),
  (m) => m.MyMenusScreen,
);

addNamespace('admin');
addNamespace('admin-proposals');
addNamespace('validation');

/** /my-sites: a partner manager's sites and proposals, for any signed-in account (docs/product.md R596). */
export function MySitesScreen() {
  return <MySites />;
}

/** /my-sites/{id}: a partner manager's form for one of their sites: hours, contacts, facts; and its closures. */
export function MySiteScreen() {
  const id = parseId(useParams().id);
  const site = useAdminSite(id);
  const mine = useMySites();
  const ownSiteIds = useMemo(() => mine.data && new Set(mine.data.map((own) => own.id)), [mine.data]);
  const { t } = useTranslation('admin-proposals');
  if (id === undefined || (site.error instanceof ApiError && site.error.status === 404))
    return <NotFoundScreen />;
  if (site.error)
    return (
      <section className="admin-form" aria-labelledby="my-site-title">
        <h1 id="my-site-title">{t('mine.title')}</h1>
        <div role="alert" className="alert alert--error">
          <p>{t('mine.loadFailed')}</p>
        </div>
      </section>
    );
  if (!site.data) return <p>{t('common:loading')}</p>;
  const closures = ownSiteIds && (
    <SiteClosures siteId={site.data.id} closingStatuses={[]} ownSiteIds={ownSiteIds} />
  );
  return <PartnerSiteForm key={site.data.id} site={site.data} closures={closures} />;
}

/** /my-sites and /my-sites/{id}, mounted by the router at /my-sites/* (one chunk for both). */
export function MySitesRoutes() {
  return (
    <Routes>
      <Route index element={<MySitesScreen />} />
      <Route path="menus" element={<MyMenusScreen />} />
      <Route path=":id" element={<MySiteScreen />} />
      <Route path="*" element={<NotFoundScreen />} />
    </Routes>
  );
}
