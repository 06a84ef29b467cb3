import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '#client/components/admin/confirm-dialog.tsx';
import { afterAdminWrite } from '#client/lib/after-admin-write.ts';
import { agencyTimeZone } from '#client/lib/agency-clock.ts';
import { ApiError } from '#client/lib/api.ts';
import { formatInstant } from '#shared/format-hours.ts';
import type { HistoryEntry } from '#shared/schemas/history.ts';
import {
  HISTORY_PAGE_SIZE,
  type HistoryRecord,
  historyPaths,
  olderHistory,
  restoreVersion,
  useHistory,
  useListItems,
  useRecordHead,
} from '../api/history.ts';
import { HistoryEntryItem } from './history-entry.tsx';
import '#client/components/admin/admin.css';
import '../history.css';

/**
 * The history of a site or a list item (docs/product.md R563): every change, newest first, who made
 * it, when, from where and what it changed field by field; any older version can be restored after a
 * confirmation naming its date, and what happened is said in the status region.
 */
export function HistoryScreen({ record }: { record: HistoryRecord }) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const client = useQueryClient();
  const paths = historyPaths(record);
  const head = useRecordHead(paths.record);
  const history = useHistory(paths.history);
  const items = useListItems(record.kind === 'site');
  const [confirming, setConfirming] = useState<HistoryEntry | null>(null);
  const [busy, setBusy] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [error, setError] = useState('');
  // Older pages, asked for with "Show older changes" from the last entry shown (R744–R745).
  const [older, setOlder] = useState<{ entries: HistoryEntry[]; more: boolean } | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderFailed, setOlderFailed] = useState(false);

  // With the seconds: two changes in one minute (a mistake and its fix) still have different names.
  const when = (entry: HistoryEntry) =>
    formatInstant(entry.createdAt, language, agencyTimeZone(), { length: 'long', seconds: true });
  const words = { t: t as (key: string, options?: Record<string, unknown>) => string, language, items };

  const restore = async (entry: HistoryEntry) => {
    if (!head.data) return;
    setBusy(true);
    setError('');
    setAnnouncement('');
    const date = when(entry);
    try {
      const answer = await restoreVersion(paths.restore(entry.id), head.data.version);
      const said = t(answer.changed ? 'history.restored' : 'history.unchanged', { date });
      setAnnouncement(answer.leftOut.length ? `${said} ${t('history.leftOut')}` : said);
      if (answer.changed) void afterAdminWrite(client);
    } catch (failure) {
      const status = failure instanceof ApiError ? failure.status : 0;
      setError(
        t(status === 409 ? 'history.conflict' : status === 404 ? 'history.gone' : 'history.restoreFailed'),
      );
    } finally {
      setConfirming(null);
      setBusy(false);
      // A restore is the newest entry: the history starts again from its first page.
      setOlder(null);
      await Promise.all([head.refetch(), history.refetch()]);
    }
  };

  const firstPage = history.data ?? [];
  // The first page is read again after a restore or on return to the tab; an entry it now holds is
  // not listed twice.
  const firstIds = new Set(firstPage.map((entry) => entry.id));
  const entries = older ? [...firstPage, ...older.entries.filter((e) => !firstIds.has(e.id))] : firstPage;
  const more = older ? older.more : firstPage.length >= HISTORY_PAGE_SIZE;

  const showOlder = async () => {
    const last = entries.at(-1);
    if (!last || loadingOlder) return;
    setLoadingOlder(true);
    setOlderFailed(false);
    try {
      const page = await olderHistory(paths.history, last.id);
      setOlder({ entries: [...(older?.entries ?? []), ...page], more: page.length >= HISTORY_PAGE_SIZE });
      setAnnouncement(page.length ? t('history.olderShown', { count: page.length }) : t('history.noOlder'));
    } catch {
      setOlderFailed(true);
    } finally {
      setLoadingOlder(false);
    }
  };
  const failed = head.error ?? history.error;
  const title = head.data ? t('history.title', { name: head.data.name }) : t('history.link');
  return (
    <section className="admin-form history-screen" aria-labelledby="history-title">
      <h1 id="history-title">{title}</h1>
      <p>{t('history.intro')}</p>
      <p>
        <Link to={paths.form}>{t('history.backToForm')}</Link>
      </p>
      <p role="status" className={announcement ? 'alert alert--success' : 'history-announcement'}>
        {announcement}
      </p>
      {error && (
        <div role="alert" className="alert alert--error">
          <p>{error}</p>
        </div>
      )}
      {failed ? (
        <div role="alert" className="alert alert--error">
          <p>
            {failed instanceof ApiError && failed.status === 404
              ? t('history.gone')
              : t('history.loadFailed')}
          </p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void Promise.all([head.refetch(), history.refetch()])}
          >
            {t('common:errors.retry')}
          </button>
        </div>
      ) : !history.data || !head.data ? (
        <p>{t('common:loading')}</p>
      ) : entries.length === 0 ? (
        <p>{t('history.none')}</p>
      ) : (
        <ol className="history-list" aria-label={t('history.listLabel')}>
          {entries.map((entry, index) => {
            const restored = entry.restoredFrom
              ? entries.find((e) => e.id === entry.restoredFrom)
              : undefined;
            return (
              <HistoryEntryItem
                key={entry.id}
                entry={entry}
                when={when(entry)}
                restoredWhen={restored && when(restored)}
                words={words}
                current={index === 0}
                busy={busy}
                onRestore={setConfirming}
              />
            );
          })}
        </ol>
      )}
      {olderFailed && (
        <div role="alert" className="alert alert--error">
          <p>{t('history.olderFailed')}</p>
        </div>
      )}
      {history.data && head.data && !failed && more && (
        <p>
          <button
            type="button"
            className="button button--secondary"
            aria-disabled={loadingOlder || undefined}
            onClick={() => void showOlder()}
          >
            {loadingOlder ? t('common:loading') : t('history.showOlder')}
          </button>
        </p>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? t('history.restoreTitle', { date: when(confirming) }) : ''}
        confirmLabel={busy ? t('history.restoring') : t('history.restore')}
        cancelLabel={t('cancel')}
        busy={busy}
        onConfirm={() => confirming && !busy && void restore(confirming)}
        onCancel={() => !busy && setConfirming(null)}
      >
        <p>{t('history.restoreText')}</p>
      </ConfirmDialog>
    </section>
  );
}
