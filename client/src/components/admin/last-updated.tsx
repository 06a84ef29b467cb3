import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { agencyTimeZone } from '#client/lib/agency-clock.ts';
import { api } from '#client/lib/api.ts';
import { formatInstant } from '#shared/format-hours.ts';

/** One entry of GET …/history, newest first (docs/product.md R58). */
export interface HistoryEntry {
  id: number;
  action: 'create' | 'update' | 'delete' | 'import' | 'restore' | 'confirm';
  createdAt: string;
  user: { id: number; firstName: string; lastName: string } | null;
}

/**
 * 'Last updated by Ada Admin on March 3, 2025 at 10:04 AM', from the newest history entry, in the current
 * language, on the agency's clock and the language's own 12- or 24-hour habit. Records saved before history existed fall back to their own updatedAt without a name.
 */
export function LastUpdated({
  historyPath,
  updatedAt,
  historyScreen,
}: {
  historyPath: string;
  updatedAt?: string;
  /** The record's history screen, linked beside the line (docs/product.md R563). */
  historyScreen?: string;
}) {
  const { t, i18n } = useTranslation('admin');
  const history = useQuery({
    queryKey: ['admin', 'history', historyPath],
    queryFn: ({ signal }) => api<HistoryEntry[]>(historyPath, { signal }),
    staleTime: 0,
    gcTime: 0,
  });
  if (history.isPending) return null;
  const latest = history.data?.[0];
  const when = latest?.createdAt ?? updatedAt;
  const link = historyScreen && (
    <Link className="last-updated__history" to={historyScreen}>
      {t('history.link')}
    </Link>
  );
  if (!when) return link ? <p className="last-updated">{link}</p> : null;
  const date = formatInstant(when, i18n.resolvedLanguage ?? i18n.language, agencyTimeZone(), {
    length: 'long',
  });
  const user = latest?.user;
  return (
    <p className="last-updated">
      {user
        ? t('lastUpdatedBy', { first: user.firstName, last: user.lastName, date })
        : t('lastUpdated', { date })}
      {link && <> {link}</>}
    </p>
  );
}
