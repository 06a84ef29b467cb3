import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSiteStatus } from '#client/lib/agency-clock.ts';
import { useFactsSummary } from '#client/lib/fact-lines.tsx';
import { JoinedNames, localizedNames, SiteName } from '#client/lib/localized.tsx';
import { StatusText } from '#client/lib/status-text.tsx';
import { describeStatus, reasonIn } from '#client/lib/status-words.ts';
import { dishesIn, TodaysDishLine, useTodaysMenus } from '#client/lib/todays-dish.tsx';
import { directionsUrl } from '#shared/directions.ts';
import { DIET_KEY } from '#shared/filters.ts';
import { isDietMark, shownDish } from '#shared/menus.ts';
import { formatPhone, phoneHref } from '#shared/phone.ts';
import type { MapSite } from '../types.ts';

/**
 * A marker's info window, rendered by React (never an HTML string, so a name with markup shows as
 * text): name, its status now, today's dish (R685; with the page's diet filter, the dish carrying
 * it), address, then its actions — SEE LOCATION DETAILS, Call, Get Directions (new
 * tab) — and the populations served (docs/product.md R26, R151).
 */
export function SitePopup({ site, onEscape }: { site: MapSite; onEscape: () => void }) {
  const { t, i18n } = useTranslation('sites');
  const common = useTranslation('common');
  const language = i18n.resolvedLanguage;
  const closeLabel = t('map.closePopup');
  const box = useRef<HTMLDivElement>(null);
  // Leaflet names its close button in English ('Close popup'): it is named in the page's language.
  useEffect(() => {
    const button = box.current?.closest('.leaflet-popup')?.querySelector('.leaflet-popup-close-button');
    button?.setAttribute('aria-label', closeLabel);
    button?.setAttribute('title', closeLabel);
  }, [closeLabel]);
  // Only an open popup computes its site's status (on the agency's clock, renewed each minute).
  const known = useSiteStatus(site);
  const summary = useFactsSummary()(site);
  const diet = useSearchParams()[0].get(DIET_KEY);
  const dish = shownDish(dishesIn(useTodaysMenus())(site.id), isDietMark(diet) ? diet : undefined);
  const directions = directionsUrl(site);
  const phone = phoneHref(site.phoneNumber);
  return (
    // Escape closes the popup from inside it too (Leaflet listens only while the map itself has focus).
    // biome-ignore lint/a11y/noStaticElementInteractions: the links inside are the controls; this only adds Escape.
    <div
      ref={box}
      className="site-popup"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onEscape();
      }}
    >
      <h3 className="site-popup__name">
        <Link to={`/sites/${site.id}`}>
          <SiteName site={site} language={language} />
        </Link>
      </h3>
      {known && (
        <p className="site-popup__status">
          <StatusText
            words={describeStatus(known.status, known.today, common.t, language, {
              reason: (reason) => reasonIn(reason, language, known.closures, site.CovidStatuses),
            })}
            language={language}
          />
        </p>
      )}
      {summary && <p className="site-popup__facts">{summary}</p>}
      {dish && <TodaysDishLine dish={dish} className="site-popup__dish" language={language} />}
      <p>{site.address}</p>
      {/* The main actions in one wrapping row of 44 px targets: no scrolling inside the popup to reach them. */}
      <ul className="site-popup__actions">
        <li>
          <Link className="button site-popup__details" to={`/sites/${site.id}`}>
            {t('map.seeDetails')}
          </Link>
        </li>
        {phone && (
          <li>
            <a className="site-popup__action" href={phone}>
              {t('map.call', { phone: formatPhone(site.phoneNumber) })}
            </a>
          </li>
        )}
        {directions && (
          <li>
            <a className="site-popup__action" href={directions} target="_blank" rel="noopener noreferrer">
              {t('map.getDirections')}
              <span className="visually-hidden"> {t('map.newTab')}</span>
            </a>
          </li>
        )}
      </ul>
      {site.phoneNumber && !phone && (
        <p>
          {t('map.phone')} {site.phoneNumber}
        </p>
      )}
      {site.Populations.length > 0 && (
        <p>
          {t('map.populations')}{' '}
          <JoinedNames names={localizedNames(site.Populations, language)} language={language} />
        </p>
      )}
    </div>
  );
}
