import type { InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { appData } from '#client/lib/app-data.ts';
import { NAME_KEY, NEAR_KEY, SEARCH_MAX_LENGTH } from '#shared/site-search.ts';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'type' | 'maxLength'> & { id: string };

/**
 * The near box's label and its hint (docs/product.md R130, R476): a street address is offered only
 * when the server can look one up (a geocoder is configured); otherwise a ZIP code or a neighborhood.
 * The input says it is described by `${id}-hint`.
 */
export function NearLabel({ id }: { id: string }) {
  const { t } = useTranslation('sites');
  const words = nearWords();
  return (
    <>
      <label htmlFor={id}>{t(words.label)}</label>
      <p id={`${id}-hint`} className="site-filters__hint">
        {t(words.hint)}
      </p>
    </>
  );
}

/** The keys of the near box's label and hint: with a street address only when one can be looked up. */
export function nearWords() {
  return appData().config.addressLookup === true
    ? ({ label: 'near.label', hint: 'near.hint' } as const)
    : ({ label: 'near.labelNoAddress', hint: 'near.hintNoAddress' } as const);
}

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
