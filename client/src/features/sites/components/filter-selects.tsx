/**
 * The finder's selects: one per reference list (FilterSelect), the opening filter (OpeningSelect) and
 * the menu of today (DietSelect).
 */
import { useTranslation } from 'react-i18next';
import { langAttribute, localizedNames } from '#client/lib/localized.tsx';
import {
  DIET_KEY,
  type SiteFilters as Filters,
  filtersToSearchParams,
  OPEN_FILTERS,
  OPEN_KEY,
  type OpenFilter,
  type SiteFilter,
  setDietFilter,
  setFilter,
  setOpenFilter,
} from '#shared/filters.ts';
import { type DietMark, dietMarksOffered } from '#shared/menus.ts';
import { REFERENCE_LISTS } from '#shared/reference-lists.ts';
import type { ReferenceItem } from '#shared/schemas/reference-lists.ts';
import { type Editing, type OnFilters, useShownValue } from '../hooks/use-filter-controls.ts';
import { ClearLink } from './clear-link.tsx';

export function FilterSelect({
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
  editing: Editing;
}) {
  const { t, i18n } = useTranslation('sites');
  const language = i18n.resolvedLanguage;
  const names = items ? localizedNames(items, language) : [];
  const filterKey = filter.key;
  const words = REFERENCE_LISTS[filter.list].i18n.sites;
  const chosen = filters[filterKey];
  const id = `filter-${filterKey}`;
  const missing = chosen !== undefined && items !== undefined && !items.some((item) => item.id === chosen);
  const [shown, choose] = useShownValue(chosen === undefined ? '' : String(chosen));
  return (
    <div className="site-filters__field">
      <label htmlFor={id}>{t(words.filterLabel)}</label>
      <div className="site-filters__control">
        <select
          id={id}
          name={filterKey}
          value={shown}
          onBlur={editing.leave}
          onChange={(event) => {
            const value = event.target.value;
            const options = editing.change(filterKey);
            choose(value, () =>
              onChange(setFilter(filters, filterKey, value ? Number(value) : undefined), options),
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
export function OpeningSelect({
  filters,
  params,
  onChange,
  editing,
}: {
  filters: Filters;
  params: URLSearchParams;
  onChange: OnFilters;
  editing: Editing;
}) {
  const { t } = useTranslation('sites');
  const id = `filter-${OPEN_KEY}`;
  const [shown, choose] = useShownValue(filters.open ?? '');
  return (
    <div className="site-filters__field">
      <label htmlFor={id}>{t('filters.open.label')}</label>
      <div className="site-filters__control">
        <select
          id={id}
          name={OPEN_KEY}
          value={shown}
          onBlur={editing.leave}
          onChange={(event) => {
            const value = event.target.value as OpenFilter | '';
            const options = editing.change(OPEN_KEY);
            choose(value, () => onChange(setOpenFilter(filters, value === '' ? undefined : value), options));
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

/**
 * "Menu today": one diet mark (docs/product.md R686), a dish carrying it on the site's menu today;
 * a native select like the others, kept in the URL (`?diet=vegetarian`), cleared by "Any menu", its
 * Clear or Reset. The marks are said in words (R653).
 */
export function DietSelect({
  filters,
  params,
  onChange,
  editing,
}: {
  filters: Filters;
  params: URLSearchParams;
  onChange: OnFilters;
  editing: Editing;
}) {
  const { t } = useTranslation('sites');
  const site = useTranslation('site');
  const id = `filter-${DIET_KEY}`;
  const [shown, choose] = useShownValue(filters.diet ?? '');
  return (
    <div className="site-filters__field">
      <label htmlFor={id}>{t('menuToday.filter')}</label>
      <div className="site-filters__control">
        <select
          id={id}
          name={DIET_KEY}
          value={shown}
          onBlur={editing.leave}
          onChange={(event) => {
            const value = event.target.value as DietMark | '';
            const options = editing.change(DIET_KEY);
            choose(value, () => onChange(setDietFilter(filters, value === '' ? undefined : value), options));
          }}
        >
          <option value="">{t('menuToday.any')}</option>
          {dietMarksOffered().map((mark) => (
            <option key={mark} value={mark}>
              {site.t(`menu.diets.${mark}`)}
            </option>
          ))}
        </select>
        {filters.diet && (
          <ClearLink
            to={filtersToSearchParams(setDietFilter(filters, undefined), params)}
            label={t('menuToday.filter')}
          />
        )}
      </div>
    </div>
  );
}
