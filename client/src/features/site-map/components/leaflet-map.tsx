import 'leaflet/dist/leaflet.css';
import './leaflet-map.css';
import L from 'leaflet';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, Marker, Popup, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { CONTRIBUTORS_LINK } from '#client/components/map/attribution.tsx';
import { MapBar } from '#client/components/map/map-bar.tsx';
import { prefersReducedMotion } from '#client/components/map/motion.ts';
import { appData } from '#client/lib/app-data.ts';
import { siteNameText } from '#client/lib/localized.tsx';
import { popupFits, resultKey } from '../fit.ts';
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
 * Popup width for this map. No control sits on the map (they are in the bar above it), so the popup may
 * use the whole width but 12 px each side; it adds ~27 px around its content. It has no maximum height:
 * it is as tall as its content, never a box that scrolls inside itself (docs/product.md R151); a map too
 * small for it shows the site in a panel below instead (popupFits).
 */
function popupWidth(map: L.Map) {
  const { x } = map.getSize();
  return Math.max(180, Math.min(300, x - 2 * POPUP_PADDING[0] - 30));
}

function mapPopupFits(map: L.Map): boolean {
  return popupFits(map.getSize(), Number.parseFloat(getComputedStyle(map.getContainer()).fontSize));
}

/** Room kept around the results when the map fits them: a marker's height above, a little on the other sides. */
const FIT_PADDING_TOP_LEFT: [number, number] = [24, MARKER_SIZE + 8];
const FIT_PADDING_BOTTOM_RIGHT: [number, number] = [24, 16];
/** Never closer than this when fitting (one site, or sites in one block): streets stay in view. */
export const FIT_MAX_ZOOM = 15;

/**
 * Fits the map to the results (docs/product.md R150): when the set of results changes (a filter, a
 * search), never on a mere re-render, so a visitor's own panning and zooming stay until the next
 * change. No results: the map stays where it is.
 */
function FitToSites({ sites }: { sites: readonly PlacedSite[] }) {
  const map = useMap();
  const key = resultKey(sites);
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    if (fitted.current === key) return;
    fitted.current = key;
    if (sites.length === 0) return;
    const bounds = L.latLngBounds(sites.map((site) => [site.lat, site.lng] as [number, number]));
    map.fitBounds(bounds, {
      paddingTopLeft: FIT_PADDING_TOP_LEFT,
      paddingBottomRight: FIT_PADDING_BOTTOM_RIGHT,
      maxZoom: FIT_MAX_ZOOM,
      animate: false,
    });
  }, [key, sites, map]);
  return null;
}

/** The markers of the map, in the list's order (the order arrow keys move in). */
function markerElements(map: L.Map): HTMLElement[] {
  return [...map.getContainer().querySelectorAll<HTMLElement>('.leaflet-marker-icon')];
}

/**
 * The map is ONE tab stop (docs/product.md R152): the markers are taken out of the tab order and
 * reached from the map. On the map, Enter moves to the first marker; on a marker, the arrow keys move to
 * the next or previous one (the map pans to show it), Home and End to the first and last, Enter opens
 * it, Escape goes back to the map; Tab leaves the map. Arrow keys on the map itself still pan it.
 */
function MarkerKeys() {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    const focusMarker = (marker: HTMLElement | undefined) => {
      if (!marker) return;
      marker.focus({ preventScroll: true });
      const latLng = map.layerPointToLatLng(L.DomUtil.getPosition(marker));
      if (!map.getBounds().contains(latLng)) map.panTo(latLng, { animate: false });
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (target === container) {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        focusMarker(markerElements(map)[0]);
        return;
      }
      if (!target.classList.contains('leaflet-marker-icon')) return;
      const markers = markerElements(map);
      const at = markers.indexOf(target);
      const next: Record<string, number> = {
        ArrowRight: at + 1,
        ArrowDown: at + 1,
        ArrowLeft: at - 1,
        ArrowUp: at - 1,
        Home: 0,
        End: markers.length - 1,
      };
      if (event.key in next) {
        event.preventDefault();
        event.stopPropagation();
        const index = Math.min(markers.length - 1, Math.max(0, next[event.key]!));
        focusMarker(markers[index]);
      } else if (event.key === 'Escape') {
        event.preventDefault();
        map.closePopup();
        container.focus({ preventScroll: true });
      }
    };
    container.addEventListener('keydown', onKeyDown);
    return () => container.removeEventListener('keydown', onKeyDown);
  }, [map]);
  return null;
}

