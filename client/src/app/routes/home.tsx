import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SiteMap } from '#client/features/site-map/site-map.tsx';
import { useSites } from '#client/features/sites/api/get-sites.ts';
import { usePagedSites, useSearchedSites } from '#client/features/sites/api/search-sites.ts';
import { HomeFinder } from '#client/features/sites/components/home-finder.tsx';
import { SitesResults } from '#client/features/sites/components/sites-results.tsx';
import { useStatuses } from '#client/lib/agency-clock.ts';
import { appData } from '#client/lib/app-data.ts';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { dishesIn, useTodaysMenus } from '#client/lib/todays-dish.tsx';
import { directoryMapQuery, directorySearchQuery } from '#shared/directory-query.ts';
import { shownDish } from '#shared/menus.ts';
import type { Site } from '#shared/schemas/sites.ts';

/**
 * Title, description, the near box and name search (R130), then the map and the list of every site —
 * the list once (docs/product.md R7).
 */
export function HomeScreen() {
  const { t } = useTranslation('home');
  // A large directory: its first page by name, more on demand (docs/product.md R716).
  const onServer = appData().config.searchOnServer === true;
  const whole = useSites(!onServer);
  const searched = useSearchedSites(onServer ? directorySearchQuery({}, undefined, undefined) : null);
  const { sites: searchedSites, paged, dishOf: searchedDish } = usePagedSites(searched, onServer);
  const query = onServer ? { ...searched, data: searchedSites } : whole;
  const { user } = useCurrentUser();
  const sites = query.data ?? [];
  const statuses = useStatuses(query.data);
  // Each row's dish of today (docs/product.md R685), embedded by the server like the list.
  const menus = useTodaysMenus(!onServer);
  const dishOf = useMemo(() => {
    if (!menus) return undefined;
    const dishesOf = dishesIn(menus);
    return (site: Site) => shownDish(dishesOf(site.id));
  }, [menus]);
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
        dishOf={searchedDish ?? dishOf}
        paged={paged}
        map={
          <SiteMap
            sites={sites}
            search={onServer ? directoryMapQuery({}, undefined) : undefined}
            skipTo="sites-list-heading"
          />
        }
      />
    </>
  );
}
