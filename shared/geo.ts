/** A point on the Earth, in degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

export const EARTH_RADIUS_MILES = 3958.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * Great-circle distance in miles (haversine formula): straight-line distance, not the walk or the
 * bus ride, which is what "nearest first" needs to order a list.
 */
export function distanceMiles(from: LatLng, to: LatLng): number {
  const dLat = radians(to.lat - from.lat);
  const dLng = radians(to.lng - from.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.lat)) * Math.cos(radians(to.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * A lower bound of `distanceMiles(from, to)` from the latitudes alone: the haversine's sum is at least
 * its latitude term, so the distance is at least the radius times the difference of latitude. Cheap
 * enough to pass over a site that cannot be nearer than the ones already kept.
 */
export function milesAtLeast(from: LatLng, toLat: number): number {
  return EARTH_RADIUS_MILES * Math.abs(radians(toLat - from.lat));
}

/**
 * The sites nearest `from` first, each with its distance in miles. Sites without both coordinates keep
 * their order at the end (distance undefined). Equal distances keep the list's order (a stable sort).
 */
export function byDistance<S extends { lat?: number | null; lng?: number | null }>(
  sites: readonly S[],
  from: LatLng,
): { site: S; miles: number | undefined }[] {
  return sites
    .map((site) => ({
      site,
      miles:
        typeof site.lat === 'number' && typeof site.lng === 'number'
          ? distanceMiles(from, { lat: site.lat, lng: site.lng })
          : undefined,
    }))
    .sort((a, b) => (a.miles ?? Number.POSITIVE_INFINITY) - (b.miles ?? Number.POSITIVE_INFINITY));
}
