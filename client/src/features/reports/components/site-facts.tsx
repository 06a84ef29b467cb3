import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { FactTerms, useBeforeYouGo } from '#client/lib/fact-lines.tsx';
import { ListedNames, localizedNames, SiteName, Text } from '#client/lib/localized.tsx';
import { closureDates, closureReason, reasonColon, useWeekRows } from '#client/lib/site-words.ts';
import { formatPhoneWithExtension } from '#shared/phone.ts';
import { REFERENCE_LISTS } from '#shared/reference-lists.ts';
import type { Closure } from '#shared/schemas/closures.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { SITE_PAGE_ROWS } from '#shared/site-display.ts';

/**
 * Every list in the order the site page shows them, each apart: a list the page puts in another's
 * brackets (covid statuses after populations, services after meal types) gets its own row here.
 */
const FACT_LISTS = SITE_PAGE_ROWS.flatMap(({ list, bracketed }) => [list, ...bracketed]);

/**
 * A site's public facts in one list, for its contact to check (docs/product.md R199, R490, R497):
 * name, address, phone (with its extension) as the public reads it, email, website, the week's hours
 * and the upcoming closures in the site page's own words, every reference list under its own label,
 * then the "Before you go" facts — what the contact vouches for is exactly what the public is shown.
 */
export function SiteFacts({ site, closures }: { site: Site; closures: readonly Closure[] }) {
  const { t, i18n } = useTranslation('site');
  const language = i18n.resolvedLanguage;
  const none = t('none');
  const week = useWeekRows(site.Hours, language);
  const facts = useBeforeYouGo(site);
  return (
    <dl className="site-facts">
      <dt>{t('reports:confirm.name')}</dt>
      <dd>
        <SiteName site={site} language={language} />
      </dd>
      <dt>{t('address')}</dt>
      <dd>{site.address}</dd>
      <dt>{t('phone')}</dt>
      <dd>
        {site.phoneNumber
          ? formatPhoneWithExtension(site.phoneNumber, site.phoneExtension, t('facts:extension'))
          : none}
      </dd>
      <dt>{t('email')}</dt>
      <dd>{site.email || none}</dd>
      <dt>{t('website')}</dt>
      <dd>{site.website || none}</dd>
      <dt>{t('hours')}</dt>
      <dd>
        {site.Hours.length === 0 ? (
          t('noHours')
        ) : (
          <ul className="site-facts__hours">
            {week.map(({ day, dayName, intervals }) => (
              <li key={day}>
                {dayName}
                {reasonColon(language)}
                {intervals.length ? intervals.join('; ') : t('closedDay')}
              </li>
            ))}
          </ul>
        )}
      </dd>
      <dt>{t('closures.heading')}</dt>
      <dd>
        {closures.length === 0 ? (
          t('reports:confirm.noClosures')
        ) : (
          <ul className="site-facts__hours">
            {closures.map((closure) => (
              <li key={closure.id ?? `${closure.startDate}-${closure.reason}`}>
                <Text value={closureReason(closure, language)} language={language} />
                {reasonColon(language)}
                {closureDates(closure, language, t)}
              </li>
            ))}
          </ul>
        )}
      </dd>
      {FACT_LISTS.map((list) => {
        const names = localizedNames(site[REFERENCE_LISTS[list].siteKey], language);
        return (
          <Fragment key={list}>
            <dt>{t(`reports:${REFERENCE_LISTS[list].i18n.reports.fact}`)}</dt>
            <dd>{names.length ? <ListedNames names={names} language={language} /> : none}</dd>
          </Fragment>
        );
      })}
      {/* Before you go (reservation, cost, first visit, languages, access, getting there): the contact
          confirms or corrects these too. */}
      {facts.length ? (
        <FactTerms lines={facts} language={language} />
      ) : (
        <>
          <dt>{t('facts:title')}</dt>
          <dd>{none}</dd>
        </>
      )}
    </dl>
  );
}
