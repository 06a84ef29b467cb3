import 'leaflet/dist/leaflet.css';
import './leaflet-map.css';
import type L from 'leaflet';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, TileLayer } from 'react-leaflet';
import { CONTRIBUTORS_LINK } from '#client/components/map/attribution.tsx';
import { MapBar } from '#client/components/map/map-bar.tsx';
import { prefersReducedMotion } from '#client/components/map/motion.ts';
import { appData } from '#client/lib/app-data.ts';
import { popupFits } from '../fit.ts';
import type { PlacedSite, ShownSite } from '../types.ts';
import { FitToBounds, FitToSites } from './fit-to-sites.ts';
import { MarkerKeys } from './marker-keys.ts';
import { useServerMarks, zoomShift } from './server-marks.ts';
import { ClusteredSiteMarkers, groupRadius, ServerSiteMarkers, SiteMarkers } from './site-markers.tsx';
import { SitePanel } from './site-panel.tsx';

/**
 * The map of the sites (Leaflet, loaded only where a map is shown): the frame, its bar and tiles, and
 * how a site opens (popup or panel). The markers are in site-markers.tsx, their keys in
 * marker-keys.ts, the fit to the results in fit-to-sites.ts.
 */

/**
 * Above this many sites, one React marker (an <img>) per site makes every filter change and zoom take
 * seconds: the map groups crowded sites instead (ClusteredSiteMarkers, clusters.ts).
 */
const DOM_MARKERS_MAX_SITES = 500;

function mapPopupFits(map: L.Map): boolean {
  return popupFits(map.getSize(), Number.parseFloat(getComputedStyle(map.getContainer()).fontSize));
}

interface LeafletMapProps {
  sites: readonly PlacedSite[];
  center: { lat: number; lng: number };
  zoom: number;
  label: string;
  /** Fit the map to the sites (the list's map) rather than keep `center` and `zoom` (a site's page). */
  fit?: boolean;
  /**
   * A directory the page does not hold whole (docs/product.md R734): the search's filters and name as
   * a query string, and the bounds of its placed sites once known. The marks are then asked of the
   * server for each view, and `sites` is not drawn.
   */
  search?: { query: string; bounds: [number, number, number, number] | null | undefined };
}

/** The server's marks could not be loaded: said in the map's box, with a retry; the list keeps working. */
function MarksFailure({ map, retry }: { map: L.Map | null; retry: () => void }) {
  const { t } = useTranslation('sites');
  const common = useTranslation('common');
  // The line above the map takes room from it, and gives it back: Leaflet is told the map's new size.
  useEffect(() => {
    map?.invalidateSize();
    return () => {
      map?.invalidateSize();
    };
  }, [map]);
  return (
    <div role="alert" className="alert alert--error site-map__marks-failed">
      <p>{t('map.marksFailed')}</p>
      <button type="button" className="button" onClick={retry}>
        {common.t('errors.retry')}
      </button>
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
export function LeafletMap({ sites, center, zoom, label, fit = false, search }: LeafletMapProps) {
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
  // Groups from the server are asked a level out per doubling of the grouping radius (larger text).
  const shift = useMemo(() => (map ? zoomShift(groupRadius(map)) : 0), [map]);
  const server = useServerMarks(search ? map : null, search?.query ?? '', shift);
  const [panel, setPanel] = useState<{ site: ShownSite; marker: HTMLElement | undefined } | null>(null);
  const select = useCallback((site: ShownSite, marker?: HTMLElement) => setPanel({ site, marker }), []);
  const closePanel = useCallback(() => {
    setPanel((current) => {
      current?.marker?.focus({ preventScroll: true });
      return null;
    });
  }, []);
  // A site that left the results leaves the panel too; with the server's marks (which change with
  // every pan), the panel stays until the search changes.
  const query = search?.query;
  useEffect(() => {
    if (query !== undefined) setPanel(null);
  }, [query]);
  const shown =
    panel && !popups && (search !== undefined || sites.some((site) => site.id === panel.site.id))
      ? panel
      : null;
  const failed = search !== undefined && server.failed;
  const clustered = search !== undefined || sites.length > DOM_MARKERS_MAX_SITES;
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
        {failed && <MarksFailure map={map} retry={server.retry} />}
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
          {search ? (
            <ServerSiteMarkers
              marks={server.marks}
              shift={shift}
              onSelect={popups ? undefined : select}
              still={still}
            />
          ) : sites.length > DOM_MARKERS_MAX_SITES ? (
            <ClusteredSiteMarkers sites={sites} onSelect={popups ? undefined : select} still={still} />
          ) : (
            <SiteMarkers sites={sites} onSelect={popups ? undefined : select} />
          )}
          {/* After the markers, so they already listen for the zoom it sets. */}
          {fit && search && <FitToBounds bounds={search.bounds} fitKey={search.query} />}
          {fit && !search && <FitToSites sites={sites} />}
        </MapContainer>
      </section>
      <p id={hintId} className="site-map__keys">
        {t(clustered ? 'map.keysClusters' : 'map.keys')}
      </p>
      {shown && <SitePanel key={shown.site.id} site={shown.site} onClose={closePanel} />}
    </>
  );
}
