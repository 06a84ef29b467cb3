/**
 * The sites on the map: one marker per site (up to 500), or one dot per site on a canvas beyond, each
 * opening the site's popup or, on a map too small for popups, the panel below the map.
 */
import L from 'leaflet';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Marker, Popup, useMap, useMapEvents } from 'react-leaflet';
import { siteNameText } from '#client/lib/localized.tsx';
import markerUrl from '../marker.svg';
import { spreadApart } from '../spread.ts';
import type { PlacedSite } from '../types.ts';
import { SiteDotsLayer } from './site-dots-layer.ts';
import { SitePopup } from './site-popup.tsx';

/** Our own marker: a whole 44 × 44 px target, dark blue with a white edge that shows on any tile. */
export const MARKER_SIZE = 44;
const markerIcon = L.icon({
  iconUrl: markerUrl,
  iconSize: [MARKER_SIZE, MARKER_SIZE],
  iconAnchor: [MARKER_SIZE / 2, MARKER_SIZE - 1],
  popupAnchor: [0, -(MARKER_SIZE - 4)],
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
export function SiteMarkers({
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
export function CanvasSiteMarkers({
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
