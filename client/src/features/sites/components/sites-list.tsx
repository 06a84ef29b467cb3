import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { pageLanguage } from '#client/lib/localized.tsx';
import { bookableMeal, withReservation } from '#client/lib/reservation-words.ts';
import { factsSummary } from '#client/lib/site-facts-text.ts';
import { describeStatus, reasonIn, type StatusWords } from '#client/lib/status-words.ts';
import { SEARCH_LIST_PAGE, SHOWN_KEY, SHOWN_MAX } from '#shared/directory-query.ts';
import { intlLocale, numberFormat } from '#shared/format-hours.ts';
import { byDistance, type LatLng } from '#shared/geo.ts';
import type { Dish } from '#shared/menus.ts';
import type { Site } from '#shared/schemas/sites.ts';
import type { Statuses } from '#shared/site-statuses.ts';
import { type HereControl, type HereState, useHere } from '../hooks/use-here.ts';
import { SiteRow, type SiteRowLabels } from './site-row.tsx';
import './sites.css';

/**
 * Rows rendered at first and added by each 'Show more': a directory of thousands of sites stays quick to
 * filter because only these are in the page (the count above the list always gives the full number).
 */
export const LIST_PAGE_SIZE = 100;

/** The rows of a list the server pages (docs/product.md R717). */
export interface PagedList {
  /** How many sites match in all. */
  total: number;
  /** Miles from the list's origin, as the server measured them. */
  milesOf: (site: Site) => number | undefined;
  /** Asks for the next page. */
  more: () => void;
  /** A next page is on its way. */
  loadingMore: boolean;
}

/** A site as the list shows it: in the list's order, with its distance when the list has an origin. */
export interface ListedSite {
  site: Site;
  /** 'About 0.4 miles away'. */
  distance?: string | undefined;
}

