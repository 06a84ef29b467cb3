import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { langAttribute, localizedNames } from '#client/lib/localized.tsx';
import {
  type SiteFilters as Filters,
  OPEN_FILTERS,
  OPEN_KEY,
  type OpenFilter,
  optionLabel,
  SITE_FILTERS,
  type SiteFilter,
  setOpenFilter,
  toggleFilter,
} from '#shared/filters.ts';
import { REFERENCE_LISTS } from '#shared/reference-lists.ts';
import type { ReferenceItem } from '#shared/schemas/reference-lists.ts';
import { referenceListQuery } from '../api/get-reference-list.ts';
import './sites.css';

function FilterSelect({
  filter,
  items,
  filters,
  onChange,
}: {
  filter: SiteFilter;
  /** Undefined while the list loads (or if it failed). */
  items: ReferenceItem[] | undefined;
  filters: Filters;
  onChange: (filters: Filters) => void;
}) {
  const { t, i18n } = useTranslation('sites');
  const language = i18n.resolvedLanguage;
  // Once per (loaded list, language), not per render: a filter change re-renders every select.
  const names = items ? localizedNames(items, language) : [];
  const filterKey = filter.key;
  const words = REFERENCE_LISTS[filter.list].i18n.sites;
  const chosen = filters[filterKey];
  const id = `filter-${filterKey}`;
  const missing = chosen !== undefined && items !== undefined && !items.some((item) => item.id === chosen);
  return (
    <div className="site-filters__field">
      <label htmlFor={id}>{t(words.filterLabel)}</label>
      <select
        id={id}
        name={filterKey}
        value={chosen ?? ''}
        onChange={(event) => {
          const value = event.target.value;
          onChange(toggleFilter(filters, filterKey, value ? Number(value) : undefined));
        }}
      >
        <option value="">{t(words.filterAll)}</option>
        {items?.map((item, index) => {
          const name = names[index]!;
          return (
            <option key={item.id} value={item.id} lang={langAttribute(name, language)}>
              {optionLabel(name.text, item.id === chosen)}
            </option>
          );
        })}
        {missing && <option value={chosen}>{optionLabel(t('filters.missingChoice'), true)}</option>}
      </select>
    </div>
  );
}

/**
 * 'Open now' / 'Open today' on the agency's clock, beside the five lists and combined with them (AND);
 * like them a native select, kept in the URL (`?open=now`), cleared by its first option or Reset.
 */
function OpeningSelect({ filters, onChange }: { filters: Filters; onChange: (filters: Filters) => void }) {
  const { t } = useTranslation('sites');
  const id = `filter-${OPEN_KEY}`;
  return (
    <div className="site-filters__field">
      <label htmlFor={id}>{t('filters.open.label')}</label>
      <select
        id={id}
        name={OPEN_KEY}
        value={filters.open ?? ''}
        onChange={(event) => {
          const value = event.target.value as OpenFilter | '';
          onChange(setOpenFilter(filters, value === '' || value === filters.open ? undefined : value));
        }}
      >
        <option value="">{t('filters.open.all')}</option>
        {OPEN_FILTERS.map((open) => (
          <option key={open} value={open}>
            {optionLabel(t(`filters.open.${open}`), open === filters.open)}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The five filters as native selects (the most robust dropdown for keyboards, screen readers and
 * phones), each labelled, their options named in the page's language (English, marked as such, where
 * an item has no translation). The chosen option is marked ' *'; choosing it again — or the first option —
 * clears it (docs/product.md R19). Changes apply at once; the page announces the new count.
 */
export function SiteFilters({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (filters: Filters) => void;
}) {
  const { t } = useTranslation('sites');
  const lists = useQueries({ queries: SITE_FILTERS.map((filter) => referenceListQuery(filter.list)) });
  return (
    <search className="site-filters" aria-labelledby="site-filters-legend">
      <form onSubmit={(event) => event.preventDefault()}>
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
                onChange={onChange}
              />
            ))}
            <OpeningSelect filters={filters} onChange={onChange} />
          </div>
          {lists.some((list) => list.isError) && (
            <p role="alert" className="field-error">
              {t('filters.listsError')}
            </p>
          )}
          <button
            type="button"
            className="button button--secondary site-filters__reset"
            onClick={() => onChange({})}
          >
            {t('filters.reset')}
          </button>
        </fieldset>
      </form>
    </search>
  );
}
