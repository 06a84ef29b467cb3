import type L from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { attributionNodes } from './attribution.tsx';
import './map-bar.css';

/**
 * Zoom in / Zoom out, in the bar above the map rather than on it, so they never cover a marker or a
 * pin (WCAG 2.5.8: Leaflet's own control sat over markers near the map's top-left corner). Real
 * buttons, 44 px, named in the page's language; at the closest or farthest zoom a button says it is
 * unavailable (aria-disabled) but keeps focus, so a keyboard user is not thrown back to the top.
 */
function ZoomButtons({ map, zoomIn, zoomOut }: { map: L.Map | null; zoomIn: string; zoomOut: string }) {
  const [{ zoom, min, max }, setLevels] = useState(() => ({
    zoom: map?.getZoom(),
    min: map?.getMinZoom(),
    max: map?.getMaxZoom(),
  }));
  useEffect(() => {
    if (!map) return;
    const update = () => setLevels({ zoom: map.getZoom(), min: map.getMinZoom(), max: map.getMaxZoom() });
    update();
    // zoomlevelschange: the closest zoom is known only once the tile layer is on the map.
    map.on('zoomend zoomlevelschange', update);
    return () => {
      map.off('zoomend zoomlevelschange', update);
    };
  }, [map]);
  const buttons = [
    { name: zoomIn, symbol: '+', limit: max, step: () => map?.zoomIn() },
    { name: zoomOut, symbol: '\u2212', limit: min, step: () => map?.zoomOut() },
  ];
  return (
    <div className="map-bar__zoom">
      {buttons.map(({ name, symbol, limit, step }) => {
        const unavailable = !map || zoom === undefined || zoom === limit;
        return (
          <button
            key={name}
            type="button"
            className="map-bar__zoom-button"
            aria-label={name}
            title={name}
            aria-disabled={unavailable || undefined}
            onClick={() => {
              if (!unavailable) step();
            }}
          >
            <span aria-hidden="true">{symbol}</span>
          </button>
        );
      })}
    </div>
  );
}

export interface MapBarProps {
  /** The Leaflet map the buttons zoom; null until it exists (the buttons then say they are unavailable). */
  map: L.Map | null;
  /** The tile attribution from the runtime settings, as HTML: only its text and http(s) links are kept. */
  attribution: string;
  labels: {
    zoomIn: string;
    zoomOut: string;
    /** 'contributors' after the attribution's link, in the page's words (see attributionNodes). */
    contributors?: string;
  };
}

/**
 * The bar above a map: zoom buttons and the tile attribution. Maps built with it turn off Leaflet's
 * zoom and attribution controls, so nothing but markers and popups is ever drawn on the map.
 */
export function MapBar({ map, attribution, labels }: MapBarProps) {
  const nodes = useMemo(
    () => attributionNodes(attribution, labels.contributors),
    [attribution, labels.contributors],
  );
  return (
    <div className="map-bar">
      <ZoomButtons map={map} zoomIn={labels.zoomIn} zoomOut={labels.zoomOut} />
      <p className="map-bar__attribution">{nodes}</p>
    </div>
  );
}