type PlacedSite = MapSite & { lat: number; lng: number };

/** Markers are reached from the map, not by Tab (MarkerKeys): out of the tab order, still focusable. */
function outOfTabOrder(event: L.LeafletEvent) {
  (event.target as L.Marker).getElement()?.setAttribute('tabindex', '-1');
}

/**
 * Up to 500 sites: one marker per site, each focusable from the map (MarkerKeys) and named by the site.
 * Where markers would cover each other at the current zoom they are nudged apart (spread.ts), so each
 * stays a whole target. With `onSelect` (a map too small for popups) a marker shows its site in the
 * panel below the map instead of a popup.
 */
function SiteMarkers({
  sites,
  onSelect,
}: {
  sites: readonly PlacedSite[];
  onSelect: ((site: PlacedSite, marker: HTMLElement | undefined) => void) | undefined;
}) {
  const map = useMap();
  const language = useTranslation().i18n.resolvedLanguage;
  const width = useMemo(() => popupWidth(map), [map]);
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  // A zoom set before the listener above was attached (the first fit) is picked up too.
  useEffect(() => setZoom(map.getZoom()), [map]);
  const positions = useMemo(() => {
    const exact = sites.map((site) => L.latLng(site.lat, site.lng));
    const crs = map.options.crs ?? L.CRS.EPSG3857;
    const points = exact.map((latLng) => crs.latLngToPoint(latLng, zoom));
    return spreadApart(points, MARKER_SIZE).map((point) =>
      crs.pointToLatLng(L.point(point.x, point.y), zoom),
    );
  }, [sites, zoom, map]);
  const closePopup = useCallback(() => map.closePopup(), [map]);
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
          eventHandlers={
            onSelect
              ? {
                  add: outOfTabOrder,
                  click: (event) => onSelect(site, (event.target as L.Marker).getElement()),
                  // Enter on a marker opens a bound popup in Leaflet; without one, it opens the panel.
                  keypress: (event) => {
                    if ((event as L.LeafletKeyboardEvent).originalEvent.key === 'Enter')
                      onSelect(site, (event.target as L.Marker).getElement());
                  },
                }
              : {
                  add: outOfTabOrder,
                  popupopen: (event) => focusPopup(event.popup.getElement()),
                  popupclose: (event) => returnFocus(event.target as L.Marker, event.popup),
                }
          }
        >
          {!onSelect && (
            <Popup maxWidth={width} minWidth={Math.min(220, width)} autoPanPadding={POPUP_PADDING}>
              <SitePopup site={site} onEscape={closePopup} />
            </Popup>
          )}
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
function CanvasSiteMarkers({
  sites,
  onSelect,
}: {
  sites: readonly PlacedSite[];
  onSelect: ((site: PlacedSite) => void) | undefined;
}) {
  const map = useMap();
  const width = useMemo(() => popupWidth(map), [map]);
  const [open, setOpen] = useState<PlacedSite | null>(null);
  const select = useRef(onSelect);
  select.current = onSelect;
  const layer = useMemo(
    () => new SiteDotsLayer<PlacedSite>((site) => (select.current ? select.current(site) : setOpen(site))),
    [],
  );
  const closePopup = useCallback(() => map.closePopup(), [map]);
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
      maxWidth={width}
      minWidth={Math.min(220, width)}
      autoPanPadding={POPUP_PADDING}
      eventHandlers={{
        add: (event) => focusPopup((event.target as L.Popup).getElement()),
        remove: () => setOpen(null),
      }}
    >
      <SitePopup site={open} onEscape={closePopup} />
    </Popup>
  );
}

