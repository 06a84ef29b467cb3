import { useQueries } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { langAttribute, localizedNames } from '#client/lib/localized.tsx';
import {
  type SiteFilters as Filters,
  filtersToSearchParams,
  OPEN_FILTERS,
  OPEN_KEY,
  type OpenFilter,
  SITE_FILTERS,
  type SiteFilter,
  setFilter,
  setOpenFilter,
} from '#shared/filters.ts';
import { REFERENCE_LISTS } from '#shared/reference-lists.ts';
import type { ReferenceItem } from '#shared/schemas/reference-lists.ts';
import { NAME_KEY, type SiteSearch, searchToSearchParams } from '#shared/site-search.ts';
import type { PlaceAnswer } from '../api/get-place.ts';
import { referenceListQuery } from '../api/get-reference-list.ts';
import { NameField, NearInput } from './search-fields.tsx';
import './sites.css';

/** How a change reaches the address: `replace` while the same control keeps changing (docs/product.md R135). */
export type ChangeOptions = { replace?: boolean };
type OnFilters = (filters: Filters, options?: ChangeOptions) => void;
type OnSearch = (search: SiteSearch, options?: ChangeOptions) => void;

/**
 * The first change of a control adds a history entry; the next ones, until focus leaves it, replace it:
 * arrowing through a select's options (or typing a name) is one step for Back, not one per option.
 */
function useEditing() {
  const current = useRef<string | null>(null);
  return {
    change(key: string): ChangeOptions {
      const replace = current.current === key;
      current.current = key;
      return { replace };
    },
    leave: () => {
      current.current = null;
    },
  };
}

/** True once scripts run (false in the server's HTML and the hydrating render, so they match). */
function useScripted() {
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  return scripted;
}

/**
 * "Clear" for one active filter: a link to the same address without it, so it works without scripts
 * too; named "Clear Population served" for screen readers and voice control.
 */
function ClearLink({ to, label }: { to: URLSearchParams; label: string }) {
  const { t } = useTranslation('sites');
  const search = to.toString();
  return (
    <Link className="site-filters__clear" to={{ pathname: '/sites', search: search ? `?${search}` : '' }}>
      {t('filters.clear')}
      <span className="visually-hidden"> {label}</span>
    </Link>
  );
}

function FilterSelect({
  filter,
  items,
  filters,
  params,
  onChange,
  editing,
}: {
  filter: SiteFilter;
  /** Undefined while the list loads (or if it failed). */
  items: ReferenceItem[] | undefined;
  filters: Filters;
  params: URLSearchParams;
  onChange: OnFilters;
  editing: ReturnType<typeof useEditing>;
}) {
  const { t, i18n } = useTranslation('sites');
  const language = i18n.resolvedLanguage;
  const names = items ? localizedNames(items, language) : [];
  const filterKey = filter.key;
  const words = REFERENCE_LISTS[filter.list].i18n.sites;
  const chosen = filters[filterKey];
  const id = `filter-${filterKey}`;
  const missing = chosen !== undefined && items !== undefined && !items.some((item) => item.id === chosen);
  return (
    <div className="site-filters__field">
      <label htmlFor={id}>{t(words.filterLabel)}</label>
      <div className="site-filters__control">
        <select
          id={id}
          name={filterKey}
          value={chosen ?? ''}
          onBlur={editing.leave}
          onChange={(event) => {
            const value = event.target.value;
            onChange(
              setFilter(filters, filterKey, value ? Number(value) : undefined),
              editing.change(filterKey),
            );
          }}
        >
          <option value="">{t(words.filterAll)}</option>
          {items?.map((item, index) => {
            const name = names[index]!;
            return (
              <option key={item.id} value={item.id} lang={langAttribute(name, language)}>
                {name.text}
              </option>
            );
          })}
          {missing && <option value={chosen}>{t('filters.missingChoice')}</option>}
        </select>
        {chosen !== undefined && (
          <ClearLink
            to={filtersToSearchParams(setFilter(filters, filterKey, undefined), params)}
            label={t(words.filterLabel)}
          />
        )}
      </div>
    </div>
  );
}

/**
 * 'Open now' / 'Open today' on the agency's clock, beside the five lists and combined with them (AND);
 * like them a native select, kept in the URL (`?open=now`), cleared by "Any time", its Clear or Reset.
 */
function OpeningSelect({
  filters,
  params,
  onChange,
  editing,
}: {
  filters: Filters;
  params: URLSearchParams;
  onChange: OnFilters;
  editing: ReturnType<typeof useEditing>;
}) {
  const { t } = useTranslation('sites');
  const id = `filter-${OPEN_KEY}`;
  return (
    <div className="site-filters__field">
      <label htmlFor={id}>{t('filters.open.label')}</label>
      <div className="site-filters__control">
        <select
          id={id}
          name={OPEN_KEY}
          value={filters.open ?? ''}
          onBlur={editing.leave}
          onChange={(event) => {
            const value = event.target.value as OpenFilter | '';
            onChange(setOpenFilter(filters, value === '' ? undefined : value), editing.change(OPEN_KEY));
          }}
        >
          <option value="">{t('filters.open.all')}</option>
          {OPEN_FILTERS.map((open) => (
            <option key={open} value={open}>
              {t(`filters.open.${open}`)}
            </option>
          ))}
        </select>
        {filters.open && (
          <ClearLink
            to={filtersToSearchParams(setOpenFilter(filters, undefined), params)}
            label={t('filters.open.label')}
          />
        )}
      </div>
    </div>
  );
}

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
 * address; nearest first), "Search by name", the five filters and the opening filter. It is a GET
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
}: {
  filters: Filters;
  search?: SiteSearch;
  /** The page's address parameters (kept by Clear links, e.g. `lng`). */
  params?: URLSearchParams;
  onChange: OnFilters;
  onSearch?: OnSearch;
  /** The near box's answer: undefined while looking (or with an empty box); `failed` on a network error. */
  place?: { answer: PlaceAnswer | undefined; failed: boolean };
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
          <label htmlFor="site-near">{t('near.label')}</label>
          <div className="site-filters__control">
            <NearInput
              id="site-near"
              value={near}
              onChange={(event) => setNear(event.target.value)}
              aria-describedby="site-near-status"
            />
            <button type="submit" className="button">
              {t('near.submit')}
            </button>
            {search.near && (
              <ClearLink
                to={searchToSearchParams({ ...search, near: undefined }, params)}
                label={t('near.label')}
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
          {lists.some((list) => list.isError) && (
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
