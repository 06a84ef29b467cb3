import { Fragment, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SitePrint } from '#client/components/print/site-print.tsx';
import { InlineList } from '#client/components/ui/inline-list.tsx';
import { PhoneLink } from '#client/components/ui/phone-link.tsx';
import {
  describeStatus,
  formatLongDate,
  type KnownStatus,
  reasonIn,
  weekdayWord,
} from '#client/lib/agency-clock.ts';
import {
  ListedNames,
  type LocalizedText,
  localizedNames,
  pageLanguage,
  SiteName,
  Text,
} from '#client/lib/localized.tsx';
import { StatusText } from '#client/lib/status-text.tsx';
import { addDays, weekdayOf } from '#shared/agency-time.ts';
import { directionsUrl } from '#shared/directions.ts';
import { formatInterval, listLocale, weekdayName } from '#shared/format-hours.ts';
import { groupHoursByDay } from '#shared/hours.ts';
import { closuresForSite, type StatusClosure } from '#shared/opening-status.ts';
import { formatPhone, phoneHref } from '#shared/phone.ts';
import { REFERENCE_LISTS } from '#shared/reference-lists.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { SITE_PAGE_ROWS } from '#shared/site-display.ts';
import { localized, type Translations } from '#shared/translations.ts';
import { CheckedOn } from './checked-on.tsx';
import './site-details.css';

/** Monday first, Sunday last (docs/product.md R17). */
const WEEK = [1, 2, 3, 4, 5, 6, 0];

interface DayRow {
  day: number;
  dayName: string;
  /** Empty: closed that day. */
  intervals: string[];
}

/** All seven days, Monday first; an interval kept to some weeks of the month says which. */
function useWeek(site: Site, language: string | undefined): DayRow[] {
  const { t } = useTranslation('site');
  return useMemo(() => {
    const byDay = new Map(groupHoursByDay(site.Hours).map((group) => [group.day, group.intervals]));
    const list = new Intl.ListFormat(listLocale(language), { type: 'conjunction' });
    return WEEK.map((day) => ({
      day,
      dayName: weekdayName(day, language),
      intervals: (byDay.get(day) ?? []).map((interval) => {
        const text = formatInterval(interval, language);
        if (!interval.weeks?.length) return text;
        const weeks = [...interval.weeks]
          .sort((a, b) => (a === -1 ? 5 : a) - (b === -1 ? 5 : b))
          .map((week) => t(`weeks.${week === -1 ? 'last' : week}`));
        return t('weeksNote', { hours: text, weeks: list.format(weeks), day: weekdayWord(day, language) });
      }),
    }));
  }, [site.Hours, language, t]);
}

const PHONE_MARK = '\u0001';

/** 'Call (415) 555-0123', the number kept on one line ('(415) 555-' never ends a line). */
function CallText({ text, phone }: { text: string; phone: string }) {
  const [before, after] = text.split(PHONE_MARK);
  return (
    <>
      {before}
      <span className="site-details__nowrap">{phone}</span>
      {after}
    </>
  );
}

/** Names as a list read as one (InlineList): 'Seniors | Adults', the bars silent (docs/product.md R119). */
function NameList({ names, language }: { names: readonly LocalizedText[]; language: string | undefined }) {
  return (
    <InlineList
      items={names.map((name, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for this render; names may repeat.
        <Text key={index} value={name} language={language} />
      ))}
    />
  );
}

/**
 * A list with a second list in brackets: populations with their covid statuses, meal types with their
 * services — 'Seniors | Adults (Takeout only and Indoor dining)', the bracketed names written as the
 * language writes a list ('（外賣及堂食）' in Chinese, with its full-width brackets).
 */
function NamesWithBracketed({
  main,
  bracketed,
  language,
}: {
  main: readonly LocalizedText[];
  bracketed: readonly LocalizedText[];
  language: string | undefined;
}) {
  if (bracketed.length === 0) return <NameList names={main} language={language} />;
  const [open, close] = pageLanguage(language) === 'zh' ? ['（', '）'] : ['(', ')'];
  return (
    <>
      {main.length > 0 && <NameList names={main} language={language} />}
      {main.length > 0 && open === '(' ? ' ' : ''}
      {open}
      <ListedNames names={bracketed} language={language} />
      {close}
    </>
  );
}

