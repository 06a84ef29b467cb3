import { mapGroups } from '#shared/map-grouping.ts';
import { MAP_GROUP_MAX_ZOOM, MAP_GROUP_RADIUS } from '#shared/map-groups.ts';

/**
 * The map's clusters (docs/product.md R25, docs/decisions/069-map-clusters.md): above 500 sites the
 * map draws groups with their counts where sites would crowd each other, and single markers once few
 * enough remain — at most a few hundred marks at any zoom, whatever the size of the directory. The
 * grouping is `mapGroups` of shared/map-groups.ts, the one the server's map answers use too (R730).
 */

/** How close, in screen pixels, sites are grouped unless told (at the map's usual text size). */
export const CLUSTER_RADIUS = MAP_GROUP_RADIUS;
/**
 * Up to this zoom sites are grouped; one level closer every site has its own marker (sites at the same
 * address then stand apart, spread.ts).
 */
export const CLUSTER_MAX_ZOOM = MAP_GROUP_MAX_ZOOM;

interface Placed {
  id: number;
  lat: number;
  lng: number;
}

/** One mark on the map: a group of sites with its count, or one site. */
export type ClusterMark<S extends Placed> =
  | { kind: 'cluster'; id: number; count: number; lat: number; lng: number }
  | { kind: 'site'; site: S };

/** The sites' index: built once for a filtered set of sites. */
export interface SiteClusters<S extends Placed> {
  /** The marks in a view (west, south, east, north in degrees) at a zoom, north to south, west to east. */
  marksIn(bounds: [number, number, number, number], zoom: number): ClusterMark<S>[];
  /** The zoom at which a group comes apart into smaller groups or single sites. */
  expansionZoom(clusterId: number): number;
}

export function clusterSites<S extends Placed>(
  sites: readonly S[],
  radius = CLUSTER_RADIUS,
): SiteClusters<S> {
  const groups = mapGroups(sites, radius);
  return {
    marksIn: (bounds, zoom) =>
      groups
        .marksIn(bounds, zoom)
        .map((mark) =>
          mark.kind === 'group' ? { ...mark, kind: 'cluster' } : { kind: 'site', site: mark.place },
        ),
    expansionZoom: (clusterId) => groups.expansionZoom(clusterId),
  };
}