interface LeafletMapProps {
  sites: readonly PlacedSite[];
  center: { lat: number; lng: number };
  zoom: number;
  label: string;
  /** Fit the map to the sites (the list's map) rather than keep `center` and `zoom` (a site's page). */
  fit?: boolean;
}

/**
 * A site shown below the map when the map is too small for a popup (large text on a phone): the same
 * content, in the page's flow, with a close button. Focus moves into it when it opens (one per site:
 * keyed by the site) and back to the marker when it closes.
 */
function SitePanel({ site, onClose }: { site: PlacedSite; onClose: () => void }) {
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
      <SitePopup site={site} onEscape={onClose} />
    </div>
  );
}

/**
 * Raster tiles from the runtime settings (never baked in), one marker per site named by the site (the
 * map is one tab stop, MarkerKeys), popups rendered by React. Without tiles (offline) markers and
 * popups still work.
 *
 * The region holds a bar (zoom buttons, tile attribution) above the map itself: no control lies on the
 * map, so none can cover a marker. The region takes the box site-map.tsx reserved while loading
 * (.site-map__frame), so nothing moves when the map arrives.
 */
export function LeafletMap({ sites, center, zoom, label, fit = false }: LeafletMapProps) {
  const { mapTileUrl, mapAttribution, mapApiKey } = appData().config;
  const still = useMemo(prefersReducedMotion, []);
  const { t } = useTranslation('sites');
  const hintId = useId();
  const [map, setMap] = useState<L.Map | null>(null);
  const mapRef = useCallback(
    (instance: L.Map | null) => {
      if (!instance) return;
      // The map itself is the one tab stop (arrow keys pan it, + and - zoom, Enter goes to the markers).
      instance.getContainer().setAttribute('role', 'group');
      instance.getContainer().setAttribute('aria-label', label);
      instance.getContainer().setAttribute('aria-describedby', hintId);
      setMap(instance);
    },
    [label, hintId],
  );
  // Popups where they fit, the panel below the map where they do not (re-checked when the map resizes).
  const [popups, setPopups] = useState(true);
  useEffect(() => {
    if (!map) return;
    const check = () => setPopups(mapPopupFits(map));
    check();
    map.on('resize', check);
    return () => {
      map.off('resize', check);
    };
  }, [map]);
  const [panel, setPanel] = useState<{ site: PlacedSite; marker: HTMLElement | undefined } | null>(null);
  const select = useCallback((site: PlacedSite, marker?: HTMLElement) => setPanel({ site, marker }), []);
  const closePanel = useCallback(() => {
    setPanel((current) => {
      current?.marker?.focus({ preventScroll: true });
      return null;
    });
  }, []);
  // A site that left the results leaves the panel too.
  const shown = panel && !popups && sites.some((site) => site.id === panel.site.id) ? panel : null;
  return (
    <>
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
          <MarkerKeys />
          {sites.length > DOM_MARKERS_MAX_SITES ? (
            <CanvasSiteMarkers sites={sites} onSelect={popups ? undefined : select} />
          ) : (
            <SiteMarkers sites={sites} onSelect={popups ? undefined : select} />
          )}
          {/* After the markers, so they already listen for the zoom it sets. */}
          {fit && <FitToSites sites={sites} />}
        </MapContainer>
      </section>
      <p id={hintId} className="site-map__keys">
        {t(sites.length > DOM_MARKERS_MAX_SITES ? 'map.keysDots' : 'map.keys')}
      </p>
      {shown && <SitePanel key={shown.site.id} site={shown.site} onClose={closePanel} />}
    </>
  );
}
