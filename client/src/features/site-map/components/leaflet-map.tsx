import 'leaflet/dist/leaflet.css';
import './leaflet-map.css';
import L from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
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

/**
 * Above this many sites, one React marker (an <img>) per site makes every filter change and zoom take
 * seconds: the map draws the sites as dots on one canvas instead (see CanvasSiteMarkers).
 */
const DOM_MARKERS_MAX_SITES = 500;

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
 * Up to 500 sites: one marker per site, each keyboard-focusable and named by the site. Where markers would cover each
 * other at the current zoom they are nudged apart (spread.ts), so each stays a whole target.
 */
function SiteMarkers({ sites }: { sites: readonly PlacedSite[] }) {
  const map = useMap();
  const popup = useMemo(popupSize, []);
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  const positions = useMemo(() => {
    const exact = sites.map((site) => L.latLng(site.lat, site.lng));
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

/**
 * Many sites: one dot per site drawn on a single canvas (no element, no React component per site). A
 * click within 22 px of a dot opens that site's popup — a 44 px target like the markers'. Dots are not
 * tab stops (thousands would trap keyboard users); the 'Skip the map' link leads to the list, which has
 * every site.
 */
function CanvasSiteMarkers({ sites }: { sites: readonly PlacedSite[] }) {
  const map = useMap();
  const popup = useMemo(popupSize, []);
  const renderer = useMemo(() => L.canvas({ padding: 0.5, tolerance: 14 }), []);
  const [open, setOpen] = useState<PlacedSite | null>(null);
  // One dot per site object, kept across filter changes so a change only adds and removes dots.
  const dots = useMemo(() => new WeakMap<PlacedSite, L.CircleMarker>(), []);
  useEffect(() => {
    const group = L.layerGroup();
    for (const site of sites) {
      let dot = dots.get(site);
      if (!dot) {
        dot = L.circleMarker([site.lat, site.lng], {
          renderer,
          radius: 8,
          color: '#ffffff',
          weight: 2,
          fillColor: '#0b5394',
          fillOpacity: 1,
        }).on('click', () => setOpen(site));
        dots.set(site, dot);
      }
      group.addLayer(dot);
    }
    group.addTo(map);
    setOpen((current) => (current && sites.includes(current) ? current : null));
    return () => {
      group.remove();
    };
  }, [sites, map, renderer, dots]);
  if (!open) return null;
  return (
    <Popup
      key={open.id}
      position={[open.lat, open.lng]}
      maxWidth={popup.width}
      maxHeight={popup.height}
      minWidth={Math.min(220, popup.width)}
      autoPanPaddingTopLeft={[56, 12]}
      autoPanPaddingBottomRight={[12, 12]}
      eventHandlers={{
        add: (event) => focusPopup((event.target as L.Popup).getElement()),
        remove: () => setOpen(null),
      }}
    >
      <SitePopup site={open} />
    </Popup>
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
      {sites.length > DOM_MARKERS_MAX_SITES ? (
        <CanvasSiteMarkers sites={sites} />
      ) : (
        <SiteMarkers sites={sites} />
      )}
    </MapContainer>
  );
}
