import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#client/components/admin/confirm-dialog.tsx';
import { MissingTranslations } from '#client/components/admin/translations.tsx';
import { FormAlert } from '#client/components/ui/form-alert.tsx';
import { useFormErrors } from '#client/lib/use-form-errors.ts';
import { useRemoveClosure } from '../api/closures.ts';
import { type Closure, formatDate } from '../model/closures.ts';

interface ClosureListProps {
  caption: string;
  closures: readonly Closure[];
  /** Site names by id, to say which sites a closure names; absent in a site's own form. */
  siteNames?: ReadonlyMap<number, string>;
  /** In a site's form: only that site is freed, and closures of all sites are not removed here. */
  siteId?: number;
  /** Said politely after a removal. */
  onRemoved: (message: string) => void;
  /**
   * Whether the reader may take this closure off (a partner manager: only closures of their own
   * sites, docs/product.md R608). By default every closure, but in a site's form not one of all sites.
   */
  canRemove?: (closure: Closure) => boolean;
}

/** Closures as a table (dates, reason, sites), each with 'Remove' behind a confirmation. */
export function ClosureList({
  caption,
  closures,
  siteNames,
  siteId,
  onRemoved,
  canRemove = (c) => !(siteId !== undefined && c.allSites),
}: ClosureListProps) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const remove = useRemoveClosure(siteId);
  const errors = useFormErrors();
  const [asking, setAsking] = useState<Closure | null>(null);

  const dates = (c: Closure) => {
    const from = formatDate(c.startDate, language);
    if (c.endDate === null) return t('closures.openEnded', { from });
    if (c.endDate === c.startDate) return t('closures.oneDay', { date: from });
    return t('closures.range', { from, to: formatDate(c.endDate, language) });
  };
  const sites = (c: Closure) =>
    c.allSites ? t('closures.allSites') : c.siteIds.map((id) => siteNames?.get(id) ?? `#${id}`).join(', ');

  async function confirm() {
    if (!asking || remove.isPending) return;
    const closure = asking;
    errors.clear();
    try {
      await remove.mutateAsync(closure);
      onRemoved(t('closures.removed', { reason: closure.reason }));
    } catch (error) {
      errors.capture(error);
    } finally {
      setAsking(null);
    }
  }

  return (
    <>
      <FormAlert kind="error">{errors.general}</FormAlert>
      <table className="closure-list">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('closures.dates')}</th>
            <th scope="col">{t('closures.reason')}</th>
            {siteNames && <th scope="col">{t('closures.sites')}</th>}
            <th scope="col">{t('closures.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {closures.map((c) => (
            <tr key={c.id}>
              <td>{dates(c)}</td>
              <th scope="row">
                {c.reason} <MissingTranslations entity={c} field="reason" />
              </th>
              {siteNames && <td>{sites(c)}</td>}
              <td>
                {!canRemove(c) ? (
                  t(c.allSites ? 'closures.allSites' : 'closures.keptByStaff')
                ) : (
                  <button type="button" className="button button--secondary" onClick={() => setAsking(c)}>
                    {t('closures.remove')}
                    <span className="visually-hidden"> {c.reason}</span>
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ConfirmDialog
        open={asking !== null}
        title={t('closures.removeTitle', { reason: asking?.reason ?? '' })}
        confirmLabel={t('closures.removeConfirm')}
        cancelLabel={t('cancel')}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
        busy={remove.isPending}
      >
        <p>{t('closures.removeText')}</p>
      </ConfirmDialog>
    </>
  );
}
