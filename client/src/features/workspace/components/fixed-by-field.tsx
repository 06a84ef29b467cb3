import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '#client/lib/api.ts';
import { apiRoutes, fillPath } from '#shared/api-paths.ts';
import type { HistoryEntry } from '#shared/schemas/history.ts';
import { formatInstant } from '../model/dates.ts';

/**
 * "Fixed by": which change of the report's site fixed what it said (docs/product.md R577), chosen among
 * the site's recent changes (newest first) when a report is resolved; "" for none.
 */
export function FixedByField({
  siteId,
  value,
  onChange,
}: {
  siteId: number;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t, i18n } = useTranslation('admin-workspace');
  const id = useId();
  const changes = useQuery({
    queryKey: ['admin', 'history', fillPath(apiRoutes.siteHistory, { id: siteId })],
    queryFn: ({ signal }) => api<HistoryEntry[]>(fillPath(apiRoutes.siteHistory, { id: siteId }), { signal }),
    staleTime: 0,
  });
  const entries = (changes.data ?? []).filter((entry) => entry.action !== 'delete').slice(0, 20);
  return (
    <div className="field">
      <label htmlFor={id}>{t('reports.fixedByLabel')}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('reports.fixedByNone')}</option>
        {entries.map((entry) => (
          <option key={entry.id} value={String(entry.id)}>
            {t('reports.fixedByOption', {
              date: formatInstant(entry.createdAt, i18n.resolvedLanguage),
              name: entry.user
                ? `${entry.user.firstName} ${entry.user.lastName}`.trim()
                : t('reports.someone'),
            })}
          </option>
        ))}
      </select>
    </div>
  );
}
