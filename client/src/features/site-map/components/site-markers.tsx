/**
 * The sites on the map: one marker per site (up to 500), or groups with their counts and single markers
 * beyond (clusters.ts), or — for a directory the page does not hold whole — the groups and sites the
 * server gives for the view (server-marks.ts); each site opening its popup or, on a map too small for
 * popups, the panel below the map.
 */
import L from 'leaflet';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Marker, Popup, useMap, useMapEvents } from 'react-leaflet';
import { siteNameText } from '#client/lib/localized.tsx';
import { intlLocale, numberFormat } from '#shared/format-hours.ts';
import type { MapMark } from '#shared/schemas/site-search.ts';
import { clusterSites } from '../clusters.ts';
import markerUrl from '../marker.svg';
import { spreadApart } from '../spread.ts';
import { isMarkedSite, type PlacedSite, type ShownSite } from '../types.ts';
import { FetchedSitePopup } from './fetched-site-popup.tsx';
import { groupZoom } from './server-marks.ts';
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

type SelectSite = ((site: ShownSite, marker: HTMLElement | undefined) => void) | undefined;

/**
 * One site's marker at `position` (its own spot, or nudged apart from a neighbour's), focusable from
 * the map (MarkerKeys) and named by the site. With `onSelect` (a map too small for popups) it shows its
 * site in the panel below the map instead of a popup.
 */
function SiteMarker({
  site,
  position,
  onSelect,
  width,
}: {
  site: ShownSite;
  position: L.LatLng;
  onSelect: SelectSite;
  width: number;
}) {
  const map = useMap();
  const language = useTranslation().i18n.resolvedLanguage;
  const closePopup = useCallback(() => map.closePopup(), [map]);
  return (
    <Marker
      position={position}
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
          {isMarkedSite(site) ? (
            <FetchedSitePopup site={site} onEscape={closePopup} />
          ) : (
            <SitePopup site={site} onEscape={closePopup} />
          )}
        </Popup>
      )}
    </Marker>
  );
}

/** The map's zoom, followed as it changes. */
function useZoom(map: L.Map) {
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  // A zoom set before the listener above was attached (the first fit) is picked up too.
  useEffect(() => setZoom(map.getZoom()), [map]);
  return zoom;
}

/** The sites' positions at a zoom, nudged apart where their markers would cover each other (spread.ts). */
function spreadPositions(
  map: L.Map,
  sites: readonly { lat: number; lng: number }[],
  zoom: number,
): L.LatLng[] {
  const crs = map.options.crs ?? L.CRS.EPSG3857;
  const points = sites.map((site) => crs.latLngToPoint(L.latLng(site.lat, site.lng), zoom));
  return spreadApart(points, MARKER_SIZE).map((point) => crs.pointToLatLng(L.point(point.x, point.y), zoom));
}

/**
 * Up to 500 sites: one marker per site, each focusable from the map (MarkerKeys) and named by the site.
 * Where markers would cover each other at the current zoom they are nudged apart (spread.ts), so each
 * stays a whole target.
 */
export function SiteMarkers({ sites, onSelect }: { sites: readonly PlacedSite[]; onSelect: SelectSite }) {
  const map = useMap();
  const width = useMemo(() => popupWidth(map), [map]);
  const zoom = useZoom(map);
  const positions = useMemo(() => spreadPositions(map, sites, zoom), [sites, zoom, map]);
  return (
    <>
      {sites.map((site, index) => (
        <SiteMarker
          key={site.id}
          site={site}
          position={positions[index]!}
          onSelect={onSelect}
          width={width}
        />
      ))}
    </>
  );
}

/** The map's text size in px (a reader's larger text makes it larger). */
function mapFontSize(map: L.Map): number {
  return Number.parseFloat(getComputedStyle(map.getContainer()).fontSize) || 16;
}

/** The side of a group's round mark: a whole 44 px target at least, wide enough for its count at the map's text size. */
function clusterIconSize(text: string, fontSize: number): number {
  return Math.max(MARKER_SIZE, Math.ceil((text.length * 0.62 + 1.4) * fontSize));
}

