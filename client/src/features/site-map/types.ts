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
