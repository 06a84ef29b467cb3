import Supercluster from 'supercluster';
import { MAP_GROUP_MAX_ZOOM, MAP_GROUP_RADIUS } from './map-groups.ts';

/*
 * The grouping of the map's sites, one for the browser and the server (docs/product.md R730;
 * docs/decisions/071-map-groups-from-the-server.md); its parameters are in map-groups.ts.
 */

/** A view: west, south, east, north in degrees (west above east: the view crosses the antimeridian). */
export type MapView = [number, number, number, number];

/** One mark of a view: a group with its count, or one place. */
export type GroupMark<P> =
  | { kind: 'group'; id: number; count: number; lat: number; lng: number }
  | { kind: 'site'; place: P };

/** The places' index: built once for a set of places, then one query per view. */
export interface MapGroups<P> {
  /** The marks in a view at a zoom, north to south, then west to east. */
  marksIn(view: MapView, zoom: number): GroupMark<P>[];
  /** The zoom at which a group comes apart into smaller groups or single places. */
  expansionZoom(groupId: number): number;
}

/**
 * Groups places with supercluster (a k-d tree per zoom, built once): `radius` in screen pixels of
 * Leaflet's 256 px tiles, groups of two or more, none past MAP_GROUP_MAX_ZOOM - 1.
 */
export function mapGroups<P extends { lat: number; lng: number }>(
  places: readonly P[],
  radius = MAP_GROUP_RADIUS,
): MapGroups<P> {
  const index = new Supercluster<{ index: number }, Record<string, never>>({
    radius,
    maxZoom: MAP_GROUP_MAX_ZOOM - 1,
    // Tiles are 256 px in Leaflet; supercluster's radius is relative to a 512 px extent by default.
    extent: 256,
    minPoints: 2,
  });
  index.load(
    places.map((place, i) => ({
      type: 'Feature' as const,
      properties: { index: i },
      geometry: { type: 'Point' as const, coordinates: [place.lng, place.lat] },
    })),
  );
  return {
    marksIn(view, zoom) {
      const marks = index.getClusters(view, Math.floor(zoom)).map((feature): GroupMark<P> => {
        const [lng, lat] = feature.geometry.coordinates as [number, number];
        const properties = feature.properties;
        if ('cluster' in properties && properties.cluster)
          return { kind: 'group', id: properties.cluster_id, count: properties.point_count, lat, lng };
        return { kind: 'site', place: places[(properties as { index: number }).index]! };
      });
      const at = (mark: GroupMark<P>) => (mark.kind === 'site' ? mark.place : mark);
      return marks.sort((a, b) => at(b).lat - at(a).lat || at(a).lng - at(b).lng);
    },
    expansionZoom(groupId) {
      return Math.min(index.getClusterExpansionZoom(groupId), MAP_GROUP_MAX_ZOOM);
    },
  };
}
