import { Fragment, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PhoneLink } from '#client/components/ui/phone-link.tsx';
import { directionsUrl } from '#shared/directions.ts';
import { weeklyHours } from '#shared/format-hours.ts';
import { REFERENCE_LISTS } from '#shared/reference-lists.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { namesWithBracketed, SITE_PAGE_ROWS } from '#shared/site-display.ts';
import './site-details.css';

/**
 * The visitor's day of the week (0 = Sunday, as site hours count), or null on the server and in the
 * first browser render — which must match the server's HTML — and known right after.
 */
function useWeekday(): number | null {
  const [day, setDay] = useState<number | null>(null);
  useEffect(() => setDay(new Date().getDay()), []);
  return day;
}

/**
 * One site's page (docs/product.md R15): name, populations (covid statuses in brackets), meal types (services in
 * brackets), the map, address with directions, contact links and the week's hours, Monday first, in
 * the visitor's language.
 */
export function SiteDetails({ site, map, isAdmin }: { site: Site; map: ReactNode; isAdmin: boolean }) {
  const { t, i18n } = useTranslation('site');
  const directions = directionsUrl(site);
  const week = weeklyHours(site.Hours, i18n.resolvedLanguage);
  const none = <span className="site-details__none">{t('none')}</span>;
  const today = useWeekday();
  const todays = week.find((day) => day.day === today)?.intervals;
  const todayLine =
    today === null || week.length === 0
      ? ''
      : todays
        ? t('todayOpen', { hours: todays.join(', ') })
        : t('todayClosed');
  return (
    <article className="site-details" aria-labelledby="site-name">
      <p className="site-details__back">
        <Link to="/sites">{t('backToList')}</Link>
      </p>
      <h1 id="site-name">{site.name}</h1>
      {/* Known only in the browser (the visitor's day); its line is reserved so nothing moves. */}
      <p className="site-details__today">{todayLine}</p>
      {isAdmin && (
        <p>
          <Link to={`/sites/${site.id}/edit`}>{t('edit')}</Link>
        </p>
      )}

      <dl className="site-details__facts">
        {SITE_PAGE_ROWS.map(({ list, label, bracketed, hideWhenEmpty }) => {
          const items = site[REFERENCE_LISTS[list].siteKey];
          if (hideWhenEmpty && items.length === 0) return null;
          const inBrackets = bracketed.flatMap((other) => site[REFERENCE_LISTS[other].siteKey]);
          return (
            <Fragment key={list}>
              <dt>{t(label)}</dt>
              <dd>{namesWithBracketed(items, inBrackets) || none}</dd>
            </Fragment>
          );
        })}
      </dl>
      <p className="site-details__hint">{t('bracketHint')}</p>

      <div className="site-details__columns">
        <div>
          <section aria-labelledby="site-address">
            <h2 id="site-address">{t('address')}</h2>
            <p>{site.address}</p>
            {directions && (
              <p>
                <a
                  className="button button--secondary"
                  href={directions}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t('getDirections')}
                  <span className="visually-hidden"> {t('newTab')}</span>
                </a>
              </p>
            )}
          </section>

          <section aria-labelledby="site-contact">
            <h2 id="site-contact">{t('contact')}</h2>
            <dl className="site-details__contact">
              <dt>{t('phone')}</dt>
              <dd>{site.phoneNumber ? <PhoneLink phone={site.phoneNumber} /> : none}</dd>
              <dt>{t('email')}</dt>
              <dd>{site.email ? <a href={`mailto:${site.email}`}>{site.email}</a> : none}</dd>
              <dt>{t('website')}</dt>
              <dd>{site.website ? <a href={site.website}>{site.website}</a> : none}</dd>
            </dl>
          </section>

          <section aria-labelledby="site-hours">
            <h2 id="site-hours">{t('hours')}</h2>
            {week.length === 0 ? (
              <p>{t('noHours')}</p>
            ) : (
              <dl className="site-details__hours">
                {week.map((day) => (
                  <div
                    key={day.day}
                    className="site-details__day"
                    aria-current={day.day === today ? 'date' : undefined}
                  >
                    <dt>{day.dayName}</dt>
                    {day.intervals.map((interval) => (
                      <dd key={interval}>{interval}</dd>
                    ))}
                  </div>
                ))}
              </dl>
            )}
          </section>
        </div>
        <div>{map ?? <p>{t('noPosition')}</p>}</div>
      </div>
    </article>
  );
}
