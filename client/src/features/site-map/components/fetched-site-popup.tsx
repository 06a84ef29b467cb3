/** The popup of a site the server drew on the map: its details read when it opens (docs/product.md R735). */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SiteName } from '#client/lib/localized.tsx';
import { useMapSite } from '../api/map-marks.ts';
import type { MarkedSite } from '../types.ts';
import { SitePopup } from './site-popup.tsx';

/**
 * A marker drawn from the server knows the site's name, address and spot only: when its popup (or the
 * panel below the map) opens, the site is read (GET /api/sites/{id}) and, meanwhile, its name and a
 * short loading line are shown; then the same content as any popup — status, address, call,
 * directions, populations. Focus that was on the loading line moves to the first link once it arrives.
 */
export function FetchedSitePopup({ site, onEscape }: { site: MarkedSite; onEscape: () => void }) {
  const { t, i18n } = useTranslation('sites');
  const query = useMapSite(site.id);
  const box = useRef<HTMLDivElement>(null);
  const loaded = query.data !== undefined;
  useEffect(() => {
    if (!loaded) return;
    const active = document.activeElement;
    if (active && active !== document.body && !box.current?.contains(active)) return;
    box.current?.querySelector<HTMLElement>('.site-popup a[href]')?.focus({ preventScroll: true });
  }, [loaded]);
  if (query.data) {
    return (
      <div ref={box}>
        <SitePopup site={query.data} onEscape={onEscape} />
      </div>
    );
  }
  return (
    // Escape closes the popup from inside it too, as in SitePopup.
    // biome-ignore lint/a11y/noStaticElementInteractions: the link inside is the control; this only adds Escape.
    <div
      ref={box}
      className="site-popup"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onEscape();
      }}
    >
      <h3 className="site-popup__name">
        <Link to={`/sites/${site.id}`}>
          <SiteName site={site} language={i18n.resolvedLanguage} />
        </Link>
      </h3>
      <p className="site-popup__loading" role={query.isError ? 'alert' : 'status'}>
        {query.isError ? t('map.siteFailed') : t('map.loadingSite')}
      </p>
      <p>{site.address}</p>
    </div>
  );
}
