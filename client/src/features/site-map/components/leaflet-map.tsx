import 'leaflet/dist/leaflet.css';
import './leaflet-map.css';
import L from 'leaflet';
import { useMemo, useState } from 'react';
import { MapContainer, Marker, Popup, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { appData } from '../../../lib/app-data.ts';
import markerUrl from '../marker.svg';
import { spreadApart } from '../spread.ts';
import type { MapSite } from '../types.ts';
import { SitePopup } from './site-popup.tsx';

/** Our own marker: a whole 44 × 44 px target, dark blue with a white edge that shows on any tile. */
const MARKER_SIZE = 44;
const markerIcon = L.icon({
  iconUrl: markerUrl,
  iconSize: [MARKER_SIZE, MARKER_SIZE],
  iconAnchor: [MARKER_SIZE / 2, MARKER_SIZE - 1],
  popupAnchor: [0, -(MARKER_SIZE - 4)],
});

/** Above this many sites, nudging markers apart costs more than it helps (a big directory needs clustering). */
const SPREAD_MAX_SITES = 500;

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

/**
 * Popup size for this screen. It fits 320 px: the map is ~280 px wide; the popup adds ~27 px around its
 * content and keeps 56 px clear of the zoom buttons on the left and 12 px on the right. The map is
 * clamp(280px, 55vh, 480px) tall (site-map.css); a taller popup scrolls inside itself.
 */
function popupSize() {
  const width = Math.max(180, Math.min(300, window.innerWidth - 140));
  const mapHeight = Math.min(480, Math.max(280, window.innerHeight * 0.55));
  return { width, height: Math.max(160, Math.round(mapHeight - 110)) };
}

function prefersReducedMotion() {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

type PlacedSite = MapSite & { lat: number; lng: number };

/**
 * One marker per site, each keyboard-focusable and named by the site. Where markers would cover each
 * other at the current zoom they are nudged apart (spread.ts), so each stays a whole target.
 */
function SiteMarkers({ sites }: { sites: readonly PlacedSite[] }) {
  const map = useMap();
  const popup = useMemo(popupSize, []);
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  const positions = useMemo(() => {
    const exact = sites.map((site) => L.latLng(site.lat, site.lng));
    if (sites.length > SPREAD_MAX_SITES) return exact;
    const crs = map.options.crs ?? L.CRS.EPSG3857;
    const points = exact.map((latLng) => crs.latLngToPoint(latLng, zoom));
    return spreadApart(points, MARKER_SIZE).map((point) =>
      crs.pointToLatLng(L.point(point.x, point.y), zoom),
    );
  }, [sites, zoom, map]);
  return (
    <>
      {sites.map((site, index) => (
        <Marker
          key={site.id}
          position={positions[index]!}
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
            maxWidth={popup.width}
            maxHeight={popup.height}
            minWidth={Math.min(220, popup.width)}
            autoPanPaddingTopLeft={[56, 12]}
            autoPanPaddingBottomRight={[12, 12]}
          >
            <SitePopup site={site} />
          </Popup>
        </Marker>
      ))}
    </>
  );
}

export interface LeafletMapProps {
  sites: readonly PlacedSite[];
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
      <SiteMarkers sites={sites} />
    </MapContainer>
  );
}
