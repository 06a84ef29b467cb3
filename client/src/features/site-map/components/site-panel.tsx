/** The site panel below a map too small for popups. */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isMarkedSite, type ShownSite } from '../types.ts';
import { FetchedSitePopup } from './fetched-site-popup.tsx';
import { SitePopup } from './site-popup.tsx';

/**
 * A site shown below the map when the map is too small for a popup (large text on a phone): the same
 * content, in the page's flow, with a close button. Focus moves into it when it opens (one per site:
 * keyed by the site) and back to the marker when it closes. A site the server drew is read first (R735).
 */
export function SitePanel({ site, onClose }: { site: ShownSite; onClose: () => void }) {
  const { t } = useTranslation('sites');
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector<HTMLElement>('.site-popup a[href]')?.focus();
  }, []);
  return (
    <div ref={box} className="site-map__panel">
      <button type="button" className="button button--secondary site-map__panel-close" onClick={onClose}>
        {t('map.closePopup')}
      </button>
      {isMarkedSite(site) ? (
        <FetchedSitePopup site={site} onEscape={onClose} />
      ) : (
        <SitePopup site={site} onEscape={onClose} />
      )}
    </div>
  );
}
