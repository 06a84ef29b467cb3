import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SiteDetails } from '#client/features/site-detail/components/site-details.tsx';
import { SiteMap } from '#client/features/site-map/site-map.tsx';
import { isNotFound, useSite } from '#client/features/sites/api/get-site.ts';
import { LoadError } from '#client/features/sites/components/load-error.tsx';
import { useClosures, useSiteStatus } from '#client/lib/agency-clock.ts';
import { useCurrentUser } from '#client/lib/current-user.ts';
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
    </section>
  );
}

/** /sites/{id}: the site's page, with its own map centred on it; an unknown id is a friendly not-found. */
export function SiteDetailScreen() {
  const { t } = useTranslation('site');
  // Anything but an id cannot be a site (the server would answer 404 too).
  const id = parseId(useParams().id);
  const query = useSite(id);
  const { user } = useCurrentUser();

  if (id === undefined || isNotFound(query.error)) return <SiteNotFound />;
  if (query.isPending) return <p role="status">{t('loading')}</p>;
  if (!query.data) {
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
function LoadedSite({ site, isAdmin }: { site: Site; isAdmin: boolean }) {
  const known = useSiteStatus(site);
  const closures = useClosures().data;
  return (
    <SiteDetails
      site={site}
      known={known}
      closures={closures}
      isAdmin={isAdmin}
      map={
        hasPosition(site) ? (
          <SiteMap key={site.id} sites={[site]} center={{ lat: site.lat, lng: site.lng }} />
        ) : null
      }
    />
  );
}
