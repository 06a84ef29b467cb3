/** The public page of one site: its status, Call button, facts, contact, week and closures. */
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BeforeYouGoPrint } from '#client/components/print/before-you-go-print.tsx';
import { printedDay } from '#client/components/print/printed-day.ts';
import { SitePrint } from '#client/components/print/site-print.tsx';
import { PhoneLink } from '#client/components/ui/phone-link.tsx';
import type { KnownStatus } from '#client/lib/agency-clock.ts';
import { localizedNames, SiteName, Text } from '#client/lib/localized.tsx';
import { bookableMeal, withReservation } from '#client/lib/reservation-words.ts';
import { closureDates, closureReason, reasonColon, useWeekRows } from '#client/lib/site-words.ts';
import { StatusText } from '#client/lib/status-text.tsx';
import { describeStatus, reasonIn } from '#client/lib/status-words.ts';
import { weekdayOf } from '#shared/agency-time.ts';
import { directionsUrl } from '#shared/directions.ts';
import { type StatusClosure, upcomingClosures } from '#shared/opening-status.ts';
import { formatPhoneWithExtension, phoneHrefWithExtension } from '#shared/phone.ts';
import { REFERENCE_LISTS } from '#shared/reference-lists.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { SITE_PAGE_ROWS } from '#shared/site-display.ts';
import { BeforeYouGo } from './before-you-go.tsx';
import { NamesWithBracketed } from './bracketed-names.tsx';
import { CallText, PHONE_MARK } from './call-text.tsx';
import { CheckedOn } from './checked-on.tsx';
import { TodaysMenu } from './todays-menu.tsx';
import './site-details.css';

/**
 * One site's page (docs/product.md R15): name, its status now (on the agency's clock, known only in
 * the browser, with the next meal one can still reserve, R521) and a large Call button dialling the
 * extension too (R119, R523), "Before you go" (R522), populations (covid statuses in brackets), meal types (services in brackets), the map,
 * address with directions, contact links, the whole week's hours Monday first (today marked) and the
 * site's upcoming closures, in the visitor's language; today's and tomorrow's menu (R659).
 */