/**
 * A group of sites: a round mark with its count, a button named "12 sites: zoom in to see them". A
 * click, a tap or Enter zooms the map to where the group comes apart; from the keyboard, focus then
 * moves to the mark nearest the group's spot, so arrow keys go on from there (MarkerKeys).
 */
function ClusterMarker({
  mark,
  zoomTo,
  still,
  onKeyboardZoom,
}: {
  mark: { id: number; count: number; lat: number; lng: number };
  /** The zoom at which the group comes apart. */
  zoomTo: () => number;
  still: boolean;
  /** A zoom asked for from the keyboard: focus is to go to a mark near `center` once the new marks are drawn. */
  onKeyboardZoom: (center: L.LatLng) => void;
}) {
  const map = useMap();
  const { t, i18n } = useTranslation('sites');
  const text = numberFormat(intlLocale(i18n.resolvedLanguage)).format(mark.count);
  const label = t('map.cluster', { count: mark.count });
  const icon = useMemo(() => {
    const count = document.createElement('span');
    count.textContent = text;
    const size = clusterIconSize(text, mapFontSize(map));
    return L.divIcon({ className: 'site-cluster', html: count, iconSize: [size, size] });
  }, [map, text]);
  const zoomIn = (fromKeyboard: boolean) => {
    const center = L.latLng(mark.lat, mark.lng);
    if (fromKeyboard) onKeyboardZoom(center);
    map.setView(center, zoomTo(), { animate: !still });
  };
  // Leaflet makes a new element when the icon changes: name each one.
  const marker = useRef<L.Marker>(null);
  useEffect(() => {
    const element = marker.current?.getElement();
    if (!element || !icon.options.html) return;
    element.setAttribute('aria-label', label);
    element.setAttribute('title', label);
  }, [label, icon]);
  return (
    <Marker
      ref={marker}
      position={[mark.lat, mark.lng]}
      icon={icon}
      keyboard
      eventHandlers={{
        add: (event) => {
          outOfTabOrder(event);
          (event.target as L.Marker).getElement()?.setAttribute('aria-label', label);
          (event.target as L.Marker).getElement()?.setAttribute('title', label);
        },
        click: () => zoomIn(false),
        // Enter or Space on a focused group (Leaflet's markers open only popups with keys).
        keypress: (event) => {
          const key = (event as L.LeafletKeyboardEvent).originalEvent;
          if (key.key !== 'Enter' && key.key !== ' ') return;
          key.preventDefault();
          zoomIn(true);
        },
      }}
    />
  );
}

/** After a zoom into a group from the keyboard, focus goes to the mark nearest the group's spot. */
function focusNearestMark(map: L.Map, center: L.LatLng) {
  const marks = [...map.getContainer().querySelectorAll<HTMLElement>('.leaflet-marker-icon')];
  if (!marks.length) return;
  const distance = (mark: HTMLElement) =>
    map.layerPointToLatLng(L.DomUtil.getPosition(mark)).distanceTo(center);
  const nearest = marks.reduce((best, mark) => (distance(mark) < distance(best) ? mark : best));
  nearest.focus({ preventScroll: true });
}

/**
 * The view the marks are computed for: the map's own bounds, so every mark is on screen and the keys
 * move only between marks a visitor can see (after a pan or zoom the marks are computed again).
 */
function viewOf(map: L.Map): { bounds: [number, number, number, number]; zoom: number } {
  const view = map.getBounds();
  const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
  return {
    bounds: [
      clamp(view.getWest(), 180),
      clamp(view.getSouth(), 85),
      clamp(view.getEast(), 180),
      clamp(view.getNorth(), 85),
    ],
    zoom: map.getZoom(),
  };
}

/** A mark to draw: a group (with where it comes apart) or one site. */
type DrawnMark =
  | { kind: 'group'; id: number; count: number; lat: number; lng: number; zoomTo: () => number }
  | { kind: 'site'; site: ShownSite };

/**
 * The groups and single sites of a view, north to south: groups as ClusterMarker, sites as SiteMarker
 * nudged apart where they would cover each other. After a zoom into a group from the keyboard, focus
 * moves to the mark nearest the group's spot once the new marks are drawn.
 */
