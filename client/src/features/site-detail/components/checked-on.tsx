import { useTranslation } from 'react-i18next';
import { agencyTimeZone } from '#client/lib/agency-clock.ts';
import { appData } from '#client/lib/app-data.ts';
import { agencyMoment } from '#shared/agency-time.ts';
import { formatter, intlLocale } from '#shared/format-hours.ts';
import './checked-on.css';

/** STALE_AFTER_DAYS when the server sends none (docs/product.md R191). */
const DEFAULT_STALE_AFTER_DAYS = 180;
const DAY = 86_400_000;

/** The number of days a site's information stays fresh, from the page's configuration. */
export function staleAfterDays(): number {
  const days = appData().config.staleAfterDays;
  return typeof days === 'number' && days > 0 ? days : DEFAULT_STALE_AFTER_DAYS;
}

/** Calendar days from one agency date ('YYYY-MM-DD') to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);
}

/** The agency's date of an instant: a check made at 11 PM in San Francisco is that day's, not UTC's next. */
export function agencyDateOf(instant: string, timeZone = agencyTimeZone()): string | null {
  const time = Date.parse(instant);
  return Number.isNaN(time) ? null : agencyMoment(time, timeZone).date;
}

/**
 * "Information checked on November 26, 2026" under a site's details, and, once more than
 * staleAfterDays agency days have passed since, "This information may be out of date. Please call
 * before you go." (docs/product.md R190, R191). A site never checked shows neither. The date is the
 * same on the server and in the browser; the warning needs today's date on the agency's clock
 * (`today`, from the page's status: null on the server and until known), so it follows the open status
 * and appears on a page left open when the day comes.
 */
export function CheckedOn({
  site,
  today,
}: {
  site: { id: number; confirmedAt?: string | null };
  /** The agency's date now ('YYYY-MM-DD'); null or undefined while unknown. */
  today?: string | null;
}) {
  const { t, i18n } = useTranslation('site');
  const date = site.confirmedAt ? agencyDateOf(site.confirmedAt) : null;
  if (!date) return null;
  const language = i18n.resolvedLanguage;
  const shown = formatter(intlLocale(language), { year: 'numeric', month: 'long', day: 'numeric' }).format(
    new Date(`${date}T00:00:00Z`),
  );
  const stale = today ? daysBetween(date, today) > staleAfterDays() : false;
  return (
    <div className="checked-on">
      <p className="checked-on__date">{t('checked.on', { date: shown })}</p>
      {stale && (
        <p className="checked-on__stale" role="note">
          {t('checked.stale')}
        </p>
      )}
    </div>
  );
}
