/** The facts' filters of the finder: walk-ins, step-free entrance and a language staff speak. */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type FactFilterKey,
  type SiteFilters as Filters,
  filtersToSearchParams,
  SPEAKS_KEY,
  STEP_FREE_KEY,
  setFactFilter,
  WALK_INS_KEY,
} from '#shared/filters.ts';
import { spokenLanguageName } from '#shared/site-facts.ts';
import { type ChangeOptions, type Editing, type OnFilters, useShown } from '../hooks/use-filter-controls.ts';
import { ClearLink } from './clear-link.tsx';

/** One checkbox of the facts' filters. */
function FactCheckbox({
  name,
  label,
  on,
  onToggle,
}: {
  name: string;
  label: string;
  on: boolean;
  onToggle: (on: boolean) => void;
}) {
  const [checked, setChecked] = useShown(on);
  const id = `filter-${name}`;
  return (
    <div className="site-filters__check">
      <input
        type="checkbox"
        id={id}
        name={name}
        value="1"
        checked={checked}
        onChange={(event) => {
          setChecked(event.target.checked);
          onToggle(event.target.checked);
        }}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/**
 * What people choose by (docs/product.md R530–R534): "Walk-ins welcome" and "Step-free entrance"
 * (checkboxes, `walkins=1`, `stepfree=1`) and "Staff speak" (a select of the languages at least one
 * site lists, by code: `speaks=yue`), combined with the other filters (AND). Inside the page's GET
 * form, so without scripts "Apply" submits them.
 */
export function FactFilters({
  filters,
  params,
  languages,
  onChange,
  editing,
}: {
  filters: Filters;
  params: URLSearchParams;
  /** The languages' codes to offer, in their list order. */
  languages: readonly string[];
  onChange: OnFilters;
  editing: Editing;
}) {
  const { t, i18n } = useTranslation('facts');
  const language = i18n.resolvedLanguage ?? 'en';
  // A language in the address that no site lists now is still shown as chosen (it finds no site).
  const offered =
    filters.speaks && !languages.includes(filters.speaks) ? [...languages, filters.speaks] : languages;
  const speaksId = `filter-${SPEAKS_KEY}`;
  // Changes made before the address has caught up build on each other: Space on "Walk-ins welcome",
  // Tab, Space on "Step-free entrance" keeps both, however quickly.
  const latest = useRef(filters);
  useEffect(() => {
    latest.current = filters;
  }, [filters]);
  const change = <K extends FactFilterKey>(
    key: K,
    value: Filters[K] | undefined,
    options?: ChangeOptions,
  ) => {
    latest.current = setFactFilter(latest.current, key, value);
    if (options) onChange(latest.current, options);
    else onChange(latest.current);
  };
  const [spoken, setSpoken] = useShown(filters.speaks ?? '');
  return (
    <fieldset className="site-filters__facts">
      <legend>{t('filters.legend')}</legend>
      <div className="site-filters__checks">
        {(
          [
            [WALK_INS_KEY, 'filters.walkIns'],
            [STEP_FREE_KEY, 'filters.stepFree'],
          ] as const
        ).map(([key, words]) => (
          <FactCheckbox
            key={key}
            name={key}
            label={t(words)}
            on={filters[key] === true}
            onToggle={(on) => change(key, on || undefined)}
          />
        ))}
      </div>
      <div className="site-filters__field">
        <label htmlFor={speaksId}>{t('filters.speaks')}</label>
        <div className="site-filters__control">
          <select
            id={speaksId}
            name={SPEAKS_KEY}
            value={spoken}
            onBlur={editing.leave}
            onChange={(event) => {
              setSpoken(event.target.value);
              change(SPEAKS_KEY, event.target.value, editing.change(SPEAKS_KEY));
            }}
          >
            <option value="">{t('filters.anyLanguage')}</option>
            {offered.map((code) => (
              <option key={code} value={code}>
                {spokenLanguageName(code, language)}
              </option>
            ))}
          </select>
          {filters.speaks && (
            <ClearLink
              to={filtersToSearchParams(setFactFilter(filters, SPEAKS_KEY, undefined), params)}
              label={t('filters.speaks')}
            />
          )}
        </div>
      </div>
    </fieldset>
  );
}
