import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { holidayName } from '#shared/holidays.ts';
import type { WorkspaceHoliday } from '#shared/schemas/workspace.ts';
import { formatDate } from '../model/dates.ts';

/** How many holidays the workspace lists at least; every one needing a review is listed too. */
const SHOWN = 5;

/**
 * The next holidays (docs/product.md R442): what will happen on each (closed everywhere, open at N
 * sites), and a warning for every one within 60 days whose decision staff have not reviewed.
 */
export function HolidaysSection({ holidays }: { holidays: readonly WorkspaceHoliday[] | undefined }) {
  const { t, i18n } = useTranslation('admin-workspace');
  const language = i18n.resolvedLanguage ?? i18n.language;
  if (!holidays) return null;
  const shown = holidays.filter((holiday, index) => index < SHOWN || holiday.needsReview);
  const waiting = holidays.filter((holiday) => holiday.needsReview).length;
  const outcome = (holiday: WorkspaceHoliday) =>
    holiday.openEverywhere
      ? t('holidays.openEverywhere')
      : holiday.openSiteIds.length
        ? t('holidays.openAt', { count: holiday.openSiteIds.length })
        : t('holidays.closedEverywhere');
  return (
    <div className="workspace-holidays">
      <h3 id="workspace-holidays">{t('holidays.heading')}</h3>
      <p>{t('holidays.intro')}</p>
      {waiting > 0 && (
        <div className="alert alert--warning" role="note">
          <p>{t('holidays.warning', { count: waiting })}</p>
        </div>
      )}
      {shown.length === 0 ? (
        <p>{t('holidays.none')}</p>
      ) : (
        <ul aria-labelledby="workspace-holidays">
          {shown.map((holiday) => (
            <li key={`${holiday.key} ${holiday.date}`}>
              <strong>
                {t('holidays.label', {
                  name: holidayName(
                    {
                      en: holiday.name,
                      es: holiday.translations.es?.name,
                      zh: holiday.translations.zh?.name,
                    },
                    language,
                  ),
                  date: formatDate(holiday.date, language),
                })}
              </strong>
              {': '}
              {outcome(holiday)}
              {' · '}
              {holiday.needsReview ? (
                <em className="workspace-holidays__warning">{t('holidays.needsReview')}</em>
              ) : holiday.reviewed ? (
                t('holidays.reviewed')
              ) : (
                t('holidays.needsReview')
              )}
            </li>
          ))}
        </ul>
      )}
      {waiting > 0 && (
        <p>
          <Link to="/admin/closures">{t('holidays.link')}</Link>
        </p>
      )}
    </div>
  );
}
