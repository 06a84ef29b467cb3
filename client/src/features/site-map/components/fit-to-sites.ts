/** Fitting the map to the results when they change (docs/product.md R150). */
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import { resultKey } from '../fit.ts';
import type { PlacedSite } from '../types.ts';
import { MARKER_SIZE } from './site-markers.tsx';

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
export function FitToSites({ sites }: { sites: readonly PlacedSite[] }) {
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

/**
 * Fits the map to the bounds of a search's placed sites (docs/product.md R734), given by the server
 * before any view is known: once for each search (`fitKey`), as soon as its bounds arrive, with the
 * same padding and closest zoom as FitToSites. No placed site: the map stays where it is.
 */
export function FitToBounds({
  bounds,
  fitKey,
}: {
  bounds: [number, number, number, number] | null | undefined;
  fitKey: string;
}) {
  const map = useMap();
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    if (bounds === undefined || fitted.current === fitKey) return;
    fitted.current = fitKey;
    if (bounds === null) return;
    const [west, south, east, north] = bounds;
    map.fitBounds(
      L.latLngBounds([
        [south, west],
        [north, east],
      ]),
      {
        paddingTopLeft: FIT_PADDING_TOP_LEFT,
        paddingBottomRight: FIT_PADDING_BOTTOM_RIGHT,
        maxZoom: FIT_MAX_ZOOM,
        animate: false,
      },
    );
  }, [bounds, fitKey, map]);
  return null;
}
