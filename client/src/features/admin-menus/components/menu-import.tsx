import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '#client/components/ui/form-alert.tsx';
import { localizedName } from '#client/lib/localized.tsx';
import { formatCalendarDate } from '#shared/format-hours.ts';
import type { MenuImportPreview, MenuPreviewMeal } from '#shared/menu-import.ts';
import type { ReferenceItem } from '#shared/schemas/reference-lists.ts';
import { commitMenuSheet, type MenuOwner, previewMenuSheet, useAfterMenuWrite } from '../api/menus.ts';

/** A site the import may be for: one of the partner's sites (R675). */
export interface OwnSite {
  id: number;
  name: string;
}

type Status = { kind: 'success' | 'error' | 'info'; text: string } | null;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * "Import a month from a sheet" on the month grid (docs/product.md R675–R679): a CSV or .xlsx file of
 * the partner's menus (or one of its sites' own), previewed date by date with the rows' errors, then
 * imported all or nothing.
 */
export function MenuImport({
  partner,
  sites,
  mealTypes,
  onStatus,
}: {
  partner: ReferenceItem;
  /** The partner's sites, whose own menus a sheet may be for. */
  sites: readonly OwnSite[];
  mealTypes: ReferenceItem[];
  onStatus: (status: Status) => void;
}) {
  const { t, i18n } = useTranslation('admin-menus');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [ownerValue, setOwnerValue] = useState('partner');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<{ owner: MenuOwner; answer: MenuImportPreview } | null>(null);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const after = useAfterMenuWrite();
  // Another partner starts afresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the partner changes
  useEffect(() => {
    setOwnerValue('partner');
    setPreview(null);
    setFailure('');
  }, [partner.id]);
  useEffect(() => {
    if (preview) previewHeading.current?.focus();
  }, [preview]);

  const owner = (): MenuOwner =>
    ownerValue === 'partner'
      ? { kind: 'partner', id: partner.id }
      : { kind: 'site', id: Number(ownerValue.slice('site-'.length)) };

  async function showPreview(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFailure('');
    setPreview(null);
    if (!file) {
      setFailure(t('import.noFile'));
      fileInput.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const chosen = owner();
      setPreview({ owner: chosen, answer: await previewMenuSheet(chosen, file) });
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  async function commit() {
    if (!preview || !file || busy) return;
    setBusy(true);
    try {
      const result = await commitMenuSheet(preview.owner, file, preview.answer.digest);
      onStatus({
        kind: 'success',
        text: t('import.done', { written: result.written.length, removed: result.removed.length }),
      });
      setPreview(null);
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      await after();
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  const typeName = (id: number) => {
    const type = mealTypes.find((item) => item.id === id);
    return type ? localizedName(type, language).text : String(id);
  };
  const mealsText = (meals: readonly MenuPreviewMeal[]) =>
    meals
      .map((meal) => `${typeName(meal.mealTypeId)}: ${meal.dishes.map((dish) => dish.name).join(', ')}`)
      .join('; ');
  const answer = preview?.answer;
  const writes = answer ? answer.summary.added + answer.summary.changed + answer.summary.removed : 0;

  return (
    <section className="menu-grid__import" aria-labelledby="menus-import-title">
      <h2 id="menus-import-title">{t('import.title')}</h2>
      <p id="menus-import-columns">{t('import.columns')}</p>
      <form onSubmit={showPreview} aria-busy={busy} noValidate>
        <div className="field">
          <label htmlFor="menus-import-owner">{t('import.owner')}</label>
          <select
            id="menus-import-owner"
            value={ownerValue}
            onChange={(event) => {
              setOwnerValue(event.target.value);
              setPreview(null);
            }}
          >
            <option value="partner">
              {t('import.ownerPartner', { partner: localizedName(partner, language).text })}
            </option>
            {sites.map((site) => (
              <option key={site.id} value={`site-${site.id}`}>
                {t('import.ownerSite', { site: site.name })}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="menus-import-file">{t('import.file')}</label>
          <input
            ref={fileInput}
            id="menus-import-file"
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-describedby="menus-import-columns"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setPreview(null);
            }}
          />
        </div>
        <div className="form-actions">
          <button type="submit" className="button">
            {t('import.preview')}
          </button>
        </div>
      </form>
      <FormAlert kind="error">{failure}</FormAlert>
      {busy && (
        <p role="status" className="form-progress">
          {t('import.reading')}
        </p>
      )}
      {answer && (
        <div className="menu-grid__import-preview">
          <h3 ref={previewHeading} tabIndex={-1}>
            {t('import.previewTitle')}
          </h3>
          <p>
            {t('import.summary', {
              added: answer.summary.added,
              changed: answer.summary.changed,
              removed: answer.summary.removed,
              unchanged: answer.summary.unchanged,
            })}
          </p>
          {answer.notImported.length > 0 && (
            <p>{t('import.notImported', { columns: answer.notImported.join(', ') })}</p>
          )}
          {answer.errors.length > 0 && (
            <>
              <FormAlert kind="error">{t('import.hasErrors', { count: answer.errors.length })}</FormAlert>
              <h4 id="menus-import-errors">{t('import.errorsTitle')}</h4>
              <ul aria-labelledby="menus-import-errors">
                {answer.errors.map((error) => (
                  <li key={`${error.row}-${error.column}-${error.code}`}>
                    {t('import.error', {
                      row: error.row,
                      column: t(`import.column.${error.column}`),
                      message: error.message,
                    })}
                  </li>
                ))}
              </ul>
            </>
          )}
          <h4 id="menus-import-dates">{t('import.datesTitle')}</h4>
          <ul aria-labelledby="menus-import-dates" className="menu-grid__import-dates">
            {answer.dates.map((date) => (
              <li key={date.date}>
                <strong>{formatCalendarDate(date.date, language, { weekday: true })}</strong>{' '}
                {t(`import.change.${date.change}`)}
                {date.change === 'removed'
                  ? ` — ${mealsText(date.before)}`
                  : date.after.length > 0
                    ? ` — ${mealsText(date.after)}`
                    : ''}
              </li>
            ))}
          </ul>
          <div className="form-actions">
            {answer.errors.length === 0 && writes > 0 && (
              <button type="button" className="button" onClick={() => void commit()}>
                {t('import.commit', { count: writes })}
              </button>
            )}
            <button type="button" className="button button--secondary" onClick={() => setPreview(null)}>
              {t('import.cancel')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
