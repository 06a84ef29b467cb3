import { agencyTimeZone } from '#client/lib/agency-clock.ts';
import { appData } from '#client/lib/app-data.ts';
import { agencyMoment } from '#shared/agency-time.ts';
import { formatCalendarDate, formatInstant as formatWith } from '#shared/format-hours.ts';

/** STALE_AFTER_DAYS when the page's configuration has none (docs/product.md R191). */
const DEFAULT_STALE_AFTER_DAYS = 180;

/** The page's stale setting: the default of "not confirmed in N days". */
export function staleAfterDays(): number {
  const days = appData().config.staleAfterDays;
  return typeof days === 'number' && days > 0 ? days : DEFAULT_STALE_AFTER_DAYS;
}

/** The agency's date ('YYYY-MM-DD') of an instant, or of now. */
export function agencyDate(instant: string | number = Date.now()): string | null {
  const time = typeof instant === 'number' ? instant : Date.parse(instant);
  return Number.isNaN(time) ? null : agencyMoment(time, agencyTimeZone()).date;
}

/** An agency date as staff read it: 'Nov 24, 2026'. */
export function formatDate(date: string, language: string | undefined): string {
  return formatCalendarDate(date, language);
}

/** An instant on the agency's clock: 'Nov 24, 2026, 3:05 PM'. */
export function formatInstant(instant: string, language: string | undefined): string {
  return formatWith(instant, language, agencyTimeZone());
}
