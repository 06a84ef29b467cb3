/**
 * The open-data feed's dataset as `buildDataset` (build.ts) makes it: what it is built from and
 * with (`HsdsSource`, `HsdsOptions`), each service's rows (`HsdsServiceEntry`, `HsdsDefunctEntry`)
 * and the lookups the answers read (`HsdsDataset`).
 */
import type { ReferenceListName } from '#shared/reference-lists.ts';
import type { Closure } from '#shared/schemas/closures.ts';
import type { ReferenceItem } from '#shared/schemas/reference-lists.ts';
import type { Site } from '#shared/schemas/sites.ts';
import type { ModifiedTimes } from './changes.ts';
import type { FeedMenus } from './menus.ts';
import type {
  HsdsAccessibility,
  HsdsAddress,
  HsdsAttribute,
  HsdsCostOption,
  HsdsLanguage,
  HsdsLocation,
  HsdsOrganization,
  HsdsPhone,
  HsdsSchedule,
  HsdsService,
  HsdsServiceAtLocation,
  HsdsTaxonomy,
  HsdsTaxonomyTerm,
} from './model.ts';

/** What the feed is built from: the public reads' answers (the same cached bytes the site shows). */
export interface HsdsSource {
  sites: Site[];
  lists: Record<ReferenceListName, ReferenceItem[]>;
  /** The current and upcoming closures (GET /api/closures). */
  closures: Closure[];
  /** When each site's feed record last changed (server/services/hsds/changes.ts); its `updatedAt` when absent. */
  modified?: ModifiedTimes;
  /** Sites deleted lately (the last 90 days), oldest first: published as defunct services. */
  deleted?: { id: number; name: string; deletedAt: string }[];
  /** The menus of the agency's week (menus.ts, R699): each published day an attribute per language. */
  menus?: FeedMenus;
}

export interface HsdsOptions {
  /** The UUID namespace every id is derived in (HSDS_ID_NAMESPACE). */
  namespace: string;
  /** The public address of the directory, for links to a site's page. */
  baseUrl: string;
  /** The agency's name: the publisher, and the organization of sites without one nutrition partner. */
  publisherName: string;
  timeZone: string;
  /** The agency's date, 'YYYY-MM-DD'. */
  today: string;
  /** The program's words about contributions (AGENCY_CONTRIBUTION_TEXT), else the default. */
  contributionText?: string;
}

/** One service's place in the dataset: its rows by table, and what filters and search read. */
export interface HsdsServiceEntry {
  siteId: number;
  service: HsdsService;
  location: HsdsLocation;
  serviceAtLocation: HsdsServiceAtLocation;
  address: HsdsAddress;
  phones: HsdsPhone[];
  schedules: HsdsSchedule[];
  attributes: HsdsAttribute[];
  /** The languages staff speak, the costs, and the location's access arrangements (the site's facts). */
  languages: HsdsLanguage[];
  costOptions: HsdsCostOption[];
  accessibility: HsdsAccessibility[];
  /** When the service's record last changed (ms since the epoch), for `modified_after`. */
  modifiedAt: number;
  /** Name and description folded for search (foldForSearch). */
  searchText: string;
}

/** A deleted site's service: `defunct`, with nothing but its name and the agency as its organization. */
export interface HsdsDefunctEntry {
  siteId: number;
  service: HsdsService;
  /** When the site was deleted (ms since the epoch). */
  modifiedAt: number;
  searchText: string;
}

export type HsdsListedService = HsdsServiceEntry | HsdsDefunctEntry;

/** A service of a site that still exists (with its location, schedules and attributes). */
export function isLive(entry: HsdsListedService): entry is HsdsServiceEntry {
  return 'location' in entry;
}

export interface HsdsDataset {
  organizations: HsdsOrganization[];
  /** The phones of organizations (nutrition partners). */
  organizationPhones: HsdsPhone[];
  /** The services of the sites, in the directory's order (by name). */
  services: HsdsServiceEntry[];
  /** The services of sites deleted in the last 90 days, oldest deletion first. */
  defunct: HsdsDefunctEntry[];
  /** What the services pages list: `services`, then `defunct`. */
  listed: HsdsListedService[];
  taxonomies: HsdsTaxonomy[];
  taxonomyTerms: HsdsTaxonomyTerm[];
  serviceById: Map<string, HsdsListedService>;
  serviceByServiceAtLocationId: Map<string, HsdsServiceEntry>;
  organizationById: Map<string, HsdsOrganization>;
  termById: Map<string, HsdsTaxonomyTerm>;
  taxonomyById: Map<string, HsdsTaxonomy>;
}
