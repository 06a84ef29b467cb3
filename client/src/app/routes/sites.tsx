import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SiteMap } from '#client/features/site-map/site-map.tsx';
import { useSites } from '#client/features/sites/api/get-sites.ts';
import { SiteFilters } from '#client/features/sites/components/site-filters.tsx';
import { SitesResults } from '#client/features/sites/components/sites-results.tsx';
import { useStatuses } from '#client/lib/agency-clock.ts';
import { useCurrentUser } from '#client/lib/current-user.ts';
import {
  type SiteFilters as Filters,
  filterByOpening,
  filterSites,
  filtersFromSearchParams,
  filtersToSearchParams,
  hasActiveFilters,
} from '#shared/filters.ts';

/**
 * Locations: five filters and the opening filter ('Open now', 'Open today') kept in the URL (docs/product.md R21; back and forward work, links can be shared),
 * the count announced politely, then the map and the list of the matching sites.
 */
export function SitesScreen() {
  const { t } = useTranslation('sites');
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearchParams(params), [params]);
  const query = useSites();
  const { user } = useCurrentUser();
  const isAdmin = Boolean(user?.isAdmin);
  // Statuses of every site at this minute: a filter change reuses them, only the minute renews them.
  const statuses = useStatuses(query.data);
  // The opening filter waits for the agency's clock (never known in the server's HTML).
  const pending = filters.open !== undefined && statuses === null;
  // Without it the list does not depend on the minute (a new list would fold 'Show more' back each minute).
  const openingStatuses = filters.open ? statuses : null;
  const sites = useMemo(
    () =>
      query.data && !pending
        ? filterByOpening(filterSites(query.data, filters), filters.open, (id) =>
            openingStatuses?.opening(id),
          )
        : [],
    [query.data, filters, openingStatuses, pending],
  );
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
        {query.data && !pending ? t('count', { count: sites.length }) : ''}
      </p>
      <SitesResults
        query={query}
        sites={sites}
        isAdmin={isAdmin}
        filtered={hasActiveFilters(filters)}
        statuses={statuses}
        pending={pending ? t('openPending') : undefined}
        map={<SiteMap sites={sites} skipTo="sites-list-heading" countUnplaced={isAdmin} />}
      />
    </>
  );
}
