import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { CallUs } from '#client/components/ui/call-us.tsx';
import { ReportProblem } from '#client/features/reports/components/report-problem.tsx';
import { SiteDetails } from '#client/features/site-detail/components/site-details.tsx';
import { SiteMap } from '#client/features/site-map/site-map.tsx';
import { isNotFound, useSite } from '#client/features/sites/api/get-site.ts';
import { LoadError } from '#client/features/sites/components/load-error.tsx';
import { useClosures, useSiteStatus } from '#client/lib/agency-clock.ts';
import { answeredNotFound } from '#client/lib/app-data.ts';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { preloadKeys } from '#shared/app-data.ts';
import { parseId } from '#shared/ids.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { hasPosition } from '#shared/site-display.ts';

function SiteNotFound() {
  const { t } = useTranslation('site');
  return (
    <section>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <p>
        <Link className="button" to="/sites">
          {t('notFound.back')}
        </Link>
      </p>
      <CallUs />
    </section>
  );
}

/**
 * /sites/{id}: the site's page, with its own map centred on it; an unknown id is a friendly not-found.
 * When the site cannot be fetched but the list loaded earlier has it, its facts are shown with a note
 * that they could not be refreshed (docs/product.md R117).
 */
export function SiteDetailScreen() {
  const { t } = useTranslation('site');
  // Anything but an id cannot be a site (the server would answer 404 too).
  const id = parseId(useParams().id);
  const { pathname } = useLocation();
  const missing = answeredNotFound(pathname);
  const query = useSite(missing ? undefined : id);
  const { user } = useCurrentUser();
  const client = useQueryClient();

  if (id === undefined || missing || isNotFound(query.error)) return <SiteNotFound />;
  if (query.isPending) return <p role="status">{t('loading')}</p>;
  // A site merged into another answers as that site (the API's redirect): its address follows (R576).
  if (query.data && query.data.id !== id) return <Navigate to={`/sites/${query.data.id}`} replace />;
  if (!query.data) {
    const earlier = client.getQueryData<Site[]>(preloadKeys.sites)?.find((site) => site.id === id);
    if (earlier) return <LoadedSite site={earlier} isAdmin={Boolean(user?.isAdmin)} stale />;
    return (
      <>
        <h1>{t('loadError.title')}</h1>
        <LoadError error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />
      </>
    );
  }
  return <LoadedSite site={query.data} isAdmin={Boolean(user?.isAdmin)} />;
}

/** The page of a loaded site, with its status now on the agency's clock and its upcoming closures. */
function LoadedSite({ site, isAdmin, stale = false }: { site: Site; isAdmin: boolean; stale?: boolean }) {
  const { t } = useTranslation('site');
  const known = useSiteStatus(site);
  const closures = useClosures().data;
  return (
    <>
      <SiteDetails
        site={site}
        known={known}
        closures={closures}
        isAdmin={isAdmin}
        notice={
          stale ? (
            <p className="alert alert--info" role="status">
              {t('staleNote')}
            </p>
          ) : null
        }
        map={
          hasPosition(site) ? (
            <SiteMap key={site.id} sites={[site]} center={{ lat: site.lat, lng: site.lng }} />
          ) : null
        }
      />
      <ReportProblem siteId={site.id} />
    </>
  );
}
