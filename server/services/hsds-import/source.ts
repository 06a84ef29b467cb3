/**
 * Another publisher's HSDS 3.0 data as the import reads it (docs/product.md R640–R649): each service
 * nested the way the standard's API answers `GET /services/{id}` — its services at locations with
 * their location (addresses, phones, accessibility) and schedules, its phones, attributes with their
 * taxonomy terms, languages and cost options. The package reader (package.ts) joins the tabular
 * package's tables into this shape and the API reader (api.ts) reads it as answered, so one converter
 * (convert.ts) serves both. Every field is optional: another publisher's data is not trusted to be whole.
 */

export interface SourceTerm {
  id?: string;
  code?: string;
  name?: string;
  taxonomy?: string;
  taxonomy_id?: string;
  language?: string;
  taxonomy_detail?: { name?: string };
}

export interface SourceAttribute {
  link_type?: string;
  taxonomy_term_id?: string;
  taxonomy_term?: SourceTerm;
}

export interface SourcePhone {
  number?: string;
  extension?: number | string;
  description?: string;
}

export interface SourceSchedule {
  valid_from?: string;
  valid_to?: string;
  freq?: string;
  interval?: number | string;
  byday?: string;
  opens_at?: string;
  closes_at?: string;
}

export interface SourceAddress {
  address_1?: string;
  address_2?: string;
  city?: string;
  state_province?: string;
  postal_code?: string;
  country?: string;
  address_type?: string;
}

export interface SourceLocation {
  id?: string;
  name?: string;
  latitude?: number | string;
  longitude?: number | string;
  transportation?: string;
  addresses?: SourceAddress[];
  phones?: SourcePhone[];
  accessibility?: { description?: string }[];
}

export interface SourceServiceAtLocation {
  id?: string;
  location?: SourceLocation;
  schedules?: SourceSchedule[];
  phones?: SourcePhone[];
}

export interface SourceService {
  id?: string;
  name?: string;
  description?: string;
  url?: string;
  email?: string;
  status?: string;
  application_process?: string;
  fees_description?: string;
  eligibility_description?: string;
  alert?: string;
  phones?: SourcePhone[];
  schedules?: SourceSchedule[];
  service_at_locations?: SourceServiceAtLocation[];
  attributes?: SourceAttribute[];
  languages?: { code?: string; name?: string }[];
  cost_options?: { option?: string; amount?: number | string; amount_description?: string }[];
}

/** What one source holds: its services, every taxonomy term (for translations), and who it is. */
export interface SourceData {
  services: SourceService[];
  /** The terms of the package's taxonomy_term table (the API's come nested in the attributes). */
  terms: SourceTerm[];
  organizations: number;
  /** The package's homepage or name (datapackage.json): names the source of a package's ids. */
  homepage?: string;
  name?: string;
}
