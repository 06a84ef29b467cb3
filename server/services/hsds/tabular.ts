import { stringify } from 'csv-stringify/sync';
import { strToU8, zipSync } from 'fflate';
import type { HsdsDataset } from './dataset.ts';

/** A column of the tabular package, as a Frictionless Table Schema field. */
interface Field {
  name: string;
  type: 'string' | 'number' | 'date' | 'time';
  format?: 'uuid' | 'email' | 'uri' | '%H:%M';
  required?: boolean;
}

interface Table {
  /** The standard's table name (its resource name in the package). */
  name: string;
  path: string;
  fields: Field[];
  foreignKeys?: { fields: string; reference: { resource: string; fields: string } }[];
  rows(dataset: HsdsDataset): object[];
}

const uuid = (name: string, required = false): Field => ({ name, type: 'string', format: 'uuid', required });
const text = (name: string, required = false): Field => ({ name, type: 'string', required });
const key = (fields: string, resource: string) => ({ fields, reference: { resource, fields: 'id' } });

/**
 * The tables of the package, in the standard's order, each with the fields we fill (the standard's
 * names and types; docs/product.md R255). The CSV headers and datapackage.json both come from here,
 * so they cannot disagree.
 */
export const TABLES: Table[] = [
  {
    name: 'organization',
    path: 'organizations.csv',
    fields: [
      uuid('id', true),
      text('name', true),
      text('description', true),
      { name: 'email', type: 'string', format: 'email' },
      { name: 'website', type: 'string', format: 'uri' },
    ],
    rows: (d) => d.organizations,
  },
  {
    name: 'service',
    path: 'services.csv',
    fields: [
      uuid('id', true),
      uuid('organization_id', true),
      text('name', true),
      text('description'),
      { name: 'url', type: 'string', format: 'uri' },
      { name: 'email', type: 'string', format: 'email' },
      text('status', true),
      text('application_process'),
      text('fees_description'),
      text('eligibility_description'),
      { name: 'assured_date', type: 'date' },
      text('alert'),
    ],
    foreignKeys: [key('organization_id', 'organization')],
    rows: (d) => d.listed.map((entry) => entry.service),
  },
  {
    name: 'attribute',
    path: 'attributes.csv',
    fields: [
      uuid('id', true),
      uuid('link_id', true),
      uuid('taxonomy_term_id', true),
      text('link_type'),
      text('link_entity', true),
      text('value'),
      text('label'),
    ],
    foreignKeys: [key('taxonomy_term_id', 'taxonomy_term')],
    rows: (d) => d.services.flatMap((entry) => entry.attributes),
  },
  {
    name: 'service_at_location',
    path: 'service_at_location.csv',
    fields: [uuid('id', true), uuid('service_id', true), uuid('location_id', true)],
    foreignKeys: [key('service_id', 'service'), key('location_id', 'location')],
    rows: (d) => d.services.map((entry) => entry.serviceAtLocation),
  },
  {
    name: 'location',
    path: 'locations.csv',
    fields: [
      uuid('id', true),
      text('location_type', true),
      uuid('organization_id'),
      text('name'),
      text('transportation'),
      { name: 'latitude', type: 'number' },
      { name: 'longitude', type: 'number' },
    ],
    foreignKeys: [key('organization_id', 'organization')],
    rows: (d) => d.services.map((entry) => entry.location),
  },
  {
    name: 'phone',
    path: 'phones.csv',
    fields: [
      uuid('id', true),
      uuid('location_id'),
      uuid('service_id'),
      uuid('organization_id'),
      text('number', true),
      { name: 'extension', type: 'number' },
      text('type'),
      text('description'),
    ],
    foreignKeys: [
      key('location_id', 'location'),
      key('service_id', 'service'),
      key('organization_id', 'organization'),
    ],
    rows: (d) => [...d.services.flatMap((entry) => entry.phones), ...d.organizationPhones],
  },
  {
    name: 'address',
    path: 'addresses.csv',
    fields: [
      uuid('id', true),
      uuid('location_id', true),
      text('address_1', true),
      text('address_2'),
      text('city', true),
      text('state_province', true),
      text('postal_code', true),
      text('country', true),
      text('address_type', true),
    ],
    foreignKeys: [key('location_id', 'location')],
    rows: (d) => d.services.map((entry) => entry.address),
  },
  {
    name: 'schedule',
    path: 'schedules.csv',
    fields: [
      uuid('id', true),
      uuid('service_id'),
      uuid('location_id'),
      uuid('service_at_location_id'),
      { name: 'valid_from', type: 'date' },
      { name: 'valid_to', type: 'date' },
      { name: 'timezone', type: 'number' },
      text('freq'),
      { name: 'interval', type: 'number' },
      text('byday'),
      { name: 'opens_at', type: 'time', format: '%H:%M' },
      { name: 'closes_at', type: 'time', format: '%H:%M' },
      text('description'),
      text('notes'),
    ],
    foreignKeys: [
      key('service_id', 'service'),
      key('location_id', 'location'),
      key('service_at_location_id', 'service_at_location'),
    ],
    rows: (d) => d.services.flatMap((entry) => entry.schedules),
  },
  {
    name: 'language',
    path: 'languages.csv',
    fields: [
      uuid('id', true),
      uuid('service_id'),
      uuid('location_id'),
      text('name'),
      text('code'),
      text('note'),
    ],
    foreignKeys: [key('service_id', 'service'), key('location_id', 'location')],
    rows: (d) => d.services.flatMap((entry) => entry.languages),
  },
  {
    name: 'accessibility',
    path: 'accessibility.csv',
    fields: [uuid('id', true), uuid('location_id'), text('description')],
    foreignKeys: [key('location_id', 'location')],
    rows: (d) => d.services.flatMap((entry) => entry.accessibility),
  },
  {
    name: 'cost_option',
    path: 'cost_options.csv',
    fields: [
      uuid('id', true),
      uuid('service_id', true),
      text('option'),
      text('currency'),
      { name: 'amount', type: 'number' },
      text('amount_description'),
    ],
    foreignKeys: [key('service_id', 'service')],
    rows: (d) => d.services.flatMap((entry) => entry.costOptions),
  },
  {
    name: 'taxonomy_term',
    path: 'taxonomy_terms.csv',
    fields: [
      uuid('id', true),
      text('code'),
      text('name', true),
      text('description', true),
      text('taxonomy'),
      text('language'),
      uuid('taxonomy_id'),
    ],
    foreignKeys: [key('taxonomy_id', 'taxonomy')],
    rows: (d) => d.taxonomyTerms,
  },
  {
    name: 'taxonomy',
    path: 'taxonomies.csv',
    fields: [uuid('id', true), text('name', true), text('description', true)],
    rows: (d) => d.taxonomies,
  },
];