/** The list of sites under its own heading; the skip link of the map lands here (#sites-list). */
export function SitesList({
  sites,
  isAdmin,
  filtered,
  statuses = null,
  place,
  printList,
  dishOf,
  paged,
  here: hereControl,
}: {
  sites: Site[];
  isAdmin: boolean;
  /** Whether filters are active, to say why the list is empty. */
  filtered: boolean;
  /** Every site's status at this minute (computed once by the screen), null until known. */
  statuses?: Statuses | null;
  /** The near box's place (docs/product.md R131); the visitor's own position, when asked for, wins. */
  place?: LatLng | undefined;
  /**
   * What prints the list (the screen's 'Print this list'), given every site in the list's own order
   * with its distance, so paper keeps the order the visitor sees (docs/product.md R492).
   */
  printList?: ((listed: readonly ListedSite[]) => ReactNode) | undefined;
  /** Each site's dish of today, as the row shows it (docs/product.md R685). */
  dishOf?: ((site: Site) => Dish | undefined) | undefined;
  /**
   * A large directory's list (docs/product.md R716–R719): `sites` are the rows the server sent so far,
   * already in the list's order with their miles; "Show more" asks for the next page.
   */
  paged?: PagedList | undefined;
  /** 'Show the nearest first' of the screen, when the screen sends the position to the server (R718). */
  here?: HereControl | undefined;
}) {
  const { t, i18n } = useTranslation('sites');
  const common = useTranslation('common');
  const facts = useTranslation('facts');
  // Words of a status, once per site per (statuses, language): rows only look them up.
  const statusText = useMemo(() => {
    const texts = new Map<number, StatusWords>();
    const language = common.i18n.resolvedLanguage;
    return (site: Site) => {
      const status = statuses?.byId.get(site.id);
      if (!statuses || !status) return undefined;
      let text = texts.get(site.id);
      if (text === undefined) {
        text = withReservation(
          describeStatus(status, statuses.today, common.t, language, {
            reason: (reason) => reasonIn(reason, language, statuses.closures, site.CovidStatuses),
          }),
          status,
          bookableMeal(site, site.facts, statuses.closures, statuses.moment),
          statuses.today,
          facts.t,
          language,
        );
        texts.set(site.id, text);
      }
      return text;
    };
  }, [statuses, common.t, facts.t, common.i18n.resolvedLanguage]);

  const own = useHere();
  const { state: here, locate, clear } = hereControl ?? own;
  // One origin: where the visitor is (asked for with the button), else the place of the near box.
  const origin = here.status === 'on' ? here.here : (place ?? null);
  // Nearest first from the origin; without one, the list's own order (by name). Paged by the server:
  // already in order, with the server's miles.
  const milesOf = paged?.milesOf;
  const entries = useMemo(
    () =>
      milesOf
        ? sites.map((site) => ({ site, miles: milesOf(site) }))
        : origin
          ? byDistance(sites, origin)
          : sites.map((site) => ({ site, miles: undefined })),
    [sites, origin, milesOf],
  );
  const miles = useMemo(() => {
    // The regional locale: US Spanish writes 0.5 (a decimal point), as its readers expect.
    // The formats are made at the first distance shown: a list with no place has none to write.
    const locale = intlLocale(i18n.resolvedLanguage);
    return (value: number) => {
      const shown = value < 10 ? Math.max(0.1, Math.round(value * 10) / 10) : Math.round(value);
      const format = numberFormat(
        locale,
        value < 10 ? { maximumFractionDigits: 1, minimumFractionDigits: 1 } : { maximumFractionDigits: 0 },
      );
      return t('row.distance', { count: shown, distance: format.format(shown) });
    };
  }, [i18n.resolvedLanguage, t]);
  const printable = printList !== undefined;
  const listed = useMemo(
    () =>
      printable
        ? entries.map(({ site, miles: away }) => ({
            site,
            distance: away === undefined ? undefined : miles(away),
          }))
        : [],
    [printable, entries, miles],
  );
  // A new `t` comes with a language switch: new labels then reach every (memoised) row.
  const labels = useMemo<SiteRowLabels>(
    () => ({
      phone: t('row.phone'),
      call: t('row.call'),
      populations: t('row.populations'),
      edit: t('row.edit'),
      noPosition: t('row.noPosition'),
      language: i18n.resolvedLanguage,
      summaryOf: (site: Site) => factsSummary(site.facts, facts.t, pageLanguage(i18n.resolvedLanguage)),
    }),
    [t, facts.t, i18n.resolvedLanguage],
  );
  const [shown, setShown] = useState({ entries, limit: LIST_PAGE_SIZE });
  // A new set of sites (a filter changed) or a new order starts again from the first page.
  const kept = shown.entries === entries ? shown.limit : LIST_PAGE_SIZE;
  if (shown.entries !== entries) setShown({ entries, limit: kept });
  // Paged by the server: every row sent is shown, the rest are asked for.
  const limit = paged ? sites.length : kept;
  const count = paged ? paged.total : sites.length;
  const list = useRef<HTMLUListElement>(null);
  const focusRow = useRef<number | null>(null);
  useEffect(() => {
    if (focusRow.current === null) return;
    // Keyboard users continue where the new rows start, not at the button now far below (once the
    // server's next page has arrived, when it pages).
    const row = list.current?.children[focusRow.current];
    if (!row) {
      if (!paged?.loadingMore) focusRow.current = null;
      return;
    }
    row.querySelector<HTMLElement>('a[href]')?.focus();
    focusRow.current = null;
  });
  const rest = count - limit;
  const pageSize = paged ? SEARCH_LIST_PAGE : LIST_PAGE_SIZE;
  // Paged by the server, "Show more" is a link to the locations page showing more rows (`shown`, R721):
  // it works without JavaScript; with it, the rows are asked for in place. Past SHOWN_MAX, a button.
  // (The home page's address has no choices, at most `lng`: /sites lists the same rows.)
  const next = new URLSearchParams(useLocation().search);
  next.set(SHOWN_KEY, String(limit + pageSize));
  const More = paged && limit < SHOWN_MAX ? 'a' : 'button';
  return (
    <section className="sites-list" aria-labelledby="sites-list-heading">
      <h2 id="sites-list-heading" tabIndex={-1}>
        {t('listHeading')}
      </h2>
      {printList?.(listed)}
      {sites.length === 0 ? (
        <p className="sites-list__empty">{filtered ? t('emptyFiltered') : t('emptyAll')}</p>
      ) : (
        <>
          <NearestFirst state={here} onLocate={locate} onClear={clear} />
          <ul ref={list} className="sites-list__items" aria-labelledby="sites-list-heading">
            {entries.slice(0, limit).map(({ site, miles: distance }) => (
              <SiteRow
                key={site.id}
                site={site}
                isAdmin={isAdmin}
                labels={labels}
                distance={distance === undefined ? undefined : miles(distance)}
                statusOf={statusText}
                dishOf={dishOf}
              />
            ))}
          </ul>
          {rest > 0 && (
            <p className="sites-list__more">
              <span>{t('shownOf', { shown: limit, count })}</span>{' '}
              <More
                type={More === 'a' ? undefined : 'button'}
                href={More === 'a' ? `/sites?${next}` : undefined}
                className="button button--secondary"
                aria-disabled={paged?.loadingMore || undefined}
                onClick={(event) => {
                  event.preventDefault();
                  if (paged?.loadingMore) return;
                  focusRow.current = limit;
                  if (paged) paged.more();
                  else setShown({ entries, limit: limit + LIST_PAGE_SIZE });
                }}
              >
                {t('showMore', { count: Math.min(rest, pageSize) })}
              </More>
            </p>
          )}
        </>
      )}
    </section>
  );
}

/**
 * 'Show the nearest first': asks the browser where the visitor is (only on this press), then orders the
 * list by distance and says so; pressed again ('Sort by name') it goes back. What happens is announced in
 * the status line beside the button, failures included — the list, filters and map keep working.
 */
function NearestFirst({
  state,
  onLocate,
  onClear,
}: {
  state: HereState;
  onLocate: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('sites');
  const [spoken, setSpoken] = useState('');
  const message = {
    off: spoken,
    locating: t('nearest.locating'),
    on: t('nearest.on'),
    denied: t('nearest.denied'),
    failed: t('nearest.failed'),
  }[state.status];
  const on = state.status === 'on';
  const busy = state.status === 'locating';
  return (
    <div className="sites-list__order">
      <button
        type="button"
        className="button button--secondary"
        aria-disabled={busy || undefined}
        onClick={() => {
          if (busy) return;
          if (on) {
            setSpoken(t('nearest.byNameOn'));
            onClear();
          } else {
            setSpoken('');
            onLocate();
          }
        }}
      >
        {on ? t('nearest.byName') : t('nearest.show')}
      </button>
      <p role="status" className="sites-list__order-status">
        {message}
      </p>
    </div>
  );
}
