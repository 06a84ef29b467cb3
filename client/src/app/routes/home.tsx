import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SiteMap } from '#client/features/site-map/site-map.tsx';
import { useSites } from '#client/features/sites/api/get-sites.ts';
import { HomeFinder } from '#client/features/sites/components/home-finder.tsx';
import { SitesResults } from '#client/features/sites/components/sites-results.tsx';
import { useStatuses } from '#client/lib/agency-clock.ts';
import { useCurrentUser } from '#client/lib/current-user.ts';

/**
 * Title, description, the near box and name search (R130), then the map and the list of every site —
 * the list once (docs/product.md R7).
 */
export function HomeScreen() {
  const { t } = useTranslation('home');
  const query = useSites();
  const { user } = useCurrentUser();
  const sites = query.data ?? [];
  const statuses = useStatuses(query.data);
  return (
    <>
      <h1>{t('title')}</h1>
      <p className="lead">{t('intro')}</p>
      <p>{t('howTo')}</p>
      <HomeFinder />
      <p>
        <Link className="button" to="/sites">
          {t('filterLink')}
        </Link>
      </p>
      <SitesResults
        query={query}
        sites={sites}
        isAdmin={Boolean(user?.isAdmin)}
        filtered={false}
        statuses={statuses}
        map={<SiteMap sites={sites} skipTo="sites-list-heading" />}
      />
    </>
  );
}
