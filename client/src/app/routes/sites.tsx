import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PrintListButton } from '#client/components/print/print-list.tsx';
import { SitesExport } from '#client/features/imports/sites-export.tsx';
import { SiteMap } from '#client/features/site-map/site-map.tsx';
import { usePlace } from '#client/features/sites/api/get-place.ts';
import { useSites } from '#client/features/sites/api/get-sites.ts';
import { type ChangeOptions, SiteFilters } from '#client/features/sites/components/site-filters.tsx';
import type { ListedSite } from '#client/features/sites/components/sites-list.tsx';
import { SitesResults } from '#client/features/sites/components/sites-results.tsx';
import { useChainedFilters } from '#client/features/sites/hooks/use-filter-controls.ts';
import { useStatuses } from '#client/lib/agency-clock.ts';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { takeChoicesMadeWhileStarting, takeEarlyChoices } from '#client/lib/early-choices.ts';
import { dishesIn, useTodaysMenus } from '#client/lib/todays-dish.tsx';
import {
  filterByDiet,
  filterByOpening,
  filterSites,
  filtersFromSearchParams,
  filtersToSearchParams,
  hasActiveFilters,
  spokenLanguagesOf,
} from '#shared/filters.ts';
import { shownDish } from '#shared/menus.ts';
import type { Site } from '#shared/schemas/sites.ts';
import {
  type SiteSearch,
  searchFromSearchParams,
  searchSites,
  searchTextCache,
  searchToSearchParams,
} from '#shared/site-search.ts';

/**
 * Locations: the near box, the name search, five filters and the opening filter ('Open now', 'Open
 * today'), all kept in the URL (docs/product.md R21, R130–R136; back and forward work, links can be
 * shared), the count announced politely, then the list of the matching sites (nearest first when there
 * is a place) and the map.
 */
export function SitesScreen() {
  const { t, i18n } = useTranslation('sites');
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  // Choices made on the server's page before the app ran are applied now (docs/product.md R139).
  useEffect(() => {
    const early = takeEarlyChoices('/sites') ?? takeChoicesMadeWhileStarting(document, window.location);
    if (early) navigate({ pathname: early.pathname, search: early.search }, { replace: early.replace });
  }, [navigate]);
  const filters = useMemo(() => filtersFromSearchParams(params), [params]);
  const search = useMemo(() => searchFromSearchParams(params), [params]);
  const query = useSites();
  const placeQuery = usePlace(search.near, i18n.resolvedLanguage ?? 'en');
  const place = placeQuery.data?.found ? placeQuery.data.place : undefined;
  // Each site's searchable text is folded once per loaded list, not once per keystroke.
  const textOf = useMemo(() => (query.data ? searchTextCache<Site>() : undefined), [query.data]);
  const { user } = useCurrentUser();
  const isAdmin = Boolean(user?.isAdmin);
  // Statuses of every site at this minute: a filter change reuses them, only the minute renews them.
  const statuses = useStatuses(query.data);
  // Today's dishes (embedded by the server; read again at the agency's midnight): rows and the diet filter.
  const menus = useTodaysMenus();
  const dishesOf = useMemo(() => dishesIn(menus), [menus]);
  const dishOf = useMemo(
    () => (menus ? (site: Site) => shownDish(dishesOf(site.id), filters.diet) : undefined),
    [menus, dishesOf, filters.diet],
  );
  // The opening filter waits for the agency's clock (never known in the server's HTML).
  const pendingOpen = filters.open !== undefined && statuses === null;
  // The diet filter waits for today's dishes (a new day's are being read): never a wrong list.
  const pendingDiet = filters.diet !== undefined && menus === undefined;
  const pending = pendingOpen || pendingDiet;
  // Without it the list does not depend on the minute (a new list would fold 'Show more' back each minute).
  const openingStatuses = filters.open ? statuses : null;
  const sites = useMemo(
    () =>
      query.data && !pending
        ? filterByDiet(
            filterByOpening(
              searchSites(filterSites(query.data, filters), search.q, textOf),
              filters.open,
              (id) => openingStatuses?.opening(id),
            ),
            filters.diet,
            dishesOf,
          )
        : [],
    [query.data, filters, search.q, textOf, openingStatuses, pending, dishesOf],
  );
  // The handout prints the list as it stands: its order and distances (docs/product.md R492).
  const printList = useCallback(
    (listed: readonly ListedSite[]) => <PrintListButton entries={listed} statuses={statuses} />,
    [statuses],
  );
  // "Staff speak" offers the languages at least one site lists.
  const languages = useMemo(() => (query.data ? spokenLanguagesOf(query.data) : []), [query.data]);
  // Quick changes in several controls build on each other before the address catches up (R471).
  const setFilters = useChainedFilters(filters, (next, options) =>
    setParams(filtersToSearchParams(next, params), options),
  );
  const setSearch = (next: SiteSearch, options?: ChangeOptions) =>
    setParams(searchToSearchParams(next, params), options);

  return (
    <>
      <h1>{t('title')}</h1>
      <p>{t('intro')}</p>
      {isAdmin && (
        <p className="sites-actions">
          <Link className="button" to="/sites/new">
            {t('addSite')}
          </Link>{' '}
          <SitesExport />
        </p>
      )}
      <SiteFilters
        filters={filters}
        search={search}
        params={params}
        onChange={setFilters}
        onSearch={setSearch}
        place={{ answer: placeQuery.data, failed: placeQuery.isError }}
        languages={languages}
        listsError={!(query.isError && !query.data)}
      />
      <p role="status" className="sites-count">
        {query.data && !pending ? t('count', { count: sites.length }) : ''}
      </p>
      <SitesResults
        query={query}
        sites={sites}
        isAdmin={isAdmin}
        filtered={hasActiveFilters(filters) || search.q !== undefined}
        place={place}
        statuses={statuses}
        pending={pendingOpen ? t('openPending') : pendingDiet ? t('menuToday.pending') : undefined}
        printList={printList}
        dishOf={dishOf}
        map={<SiteMap sites={sites} skipTo="sites-list-heading" />}
      />
    </>
  );
}