export function SiteDetails({
  site,
  map,
  isAdmin,
  known = null,
  closures,
  notice = null,
}: {
  site: Site;
  map: ReactNode;
  /** A note under the page's top (the facts could not be refreshed). */
  notice?: ReactNode;
  isAdmin: boolean;
  /** The status now on the agency's clock (useSiteStatus); null on the server and until known. */
  known?: KnownStatus | null;
  /** The current and upcoming closures (of every site; this one's are picked out). */
  closures?: readonly StatusClosure[] | undefined;
}) {
  const { t, i18n } = useTranslation('site');
  const common = useTranslation('common');
  const facts = useTranslation('facts');
  const language = i18n.resolvedLanguage;
  const call = phoneHrefWithExtension(site.phoneNumber, site.phoneExtension);
  const phoneText = formatPhoneWithExtension(site.phoneNumber, site.phoneExtension, facts.t('extension'));
  const directions = directionsUrl(site);
  const week = useWeekRows(site.Hours, language);
  const hasHours = site.Hours.length > 0;
  const none = <span className="site-details__none">{t('none')}</span>;
  const today = known ? weekdayOf(known.today) : null;
  const upcoming = known && closures ? upcomingClosures(site.id, closures, known.today) : [];
  return (
    <article className="site-details" aria-labelledby="site-name">
      <h1 id="site-name">
        <SiteName site={site} language={language} />
      </h1>
      {/* The first thing to do on a phone: call. Right under the name, so a long status (a holiday's
          name, a closure's reason) never pushes it below the fold at 200 % text; the way back to the
          list comes after both (docs/product.md R119). */}
      {call && (
        <p className="site-details__call">
          <a className="button site-details__call-button" href={call}>
            <CallText text={t('call', { phone: PHONE_MARK })} phone={phoneText} />
          </a>
        </p>
      )}
      {/* Known only in the browser, on the agency's clock; its line is reserved so nothing moves. */}
      <p className="site-details__status" role="status">
        {known ? (
          <StatusText
            words={withReservation(
              describeStatus(known.status, known.today, common.t, language, {
                withReason: true,
                reason: (reason) => reasonIn(reason, language, known.closures, site.CovidStatuses),
              }),
              known.status,
              bookableMeal(site, site.facts, known.closures, known.moment),
              known.today,
              facts.t,
              language,
            )}
            language={language}
          />
        ) : (
          ''
        )}
      </p>
      {/* Paper says the printed day, not the minute's status (docs/product.md R491); hidden on screen. */}
      {known && (
        <p className="print-only site-details__printed-day">
          {printedDay(site, known.closures, known.today, language, t, common.t)}
        </p>
      )}
      {/* Static facts, in the server's HTML (the status above comes after hydration). */}
      <BeforeYouGo site={site} />
      <p className="site-details__back">
        <Link to="/sites">{t('backToList')}</Link>
      </p>
      {notice}
      {isAdmin && (
        <p>
          <Link to={`/sites/${site.id}/edit`}>{t('edit')}</Link>
        </p>
      )}
      {/* Today's and tomorrow's menu, near the top and in the server's HTML (docs/product.md R659). */}
      <TodaysMenu siteId={site.id} />

      <dl className="site-details__facts">
        {SITE_PAGE_ROWS.map(({ list, label, bracketed, hideWhenEmpty }) => {
          const items = site[REFERENCE_LISTS[list].siteKey];
          if (hideWhenEmpty && items.length === 0) return null;
          const inBrackets = bracketed.flatMap((other) =>
            localizedNames(site[REFERENCE_LISTS[other].siteKey], language),
          );
          return (
            <Fragment key={list}>
              <dt>{t(label)}</dt>
              <dd>
                {items.length + inBrackets.length === 0 ? (
                  none
                ) : (
                  <NamesWithBracketed
                    main={localizedNames(items, language)}
                    bracketed={inBrackets}
                    language={language}
                  />
                )}
              </dd>
            </Fragment>
          );
        })}
      </dl>
      <p className="site-details__hint">{t('bracketHint')}</p>
      <CheckedOn site={site} today={known?.today} />

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
              <dd>
                {site.phoneNumber ? (
                  <PhoneLink
                    phone={site.phoneNumber}
                    extension={site.phoneExtension}
                    extensionWord={facts.t('extension')}
                  />
                ) : (
                  none
                )}
              </dd>
              <dt>{t('email')}</dt>
              <dd>{site.email ? <a href={`mailto:${site.email}`}>{site.email}</a> : none}</dd>
              <dt>{t('website')}</dt>
              <dd>{site.website ? <a href={site.website}>{site.website}</a> : none}</dd>
            </dl>
          </section>

          <section aria-labelledby="site-hours">
            <h2 id="site-hours">{t('hours')}</h2>
            {!hasHours && <p>{t('noHours')}</p>}
            {hasHours && (
              <dl className="site-details__hours">
                {week.map((day) => (
                  <div
                    key={day.day}
                    className="site-details__day"
                    aria-current={day.day === today ? 'date' : undefined}
                  >
                    <dt>
                      {day.dayName}
                      {day.day === today && <span className="site-details__today-tag"> {t('today')}</span>}
                    </dt>
                    {day.intervals.length === 0 ? (
                      <dd className="site-details__closed">{t('closedDay')}</dd>
                    ) : (
                      day.intervals.map((interval) => <dd key={interval}>{interval}</dd>)
                    )}
                  </div>
                ))}
              </dl>
            )}
          </section>

          {upcoming.length > 0 && (
            <section aria-labelledby="site-closures">
              <h2 id="site-closures">{t('closures.heading')}</h2>
              <ul className="site-details__closures">
                {upcoming.map((closure) => (
                  <li key={closure.id ?? `${closure.startDate}-${closure.reason}`}>
                    <strong>
                      <Text value={closureReason(closure, language)} language={language} />
                    </strong>
                    {reasonColon(language)}
                    {closureDates(closure, language, t)}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
        <div>{map ?? <p>{t('noPosition')}</p>}</div>
        {/* Paper only: beside the week and closures, where the map's column is on screen (R498). */}
        <BeforeYouGoPrint site={site} />
      </div>
      <SitePrint siteId={site.id} />
    </article>
  );
}
