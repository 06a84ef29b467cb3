import type { MapMark } from '#shared/schemas/site-search.ts';
import type { Site } from '#shared/schemas/sites.ts';

/** What a marker and its popup need from a site (hours, statuses: the popup's status now). */
export type MapSite = Pick<
  Site,
  | 'id'
  | 'name'
  | 'translations'
  | 'address'
  | 'phoneNumber'
  | 'lat'
  | 'lng'
  | 'Populations'
  | 'Hours'
  | 'CovidStatuses'
  | 'facts'
  | 'phoneExtension'
>;

/** A site with a map position. */
export type PlacedSite = MapSite & { lat: number; lng: number };

/** A single site the server drew on the map (R734): named and placed; its details are read when it opens (R735). */
export type MarkedSite = Extract<MapMark, { kind: 'site' }>;

/** A site a marker stands for: one the page holds whole, or one the server drew. */
export type ShownSite = PlacedSite | MarkedSite;

export function isMarkedSite(site: ShownSite): site is MarkedSite {
  return 'kind' in site;
}
