import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Site } from '#shared/schemas/sites.ts';
import { LoadError } from './load-error.tsx';
import { SitesList } from './sites-list.tsx';

/**
 * The map and the list of the given sites, or the loading line, or the failure with a retry
 * (docs/product.md R10: on failure no list is shown). The map comes from the screen (features stay apart).
 */
export function SitesResults({
  query,
  sites,
  isAdmin,
  filtered,
  map,
}: {
  query: UseQueryResult<Site[]>;
  sites: Site[];
  isAdmin: boolean;
  filtered: boolean;
  map: ReactNode;
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
      {map}
      <SitesList sites={sites} isAdmin={isAdmin} filtered={filtered} />
    </div>
  );
}
