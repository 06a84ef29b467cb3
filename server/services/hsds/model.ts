/**
 * The Open Referral HSDS 3.0 records the feed publishes, as flat rows (one per table row; the tabular
 * package writes them as they are, the JSON answers nest them). Field names are the standard's;
 * an absent value is left out (never null: the standard's fields are typed, not nullable).
 * docs/decisions/029-open-referral-feed.md has the mapping from our sites and lists.
 */

export interface HsdsOrganization {
  id: string;
  name: string;
  description: string;
  email?: string;
  website?: string;
}

export type HsdsServiceStatus = 'active' | 'inactive' | 'defunct' | 'temporarily closed';

export interface HsdsService {
  id: string;
  organization_id: string;
  name: string;
  description: string;
  url?: string;
  email?: string;
  status: HsdsServiceStatus;
  /** How to get a meal: the reservation and the first visit. */
  application_process?: string;
  /** The cost in words (the cost options hold the amounts). */
  fees_description?: string;
  eligibility_description?: string;
  /** The date (agency's) staff last confirmed the site's facts with it. */
  assured_date?: string;
  alert?: string;
}

export interface HsdsLocation {
  id: string;
  location_type: 'physical';
  organization_id: string;
  name: string;
  /** Rides to the site and transit nearby, in words. */
  transportation?: string;
  latitude?: number;
  longitude?: number;
}

export interface HsdsServiceAtLocation {
  id: string;
  service_id: string;
  location_id: string;
}

export interface HsdsAddress {
  id: string;
  location_id: string;
  address_1: string;
  address_2?: string;
  city: string;
  state_province: string;
  postal_code: string;
  country: string;
  address_type: 'physical';
}

export interface HsdsPhone {
  id: string;
  location_id?: string;
  service_id?: string;
  organization_id?: string;
  number: string;
  /** The extension to dial after the number. */
  extension?: number;
  type: 'voice';
  description?: string;
}

export type HsdsWeekday = 'MO' | 'TU' | 'WE' | 'TH' | 'FR' | 'SA' | 'SU';

export interface HsdsSchedule {
  id: string;
  service_id: string;
  location_id: string;
  service_at_location_id: string;
  valid_from?: string;
  valid_to?: string;
  timezone?: number;
  freq?: 'WEEKLY' | 'MONTHLY';
  interval?: number;
  byday?: string;
  opens_at?: string;
  closes_at?: string;
  description: string;
  notes?: string;
}

export interface HsdsTaxonomy {
  id: string;
  name: string;
  description: string;
}

export interface HsdsTaxonomyTerm {
  id: string;
  code: string;
  name: string;
  description: string;
  taxonomy: string;
  taxonomy_id: string;
  language: string;
}

export interface HsdsAttribute {
  id: string;
  link_id: string;
  link_type: string;
  link_entity: 'service';
  taxonomy_term_id: string;
  label: string;
  /** A menu's day in words (R699); the lists' attributes have none. */
  value?: string;
}

/** A language staff speak at the service (the standard's `language`: ISO 639-1, or 639-3, code). */
export interface HsdsLanguage {
  id: string;
  service_id: string;
  location_id: string;
  name: string;
  code: string;
  note: string;
}

/** What a meal costs whom (the standard's `cost_option`), in US dollars. */
export interface HsdsCostOption {
  id: string;
  service_id: string;
  option: string;
  currency: 'USD';
  amount?: number;
  amount_description: string;
}

/** One access arrangement of a location (the standard's `accessibility`). */
export interface HsdsAccessibility {
  id: string;
  location_id: string;
  description: string;
}
