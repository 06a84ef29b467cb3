import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SiteMap } from '#client/features/site-map/site-map.tsx';
import { useSites } from '#client/features/sites/api/get-sites.ts';
import { SiteFilters } from '#client/features/sites/components/site-filters.tsx';
import { SitesResults } from '#client/features/sites/components/sites-results.tsx';
import { useCurrentUser } from '#client/lib/current-user.ts';
import {
  type SiteFilters as Filters,
  filterSites,
  filtersFromSearchParams,
  filtersToSearchParams,
  hasActiveFilters,
} from '#shared/filters.ts';

/**
 * Locations: five filters kept in the URL (docs/product.md R21; back and forward work, links can be shared),
 * the count announced politely, then the map and the list of the matching sites.
 */
export function SitesScreen() {
  const { t } = useTranslation('sites');
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearchParams(params), [params]);
  const query = useSites();
  const { user } = useCurrentUser();
  const isAdmin = Boolean(user?.isAdmin);
  const sites = useMemo(() => (query.data ? filterSites(query.data, filters) : []), [query.data, filters]);
  const setFilters = (next: Filters) => setParams(filtersToSearchParams(next, params));

  return (
    <>
      <h1>{t('title')}</h1>
      <p>{t('intro')}</p>
      {isAdmin && (
        <p className="sites-actions">
          <Link className="button" to="/sites/new">
            {t('addSite')}
          </Link>
        </p>
      )}
      <SiteFilters filters={filters} onChange={setFilters} />
      <p role="status" className="sites-count">
        {query.data ? t('count', { count: sites.length }) : ''}
      </p>
      <SitesResults
        query={query}
        sites={sites}
        isAdmin={isAdmin}
        filtered={hasActiveFilters(filters)}
        map={<SiteMap sites={sites} skipTo="sites-list-heading" countUnplaced={isAdmin} />}
      />
    </>
  );
}
