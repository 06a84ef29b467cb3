import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ColumnMapping, IMPORT_FIELDS, type ImportField } from '#shared/import-columns.ts';
import { fieldLabel } from '../model/field-labels.ts';

/** The choices sent with a preview: each header of the file → its field, or null not to import it. */
export type ChosenColumns = Record<string, ImportField | null>;

const NOT_IMPORTED = '';

/**
 * The file's columns beside the directory's fields (docs/product.md R626): each column's field in a
 * select, the guess preselected and marked, "Do not import" for any; "Preview again" sends the choices
 * (remembered for the next file with the same headers, R619). The columns not imported are listed.
 */
export function ColumnMappingForm({
  columns,
  notImported,
  remembered,
  busy,
  onPreview,
}: {
  columns: readonly ColumnMapping[];
  notImported: readonly string[];
  remembered: boolean;
  busy: boolean;
  onPreview: (chosen: ChosenColumns) => void;
}) {
  const { t } = useTranslation(['admin-imports', 'admin-facts']);
  const idPrefix = useId();
  const [fields, setFields] = useState<(ImportField | null)[]>(() => columns.map((column) => column.field));
  const field = (name: string) => fieldLabel(name, t);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen: ChosenColumns = {};
    columns.forEach((column, index) => {
      if (column.header !== '') chosen[column.header] = fields[index] ?? null;
    });
    onPreview(chosen);
  };

  return (
    <form onSubmit={submit} className="import-mapping" aria-labelledby={`${idPrefix}-heading`}>
      <h2 id={`${idPrefix}-heading`}>{t('mapping.title')}</h2>
      <p>{remembered ? t('mapping.remembered') : t('mapping.intro')}</p>
      <table className="import-table">
        <thead>
          <tr>
            <th scope="col">{t('mapping.fileColumn')}</th>
            <th scope="col">{t('mapping.field')}</th>
          </tr>
        </thead>
        <tbody>
          {columns.map((column, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a file's columns are fixed for the form's life, and two may share a header.
            <tr key={`${index}-${column.header}`}>
              <th scope="row">
                <label htmlFor={`${idPrefix}-${index}`}>{column.header || t('mapping.noHeader')}</label>
              </th>
              <td>
                <select
                  id={`${idPrefix}-${index}`}
                  value={fields[index] ?? NOT_IMPORTED}
                  onChange={(event) => {
                    const value = event.target.value;
                    setFields((current) =>
                      current.map((old, at) =>
                        at === index ? ((value || null) as ImportField | null) : old,
                      ),
                    );
                  }}
                >
                  <option value={NOT_IMPORTED}>{t('mapping.doNotImport')}</option>
                  {IMPORT_FIELDS.map((name) => (
                    <option key={name} value={name}>
                      {field(name)}
                    </option>
                  ))}
                </select>
                {column.guessed && fields[index] === column.field && (
                  <span className="import-note"> {t('mapping.guessed')}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {notImported.length > 0 && (
        <p className="import-not-imported">
          {t('mapping.notImported', { count: notImported.length, columns: notImported.join(', ') })}
        </p>
      )}
      <button type="submit" className="button button--secondary" disabled={busy}>
        {t('mapping.again')}
      </button>
    </form>
  );
}
