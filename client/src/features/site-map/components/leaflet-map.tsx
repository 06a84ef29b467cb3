import 'leaflet/dist/leaflet.css';
import './leaflet-map.css';
import L from 'leaflet';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, Marker, Popup, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { CONTRIBUTORS_LINK } from '#client/components/map/attribution.tsx';
import { MapBar } from '#client/components/map/map-bar.tsx';
import { prefersReducedMotion } from '#client/components/map/motion.ts';
import { appData } from '#client/lib/app-data.ts';
import { siteNameText } from '#client/lib/localized.tsx';
import markerUrl from '../marker.svg';
import { spreadApart } from '../spread.ts';
import type { MapSite } from '../types.ts';
import { SiteDotsLayer } from './site-dots-layer.ts';
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

/** Room kept between an open popup and the map's edges when Leaflet pans to show it. */
const POPUP_PADDING: [number, number] = [12, 12];

/**
 * Popup size for this map. No control sits on the map (they are in the bar above it), so the popup may
 * use the whole width but 12 px each side; it adds ~27 px around its content. Its height leaves room for
 * the marker and the tip below it (~90 px); a taller popup scrolls inside itself. At 320 px wide the map
 * is ~280 px wide.
 */
function popupSize(map: L.Map) {
  const { x, y } = map.getSize();
  const width = Math.max(180, Math.min(300, x - 2 * POPUP_PADDING[0] - 30));
  return { width, height: Math.max(140, Math.round(y - 100)) };
}

type PlacedSite = MapSite & { lat: number; lng: number };

/**
 * Up to 500 sites: one marker per site, each keyboard-focusable and named by the site. Where markers would cover each
 * other at the current zoom they are nudged apart (spread.ts), so each stays a whole target.
 */
function SiteMarkers({ sites }: { sites: readonly PlacedSite[] }) {
  const map = useMap();
  const language = useTranslation().i18n.resolvedLanguage;
  const popup = useMemo(() => popupSize(map), [map]);
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
          title={siteNameText(site, language)}
          alt={siteNameText(site, language)}
          eventHandlers={{
            popupopen: (event) => focusPopup(event.popup.getElement()),
            popupclose: (event) => returnFocus(event.target as L.Marker, event.popup),
          }}
        >
          <Popup
            maxWidth={popup.width}
            maxHeight={popup.height}
            minWidth={Math.min(220, popup.width)}
            autoPanPadding={POPUP_PADDING}
          >
            <SitePopup site={site} />
          </Popup>
        </Marker>
      ))}
    </>
  );
}

/**
 * Many sites: one dot per site drawn on a single canvas (SiteDotsLayer: no element, no React component,
 * no Leaflet layer per site), redrawn from the array on every filter change. A click within 22 px of a
 * dot opens that site's popup — a 44 px target like the markers'. Dots are not tab stops (thousands
 * would trap keyboard users); the 'Skip the map' link leads to the list, which has every site.
 */
function CanvasSiteMarkers({ sites }: { sites: readonly PlacedSite[] }) {
  const map = useMap();
  const popup = useMemo(() => popupSize(map), [map]);
  const [open, setOpen] = useState<PlacedSite | null>(null);
  const layer = useMemo(() => new SiteDotsLayer<PlacedSite>(setOpen), []);
  useEffect(() => {
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [layer, map]);
  useEffect(() => {
    layer.setSites(sites);
    setOpen((current) => (current && sites.includes(current) ? current : null));
  }, [layer, sites]);
  if (!open) return null;
  return (
    <Popup
      key={open.id}
      position={[open.lat, open.lng]}
      maxWidth={popup.width}
      maxHeight={popup.height}
      minWidth={Math.min(220, popup.width)}
      autoPanPadding={POPUP_PADDING}
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
 *
 * The region holds a bar (zoom buttons, tile attribution) above the map itself: no control lies on the
 * map, so none can cover a marker. The region takes the box site-map.tsx reserved while loading
 * (.site-map__frame), so nothing moves when the map arrives.
 */
export function LeafletMap({ sites, center, zoom, label }: LeafletMapProps) {
  const { mapTileUrl, mapAttribution, mapApiKey } = appData().config;
  const still = useMemo(prefersReducedMotion, []);
  const { t } = useTranslation('sites');
  const [map, setMap] = useState<L.Map | null>(null);
  const mapRef = useCallback(
    (instance: L.Map | null) => {
      if (!instance) return;
      // The map itself is a tab stop (arrow keys pan it, + and - zoom): name it for screen readers.
      instance.getContainer().setAttribute('role', 'group');
      instance.getContainer().setAttribute('aria-label', label);
      setMap(instance);
    },
    [label],
  );
  return (
    <section className="site-map__frame leaflet-map" aria-label={label}>
      <MapBar
        map={map}
        attribution={mapAttribution}
        labels={{
          zoomIn: t('map.zoomIn'),
          zoomOut: t('map.zoomOut'),
          contributors: t('map.contributors', { link: CONTRIBUTORS_LINK }),
        }}
      />
      <MapContainer
        className="leaflet-map__view"
        center={[center.lat, center.lng]}
        zoom={zoom}
        zoomControl={false}
        attributionControl={false}
        scrollWheelZoom={false}
        zoomAnimation={!still}
        fadeAnimation={!still}
        markerZoomAnimation={!still}
        ref={mapRef}
      >
        <TileLayer url={mapTileUrl} {...(mapApiKey ? { apiKey: mapApiKey } : {})} />
        {sites.length > DOM_MARKERS_MAX_SITES ? (
          <CanvasSiteMarkers sites={sites} />
        ) : (
          <SiteMarkers sites={sites} />
        )}
      </MapContainer>
    </section>
  );
}
