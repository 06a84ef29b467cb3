import { memo } from 'react';
import { Link } from 'react-router';
import { InlineList } from '#client/components/ui/inline-list.tsx';
import { localizedNames, SiteName, siteNameText, Text } from '#client/lib/localized.tsx';
import { StatusText } from '#client/lib/status-text.tsx';
import type { StatusWords } from '#client/lib/status-words.ts';
import { TodaysDishLine } from '#client/lib/todays-dish.tsx';
import type { Dish } from '#shared/menus.ts';
import { formatPhone, phoneHref } from '#shared/phone.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { hasPosition } from '#shared/site-display.ts';

/** The words of a row, translated once by the list rather than once per row. */
export interface SiteRowLabels {
  phone: string;
  /** The visible word of the call action ('Call'); the site's name follows for screen readers. */
  call: string;
  populations: string;
  edit: string;
  noPosition: string;
  /** The page's language, for the names of sites and populations. */
  language: string | undefined;
  /** The one-line summary of a site's deciding facts (docs/product.md R513), in the page's language. */
  summaryOf?: ((site: Site) => string | undefined) | undefined;
}

/**
 * One site: name (to its page; with its name in the reader's language when it has one), its status
 * now, address, distance from the place (when there is one), phone with a large "Call" action, and the
 * populations shown joined by ' | ' but heard as a list (docs/product.md R9, R138). Memoised: a site
 * that stays in the list across a filter change is not rendered again.
 */
export const SiteRow = memo(function SiteRow({
  site,
  isAdmin,
  labels,
  distance,
  statusOf,
  dishOf,
}: {
  site: Site;
  isAdmin: boolean;
  labels: SiteRowLabels;
  /** 'About 0.4 miles away', when the list is ordered by distance from the visitor. */
  distance?: string | undefined;
  /**
   * 'Open now · until 1:30 PM', on the agency's clock; undefined while not known. A function the row calls
   * while it renders, so that on a slow phone each row's words are worked out in that row's own slice of
   * the (time-sliced) render instead of all at once in the list's (docs/performance.md).
   */
  statusOf?: ((site: Site) => StatusWords | undefined) | undefined;
  /** Today's dish to show (docs/product.md R685): none when the site is closed or has no menu today. */
  dishOf?: ((site: Site) => Dish | undefined) | undefined;
}) {
  const status = statusOf?.(site);
  const dish = dishOf?.(site);
  const summary = labels.summaryOf?.(site);
  return (
    <li className="site-row">
      <h3 className="site-row__name">
        <Link to={`/sites/${site.id}`}>
          <SiteName site={site} language={labels.language} />
        </Link>
      </h3>
      {/* Known only in the browser, after hydration: its line is kept so nothing moves when it comes. */}
      <p className="site-row__status">{status && <StatusText words={status} language={labels.language} />}</p>
      {/* Static facts, in the server's HTML: small, under the status. */}
      {summary && <p className="site-row__facts">{summary}</p>}
      {dish && <TodaysDishLine dish={dish} className="site-row__dish" language={labels.language} />}
      <p className="site-row__address">{site.address}</p>
      {distance && <p className="site-row__distance">{distance}</p>}
      {site.phoneNumber && <Phone site={site} labels={labels} />}
      {site.Populations.length > 0 && (
        <div className="site-row__populations">
          <span className="site-row__label">{labels.populations}</span>{' '}
          {/* Shown as 'Seniors | Adults with disabilities', heard as a list of two (the bars are not read). */}
          <InlineList
            items={localizedNames(site.Populations, labels.language).map((name, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for this render; names may repeat.
              <Text key={index} value={name} language={labels.language} />
            ))}
          />
        </div>
      )}
      {isAdmin && (
        <p className="site-row__admin">
          <Link to={`/sites/${site.id}/edit`} className="site-row__edit">
            {labels.edit}
            <span className="visually-hidden"> {site.name}</span>
          </Link>
          {!hasPosition(site) && <span className="site-row__badge">{labels.noPosition}</span>}
        </p>
      )}
    </li>
  );
});

/**
 * The phone number, and "Call" as a large tel: action (at least 44 px; its name 'Call Bayview Senior
 * Café' says which site). A number that is not 10 digits is shown as stored, without the action.
 */
function Phone({ site, labels }: { site: Site; labels: SiteRowLabels }) {
  const href = phoneHref(site.phoneNumber);
  return (
    <p className="site-row__phone">
      <span>
        <span className="site-row__label">{labels.phone}</span> {formatPhone(site.phoneNumber)}
      </span>
      {href && (
        <a className="button site-row__call" href={href}>
          {labels.call}
          <span className="visually-hidden"> {siteNameText(site, labels.language)}</span>
        </a>
      )}
    </p>
  );
}
