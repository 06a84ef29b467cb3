/** The marks of a large directory's map, asked of the server for each view (docs/product.md R734). */
import type L from 'leaflet';
import { useCallback, useEffect, useRef, useState } from 'react';
import { MAP_GROUP_RADIUS, MAP_ZOOM_MAX } from '#shared/map-groups.ts';
import type { MapMark } from '#shared/schemas/site-search.ts';
import { getMapMarks, type MapViewQuery } from '../api/map-marks.ts';

/**
 * How many zoom levels coarser the server's groups are asked for than the map shows: none at the usual
 * text size; with a reader's larger text the groups' marks are larger, so they are asked one level out
 * per doubling of the grouping radius (a radius twice as wide at one zoom is the usual one a level out),
 * and do not cover each other (docs/decisions/071-map-groups-from-the-server.md).
 */
export function zoomShift(radius: number): number {
  return Math.max(0, Math.round(Math.log2(radius / MAP_GROUP_RADIUS)));
}

/** The map's view as the server takes it: its own bounds (within the world) and a whole zoom. */
export function viewQuery(map: L.Map, shift: number): MapViewQuery {
  const view = map.getBounds();
  const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
  return {
    bounds: [
      clamp(view.getWest(), 180),
      clamp(view.getSouth(), 85),
      clamp(view.getEast(), 180),
      clamp(view.getNorth(), 85),
    ],
    zoom: Math.max(0, Math.min(MAP_ZOOM_MAX, Math.floor(map.getZoom()) - shift)),
  };
}

/** A group's zoom on this map: where it comes apart, in the map's own levels (see zoomShift). */
export function groupZoom(mark: { zoom: number }, shift: number): number {
  return Math.min(mark.zoom + shift, MAP_ZOOM_MAX);
}

export interface ServerMarks {
  /** The marks of the last view answered (kept while the next one loads, and after a failure). */
  marks: readonly MapMark[];
  /** The last request failed: the map says so and offers `retry`. */
  failed: boolean;
  retry: () => void;
}

/**
 * Asks GET /api/search/map for the map's view whenever a move or zoom ends (and when `search` changes):
 * a newer request cancels the one before, the marks drawn stay until the new ones arrive, a failure
 * keeps them and says so (R734).
 */
export function useServerMarks(map: L.Map | null, search: string, shift: number): ServerMarks {
  const [marks, setMarks] = useState<readonly MapMark[]>([]);
  const [failed, setFailed] = useState(false);
  const pending = useRef<AbortController | null>(null);
  const ask = useCallback(() => {
    if (!map) return;
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    getMapMarks(search, viewQuery(map, shift), controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        pending.current = null;
        setMarks(answer.marks);
        setFailed(false);
      },
      () => {
        if (controller.signal.aborted) return;
        pending.current = null;
        setFailed(true);
      },
    );
  }, [map, search, shift]);
  useEffect(() => {
    if (!map) return;
    ask();
    map.on('moveend', ask);
    return () => {
      map.off('moveend', ask);
      pending.current?.abort();
    };
  }, [map, ask]);
  return { marks, failed, retry: ask };
}
