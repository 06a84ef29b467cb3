import { memo } from 'react';
import { Link } from 'react-router';
import { PhoneLink } from '#client/components/ui/phone-link.tsx';
import type { StatusWords } from '#client/lib/agency-clock.ts';
import { JoinedNames, localizedNames, SiteName } from '#client/lib/localized.tsx';
import { StatusText } from '#client/lib/status-text.tsx';
import type { Site } from '#shared/schemas/sites.ts';
import { hasPosition } from '#shared/site-display.ts';

/** The words of a row, translated once by the list rather than once per row. */
export interface SiteRowLabels {
  phone: string;
  populations: string;
  edit: string;
  noPosition: string;
  /** The page's language, for the names of sites and populations. */
  language: string | undefined;
}

/**
 * One site: name (to its page; with its name in the reader's language when it has one), its status now, address, phone, populations joined by ' | ' (docs/product.md R9). Memoised: a
 * site that stays in the list across a filter change is not rendered again.
 */
export const SiteRow = memo(function SiteRow({
  site,
  isAdmin,
  labels,
  distance,
  status,
}: {
  site: Site;
  isAdmin: boolean;
  labels: SiteRowLabels;
  /** 'About 0.4 miles away', when the list is ordered by distance from the visitor. */
  distance?: string | undefined;
  /** 'Open now · until 1:30 PM', on the agency's clock; undefined until the browser knows it. */
  status?: StatusWords | undefined;
}) {
  return (
    <li className="site-row">
      <h3 className="site-row__name">
        <Link to={`/sites/${site.id}`}>
          <SiteName site={site} language={labels.language} />
        </Link>
      </h3>
      {/* Known only in the browser, after hydration: its line is kept so nothing moves when it comes. */}
      <p className="site-row__status">{status && <StatusText words={status} language={labels.language} />}</p>
      <p className="site-row__address">{site.address}</p>
      {distance && <p className="site-row__distance">{distance}</p>}
      {site.phoneNumber && (
        <p>
          <span className="site-row__label">{labels.phone}</span> <PhoneLink phone={site.phoneNumber} />
        </p>
      )}
      {site.Populations.length > 0 && (
        <p>
          <span className="site-row__label">{labels.populations}</span>{' '}
          <JoinedNames names={localizedNames(site.Populations, labels.language)} language={labels.language} />
        </p>
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
