import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { listText, localizedNames, SiteName } from '#client/lib/localized.tsx';
import { formatInterval, listLocale, weekdayName } from '#shared/format-hours.ts';
import { groupHoursByDay } from '#shared/hours.ts';
import { REFERENCE_LISTS } from '#shared/reference-lists.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { SITE_PAGE_ROWS } from '#shared/site-display.ts';

/**
 * A site's public facts in one list, for its contact to check (docs/product.md R199): name, address,
 * phone, email, website, hours (with their weeks of the month) and the rows of its site page.
 */
export function SiteFacts({ site }: { site: Site }) {
  const { t, i18n } = useTranslation('site');
  const language = i18n.resolvedLanguage;
  const none = t('none');
  const weeksList = new Intl.ListFormat(listLocale(language), { type: 'conjunction' });
  const days = groupHoursByDay(site.Hours).map(({ day, intervals }) => ({
    day,
    text: intervals
      .map((interval) => {
        const hours = formatInterval(interval, language);
        if (!interval.weeks?.length) return hours;
        const weeks = interval.weeks.map((week) => t(`weeks.${week === -1 ? 'last' : week}`));
        return t('weeksNote', { hours, weeks: weeksList.format(weeks), day: weekdayName(day, language) });
      })
      .join('; '),
  }));
  return (
    <dl className="site-facts">
      <dt>{t('reports:confirm.name')}</dt>
      <dd>
        <SiteName site={site} language={language} />
      </dd>
      <dt>{t('address')}</dt>
      <dd>{site.address}</dd>
      <dt>{t('phone')}</dt>
      <dd>{site.phoneNumber || none}</dd>
      <dt>{t('email')}</dt>
      <dd>{site.email || none}</dd>
      <dt>{t('website')}</dt>
      <dd>{site.website || none}</dd>
      <dt>{t('hours')}</dt>
      <dd>
        {days.length === 0 ? (
          none
        ) : (
          <ul className="site-facts__hours">
            {days.map(({ day, text }) => (
              <li key={day}>
                {weekdayName(day, language)}: {text}
              </li>
            ))}
          </ul>
        )}
      </dd>
      {SITE_PAGE_ROWS.map(({ list, label, bracketed }) => {
        const names = [list, ...bracketed].flatMap((one) =>
          localizedNames(site[REFERENCE_LISTS[one].siteKey], language).map((name) => name.text),
        );
        return (
          <Fragment key={list}>
            <dt>{t(label)}</dt>
            <dd>{names.length ? listText(names, language) : none}</dd>
          </Fragment>
        );
      })}
    </dl>
  );
}
