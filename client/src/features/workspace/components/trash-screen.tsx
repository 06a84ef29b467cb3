import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '#client/components/admin/confirm-dialog.tsx';
import { QueryState } from '#client/components/ui/query-state.tsx';
import { afterAdminWrite } from '#client/lib/after-admin-write.ts';
import { ApiError } from '#client/lib/api.ts';
import { useCurrentUser } from '#client/lib/current-user.ts';
import type { TrashedSite } from '#shared/schemas/site-trash.ts';
import { emptyTrash, restoreSite, trashKey, useTrash } from '../api/workspace.ts';
import { formatInstant } from '../model/dates.ts';
import '#client/components/admin/admin.css';
import '../workspace.css';

/**
 * /admin/trash: the sites deleted in the last 90 days, newest first, each with a Restore button, and
 * emptying the whole trash after a confirmation (docs/product.md R553–R554). What happened is said in
 * the status region; a failure in an alert.
 */
export function TrashScreen() {
  const { t, i18n } = useTranslation('admin-workspace');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const client = useQueryClient();
  const trash = useTrash();
  const { user } = useCurrentUser();
  const [announcement, setAnnouncement] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const drop = (ids: number[]) =>
    client.setQueryData<TrashedSite[]>(trashKey, (current) => current?.filter((s) => !ids.includes(s.id)));

  const restore = async (site: TrashedSite) => {
    setBusy(true);
    setError('');
    setAnnouncement('');
    try {
      const answer = await restoreSite(site.id);
      const leftOut = answer.leftOut.items.length > 0 || answer.leftOut.closureIds.length > 0;
      drop([site.id]);
      setAnnouncement(t(leftOut ? 'trash.restoredLeftOut' : 'trash.restored', { name: site.name }));
      void afterAdminWrite(client);
    } catch (failure) {
      const gone = failure instanceof ApiError && (failure.status === 404 || failure.status === 409);
      setError(t(gone ? 'trash.restoreGone' : 'trash.restoreFailed', { name: site.name }));
      if (gone) void trash.refetch();
    } finally {
      setBusy(false);
    }
  };

  const empty = async () => {
    setBusy(true);
    setError('');
    setAnnouncement('');
    try {
      await emptyTrash();
      client.setQueryData<TrashedSite[]>(trashKey, []);
      setAnnouncement(t('trash.emptied'));
      setConfirming(false);
    } catch {
      setError(t('trash.emptyFailed'));
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  const sites = trash.data ?? [];
  return (
    <section className="admin-form trash-screen" aria-labelledby="trash-title">
      <h1 id="trash-title">{t('trash.title')}</h1>
      <p>{t('trash.intro')}</p>
      <p>
        <Link to="/admin">{t('trash.back')}</Link>
      </p>
      <p role="status" className={announcement ? 'alert alert--success' : 'workspace-announcement'}>
        {announcement}
      </p>
      {error && (
        <div role="alert" className="alert alert--error">
          <p>{error}</p>
        </div>
      )}
      <QueryState query={trash} failed={t('trash.loadFailed')}>
        {() =>
          sites.length === 0 ? (
            <p>{t('trash.none')}</p>
          ) : (
            <>
              <table className="trash-table">
                <caption>{t('trash.listLabel')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('trash.name')}</th>
                    <th scope="col">{t('trash.address')}</th>
                    <th scope="col">{t('trash.deletedAt')}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t('trash.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {sites.map((site) => (
                    <tr key={site.id}>
                      <th scope="row">{site.name}</th>
                      <td>{site.address}</td>
                      <td>
                        {site.deletedBy
                          ? t('trash.deletedBy', {
                              date: formatInstant(site.deletedAt, language),
                              name: `${site.deletedBy.firstName} ${site.deletedBy.lastName}`.trim(),
                            })
                          : formatInstant(site.deletedAt, language)}
                      </td>
                      <td>
                        <button
                          type="button"
                          className="button button--secondary"
                          aria-label={t('trash.restoreSite', { name: site.name })}
                          aria-disabled={busy}
                          onClick={() => !busy && void restore(site)}
                        >
                          {t('trash.restore')}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {/* Emptying cannot be undone: administrators only; the server refuses editors too (R570). */}
              {user?.role === 'admin' && (
                <p>
                  <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
                    {t('trash.empty')}
                  </button>
                </p>
              )}
            </>
          )
        }
      </QueryState>
      <ConfirmDialog
        open={confirming}
        title={t('trash.emptyTitle')}
        confirmLabel={t('trash.emptyConfirm')}
        cancelLabel={t('trash.cancel')}
        busy={busy}
        onConfirm={() => !busy && void empty()}
        onCancel={() => setConfirming(false)}
      >
        <p>{t('trash.emptyText', { count: sites.length })}</p>
      </ConfirmDialog>
    </section>
  );
}
