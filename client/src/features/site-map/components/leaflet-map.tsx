import 'leaflet/dist/leaflet.css';
import './leaflet-map.css';
import L from 'leaflet';
import { useMemo } from 'react';
import { MapContainer, Marker, Popup, TileLayer } from 'react-leaflet';
import { appData } from '../../../lib/app-data.ts';
import markerUrl from '../marker.svg';
import type { MapSite } from '../types.ts';
import { SitePopup } from './site-popup.tsx';

/** Our own marker: large (44 × 56 px target), dark blue with a white edge that shows on any tile. */
const markerIcon = L.icon({
  iconUrl: markerUrl,
  iconSize: [44, 56],
  iconAnchor: [22, 54],
  popupAnchor: [0, -50],
});

/** Moves focus into an opened popup once React has rendered its content, so keyboard users land in it. */
function focusPopup(container: HTMLElement | undefined, frames = 10) {
  const link = container?.querySelector<HTMLElement>('.site-popup a[href]');
  if (link) link.focus({ preventScroll: true });
  else if (frames > 0) requestAnimationFrame(() => focusPopup(container, frames - 1));
}

/** When a popup closes with focus inside it (Escape, close button), focus goes back to its marker. */
function returnFocus(marker: L.Marker, popup: L.Popup) {
  const active = document.activeElement;
  if (!active || active === document.body || popup.getElement()?.contains(active)) {
    marker.getElement()?.focus({ preventScroll: true });
  }
}

function prefersReducedMotion() {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

export interface LeafletMapProps {
  sites: readonly (MapSite & { lat: number; lng: number })[];
  center: { lat: number; lng: number };
  zoom: number;
  label: string;
}

/**
 * Raster tiles from the runtime settings (never baked in), one keyboard-focusable marker per site named
 * by the site, popups rendered by React. Without tiles (offline) markers and popups still work.
 */
export function LeafletMap({ sites, center, zoom, label }: LeafletMapProps) {
  const { mapTileUrl, mapAttribution, mapApiKey } = appData().config;
  const still = useMemo(prefersReducedMotion, []);
  // Fits a 320 px screen: the map is ~280 px wide; the popup adds ~27 px around its content and keeps
  // 56 px clear of the zoom buttons on the left and 12 px on the right.
  const popupWidth = Math.max(180, Math.min(300, window.innerWidth - 140));
  // The map is clamp(280px, 55vh, 480px) tall (site-map.css); a taller popup scrolls inside itself.
  const mapHeight = Math.min(480, Math.max(280, window.innerHeight * 0.55));
  const popupHeight = Math.max(160, Math.round(mapHeight - 110));
  return (
    <MapContainer
      className="site-map__frame"
      center={[center.lat, center.lng]}
      zoom={zoom}
      scrollWheelZoom={false}
      zoomAnimation={!still}
      fadeAnimation={!still}
      markerZoomAnimation={!still}
      ref={(map) => {
        map?.getContainer().setAttribute('aria-label', label);
        map?.getContainer().setAttribute('role', 'region');
      }}
    >
      <TileLayer
        url={mapTileUrl}
        attribution={mapAttribution}
        {...(mapApiKey ? { apiKey: mapApiKey } : {})}
      />
      {sites.map((site) => (
        <Marker
          key={site.id}
          position={[site.lat, site.lng]}
          icon={markerIcon}
          keyboard
          title={site.name}
          alt={site.name}
          eventHandlers={{
            popupopen: (event) => focusPopup(event.popup.getElement()),
            popupclose: (event) => returnFocus(event.target as L.Marker, event.popup),
          }}
        >
          <Popup
            maxWidth={popupWidth}
            maxHeight={popupHeight}
            minWidth={Math.min(220, popupWidth)}
            autoPanPaddingTopLeft={[56, 12]}
            autoPanPaddingBottomRight={[12, 12]}
          >
            <SitePopup site={site} />
          </Popup>
        </Marker>
      ))}
    </MapContainer>
  );
}
