import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { afterAdminWrite } from '#client/lib/after-admin-write.ts';
import { ApiError } from '#client/lib/api.ts';
import { currentUserKey } from '#client/lib/current-user.ts';
import { apiPaths } from '#shared/api-paths.ts';
import type { ColumnMapping } from '#shared/import-columns.ts';
import type { ImportPreview, ImportResult } from '#shared/imports.ts';
import type { User } from '#shared/schemas/users.ts';
import { commitSheet, uploadSheet } from '../api/imports.ts';
import { type ChosenColumns, ColumnMappingForm } from './column-mapping.tsx';
import { HsdsImportForms, UnmappedList } from './hsds-import.tsx';
import { ImportPreviewTables } from './import-preview.tsx';
import '#client/components/admin/admin.css';
import '../imports.css';

/**
 * /admin/import (docs/product.md R238, R626): choose a CSV or .xlsx file, see its columns and the
 * fields they go into and what it would do, change the columns and preview again, then commit it. Nothing is saved before Commit; a refused file or commit says why in the reader's language.
 */
export function ImportScreen() {
  const { t } = useTranslation('admin-imports');
  const client = useQueryClient();
  const fileRef = useRef<HTMLInputElement>(null);
  const ids = { file: useId(), missing: useId(), skip: useId() };
  const [createMissing, setCreateMissing] = useState(false);
  const [skipErrors, setSkipErrors] = useState(false);
  const [busy, setBusy] = useState<'upload' | 'commit' | undefined>();
  const [problem, setProblem] = useState('');
  const [preview, setPreview] = useState<ImportPreview>();
  const [result, setResult] = useState<ImportResult>();
  const [siteNames, setSiteNames] = useState<ReadonlyMap<number, string>>(new Map());
  /** A new mapping form for each preview, its selects starting from the preview's fields. */
  const [mappingKey, setMappingKey] = useState(0);

  /** The columns of a file refused for a missing column, to choose the missing ones and preview again (R617). */
  const [refusedColumns, setRefusedColumns] = useState<ColumnMapping[]>();

  const explain = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'missing_column' && Array.isArray(error.body.columns))
      setRefusedColumns(error.body.columns as ColumnMapping[]);
    if (error instanceof ApiError && error.code)
      return t(`errors.${error.code}`, { ...error.params, defaultValue: error.message });
    return t('failed');
  };

  const onUpload = async (event: FormEvent) => {
    event.preventDefault();
    await previewFile(undefined);
  };

  /** Reads the chosen file into a preview, with the clerk's choice of columns when there is one (R617). */
  const previewFile = async (mapping: ChosenColumns | undefined) => {
    const file = fileRef.current?.files?.[0];
    setProblem('');
    setPreview(undefined);
    setResult(undefined);
    setRefusedColumns(undefined);
    if (!file) {
      setProblem(t('chooseFile'));
      fileRef.current?.focus();
      return;
    }
    setBusy('upload');
    try {
      setPreview(await uploadSheet(file, createMissing, mapping));
      setSkipErrors(false);
    } catch (error) {
      setProblem(explain(error));
    } finally {
      setMappingKey((key) => key + 1);
      setBusy(undefined);
    }
  };

  const onCommit = async () => {
    if (!preview) return;
    setProblem('');
    setBusy('commit');
    try {
      const saved = await commitSheet(preview.id, skipErrors);
      // The sites by their names (R622): new ones are created in the preview's order, changed ones by id.
      const names = new Map<number, string>();
      const added = preview.rows.filter((row) => row.kind === 'new');
      saved.created.forEach((id, index) => {
        const row = added[index];
        if (row?.kind === 'new') names.set(id, row.site.name);
      });
      for (const row of preview.rows) if (row.kind === 'changed' && row.name) names.set(row.siteId, row.name);
      setSiteNames(names);
      setResult(saved);
      setPreview(undefined);
      await afterAdminWrite(client);
    } catch (error) {
      setProblem(explain(error));
    } finally {
      setBusy(undefined);
    }
  };

  const again = () => {
    setResult(undefined);
    if (fileRef.current) fileRef.current.value = '';
    fileRef.current?.focus();
  };

  // Another publisher's HSDS data (R648): previewed the same way, for administrators (the staff guard
  // has read the signed-in user already; read from the cache, not asked again).
  const user = client.getQueryData<User | null>(currentUserKey);
  const runPreview = async (load: () => Promise<ImportPreview>) => {
    setProblem('');
    setPreview(undefined);
    setResult(undefined);
    setBusy('upload');
    try {
      setPreview(await load());
      setSkipErrors(false);
    } catch (error) {
      setProblem(explain(error));
    } finally {
      setBusy(undefined);
    }
  };

  const writes = preview ? preview.summary.new + preview.summary.changed : 0;
  return (
    <section className="admin-form import-screen">
      <h1>{t('title')}</h1>
      <p>{t('intro')}</p>
      <p>
        <a href={apiPaths.importTemplate} download>
          {t('template')}
        </a>
      </p>
      <p>
        {t('exportAll')}:{' '}
        <a href={apiPaths.sitesExport('csv')} download>
          {t('exportCsv')}
        </a>{' '}
        ·{' '}
        <a href={apiPaths.sitesExport('xlsx')} download>
          {t('exportXlsx')}
        </a>
      </p>

      <form onSubmit={onUpload} noValidate>
        <div className="field">
          <label htmlFor={ids.file}>{t('file')}</label>
          <input
            ref={fileRef}
            id={ids.file}
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          />
        </div>
        <div className="field field--checkbox">
          <input
            id={ids.missing}
            type="checkbox"
            checked={createMissing}
            onChange={(event) => setCreateMissing(event.target.checked)}
          />
          <label htmlFor={ids.missing}>{t('createMissing')}</label>
        </div>
        <button type="submit" className="button" disabled={busy !== undefined}>
          {busy === 'upload' ? t('uploading') : t('upload')}
        </button>
      </form>

      {user?.role === 'admin' && (
        <HsdsImportForms
          busy={busy !== undefined}
          onLoad={(load) => void runPreview(load)}
          onMissing={setProblem}
        />
      )}

      <div role="alert" className={problem ? 'alert alert--error' : undefined}>
        {problem}
      </div>

      {refusedColumns && (
        <ColumnMappingForm
          key={mappingKey}
          columns={refusedColumns}
          notImported={refusedColumns.filter((column) => !column.field && column.header).map((c) => c.header)}
          remembered={false}
          busy={busy !== undefined}
          onPreview={(chosen) => void previewFile(chosen)}
        />
      )}

      {preview && (
        <section aria-labelledby="import-preview-heading" className="import-preview">
          {preview.columns && (
            <ColumnMappingForm
              key={mappingKey}
              columns={preview.columns}
              notImported={preview.notImported ?? []}
              remembered={preview.mappingRemembered === true}
              busy={busy !== undefined}
              onPreview={(chosen) => void previewFile(chosen)}
            />
          )}
          <ImportPreviewTables preview={preview} />
          {preview.unmapped?.length ? <UnmappedList unmapped={preview.unmapped} /> : null}
          {writes > 0 && (
            <>
              {preview.summary.errors > 0 && (
                <div className="field field--checkbox">
                  <input
                    id={ids.skip}
                    type="checkbox"
                    checked={skipErrors}
                    onChange={(event) => setSkipErrors(event.target.checked)}
                  />
                  <label htmlFor={ids.skip}>{t('skipErrors')}</label>
                </div>
              )}
              <button type="button" className="button" onClick={onCommit} disabled={busy !== undefined}>
                {busy === 'commit' ? t('committing') : t('commit')}
              </button>
            </>
          )}
        </section>
      )}

      <div role="status">
        {result && (
          <div className="alert alert--success">
            <p>{t('done', { created: result.created.length, updated: result.updated.length })}</p>
            {result.skipped > 0 && <p>{t('doneSkipped', { count: result.skipped })}</p>}
            <ul className="import-links">
              {[...result.created, ...result.updated].map((id) => (
                <li key={id}>
                  <Link to={`/sites/${id}`}>{siteNames.get(id) ?? t('siteNumber', { id })}</Link>
                </li>
              ))}
            </ul>
            <p>
              <Link to="/sites">{t('seeSites')}</Link>
            </p>
            <button type="button" className="button button--secondary" onClick={again}>
              {t('again')}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
