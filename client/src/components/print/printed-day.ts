import type { TFunction } from 'i18next';
import { formatLongDate } from '#client/lib/agency-clock.ts';
import { describeStatus, reasonIn } from '#client/lib/status-words.ts';
import { formatInterval } from '#shared/format-hours.ts';
import { type StatusClosure, type StatusSite, statusOfDay } from '#shared/opening-status.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { hoursOn } from './hours-on.ts';

type DaySite = StatusSite & Pick<Site, 'Hours' | 'CovidStatuses'>;

/**
 * A site's printed day (docs/product.md R491): 'Today, Thursday, November 26: 11:30 AM – 1:30 PM',
 * '… closed', '… closed (Thanksgiving)', 'Temporarily closed: …' or 'Call for hours' — what holds for
 * the whole printed date, never the minute's "Open now", which paper cannot keep true.
 */
export function printedDay(
  site: DaySite,
  closures: readonly StatusClosure[],
  today: string,
  language: string | undefined,
  t: TFunction,
  common: TFunction<'common'>,
): string {
  const status = statusOfDay(site, closures, today);
  const day = formatLongDate(today, language);
  switch (status.kind) {
    case 'open':
    case 'opens-later':
      return t('print:today.hours', {
        day,
        hours: hoursOn(site.Hours, today)
          .map((interval) => formatInterval(interval, language))
          .join(', '),
      });
    case 'closed-today':
      return t('print:today.closed', { day });
    case 'closure':
      return t('print:today.closure', {
        day,
        reason: reasonIn(status.reason, language, closures, site.CovidStatuses).text,
      });
    default:
      // 'Temporarily closed: …', 'Call for hours': true whatever the hour.
      return describeStatus(status, today, common, language, {
        withReason: true,
        reason: (reason) => reasonIn(reason, language, closures, site.CovidStatuses),
      }).text;
  }
}