/** A closure's reason in the page's language (the English one, marked, when staff gave none). */
function closureReason(closure: StatusClosure, language: string | undefined): LocalizedText {
  return localized(
    closure as StatusClosure & { translations?: Translations<'reason'> },
    'reason',
    pageLanguage(language),
  );
}

/** How far ahead the agency's usual holidays are listed on a site page (staff closures: all of them). */
const HOLIDAYS_AHEAD_DAYS = 60;

/**
 * The closures of this site from today on (dated ones and those until further notice), by start date;
 * of the agency's usual holidays (closures made by rule, docs/product.md R440), only the next
 * HOLIDAYS_AHEAD_DAYS days, so a page and its printout are not a year's calendar.
 */
function upcomingClosures(siteId: number, closures: readonly StatusClosure[], today: string) {
  const holidaysUntil = addDays(today, HOLIDAYS_AHEAD_DAYS);
  return closuresForSite(siteId, closures)
    .filter((closure) => closure.endDate === null || closure.endDate >= today)
    .filter((closure) => !('holiday' in closure && closure.holiday) || closure.startDate <= holidaysUntil)
    .sort((a, b) => a.startDate.localeCompare(b.startDate));
}

/**
 * One site's page (docs/product.md R15): name, its status now (on the agency's clock, known only in
 * the browser) and a large Call button (R119), populations (covid statuses in brackets), meal types (services in brackets), the map,
 * address with directions, contact links, the whole week's hours Monday first (today marked) and the
 * site's upcoming closures, in the visitor's language.
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
  const language = i18n.resolvedLanguage;
  const directions = directionsUrl(site);
  const week = useWeek(site, language);
  const hasHours = site.Hours.length > 0;
  const none = <span className="site-details__none">{t('none')}</span>;
  const today = known ? weekdayOf(known.today) : null;
  const upcoming = known && closures ? upcomingClosures(site.id, closures, known.today) : [];
  const closureDates = (closure: StatusClosure) => {
    const from = formatLongDate(closure.startDate, language);
    if (closure.endDate === null) return t('closures.untilFurtherNotice', { from });
    if (closure.endDate === closure.startDate) return from;
    return t('closures.range', { from, to: formatLongDate(closure.endDate, language) });
  };
  return (
    <article className="site-details" aria-labelledby="site-name">
      <h1 id="site-name">
        <SiteName site={site} language={language} />
      </h1>
      {/* The first thing to do on a phone: call. Right under the name, so a long status (a holiday's
          name, a closure's reason) never pushes it below the fold at 200 % text; the way back to the
          list comes after both (docs/product.md R119). */}
      {phoneHref(site.phoneNumber) && (
        <p className="site-details__call">
          <a className="button site-details__call-button" href={phoneHref(site.phoneNumber)}>
            <CallText text={t('call', { phone: PHONE_MARK })} phone={formatPhone(site.phoneNumber)} />
          </a>
        </p>
      )}
      {/* Known only in the browser, on the agency's clock; its line is reserved so nothing moves. */}
      <p className="site-details__status" role="status">
        {known ? (
          <StatusText
            words={describeStatus(known.status, known.today, common.t, language, {
              withReason: true,
              reason: (reason) => reasonIn(reason, language, known.closures, site.CovidStatuses),
            })}
            language={language}
          />
        ) : (
          ''
        )}
      </p>
      <p className="site-details__back">
        <Link to="/sites">{t('backToList')}</Link>
      </p>
      {notice}
      {isAdmin && (
        <p>
          <Link to={`/sites/${site.id}/edit`}>{t('edit')}</Link>
        </p>
      )}

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
              <dd>{site.phoneNumber ? <PhoneLink phone={site.phoneNumber} /> : none}</dd>
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
                    {pageLanguage(language) === 'zh' ? '：' : ': '}
                    {closureDates(closure)}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
        <div>{map ?? <p>{t('noPosition')}</p>}</div>
      </div>
      <SitePrint siteId={site.id} />
    </article>
  );
}
