import Supercluster from 'supercluster';

/**
 * The map's clusters (docs/product.md R25, docs/decisions/069-map-clusters.md): above 500 sites the
 * map draws groups with their counts where sites would crowd each other, and single markers once few
 * enough remain — at most a few hundred marks at any zoom, whatever the size of the directory. The
 * grouping is supercluster's (a k-d tree built once per filtered set, then one query per view).
 */

/** How close, in screen pixels, sites are grouped unless told: a little more than a 44 px marker. */
export const CLUSTER_RADIUS = 60;
/**
 * Up to this zoom sites are grouped; one level closer every site has its own marker (sites at the same
 * address then stand apart, spread.ts).
 */
export const CLUSTER_MAX_ZOOM = 17;

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
  const index = new Supercluster<{ index: number }, Record<string, never>>({
    radius,
    maxZoom: CLUSTER_MAX_ZOOM - 1,
    // Tiles are 256 px in Leaflet; supercluster's radius is relative to a 512 px extent by default.
    extent: 256,
    minPoints: 2,
  });
  index.load(
    sites.map((site, i) => ({
      type: 'Feature' as const,
      properties: { index: i },
      geometry: { type: 'Point' as const, coordinates: [site.lng, site.lat] },
    })),
  );
  return {
    marksIn(bounds, zoom) {
      const features = index.getClusters(bounds, Math.floor(zoom));
      const marks = features.map((feature): ClusterMark<S> => {
        const [lng, lat] = feature.geometry.coordinates as [number, number];
        const properties = feature.properties;
        if ('cluster' in properties && properties.cluster)
          return { kind: 'cluster', id: properties.cluster_id, count: properties.point_count, lat, lng };
        return { kind: 'site', site: sites[(properties as { index: number }).index]! };
      });
      const at = (mark: ClusterMark<S>) => (mark.kind === 'site' ? mark.site : mark);
      return marks.sort((a, b) => at(b).lat - at(a).lat || at(a).lng - at(b).lng);
    },
    expansionZoom(clusterId) {
      return Math.min(index.getClusterExpansionZoom(clusterId), CLUSTER_MAX_ZOOM);
    },
  };
}
