import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MissingTranslations, missingCount } from '#client/components/admin/translations.tsx';
import {
  REFERENCE_LISTS,
  type ReferenceItem,
  type ReferenceListName,
} from '#shared/schemas/reference-lists.ts';

interface ChecklistProps {
  list: ReferenceListName;
  /** undefined while loading. */
  items: ReferenceItem[] | undefined;
  failed: boolean;
  onRetry: () => void;
  selected: readonly number[];
  onChange: (ids: number[]) => void;
  error?: string;
  /** The list's editor route, e.g. '/partners' (the app owns its routes). */
  basePath: string;
  /** Called before following an 'edit' or 'add' link, to keep the form's unsaved values. */
  onLeave: () => void;
}

/**
 * One reference list as native checkboxes in a fieldset (docs/product.md R53): each item has an 'edit'
 * link whose accessible name includes the item, and the list has an 'add' link. Items without a
 * Spanish or Chinese name are marked, and the list says how many there are.
 */
export function Checklist(props: ChecklistProps) {
  const { list, items, failed, onRetry, selected, onChange, error, basePath, onLeave } = props;
  const { t } = useTranslation('admin');
  const id = useId();
  const errorId = `${id}-error`;
  const toggle = (itemId: number, checked: boolean) =>
    onChange(checked ? [...selected, itemId] : selected.filter((s) => s !== itemId));

  return (
    <fieldset className="checklist" aria-describedby={error ? errorId : undefined}>
      <legend>{t(REFERENCE_LISTS[list].i18n.admin.plural)}</legend>
      {items && missingCount(items) > 0 && (
        <p className="checklist__note checklist__untranslated">
          {t('translations.listCount', { count: missingCount(items) })}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" data-invalid="true" tabIndex={-1}>
          {error}
        </p>
      )}
      {!items && !failed && <p className="checklist__note">{t('common:loading')}</p>}
      {failed && !items && (
        <p className="checklist__note">
          {t('listLoadFailed')}{' '}
          <button type="button" className="button button--secondary" onClick={onRetry}>
            {t('common:errors.retry')}
          </button>
        </p>
      )}
      {items && items.length === 0 && <p className="checklist__note">{t('listEmpty')}</p>}
      {items && items.length > 0 && (
        <ul className="checklist__items">
          {items.map((item) => (
            <li key={item.id}>
              <input
                type="checkbox"
                id={`${id}-${item.id}`}
                checked={selected.includes(item.id)}
                onChange={(event) => toggle(item.id, event.target.checked)}
              />
              <label htmlFor={`${id}-${item.id}`}>{item.name}</label>
              <MissingTranslations entity={item} field="name" />
              <Link
                to={`${basePath}/${item.id}/edit`}
                onClick={onLeave}
                className="checklist__edit"
                data-keeps-changes=""
              >
                {t('edit')}
                <span className="visually-hidden"> {item.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link to={`${basePath}/new`} onClick={onLeave} className="checklist__add" data-keeps-changes="">
        {t(REFERENCE_LISTS[list].i18n.admin.add)}
      </Link>
    </fieldset>
  );
}
