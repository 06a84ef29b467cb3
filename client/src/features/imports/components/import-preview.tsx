import { useTranslation } from 'react-i18next';
import { fieldErrorMap } from '#client/lib/field-errors.ts';
import type { ImportPreview, PreviewRow, ReadAs } from '#shared/imports.ts';
import type { FieldError } from '#shared/schemas/common.ts';
import { guessesText, readAsText } from '../model/read-as.ts';

type Kind<K extends PreviewRow['kind']> = Extract<PreviewRow, { kind: K }>;

/** How the import read a cell not written in the export's form, and what it guessed (R603). */
function ReadAsNote({ readAs, column }: { readAs: readonly ReadAs[] | undefined; column: string }) {
  const { t, i18n } = useTranslation('admin-imports');
  const note = readAs?.find((entry) => entry.column === column);
  if (!note) return null;
  const guesses = guessesText(note, i18n.language, t);
  return (
    <span className="import-read-as">
      {readAsText(note, i18n.language, t)}
      {guesses && <span className="import-note"> {guesses}</span>}
    </span>
  );
}

/**
 * The preview of an import as tables (docs/product.md R238): the counts, what the import would take
 * away from stored sites (R621), the new sites, each changed field before → after (sites by name, R622), the unchanged sites folded away, and each error with its row and column.
 */
export function ImportPreviewTables({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation('admin-imports');
  const of = <K extends PreviewRow['kind']>(kind: K) =>
    preview.rows.filter((row): row is Kind<K> => row.kind === kind);
  const added = of('new');
  const changed = of('changed');
  const unchanged = of('unchanged');
  const failed = of('error');
  const field = (column: string) => t(`fields.${column}`, { defaultValue: column });
  const shown = (text: string) => text || t('empty');
  const nothing = added.length + changed.length + failed.length === 0;

  const siteName = (row: { siteId: number; name?: string }) =>
    row.name ?? t('siteNumber', { id: row.siteId });
  const losses = preview.destructive;

  return (
    <>
      <h2 id="import-preview-heading">{t('preview')}</h2>
      <p className="import-summary">{nothing ? t('noChanges') : t('summary', { ...preview.summary })}</p>

      {losses && losses.changes.length > 0 && (
        <section className="import-destructive" aria-labelledby="import-destructive-heading">
          <h3 id="import-destructive-heading">{t('destructive.title')}</h3>
          <ul className="import-destructive-counts">
            {losses.fieldsEmptied > 0 && (
              <li>{t('destructive.fieldsEmptied', { count: losses.fieldsEmptied })}</li>
            )}
            {losses.itemsRemoved > 0 && (
              <li>{t('destructive.itemsRemoved', { count: losses.itemsRemoved })}</li>
            )}
          </ul>
          <ul>
            {losses.changes.map((change) => (
              <li key={`${change.row}-${change.field}`}>
                {change.removed
                  ? t('destructive.removed', {
                      site: change.name,
                      field: field(change.field),
                      items: change.removed.join(', '),
                    })
                  : t('destructive.emptied', { site: change.name, field: field(change.field) })}
              </li>
            ))}
          </ul>
          <p className="import-note">{t('destructive.howTo')}</p>
        </section>
      )}

      {added.length > 0 && (
        <table className="import-table">
          <caption>{t('newSites', { count: added.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('column.row')}</th>
              <th scope="col">{field('name')}</th>
              <th scope="col">{t('column.address')}</th>
              <th scope="col">{field('hours')}</th>
            </tr>
          </thead>
          <tbody>
            {added.map((row) => (
              <tr key={row.row}>
                <td>{row.row}</td>
                <th scope="row">
                  {row.site.name}
                  {row.noPosition && <span className="import-note"> ({t('noPosition')})</span>}
                  {row.locateOnSave && <span className="import-note"> ({t('locateOnSave')})</span>}
                </th>
                <td>{row.site.address}</td>
                <td>
                  {shown(row.site.hours)}
                  <ReadAsNote readAs={row.readAs} column="hours" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {changed.length > 0 && (
        <table className="import-table">
          <caption>{t('changedSites', { count: changed.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('column.row')}</th>
              <th scope="col">{t('column.site')}</th>
              <th scope="col">{t('column.field')}</th>
              <th scope="col">{t('column.before')}</th>
              <th scope="col">{t('column.after')}</th>
            </tr>
          </thead>
          <tbody>
            {changed.flatMap((row) =>
              row.changes.map((change, index) => (
                <tr key={`${row.row}-${change.field}`}>
                  <td>{index === 0 ? row.row : ''}</td>
                  <td>
                    {index === 0 && <a href={`/sites/${row.siteId}`}>{siteName(row)}</a>}
                    {index === 0 && row.noPosition && (
                      <span className="import-note"> ({t('noPosition')})</span>
                    )}
                    {index === 0 && row.locateOnSave && (
                      <span className="import-note"> ({t('locateOnSave')})</span>
                    )}
                  </td>
                  <th scope="row">{field(change.field)}</th>
                  <td>{shown(change.before)}</td>
                  <td>
                    {shown(change.after)}
                    <ReadAsNote readAs={row.readAs} column={change.field} />
                  </td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      )}

      {failed.length > 0 && (
        <table className="import-table import-table--errors">
          <caption>{t('errorRows', { count: failed.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('column.row')}</th>
              <th scope="col">{t('column.column')}</th>
              <th scope="col">{t('column.problem')}</th>
            </tr>
          </thead>
          <tbody>
            {failed.flatMap((row) =>
              row.errors.map((error, index) => (
                <tr key={`${row.row}-${error.column}-${error.code}`}>
                  <th scope="row">{index === 0 ? row.row : ''}</th>
                  <td>{field(error.column)}</td>
                  <td>{fieldErrorMap([{ path: error.column, ...error } as FieldError], t)[error.column]}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      )}

      {preview.newItems.length > 0 && (
        <table className="import-table">
          <caption>{t('newItems', { count: preview.newItems.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('column.list')}</th>
              <th scope="col">{t('column.item')}</th>
            </tr>
          </thead>
          <tbody>
            {preview.newItems.map((item) => (
              <tr key={`${item.list}-${item.name}`}>
                <td>{t(`admin:lists.${item.list}.title`, { defaultValue: item.list })}</td>
                <td>{item.name}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {unchanged.length > 0 && (
        <details className="import-unchanged">
          <summary>{t('unchangedSites', { count: unchanged.length })}</summary>
          <ul>
            {unchanged.map((row) => (
              <li key={row.row}>
                {t('column.row')} {row.row}: <a href={`/sites/${row.siteId}`}>{siteName(row)}</a>
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}
