import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { describeStatus, reasonIn, type Statuses } from '#client/lib/agency-clock.ts';
import { localizedName, SiteName } from '#client/lib/localized.tsx';
import { StatusText } from '#client/lib/status-text.tsx';
import { weekdayOf, weekOfMonth } from '#shared/agency-time.ts';
import { preloadKeys } from '#shared/app-data.ts';
import { filtersFromSearchParams, SITE_FILTERS } from '#shared/filters.ts';
import { formatInterval } from '#shared/format-hours.ts';
import { sortHours } from '#shared/hours.ts';
import { formatPhone } from '#shared/phone.ts';
import { REFERENCE_LISTS } from '#shared/reference-lists.ts';
import type { ReferenceItem } from '#shared/schemas/reference-lists.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { usePrintedAddress } from './page-address.ts';
import { PrintedOn } from './print-footer.tsx';

/** What the handout prints of a site. */
export type PrintSite = Pick<
  Site,
  'id' | 'name' | 'translations' | 'address' | 'phoneNumber' | 'Hours' | 'CovidStatuses'
>;

/** A site's hours on the agency's date `today`, in order: its weekday's intervals that run that week. */
export function hoursOn(hours: PrintSite['Hours'], today: string): PrintSite['Hours'] {
  const day = weekdayOf(today);
  const { nth, last } = weekOfMonth(today);
  return sortHours(
    hours.filter(
      (interval) =>
        interval.day === day &&
        (!interval.weeks?.length ||
          interval.weeks.includes(nth as 1 | 2 | 3 | 4) ||
          (last && interval.weeks.includes(-1))),
    ),
  );
}

/** The filters of the address in words: 'Population served: Seniors · Open now' (docs/product.md R157). */
function useFilterWords(): string[] {
  const { t, i18n } = useTranslation('print');
  const sites = useTranslation('sites');
  const language = i18n.resolvedLanguage;
  const client = useQueryClient();
  const [params] = useSearchParams();
  const filters = filtersFromSearchParams(params);
  const words: string[] = [];
  for (const filter of SITE_FILTERS) {
    const id = filters[filter.key];
    if (id === undefined) continue;
    const items = client.getQueryData<ReferenceItem[]>(preloadKeys.list(filter.list));
    const item = items?.find((candidate) => candidate.id === id);
    const label = sites.t(REFERENCE_LISTS[filter.list].i18n.sites.filterLabel);
    words.push(`${label}: ${item ? localizedName(item, language).text : t('list.unknownChoice')}`);
  }
  if (filters.open) words.push(t(filters.open === 'now' ? 'list.openNow' : 'list.openToday'));
  const name = params.get('q')?.trim();
  if (name) words.push(t('list.name', { text: name }));
  const near = params.get('near')?.trim();
  if (near) words.push(t('list.near', { place: near }));
  return words;
}

/**
 * The handout (a chunk of its own, loaded once the button shows: docs/decisions/025-printing-and-qr-codes.md):
 * title, print date, general phone, the filters, then each site in a compact block. */
export function ListHandout({ sites, statuses }: { sites: readonly PrintSite[]; statuses: Statuses | null }) {
  const { t, i18n } = useTranslation('print');
  const common = useTranslation('common');
  const language = i18n.resolvedLanguage;
  const filters = useFilterWords();
  const [params] = useSearchParams();
  const query = params.toString();
  const address = usePrintedAddress(`/sites${query ? `?${query}` : ''}`);
  return (
    <section className="print-handout" aria-labelledby="print-handout-title">
      <h1 id="print-handout-title">{t('list.title')}</h1>
      <PrintedOn />
      <p className="print-handout__filters">
        {filters.length ? t('list.filters', { filters: filters.join(' · ') }) : t('list.noFilters')}
        {' — '}
        {t('list.count', { count: sites.length })}
      </p>
      {address && <p className="print-handout__address">{t('list.latest', { address })}</p>}
      <ol className="print-handout__sites">
        {sites.map((site) => {
          const status = statuses?.byId.get(site.id);
          const today = statuses ? hoursOn(site.Hours, statuses.today) : [];
          return (
            <li key={site.id}>
              <strong>
                <SiteName site={site} language={language} />
              </strong>
              <br />
              {site.address}
              {site.phoneNumber && (
                <>
                  <br />
                  {t('list.phone')} <strong>{formatPhone(site.phoneNumber)}</strong>
                </>
              )}
              {status && statuses && (
                <>
                  <br />
                  <StatusText
                    words={describeStatus(status, statuses.today, common.t, language, {
                      reason: (reason) => reasonIn(reason, language, statuses.closures, site.CovidStatuses),
                    })}
                    language={language}
                  />
                </>
              )}
              {today.length > 0 && (
                <>
                  <br />
                  {t('list.todayHours', {
                    hours: today.map((interval) => formatInterval(interval, language)).join(', '),
                  })}
                </>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
