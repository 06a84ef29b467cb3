import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PrintListButton } from '#client/components/print/print-list.tsx';
import { SitesExport } from '#client/features/imports/sites-export.tsx';
import { SiteMap } from '#client/features/site-map/site-map.tsx';
import { usePlace } from '#client/features/sites/api/get-place.ts';
import { useSites } from '#client/features/sites/api/get-sites.ts';
import { usePagedSites, useSearchedSites } from '#client/features/sites/api/search-sites.ts';
import { type ChangeOptions, SiteFilters } from '#client/features/sites/components/site-filters.tsx';
import type { ListedSite } from '#client/features/sites/components/sites-list.tsx';
import { SitesResults } from '#client/features/sites/components/sites-results.tsx';
import { useChainedFilters } from '#client/features/sites/hooks/use-filter-controls.ts';
import { useHere } from '#client/features/sites/hooks/use-here.ts';
import { useStatuses } from '#client/lib/agency-clock.ts';
import { appData } from '#client/lib/app-data.ts';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { takeChoicesMadeWhileStarting, takeEarlyChoices } from '#client/lib/early-choices.ts';
import { dishesIn, useTodaysMenus } from '#client/lib/todays-dish.tsx';
import { directoryMapQuery, directorySearchQuery, shownPages } from '#shared/directory-query.ts';
import {
  filterByDiet,
  filterByOpening,
  filterSites,
  filtersFromSearchParams,
  filtersToSearchParams,
  hasActiveFilters,
  SPEAKS_KEY,
  spokenLanguagesOf,
} from '#shared/filters.ts';
import { shownDish } from '#shared/menus.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { SPOKEN_LANGUAGE_CODES } from '#shared/site-facts.ts';
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
  // A large directory is searched on the server, one page of rows at a time (docs/product.md R716).
  const onServer = appData().config.searchOnServer === true;
  const whole = useSites(!onServer);
  const placeQuery = usePlace(search.near, i18n.resolvedLanguage ?? 'en');
  const place = placeQuery.data?.found ? placeQuery.data.place : undefined;
  const here = useHere();
  const origin = here.state.status === 'on' ? here.state.here : place;
  // Asked once the near box's place is known (never a list by name first, then nearest first).
  const searchQuery =
    onServer && !(search.near && placeQuery.isPending)
      ? directorySearchQuery(filters, search.q, origin)
      : null;
  const searched = useSearchedSites(onServer ? searchQuery : null, shownPages(params));
  const answers = searched.data;
  const { sites: searchedSites, paged, dishOf: searchedDish } = usePagedSites(searched, onServer);
  const query = onServer ? { ...searched, data: searchedSites } : whole;
  // Each site's searchable text is folded once per loaded list, not once per keystroke.
  const textOf = useMemo(() => (whole.data ? searchTextCache<Site>() : undefined), [whole.data]);
  const { user } = useCurrentUser();
  const isAdmin = Boolean(user?.isAdmin);
  // Statuses of every site at this minute: a filter change reuses them, only the minute renews them.
  // A large directory's: those of the rows sent (the server filtered "open now" on the same rule).
  const statuses = useStatuses(onServer ? searchedSites : whole.data);
  // Today's dishes (embedded by the server; read again at the agency's midnight): rows and the diet filter.
  const menus = useTodaysMenus(!onServer);
  const dishesOf = useMemo(() => dishesIn(menus), [menus]);
  const dishOf = useMemo(
    () => (menus ? (site: Site) => shownDish(dishesOf(site.id), filters.diet) : undefined),
    [menus, dishesOf, filters.diet],
  );
  // The opening filter waits for the agency's clock (never known in the server's HTML).
  const pendingOpen = !onServer && filters.open !== undefined && statuses === null;
  // The diet filter waits for today's dishes (a new day's are being read): never a wrong list.
  const pendingDiet = !onServer && filters.diet !== undefined && menus === undefined;
  const pending = pendingOpen || pendingDiet;
  // Without it the list does not depend on the minute (a new list would fold 'Show more' back each minute).
  const openingStatuses = filters.open ? statuses : null;
  const filtered = useMemo(
    () =>
      whole.data && !pending && !onServer
        ? filterByDiet(
            filterByOpening(
              searchSites(filterSites(whole.data, filters), search.q, textOf),
              filters.open,
              (id) => openingStatuses?.opening(id),
            ),
            filters.diet,
            dishesOf,
          )
        : [],
    [whole.data, filters, search.q, textOf, openingStatuses, pending, dishesOf, onServer],
  );
  const sites = onServer ? (searchedSites ?? []) : filtered;
  // The handout prints the list as it stands: its order and distances (docs/product.md R492).
  const printList = useCallback(
    (listed: readonly ListedSite[]) => (
      <PrintListButton entries={listed} statuses={statuses} total={paged?.total} />
    ),
    [statuses, paged?.total],
  );
  // "Staff speak" offers the languages at least one site lists (a large directory: those the server
  // counts for the other choices, and the one chosen).
  const spokenCounts = answers?.[0]?.counts[SPEAKS_KEY];
  const languages = useMemo(() => {
    if (!onServer) return whole.data ? spokenLanguagesOf(whole.data) : [];
    return SPOKEN_LANGUAGE_CODES.filter((code) => (spokenCounts?.[code] ?? 0) > 0 || code === filters.speaks);
  }, [onServer, whole.data, spokenCounts, filters.speaks]);
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
        {query.data && !pending ? t('count', { count: paged ? paged.total : sites.length }) : ''}
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
        dishOf={searchedDish ?? dishOf}
        paged={paged}
        here={onServer ? here : undefined}
        map={
          <SiteMap
            sites={sites}
            search={onServer ? directoryMapQuery(filters, search.q) : undefined}
            skipTo="sites-list-heading"
          />
        }
      />
    </>
  );
}
