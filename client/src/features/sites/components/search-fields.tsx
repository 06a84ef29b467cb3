import type { InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { NAME_KEY, NEAR_KEY, SEARCH_MAX_LENGTH } from '#shared/site-search.ts';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'type' | 'maxLength'> & { id: string };

/** The near box's input (docs/product.md R130): `near=`, a ZIP code, neighborhood or address. */
export function NearInput(props: InputProps) {
  return (
    <input name={NEAR_KEY} type="text" autoComplete="postal-code" maxLength={SEARCH_MAX_LENGTH} {...props} />
  );
}

/** "Search by name" with its hint (docs/product.md R130, R133): `q=`, on `/sites` and the home page. */
export function NameField({ id, ...props }: InputProps) {
  const { t } = useTranslation('sites');
  return (
    <div className="site-filters__name">
      <label htmlFor={id}>{t('search.label')}</label>
      <p id={`${id}-hint`} className="site-filters__hint">
        {t('search.hint')}
      </p>
      <input
        id={id}
        name={NAME_KEY}
        type="search"
        maxLength={SEARCH_MAX_LENGTH}
        aria-describedby={`${id}-hint`}
        {...props}
      />
    </div>
  );
}