function DrawnMarks({
  marks,
  zoom,
  onSelect,
  still,
}: {
  marks: readonly DrawnMark[];
  zoom: number;
  onSelect: SelectSite;
  still: boolean;
}) {
  const map = useMap();
  const width = useMemo(() => popupWidth(map), [map]);
  // (The markers, children, are on the map by the time this effect runs.)
  const focusNear = useRef<L.LatLng | null>(null);
  const onKeyboardZoom = useCallback((center: L.LatLng) => {
    focusNear.current = center;
  }, []);
  useEffect(() => {
    if (!focusNear.current || marks.length === 0) return;
    focusNearestMark(map, focusNear.current);
    focusNear.current = null;
  }, [map, marks]);
  const singles = useMemo(() => marks.flatMap((mark) => (mark.kind === 'site' ? [mark.site] : [])), [marks]);
  const positions = useMemo(() => {
    const spread = spreadPositions(map, singles, zoom);
    return new Map(singles.map((site, index) => [site.id, spread[index]!]));
  }, [map, singles, zoom]);
  return (
    <>
      {marks.map((mark) =>
        mark.kind === 'group' ? (
          <ClusterMarker
            key={`c${mark.id}`}
            mark={mark}
            zoomTo={mark.zoomTo}
            still={still}
            onKeyboardZoom={onKeyboardZoom}
          />
        ) : (
          <SiteMarker
            key={mark.site.id}
            site={mark.site}
            position={positions.get(mark.site.id)!}
            onSelect={onSelect}
            width={width}
          />
        ),
      )}
    </>
  );
}

/** The grouping radius at the map's text size: a four-digit group mark's width plus 8 px, so groups do not cover each other. */
export function groupRadius(map: L.Map): number {
  return clusterIconSize('0,000', mapFontSize(map)) + 8;
}

/**
 * More than 500 sites (a state's directory): where sites would crowd each other the map shows a group
 * with its count (clusters.ts), and single markers once few enough remain — a few hundred marks at
 * most at any zoom. Groups and single sites are all reached from the map with the keyboard
 * (MarkerKeys); list and map show the same filtered sites.
 */
export function ClusteredSiteMarkers({
  sites,
  onSelect,
  still,
}: {
  sites: readonly PlacedSite[];
  onSelect: SelectSite;
  still: boolean;
}) {
  const map = useMap();
  const radius = useMemo(() => groupRadius(map), [map]);
  const clusters = useMemo(() => clusterSites(sites, radius), [sites, radius]);
  const [view, setView] = useState(() => viewOf(map));
  useMapEvents({ moveend: () => setView(viewOf(map)) });
  // A view set before the listener above was attached (the first fit) is picked up too.
  useEffect(() => setView(viewOf(map)), [map]);
  const marks = useMemo(
    () =>
      clusters
        .marksIn(view.bounds, view.zoom)
        .map(
          (mark): DrawnMark =>
            mark.kind === 'cluster'
              ? { ...mark, kind: 'group', zoomTo: () => clusters.expansionZoom(mark.id) }
              : mark,
        ),
    [clusters, view],
  );
  return <DrawnMarks marks={marks} zoom={view.zoom} onSelect={onSelect} still={still} />;
}

/**
 * A directory the page does not hold whole (docs/product.md R734): the groups and single sites the
 * server answered for the view (`useServerMarks` in server-marks.ts, asked by the map), drawn with the
 * same group buttons and site markers; a site's details are read when it opens (R735).
 */
export function ServerSiteMarkers({
  marks,
  shift,
  onSelect,
  still,
}: {
  marks: readonly MapMark[];
  /** How many levels coarser the groups were asked for (server-marks.ts `zoomShift`). */
  shift: number;
  onSelect: SelectSite;
  still: boolean;
}) {
  const map = useMap();
  const zoom = useZoom(map);
  const drawn = useMemo(
    () =>
      marks.map(
        (mark): DrawnMark =>
          mark.kind === 'group'
            ? { ...mark, zoomTo: () => groupZoom(mark, shift) }
            : { kind: 'site', site: mark },
      ),
    [marks, shift],
  );
  return <DrawnMarks marks={drawn} zoom={zoom} onSelect={onSelect} still={still} />;
}
