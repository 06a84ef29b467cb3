import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordState } from '#client/components/admin/record-state.tsx';
import { api } from '#client/lib/api.ts';
import { apiPaths } from '#shared/api-paths.ts';
import { useClosures } from '../api/closures.ts';
import { byStartDate } from '../model/closures.ts';
import { ClosureAdder } from './closure-adder.tsx';
import { ClosureList } from './closure-list.tsx';
import { HolidayCalendar } from './holiday-calendar.tsx';
import '#client/components/admin/admin.css';
import '../admin-closures.css';

/**
 * /admin/closures: the current and upcoming closures staff recorded (one site, several or all), a
 * form to add one, and the agency's holiday calendar, which closes every site on each holiday unless
 * staff decide otherwise (docs/product.md R440–R443).
 */
export function ClosuresScreen(_props: { today?: string }) {
  const { t } = useTranslation('admin');
  const closures = useClosures();
  const sites = useQuery({
    queryKey: ['admin', 'closures', 'site-names'],
    queryFn: ({ signal }) => api<{ id: number; name: string }[]>(apiPaths.sites, { signal }),
    staleTime: 0,
  });
  const [announcement, setAnnouncement] = useState('');
  const siteNames = new Map((sites.data ?? []).map((s) => [s.id, s.name]));
  const sortedSites = [...(sites.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));

  if (!closures.data) {
    return (
      <RecordState
        title={t('closures.title')}
        error={closures.error}
        onRetry={() => void closures.refetch()}
      />
    );
  }
  const list = byStartDate(closures.data);
  return (
    <section className="admin-form closures-screen">
      <h1>{t('closures.title')}</h1>
      <p>{t('closures.intro')}</p>
      <p role="status" className={announcement ? 'alert alert--success' : undefined}>
        {announcement}
      </p>
      {list.length === 0 ? (
        <>
          <h2>{t('closures.listHeading')}</h2>
          <p>{t('closures.none')}</p>
        </>
      ) : (
        <ClosureList
          caption={t('closures.listHeading')}
          closures={list}
          siteNames={siteNames}
          onRemoved={setAnnouncement}
        />
      )}
      <ClosureAdder
        legend={t('closures.addHeading')}
        sites={sites.data ? sortedSites : undefined}
        onAdded={setAnnouncement}
      />
      <HolidayCalendar sites={sites.data ? sortedSites : undefined} onSaved={setAnnouncement} />
    </section>
  );
}
