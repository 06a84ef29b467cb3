import { useTranslation } from 'react-i18next';
import type { HistoryEntry } from '#shared/schemas/history.ts';
import { changeRows, type HistoryWords, isFieldChanges } from '../model/change-rows.ts';

interface HistoryEntryProps {
  entry: HistoryEntry;
  /** The entry's time in words, on the agency's clock. */
  when: string;
  /** The time of the entry a restore brought back, when it is in the list. */
  restoredWhen: string | undefined;
  words: HistoryWords;
  /** The newest entry is the current version: nothing to restore. */
  current: boolean;
  busy: boolean;
  onRestore: (entry: HistoryEntry) => void;
}

/** What an entry did, in a few words. */
function actionText(entry: HistoryEntry, restoredWhen: string | undefined, t: HistoryWords['t']) {
  if (entry.source === 'history') {
    return restoredWhen
      ? t('history.action.restored', { date: restoredWhen })
      : t('history.action.restoredEarlier');
  }
  if (entry.action === 'not_duplicate') {
    // { notDuplicateOf: [null, other] } when marked, [other, null] when taken back (R575).
    const [was, now] = (entry.changes.notDuplicateOf ?? []) as [number | null, number | null];
    return now !== null && now !== undefined
      ? t('history.action.notDuplicate', { id: now })
      : t('history.action.notDuplicateTakenBack', { id: was });
  }
  if (entry.action === 'merge') {
    const [, merged] = (entry.changes.merged ?? []) as [
      unknown,
      { name?: string; address?: string } | undefined,
    ];
    return t('history.action.merge', { name: merged?.name ?? '', address: merged?.address ?? '' });
  }
  if (entry.action === 'import')
    return t(isFieldChanges(entry) ? 'history.action.update' : 'history.action.create');
  return t(`history.action.${entry.action}`);
}

/**
 * One change of the history (docs/product.md R563): when (the heading), what it did, who, from where,
 * and field by field what it changed; "Restore this version" on every entry but the newest.
 */
export function HistoryEntryItem({
  entry,
  when,
  restoredWhen,
  words,
  current,
  busy,
  onRestore,
}: HistoryEntryProps) {
  const { t } = useTranslation('admin');
  const rows = changeRows(entry, words);
  const name = entry.user ? `${entry.user.firstName} ${entry.user.lastName}`.trim() : '';
  const empty = t('conflict.empty');
  const confirmation = entry.action === 'confirm' ? entry.changes : undefined;
  return (
    <li className="history-entry">
      <h2 className="history-entry__when">{when}</h2>
      <p className="history-entry__what">{actionText(entry, restoredWhen, t)}</p>
      <p className="history-entry__meta">
        <span>{name ? t('history.by', { name }) : t('history.byUnknown')}</span>
        <span>{t('history.source', { source: t(`history.sources.${entry.source ?? 'unknown'}`) })}</span>
      </p>
      {typeof (entry.changes['@proposal'] as { id?: unknown } | undefined)?.id === 'number' && (
        // Applied from a proposal (R594): the entry's user is who proposed it.
        <p className="history-entry__proposal">
          {t('history.fromProposal', { id: (entry.changes['@proposal'] as { id: number }).id })}
        </p>
      )}
      {entry.fixesReports.length > 0 && (
        // Staff said this change fixed what these reports said (R577).
        <p className="history-entry__fixes">
          {t('history.fixesReports', {
            count: entry.fixesReports.length,
            ids: entry.fixesReports.map((id) => `#${id}`).join(', '),
          })}
        </p>
      )}
      {confirmation && (
        <p>
          {typeof confirmation.method === 'string' &&
            t('history.confirmMethod', { method: t(`confirm.method.${confirmation.method}`) })}
          {typeof confirmation.note === 'string' && confirmation.note && (
            <> {t('history.confirmNote', { note: confirmation.note })}</>
          )}
        </p>
      )}
      {isFieldChanges(entry) &&
        (rows.length === 0 ? (
          <p>{t('history.noChanges')}</p>
        ) : (
          <dl className="history-changes" aria-label={t('history.fieldsLabel')}>
            {rows.map((row) => (
              <div key={row.key} className="history-change">
                <dt>{row.label}</dt>
                <dd>
                  <span className="history-change__side">
                    <span className="history-change__word">{t('history.before')}:</span> {row.before || empty}
                  </span>
                  <span aria-hidden="true" className="history-change__arrow">
                    {' → '}
                  </span>
                  <span className="history-change__side">
                    <span className="history-change__word">{t('history.after')}:</span> {row.after || empty}
                  </span>
                </dd>
              </div>
            ))}
          </dl>
        ))}
      {current ? (
        <p className="history-entry__current">{t('history.current')}</p>
      ) : (
        <button
          type="button"
          className="button button--secondary"
          aria-label={t('history.restoreVersion', { date: when })}
          aria-disabled={busy}
          onClick={() => !busy && onRestore(entry)}
        >
          {t('history.restore')}
        </button>
      )}
    </li>
  );
}
