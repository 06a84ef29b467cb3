import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LatLng } from '#shared/geo.ts';
import type { Dish } from '#shared/menus.ts';
import type { Site } from '#shared/schemas/sites.ts';
import type { Statuses } from '#shared/site-statuses.ts';
import type { HereControl } from '../hooks/use-here.ts';
import { LoadError } from './load-error.tsx';
import { type ListedSite, type PagedList, SitesList } from './sites-list.tsx';

/** What the results need of the query behind them: the whole list's, or a large directory's pages. */
type ResultsQuery = Pick<
  UseQueryResult<unknown>,
  'isPending' | 'isError' | 'data' | 'error' | 'isFetching'
> & {
  refetch: () => unknown;
};

/**
 * The list of the given sites and the map, or the loading line, or the failure with a retry
 * (docs/product.md R10: on failure no list is shown). The map comes from the screen (features stay
 * apart). The list comes first — on a phone above the map, on a wide screen to its left — and so
 * before the map in the tab order (docs/product.md R137).
 */
export function SitesResults({
  query,
  sites,
  isAdmin,
  filtered,
  map,
  statuses,
  pending,
  place,
  printList,
  dishOf,
  paged,
  here,
}: {
  query: ResultsQuery;
  sites: Site[];
  isAdmin: boolean;
  filtered: boolean;
  map: ReactNode;
  statuses: Statuses | null;
  /** Said instead of the list while the opening filter waits for the clock (never a wrong list). */
  pending?: string | undefined;
  /** The near box's place: the list is ordered from it (unless the visitor's own position is used). */
  place?: LatLng | undefined;
  /** 'Print this list', given the sites in the list's order (SitesList). */
  printList?: ((listed: readonly ListedSite[]) => ReactNode) | undefined;
  /** Each site's dish of today (docs/product.md R685). */
  dishOf?: ((site: Site) => Dish | undefined) | undefined;
  /** A large directory's list, paged by the server (SitesList). */
  paged?: PagedList | undefined;
  here?: HereControl | undefined;
}) {
  const { t } = useTranslation('sites');
  if (query.isPending) return <p role="status">{t('loading')}</p>;
  if (query.isError && !query.data) {
    return (
      <LoadError
        title={t('loadError.title')}
        error={query.error}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <div className="sites-results">
      {pending ? (
        <p className="sites-list__pending">{pending}</p>
      ) : (
        <SitesList
          sites={sites}
          isAdmin={isAdmin}
          filtered={filtered}
          statuses={statuses}
          place={place}
          printList={printList}
          dishOf={dishOf}
          paged={paged}
          here={here}
        />
      )}
      <div className="sites-results__map">{map}</div>
    </div>
  );
}
