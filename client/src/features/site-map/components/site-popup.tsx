import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMap } from 'react-leaflet';
import { Link } from 'react-router';
import { PhoneLink } from '#client/components/ui/phone-link.tsx';
import { describeStatus, reasonIn, useSiteStatus } from '#client/lib/agency-clock.ts';
import { JoinedNames, localizedNames, SiteName } from '#client/lib/localized.tsx';
import { StatusText } from '#client/lib/status-text.tsx';
import { directionsUrl } from '#shared/directions.ts';
import type { MapSite } from '../types.ts';

/**
 * A marker's info window, rendered by React (never an HTML string, so a name with markup shows as
 * text): name, its status now, address, Get Directions (new tab), phone, populations and SEE LOCATION DETAILS.
 */
export function SitePopup({ site }: { site: MapSite }) {
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
  const map = useMap();
  const directions = directionsUrl(site);
  return (
    // Escape closes the popup from inside it too (Leaflet listens only while the map itself has focus).
    // biome-ignore lint/a11y/noStaticElementInteractions: the links inside are the controls; this only adds Escape.
    <div
      ref={box}
      className="site-popup"
      onKeyDown={(event) => {
        if (event.key === 'Escape') map.closePopup();
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
      <p>{site.address}</p>
      {directions && (
        <p>
          <a href={directions} target="_blank" rel="noopener noreferrer">
            {t('map.getDirections')}
            <span className="visually-hidden"> {t('map.newTab')}</span>
          </a>
        </p>
      )}
      {site.phoneNumber && (
        <p>
          {t('map.phone')} <PhoneLink phone={site.phoneNumber} />
        </p>
      )}
      {site.Populations.length > 0 && (
        <p>
          {t('map.populations')}{' '}
          <JoinedNames names={localizedNames(site.Populations, language)} language={language} />
        </p>
      )}
      <p>
        <Link className="button site-popup__details" to={`/sites/${site.id}`}>
          {t('map.seeDetails')}
        </Link>
      </p>
    </div>
  );
}
