import { translationsPayload } from '#client/components/admin/translations.tsx';
import { appData } from '#client/lib/app-data.ts';
import { agencyMoment, DEFAULT_AGENCY_TIME_ZONE } from '#shared/agency-time.ts';
import { formatCalendarDate } from '#shared/format-hours.ts';
import type { Closure as ClosureAnswer } from '#shared/schemas/closures.ts';

/** A dated closure as the API answers it; `endDate` is inclusive, null = until further notice. */
export type Closure = Pick<
  ClosureAnswer,
  'id' | 'startDate' | 'endDate' | 'reason' | 'allSites' | 'siteIds'
> &
  Partial<Pick<ClosureAnswer, 'translations'>> &
  Partial<Pick<ClosureAnswer, 'version' | 'updatedAt'>>;

/** The agency's zone (the page's config), never the device's. */
export function agencyTimeZone(): string {
  return appData().config.agencyTimeZone ?? DEFAULT_AGENCY_TIME_ZONE;
}

/** Today's date where the agency is: 'YYYY-MM-DD'. */
export const agencyToday = (now: Date | number = Date.now()) => agencyMoment(now, agencyTimeZone()).date;

/** A stored date, 'YYYY-MM-DD', in the reader's language: "Thursday, Nov 26, 2026", "星期四" in Chinese. */
export function formatDate(date: string, language: string | undefined): string {
  return formatCalendarDate(date, language, { weekday: true });
}

/** What the add-a-closure controls hold. */
export interface ClosureFormValues {
  /** The reason as written in English; reasonEs/reasonZh its Spanish and Chinese words, '' = none. */
  reason: string;
  reasonEs: string;
  reasonZh: string;
  startDate: string;
  endDate: string;
  untilFurtherNotice: boolean;
  allSites: boolean;
  siteIds: number[];
}

export const emptyClosureValues = (siteIds: number[] = []): ClosureFormValues => ({
  reason: '',
  reasonEs: '',
  reasonZh: '',
  startDate: '',
  endDate: '',
  untilFurtherNotice: false,
  allSites: siteIds.length === 0,
  siteIds,
});

/**
 * The POST body: an empty last day means a single day; "until further notice" sends endDate null;
 * all sites or the chosen sites' ids.
 */
export function buildClosurePayload(values: ClosureFormValues): Record<string, unknown> {
  const endDate = values.untilFurtherNotice ? null : values.endDate || values.startDate;
  return {
    startDate: values.startDate,
    endDate,
    reason: values.reason,
    translations: translationsPayload('reason', { es: values.reasonEs, zh: values.reasonZh }),
    ...(values.allSites ? { allSites: true } : { siteIds: values.siteIds }),
  };
}

/** Sorted by first day, like the API's list. */
export const byStartDate = (closures: readonly Closure[]) =>
  [...closures].sort((a, b) => a.startDate.localeCompare(b.startDate) || a.id - b.id);
