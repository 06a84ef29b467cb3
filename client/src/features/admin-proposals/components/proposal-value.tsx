import { useTranslation } from 'react-i18next';
import { FactTerms, useBeforeYouGo } from '#client/lib/fact-lines.tsx';
import { pageLanguage } from '#client/lib/localized.tsx';
import { useWeekRows } from '#client/lib/site-words.ts';
import type { HoursInterval } from '#shared/hours.ts';
import { formatPhone } from '#shared/phone.ts';
import type { ProposalField } from '#shared/schemas/proposals.ts';
import type { SiteFacts } from '#shared/site-facts.ts';

/**
 * One value of a proposed field as people read it (docs/product.md R593): hours as the site page
 * writes its week, the facts as its "Before you go" lines, a phone number formatted, never raw JSON.
 */
export function ProposalValue({ field, value }: { field: ProposalField; value: unknown }) {
  const { t } = useTranslation('admin-proposals');
  if (field === 'Hours') return <HoursValue hours={(value as HoursInterval[] | null) ?? []} />;
  if (field === 'facts') return <FactsValue facts={(value as SiteFacts | null) ?? {}} />;
  if (value === null || value === undefined || value === '') return <>{t('notGiven')}</>;
  if (field === 'phoneNumber') return <>{formatPhone(String(value))}</>;
  return <span className="proposal-text">{String(value)}</span>;
}

function HoursValue({ hours }: { hours: readonly HoursInterval[] }) {
  const { t, i18n } = useTranslation('admin-proposals');
  const rows = useWeekRows(hours, i18n.resolvedLanguage);
  if (hours.length === 0) return <>{t('noHours')}</>;
  return (
    <ul className="proposal-hours">
      {rows.map((row) => (
        <li key={row.day}>
          {row.dayName}: {row.intervals.length ? row.intervals.join(', ') : t('closedDay')}
        </li>
      ))}
    </ul>
  );
}

function FactsValue({ facts }: { facts: SiteFacts }) {
  const { t, i18n } = useTranslation('admin-proposals');
  const lines = useBeforeYouGo({ facts, phoneNumber: '', phoneExtension: null });
  if (lines.length === 0) return <>{t('nothingKnown')}</>;
  return (
    <dl className="proposal-facts">
      <FactTerms lines={lines} language={pageLanguage(i18n.resolvedLanguage)} />
    </dl>
  );
}
