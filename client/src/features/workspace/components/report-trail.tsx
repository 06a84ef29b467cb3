import { useTranslation } from 'react-i18next';
import { formatInstant } from '../model/dates.ts';
import type { Report } from '../model/workspace.ts';

type Entry =
  | { kind: 'event'; at: string; event: Report['events'][number] }
  | { kind: 'note'; at: string; note: Report['notes'][number] };

/**
 * What was done with a report, oldest first (docs/product.md R541): each status change (who, from, to)
 * and each staff note (who, the text), with its time on the agency's clock in the reader's language.
 * A change and a note saved together show the change first.
 */
export function ReportTrail({ report }: { report: Report }) {
  const { t, i18n } = useTranslation('admin-workspace');
  const entries: Entry[] = [
    ...report.events.map((event) => ({ kind: 'event' as const, at: event.createdAt, event })),
    ...report.notes.map((note) => ({ kind: 'note' as const, at: note.createdAt, note })),
  ].sort(
    (a, b) => Date.parse(a.at) - Date.parse(b.at) || (a.kind === b.kind ? 0 : a.kind === 'event' ? -1 : 1),
  );
  if (entries.length === 0) return null;
  const who = (person: { name: string } | null) => person?.name || t('reports.someone');
  const status = (value: string) => t(`reports.statuses.${value}`);
  return (
    <ol className="workspace-report__trail">
      {entries.map((entry, index) => (
        // The trail only grows and is never reordered, so the position is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={index}>
          <time dateTime={entry.at}>{formatInstant(entry.at, i18n.resolvedLanguage)}</time>{' '}
          {entry.kind === 'event' ? (
            t('reports.trailMoved', {
              who: who(entry.event.by),
              from: status(entry.event.from),
              to: status(entry.event.to),
            })
          ) : (
            <>
              {t('reports.trailNote', { who: who(entry.note.author) })}
              <span className="workspace-report__note">{entry.note.text}</span>
            </>
          )}
        </li>
      ))}
    </ol>
  );
}
