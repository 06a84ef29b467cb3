import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Site } from '../../../../../shared/schemas/sites.ts';
import { SiteRow, type SiteRowLabels } from './site-row.tsx';
import './sites.css';

/**
 * Rows rendered at first and added by each 'Show more': a directory of thousands of sites stays quick to
 * filter because only these are in the page (the count above the list always gives the full number).
 */
export const LIST_PAGE_SIZE = 100;

/** The list of sites under its own heading; the skip link of the map lands here (#sites-list). */
export function SitesList({
  sites,
  isAdmin,
  filtered,
}: {
  sites: Site[];
  isAdmin: boolean;
  /** Whether filters are active, to say why the list is empty. */
  filtered: boolean;
}) {
  const { t } = useTranslation('sites');
  // A new `t` comes with a language switch: new labels then reach every (memoised) row.
  const labels = useMemo<SiteRowLabels>(
    () => ({
      phone: t('row.phone'),
      populations: t('row.populations'),
      edit: t('row.edit'),
      noPosition: t('row.noPosition'),
    }),
    [t],
  );
  const [shown, setShown] = useState({ sites, limit: LIST_PAGE_SIZE });
  // A new set of sites (a filter changed) starts again from the first page.
  const limit = shown.sites === sites ? shown.limit : LIST_PAGE_SIZE;
  if (shown.sites !== sites) setShown({ sites, limit });
  const list = useRef<HTMLUListElement>(null);
  const focusRow = useRef<number | null>(null);
  useEffect(() => {
    if (focusRow.current === null) return;
    // Keyboard users continue where the new rows start, not at the button now far below.
    list.current?.children[focusRow.current]?.querySelector<HTMLElement>('a[href]')?.focus();
    focusRow.current = null;
  });
  const rest = sites.length - limit;
  return (
    <section className="sites-list" aria-labelledby="sites-list-heading">
      <h2 id="sites-list-heading" tabIndex={-1}>
        {t('listHeading')}
      </h2>
      {sites.length === 0 ? (
        <p className="sites-list__empty">{filtered ? t('emptyFiltered') : t('emptyAll')}</p>
      ) : (
        <>
          <ul ref={list} className="sites-list__items" aria-labelledby="sites-list-heading">
            {sites.slice(0, limit).map((site) => (
              <SiteRow key={site.id} site={site} isAdmin={isAdmin} labels={labels} />
            ))}
          </ul>
          {rest > 0 && (
            <p className="sites-list__more">
              <span>{t('shownOf', { shown: limit, count: sites.length })}</span>{' '}
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  focusRow.current = limit;
                  setShown({ sites, limit: limit + LIST_PAGE_SIZE });
                }}
              >
                {t('showMore', { count: Math.min(rest, LIST_PAGE_SIZE) })}
              </button>
            </p>
          )}
        </>
      )}
    </section>
  );
}