/** The Frictionless Data package descriptor of the tables (tabular-data-package profile). */
export interface PackageOptions {
  title: string;
  homepage: string;
  /** When the newest service record changed (ISO 8601); left out without services. */
  lastModified?: string;
}

export function dataPackageDescriptor(options: PackageOptions) {
  return {
    profile: 'tabular-data-package',
    name: 'community-meal-sites-hsds',
    title: `${options.title}: Open Referral HSDS 3.0`,
    description:
      'Community dining sites of the congregate meals program as Human Services Data Specification 3.0 tables: each site is a location and the congregate meal service at it.',
    homepage: options.homepage,
    ...(options.lastModified ? { created: options.lastModified } : {}),
    resources: TABLES.map((table) => ({
      name: table.name,
      path: table.path,
      profile: 'tabular-data-resource',
      format: 'csv',
      mediatype: 'text/csv',
      encoding: 'utf-8',
      schema: {
        fields: table.fields.map(({ required, ...field }) => ({
          ...field,
          ...(required ? { constraints: { required: true } } : {}),
        })),
        primaryKey: 'id',
        ...(table.foreignKeys ? { foreignKeys: table.foreignKeys } : {}),
      },
    })),
  };
}

/** One table as CSV: the header row, then a row per record; an absent value is an empty cell. */
export function tableCsv(table: Table, dataset: HsdsDataset): string {
  const names = table.fields.map((field) => field.name);
  const rows = table.rows(dataset).map((row) => {
    const record = row as Record<string, unknown>;
    return names.map((name) => record[name] ?? '');
  });
  return stringify([names, ...rows], { record_delimiter: '\r\n' });
}

/**
 * The zipped package: datapackage.json and one CSV per table. The files' times are fixed, so the
 * same data always gives the same bytes (and the same ETag) in every process.
 */
export function dataPackageZip(dataset: HsdsDataset, options: PackageOptions): Uint8Array {
  const mtime = new Date('2026-01-01T00:00:00Z');
  const files: Record<string, [Uint8Array, { mtime: Date }]> = {
    'datapackage.json': [strToU8(`${JSON.stringify(dataPackageDescriptor(options), null, 2)}\n`), { mtime }],
  };
  for (const table of TABLES) files[table.path] = [strToU8(tableCsv(table, dataset)), { mtime }];
  return zipSync(files, { level: 6 });
}
