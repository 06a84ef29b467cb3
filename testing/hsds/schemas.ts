/**
 * Our own JSON Schemas (draft-07) of what the Open Referral HSDS 3.0 feed answers, written from the
 * standard's schema files and API description (objects, required fields, types, formats, enums, the
 * nesting of the fully nested answers, the Page fields). Tests validate every answer with them
 * (testing/hsds/validate.ts). Stricter than the standard in one way on purpose: an object may hold only
 * the standard's field names (`additionalProperties: false`), so a misspelt or invented field fails.
 * docs/decisions/029-open-referral-feed.md.
 */

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/definitions/${name}` });
const str: Schema = { type: 'string' };
const num: Schema = { type: 'number' };
const uuid: Schema = { type: 'string', format: 'uuid' };
const uri: Schema = { type: 'string', format: 'uri' };
const email: Schema = { type: 'string', format: 'email' };
const date: Schema = { type: 'string', format: 'date' };
const arrayOf = (name: string): Schema => ({ type: 'array', items: ref(name) });

function object(required: string[], properties: Schema): Schema {
  return { type: 'object', required, properties, additionalProperties: false };
}

/** The days of RFC 5545 BYDAY: a weekday code, with an occurrence (1–5 or -1…-5) when monthly. */
const BYDAY_PART = '(?:[+-]?[1-5])?(?:MO|TU|WE|TH|FR|SA|SU)';
const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
/** HH:MM, optionally :SS, optionally with Z or an offset (the standard's opens_at/closes_at). */
const TIME = '^([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d)?(Z|[+-]\\d{2}:\\d{2})?$';

const phone = object(['id', 'number'], {
  id: uuid,
  location_id: uuid,
  service_id: uuid,
  organization_id: uuid,
  contact_id: uuid,
  service_at_location_id: uuid,
  number: { type: 'string', minLength: 1 },
  extension: num,
  type: { type: 'string', enum: ['text', 'voice', 'fax', 'cell', 'video', 'pager', 'textphone'] },
  description: str,
  languages: arrayOf('language'),
  attributes: arrayOf('attribute'),
  metadata: { type: 'array' },
});

const schedule = {
  ...object(['id'], {
    id: uuid,
    service_id: uuid,
    location_id: uuid,
    service_at_location_id: uuid,
    valid_from: date,
    valid_to: date,
    dtstart: date,
    timezone: num,
    until: date,
    count: num,
    wkst: { type: 'string', enum: WEEKDAYS },
    freq: { type: 'string', enum: ['WEEKLY', 'MONTHLY'] },
    interval: { type: 'number', minimum: 1 },
    byday: { type: 'string', pattern: `^${BYDAY_PART}(,${BYDAY_PART})*$` },
    byweekno: str,
    bymonthday: str,
    byyearday: str,
    description: str,
    opens_at: { type: 'string', pattern: TIME },
    closes_at: { type: 'string', pattern: TIME },
    schedule_link: uri,
    attending_type: str,
    notes: str,
    attributes: arrayOf('attribute'),
    metadata: { type: 'array' },
  }),
  // RFC 5545: a weekday with an occurrence number ("1WE", "-1FR") only in a MONTHLY rule.
  anyOf: [
    { required: ['freq'], properties: { freq: { const: 'MONTHLY' } } },
    {
      properties: {
        byday: { type: 'string', pattern: `^(${WEEKDAYS.join('|')})(,(${WEEKDAYS.join('|')}))*$` },
      },
    },
  ],
};

const language = object(['id'], {
  id: uuid,
  service_id: uuid,
  location_id: uuid,
  phone_id: uuid,
  name: str,
  // ISO 639-1 (two letters) or ISO 639-3 (three).
  code: { type: 'string', pattern: '^[a-z]{2,3}$' },
  note: str,
  attributes: arrayOf('attribute'),
  metadata: { type: 'array' },
});

const costOption = object(['id'], {
  id: uuid,
  service_id: uuid,
  valid_from: date,
  valid_to: date,
  option: str,
  // A three-letter currency code.
  currency: { type: 'string', pattern: '^[A-Za-z]{3}$' },
  amount: num,
  amount_description: str,
  attributes: arrayOf('attribute'),
  metadata: { type: 'array' },
});

const accessibility = object(['id'], {
  id: uuid,
  location_id: uuid,
  description: str,
  details: str,
  url: uri,
  attributes: arrayOf('attribute'),
  metadata: { type: 'array' },
});

const address = object(
  ['id', 'address_1', 'city', 'state_province', 'postal_code', 'country', 'address_type'],
  {
    id: uuid,
    location_id: uuid,
    attention: str,
    address_1: str,
    address_2: str,
    city: str,
    region: str,
    state_province: str,
    postal_code: str,
    country: { type: 'string', pattern: '^[A-Z]{2}$' },
    address_type: { type: 'string', enum: ['physical', 'postal', 'virtual'] },
    attributes: arrayOf('attribute'),
    metadata: { type: 'array' },
  },
);

const taxonomy = object(['id', 'name', 'description'], {
  id: uuid,
  name: str,
  description: str,
  uri,
  version: str,
  metadata: { type: 'array' },
});

const taxonomyTerm = object(['id', 'name', 'description'], {
  id: uuid,
  code: str,
  name: str,
  description: str,
  parent_id: uuid,
  taxonomy: str,
  taxonomy_detail: ref('taxonomy'),
  language: { type: 'string', pattern: '^[a-z]{2,3}(-[A-Za-z0-9]+)*$' },
  taxonomy_id: uuid,
  term_uri: uri,
  metadata: { type: 'array' },
});

const attribute = object(['id'], {
  id: uuid,
  link_id: uuid,
  taxonomy_term_id: uuid,
  link_type: str,
  link_entity: { type: 'string', enum: ['service', 'location', 'organization', 'service_at_location'] },
  value: str,
  taxonomy_term: ref('taxonomy_term'),
  label: str,
  metadata: { type: 'array' },
});

const locationProperties = {
  id: uuid,
  location_type: { type: 'string', enum: ['physical', 'postal', 'virtual'] },
  url: uri,
  organization_id: uuid,
  name: str,
  alternate_name: str,
  description: str,
  transportation: str,
  latitude: { type: 'number', minimum: -90, maximum: 90 },
  longitude: { type: 'number', minimum: -180, maximum: 180 },
  external_identifier: str,
  external_identifier_type: str,
  languages: arrayOf('language'),
  addresses: arrayOf('address'),
  contacts: { type: 'array' },
  accessibility: arrayOf('accessibility'),
  phones: arrayOf('phone'),
  schedules: arrayOf('schedule'),
  attributes: arrayOf('attribute'),
  metadata: { type: 'array' },
};
// A position is both coordinates or neither.
const location = {
  ...object(['id', 'location_type'], locationProperties),
  dependencies: { latitude: ['longitude'], longitude: ['latitude'] },
};

const organizationProperties = {
  id: uuid,
  name: str,
  alternate_name: str,
  description: str,
  email,
  website: uri,
  tax_status: str,
  tax_id: str,
  year_incorporated: num,
  legal_status: str,
  logo: str,
  uri,
  parent_organization_id: uuid,
};
const organizationList = object(['id', 'name', 'description'], organizationProperties);
const organizationNested = object(['id', 'name', 'description'], {
  ...organizationProperties,
  funding: { type: 'array' },
  contacts: { type: 'array' },
  phones: arrayOf('phone'),
  metadata: { type: 'array' },
  attributes: arrayOf('attribute'),
  organization_identifiers: { type: 'array' },
});

const serviceProperties = {
  id: uuid,
  organization_id: uuid,
  program_id: uuid,
  name: str,
  alternate_name: str,
  description: str,
  url: uri,
  email,
  status: { type: 'string', enum: ['active', 'inactive', 'defunct', 'temporarily closed'] },
  interpretation_services: str,
  application_process: str,
  fees_description: str,
  wait_time: str,
  fees: str,
  accreditations: str,
  eligibility_description: str,
  minimum_age: num,
  maximum_age: num,
  assured_date: date,
  assurer_email: email,
  licenses: str,
  alert: str,
};
const serviceFlat = object(['id', 'name', 'status'], serviceProperties);
const serviceListItem = object(['id', 'name', 'status', 'organization'], {
  ...serviceProperties,
  organization: ref('organization_list'),
});

const serviceAtLocationProperties = {
  id: uuid,
  service_id: uuid,
  location_id: uuid,
  description: str,
};
const serviceAtLocationFlat = object(['id', 'service_id', 'location_id'], serviceAtLocationProperties);
const serviceAtLocationNested = object(['id', 'service_id', 'location_id', 'location'], {
  ...serviceAtLocationProperties,
  service_areas: { type: 'array' },
  contacts: { type: 'array' },
  phones: arrayOf('phone'),
  schedules: arrayOf('schedule'),
  location: ref('location'),
  attributes: arrayOf('attribute'),
  metadata: { type: 'array' },
});

const serviceFullFields = object(['id', 'name', 'status', 'organization', 'service_at_locations'], {
  ...serviceProperties,
  phones: arrayOf('phone'),
  schedules: arrayOf('schedule'),
  service_areas: { type: 'array' },
  service_at_locations: { type: 'array', items: ref('service_at_location') },
  languages: arrayOf('language'),
  organization: ref('organization'),
  funding: { type: 'array' },
  cost_options: arrayOf('cost_option'),
  program: { type: 'object' },
  required_documents: { type: 'array' },
  contacts: { type: 'array' },
  attributes: arrayOf('attribute'),
  metadata: { type: 'array' },
});

// Ours: a service is at one place at least, unless it is defunct (its site deleted, nothing left).
const serviceFull = {
  ...serviceFullFields,
  if: { properties: { status: { const: 'defunct' } } },
  else: { properties: { service_at_locations: { minItems: 1 } } },
};

const organizationFull = object(['id', 'name', 'description'], {
  ...(organizationNested.properties as Schema),
  services: arrayOf('service_flat'),
  locations: arrayOf('location'),
  programs: { type: 'array' },
});

const definitions = {
  language,
  cost_option: costOption,
  accessibility,
  phone,
  schedule,
  address,
  taxonomy,
  taxonomy_term: taxonomyTerm,
  attribute,
  location,
  organization: organizationNested,
  organization_list: organizationList,
  service_flat: serviceFlat,
  service_at_location: serviceAtLocationNested,
};

/** The Page fields around a list's contents (the standard's components/schemas/Page). */
function page(item: Schema): Schema {
  return {
    definitions,
    ...object(
      ['total_items', 'total_pages', 'page_number', 'size', 'first_page', 'last_page', 'empty', 'contents'],
      {
        total_items: { type: 'integer', minimum: 0 },
        total_pages: { type: 'integer', minimum: 0 },
        page_number: { type: 'integer', minimum: 1 },
        size: { type: 'integer', minimum: 0 },
        first_page: { type: 'boolean' },
        last_page: { type: 'boolean' },
        empty: { type: 'boolean' },
        contents: { type: 'array', items: item },
      },
    ),
  };
}

const withDefinitions = (schema: Schema): Schema => ({ definitions, ...schema });

/** One schema per answer of the feed. */
export const HSDS_SCHEMAS = {
  meta: object(['version', 'profile', 'openapi_url'], {
    version: { type: 'string', const: '3.0' },
    profile: uri,
    openapi_url: uri,
    description: str,
    publisher: object(['name'], {
      name: str,
      identifier: str,
      email,
      website: uri,
      additional_websites: { type: 'array', items: uri },
    }),
  }),
  servicePage: page(serviceListItem),
  service: withDefinitions(serviceFull),
  serviceAtLocationPage: page(serviceAtLocationFlat),
  serviceAtLocation: withDefinitions(serviceAtLocationNested),
  organizationPage: page(organizationList),
  organization: withDefinitions(organizationFull),
} as const;

export type HsdsSchemaName = keyof typeof HSDS_SCHEMAS;
