import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFactsSummary } from '#client/lib/fact-lines.tsx';
import { localizedName, SiteName, Text } from '#client/lib/localized.tsx';
import { closureDates, closureReason, reasonColon, weekRows } from '#client/lib/site-words.ts';
import { preloadKeys } from '#shared/app-data.ts';
import { filtersFromSearchParams, SITE_FILTERS } from '#shared/filters.ts';
import { type StatusClosure, upcomingClosures } from '#shared/opening-status.ts';
import { formatPhoneWithExtension } from '#shared/phone.ts';
import { REFERENCE_LISTS } from '#shared/reference-lists.ts';
import type { ReferenceItem } from '#shared/schemas/reference-lists.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { spokenLanguageName } from '#shared/site-facts.ts';
import type { Statuses } from '#shared/site-statuses.ts';
import { usePrintedAddress } from './page-address.ts';
import { PrintedOn } from './print-footer.tsx';
import { printedDay } from './printed-day.ts';

/** What the handout prints of a site. */
export type PrintSite = Pick<
  Site,
  | 'id'
  | 'name'
  | 'translations'
  | 'address'
  | 'phoneNumber'
  | 'phoneExtension'
  | 'Hours'
  | 'CovidStatuses'
  | 'facts'
>;

/** One site of the handout as the list shows it: in its order, with its distance when it has one. */
export interface PrintEntry {
  site: PrintSite;
  /** 'About 0.4 miles away', when the list is ordered by distance from a place. */
  distance?: string | undefined;
}

/** The filters of the address in words: 'Population served: Seniors · Open now' (docs/product.md R157). */
function useFilterWords(): string[] {
  const { t, i18n } = useTranslation('print');
  const sites = useTranslation('sites');
  const facts = useTranslation('facts');
  const siteWords = useTranslation('site');
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
    words.push(
      t('list.choice', { label, value: item ? localizedName(item, language).text : t('list.unknownChoice') }),
    );
  }
  if (filters.open) words.push(t(filters.open === 'now' ? 'list.openNow' : 'list.openToday'));
  if (filters.diet) {
    const value = siteWords.t(`menu.diets.${filters.diet}`);
    words.push(t('list.choice', { label: sites.t('menuToday.filter'), value }));
  }
  if (filters.walkins) words.push(facts.t('filters.walkIns'));
  if (filters.stepfree) words.push(facts.t('filters.stepFree'));
  if (filters.speaks) {
    const value = spokenLanguageName(filters.speaks, language ?? 'en');
    words.push(t('list.choice', { label: facts.t('filters.speaks'), value }));
  }
  const name = params.get('q')?.trim();
  if (name) words.push(t('list.name', { text: name }));
  const near = params.get('near')?.trim();
  if (near) words.push(t('list.near', { place: near }));
  return words;
}

/** A closure in one line: 'Christmas: Thursday, December 24 to Friday, December 25'. */
function ClosureLine({ closure, language }: { closure: StatusClosure; language: string | undefined }) {
  const { t } = useTranslation('print');
  return (
    <>
      <Text value={closureReason(closure, language)} language={language} />
      {reasonColon(language)}
      {closureDates(closure, language, t)}
    </>
  );
}

/** A site's week on one line, the days it opens only: 'Monday 11:30 AM – 1:30 PM · Thursday …'. */
function weekLine(hours: PrintSite['Hours'], language: string | undefined, t: TFunction): string {
  return weekRows(hours, language, t)
    .filter((row) => row.intervals.length > 0)
    .map((row) => `${row.dayName} ${row.intervals.join(', ')}`)
    .join(' · ');
}

/**
 * The handout (docs/product.md R157, R491–R493): title, print date, general phone, the filters, the
 * closures of every site, then each site in the list's own order (nearest first, with its distance,
 * when the visitor chose a place) in a compact block: address, phone, its "Before you go" summary
 * (R498), its printed day and its week, and its own upcoming closures — what stays true on paper,
 * never a live status.
 */
export function ListHandout({
  entries,
  statuses,
  total,
}: {
  entries: readonly PrintEntry[];
  statuses: Statuses | null;
  /** How many sites match in all, when `entries` are only the first of them (R717). */
  total?: number | undefined;
}) {
  const { t, i18n } = useTranslation('print');
  const common = useTranslation('common');
  const facts = useTranslation('facts');
  const summaryOf = useFactsSummary();
  const language = i18n.resolvedLanguage;
  const filters = useFilterWords();
  const [params] = useSearchParams();
  const query = params.toString();
  const address = usePrintedAddress(`/sites${query ? `?${query}` : ''}`);
  const today = statuses?.today ?? null;
  const closures = statuses?.closures ?? [];
  // Closures of every site (the agency's holidays among them) are said once, above the sites.
  const everywhere = today ? upcomingClosures(-1, closures, today).filter((closure) => closure.allSites) : [];
  return (
    <section className="print-handout" aria-labelledby="print-handout-title">
      <h1 id="print-handout-title">{t('list.title')}</h1>
      <PrintedOn />
      <p className="print-handout__filters">
        {filters.length ? t('list.filters', { filters: filters.join(' · ') }) : t('list.noFilters')}
        {' — '}
        {total !== undefined && total > entries.length
          ? t('list.countOf', { count: total, shown: entries.length })
          : t('list.count', { count: entries.length })}
      </p>
      {address && <p className="print-handout__address">{t('list.latest', { address })}</p>}
      {everywhere.length > 0 && (
        <p className="print-handout__everywhere">
          <strong>{t('list.allSites')}</strong>{' '}
          {everywhere.map((closure, index) => (
            <span key={closure.id ?? `${closure.startDate}-${closure.reason}`}>
              {index > 0 && '; '}
              <ClosureLine closure={closure} language={language} />
            </span>
          ))}
        </p>
      )}
      <ol className="print-handout__sites">
        {entries.map(({ site, distance }) => {
          const own = today
            ? upcomingClosures(site.id, closures, today).filter((closure) => !closure.allSites)
            : [];
          const week = weekLine(site.Hours, language, t);
          const summary = summaryOf(site);
          return (
            <li key={site.id}>
              <strong>
                <SiteName site={site} language={language} />
              </strong>
              {distance && <span className="print-handout__distance"> — {distance}</span>}
              <br />
              {site.address}
              {site.phoneNumber && (
                <>
                  <br />
                  {t('list.phone')}{' '}
                  <strong>
                    {formatPhoneWithExtension(site.phoneNumber, site.phoneExtension, facts.t('extension'))}
                  </strong>
                </>
              )}
              {summary && (
                <>
                  <br />
                  {facts.t('summaryLabel')} {summary}
                </>
              )}
              {today && (
                <>
                  <br />
                  {printedDay(site, closures, today, language, t, common.t)}
                </>
              )}
              {week && (
                <>
                  <br />
                  {t('list.week')} {week}
                </>
              )}
              {own.length > 0 && (
                <>
                  <br />
                  {t('list.closures')}{' '}
                  {own.map((closure, index) => (
                    <span key={closure.id ?? `${closure.startDate}-${closure.reason}`}>
                      {index > 0 && '; '}
                      <ClosureLine closure={closure} language={language} />
                    </span>
                  ))}
                </>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
