import { useQueries } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type SiteFilters as Filters, SITE_FILTERS } from '#shared/filters.ts';
import { NAME_KEY, type SiteSearch, searchToSearchParams } from '#shared/site-search.ts';
import type { PlaceAnswer } from '../api/get-place.ts';
import { referenceListQuery } from '../api/get-reference-list.ts';
import { type OnFilters, type OnSearch, useEditing, useScripted } from '../hooks/use-filter-controls.ts';
import { ClearLink } from './clear-link.tsx';
import { FactFilters } from './fact-filters.tsx';
import { DietSelect, FilterSelect, OpeningSelect } from './filter-selects.tsx';
import { NameField, NearInput, NearLabel, nearWords } from './search-fields.tsx';
import './sites.css';

/**
 * The locations page's finder form: the near box, the name search, the filters and their actions. Its
 * selects are in filter-selects.tsx, the facts' filters in fact-filters.tsx, the controls' state in
 * hooks/use-filter-controls.ts.
 */

export type { ChangeOptions } from '../hooks/use-filter-controls.ts';

/** What the near box found, said beside it (a polite status: announced when it changes). */
function nearMessage(
  near: string | undefined,
  answer: PlaceAnswer | undefined,
  failed: boolean,
  t: ReturnType<typeof useTranslation<'sites'>>['t'],
): string {
  if (!near) return '';
  if (failed) return t('near.failed');
  if (!answer) return t('near.looking', { near });
  if (answer.found) return t(`near.found.${answer.place.kind}`, { label: answer.place.label });
  if ('limited' in answer) return t('near.limited');
  return answer.geocoder ? t('near.notFound', { near }) : t('near.noGeocoder', { near });
}

/**
 * The locations page's finder (docs/product.md R130–R136): "Near" (a ZIP code, neighborhood or
 * address; nearest first), "Search by name", the five filters, the opening filter, the facts' filters
 * (walk-ins, step-free, a language staff speak) and the menu of today (a diet mark). It is a GET
 * form to /sites, so without scripts "Find" and "Apply" load the page the server renders for these
 * choices; with scripts the selects and the name search apply as they change, "Find" looks the place
 * up, and "Apply" is hidden.
 */
export function SiteFilters({
  filters,
  search = {},
  params = new URLSearchParams(),
  onChange,
  onSearch = () => {},
  place,
  languages = [],
  listsError = true,
}: {
  filters: Filters;
  search?: SiteSearch;
  /**
   * Whether the filters' own lists that failed to load are reported here: false when the page already
   * says the directory could not be reached (one message, with the phone, not two).
   */
  listsError?: boolean;
  /** The page's address parameters (kept by Clear links, e.g. `lng`). */
  params?: URLSearchParams;
  onChange: OnFilters;
  onSearch?: OnSearch;
  /** The near box's answer: undefined while looking (or with an empty box); `failed` on a network error. */
  place?: { answer: PlaceAnswer | undefined; failed: boolean };
  /** The languages staff speak at one site or more (codes), offered by "Staff speak". */
  languages?: readonly string[];
}) {
  const { t, i18n } = useTranslation('sites');
  const lists = useQueries({ queries: SITE_FILTERS.map((filter) => referenceListQuery(filter.list)) });
  const editing = useEditing();
  const scripted = useScripted();
  // The boxes keep what is being typed (spaces included); the address keeps it trimmed.
  const [near, setNear] = useState(search.near ?? '');
  const [name, setName] = useState(search.q ?? '');
  const shown = useRef(search);
  if (shown.current.near !== search.near || shown.current.q !== search.q) {
    // Back, Forward, Reset or a link changed the address: the boxes follow it.
    if ((search.near ?? '') !== near.trim()) setNear(search.near ?? '');
    if ((search.q ?? '') !== name.trim()) setName(search.q ?? '');
    shown.current = search;
  }
  const language = params.get('lng');
  const message = nearMessage(search.near, place?.answer, place?.failed ?? false, t);
  return (
    <search className="site-filters" aria-labelledby="site-filters-legend">
      <form
        method="get"
        action="/sites"
        onSubmit={(event) => {
          event.preventDefault();
          onSearch({ q: name, near });
        }}
      >
        {/* Without scripts the next page comes in this page's language (no cookie is set without them). */}
        <input type="hidden" name="lng" value={i18n.resolvedLanguage ?? 'en'} />
        <div className="site-filters__near">
          <NearLabel id="site-near" />
          <div className="site-filters__control">
            <NearInput
              id="site-near"
              value={near}
              onChange={(event) => setNear(event.target.value)}
              aria-describedby="site-near-hint site-near-status"
            />
            <button type="submit" className="button">
              {t('near.submit')}
            </button>
            {search.near && (
              <ClearLink
                to={searchToSearchParams({ ...search, near: undefined }, params)}
                label={t(nearWords().label)}
              />
            )}
          </div>
          <p id="site-near-status" role="status" className="site-filters__near-status">
            {message}
          </p>
        </div>
        <NameField
          id="site-name"
          value={name}
          onBlur={editing.leave}
          onChange={(event) => {
            setName(event.target.value);
            onSearch({ ...search, q: event.target.value }, editing.change(NAME_KEY));
          }}
        />
        <fieldset>
          <legend id="site-filters-legend">{t('filters.legend')}</legend>
          <p className="site-filters__hint">{t('filters.hint')}</p>
          <div className="site-filters__grid">
            {SITE_FILTERS.map((filter, index) => (
              <FilterSelect
                key={filter.key}
                filter={filter}
                items={lists[index]?.data}
                filters={filters}
                params={params}
                onChange={onChange}
                editing={editing}
              />
            ))}
            <OpeningSelect filters={filters} params={params} onChange={onChange} editing={editing} />
          </div>
          <FactFilters
            filters={filters}
            params={params}
            languages={languages}
            onChange={onChange}
            editing={editing}
          />
          {/* Last, as in the address (docs/product.md R686, R687). */}
          <DietSelect filters={filters} params={params} onChange={onChange} editing={editing} />
          {listsError && lists.some((list) => list.isError) && (
            <p role="alert" className="field-error">
              {t('filters.listsError')}
            </p>
          )}
          <div className="site-filters__actions">
            {/* Without scripts the selects apply with this; with scripts they apply at once. */}
            <button type="submit" className="button site-filters__apply" hidden={scripted}>
              {t('filters.apply')}
            </button>
            {/* A link to the page without choices (the language kept): works with and without scripts. */}
            <Link
              className="button button--secondary site-filters__reset"
              to={{ pathname: '/sites', search: language ? `?lng=${encodeURIComponent(language)}` : '' }}
            >
              {t('filters.reset')}
            </Link>
          </div>
        </fieldset>
      </form>
    </search>
  );
}
