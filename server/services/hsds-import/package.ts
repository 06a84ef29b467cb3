/**
 * An HSDS 3.0 tabular package (`datapackage.zip`) read into services nested as the API answers them
 * (docs/product.md R641). The archive goes through the same counting inflater as a workbook's
 * (`unzipWorkbook`: inflated bytes counted, entries limited), the tables through the CSV parser with
 * a record size limit; the joins are maps, one pass per table. Runs in the spreadsheet reader's worker
 * (reader.ts `readHsdsPackage`), never on the event loop.
 */
import { parse } from 'csv-parse/sync';
import { strFromU8 } from 'fflate';
import { IMPORT_LIMITS } from '#shared/imports.ts';
import { ImportError } from '../spreadsheets/errors.ts';
import { MAX_CSV_ROW_CHARS } from '../spreadsheets/read.ts';
import { unzipWorkbook } from '../spreadsheets/xlsx-archive.ts';
import type {
  SourceAttribute,
  SourceData,
  SourceLocation,
  SourceSchedule,
  SourceService,
  SourceServiceAtLocation,
  SourceTerm,
} from './source.ts';

/** Entries a package may have: the standard has about twenty tables, and a descriptor. */
export const MAX_PACKAGE_ENTRIES = 100;

type Row = Record<string, string>;

/** The standard's table names; a package names each table's file in datapackage.json, else by its name. */
const TABLE_NAMES = [
  'organization',
  'service',
  'location',
  'service_at_location',
  'address',
  'phone',
  'schedule',
  'attribute',
  'taxonomy_term',
  'taxonomy',
  'language',
  'cost_option',
  'accessibility',
] as const;
type TableName = (typeof TABLE_NAMES)[number];

const baseName = (path: string) => path.split('/').pop()!.toLowerCase();
/** The file names a table may have without a descriptor: `service.csv`, `services.csv`, `addresses.csv`, `taxonomies.csv`. */
const fileNamesOf = (table: string) => [
  `${table}.csv`,
  `${table}s.csv`,
  `${table}es.csv`,
  `${table.replace(/y$/, 'ies')}.csv`,
];

function csvRows(bytes: Uint8Array): Row[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ImportError(422, 'not_hsds');
  }
  try {
    const rows = parse(text, {
      bom: true,
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: MAX_CSV_ROW_CHARS,
    }) as Row[];
    // An empty cell is an absent value (the standard's fields are typed, not nullable).
    for (const row of rows) for (const key of Object.keys(row)) if (row[key] === '') delete row[key];
    return rows;
  } catch {
    throw new ImportError(422, 'not_hsds');
  }
}

const groupBy = (rows: Row[], key: string) => {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const value = row[key]?.toLowerCase();
    if (!value) continue;
    const group = groups.get(value);
    if (group) group.push(row);
    else groups.set(value, [row]);
  }
  return groups;
};
const idOf = (row: Row) => row.id?.toLowerCase();

/** Reads a package's bytes into its services; `not_hsds` when it has no services or locations table. */
export function readHsdsPackage(bytes: Uint8Array): SourceData {
  if (bytes.length > IMPORT_LIMITS.maxBytes)
    throw new ImportError(413, 'file_too_large', { mb: IMPORT_LIMITS.maxBytes / 1024 / 1024 });
  let files: Record<string, Uint8Array>;
  try {
    files = unzipWorkbook(bytes, undefined, {
      accept: (name) => /\.(csv|json)$/i.test(name) && !name.startsWith('__MACOSX/'),
      maxEntries: MAX_PACKAGE_ENTRIES,
    });
  } catch (error) {
    if (error instanceof ImportError && error.code === 'not_xlsx') throw new ImportError(422, 'not_hsds');
    throw error;
  }
  const byBase = new Map(Object.entries(files).map(([name, content]) => [baseName(name), content]));
  let descriptor: { homepage?: unknown; name?: unknown; resources?: { name?: unknown; path?: unknown }[] } =
    {};
  const json = byBase.get('datapackage.json');
  if (json) {
    try {
      descriptor = JSON.parse(strFromU8(json)) as typeof descriptor;
    } catch {
      throw new ImportError(422, 'not_hsds');
    }
  }
  const pathOf = new Map<string, string>();
  for (const resource of Array.isArray(descriptor.resources) ? descriptor.resources : [])
    if (typeof resource?.name === 'string' && typeof resource.path === 'string')
      pathOf.set(resource.name, baseName(resource.path));
  const fileOf = (name: TableName) =>
    [pathOf.get(name), ...fileNamesOf(name)].find((candidate) => candidate && byBase.has(candidate));
  // Without a services or a locations table it is no HSDS package; with empty ones, one of no rows.
  if (!fileOf('service') && !fileOf('location')) throw new ImportError(422, 'not_hsds');
  const table = (name: TableName): Row[] => {
    const file = fileOf(name);
    return file ? csvRows(byBase.get(file)!) : [];
  };
  const tables = Object.fromEntries(TABLE_NAMES.map((name) => [name, table(name)])) as Record<
    TableName,
    Row[]
  >;
  if (tables.service.length > IMPORT_LIMITS.maxRows)
    throw new ImportError(422, 'too_many_rows', { max: IMPORT_LIMITS.maxRows });

  const taxonomyName = new Map(tables.taxonomy.map((row) => [idOf(row), row.name]));
  const terms: SourceTerm[] = tables.taxonomy_term.map((row) => ({
    ...row,
    ...(row.taxonomy_id && taxonomyName.get(row.taxonomy_id.toLowerCase())
      ? { taxonomy_detail: { name: taxonomyName.get(row.taxonomy_id.toLowerCase()) } }
      : {}),
  }));
  const termById = new Map(terms.map((term) => [term.id?.toLowerCase(), term]));

  const addresses = groupBy(tables.address, 'location_id');
  const accessibility = groupBy(tables.accessibility, 'location_id');
  // A phone of a location is the location's; one of only a service, the service's.
  const locationPhones = groupBy(tables.phone, 'location_id');
  const servicePhones = groupBy(
    tables.phone.filter((row) => !row.location_id),
    'service_id',
  );
  const locations = new Map<string | undefined, SourceLocation>(
    tables.location.map((row) => [
      idOf(row),
      {
        ...row,
        addresses: addresses.get(idOf(row) ?? '') ?? [],
        phones: locationPhones.get(idOf(row) ?? '') ?? [],
        accessibility: accessibility.get(idOf(row) ?? '') ?? [],
      },
    ]),
  );
  const schedulesBySal = groupBy(tables.schedule, 'service_at_location_id');
  const schedulesByLocation = groupBy(
    tables.schedule.filter((row) => !row.service_at_location_id),
    'location_id',
  );
  const serviceSchedules = groupBy(
    tables.schedule.filter((row) => !row.service_at_location_id && !row.location_id),
    'service_id',
  );
  const sals = groupBy(tables.service_at_location, 'service_id');
  const attributes = groupBy(
    tables.attribute.filter((row) => !row.link_entity || row.link_entity === 'service'),
    'link_id',
  );
  const languages = groupBy(tables.language, 'service_id');
  const costOptions = groupBy(tables.cost_option, 'service_id');

  const services = tables.service.map((row): SourceService => {
    const id = idOf(row) ?? '';
    const atLocations = (sals.get(id) ?? []).map(
      (sal): SourceServiceAtLocation => ({
        id: sal.id,
        location: locations.get(sal.location_id?.toLowerCase()),
        schedules: [
          ...(schedulesBySal.get(idOf(sal) ?? '') ?? []),
          ...(schedulesByLocation.get(sal.location_id?.toLowerCase() ?? '') ?? []).filter(
            (schedule) => !schedule.service_id || schedule.service_id.toLowerCase() === id,
          ),
        ] as SourceSchedule[],
      }),
    );
    return {
      ...row,
      phones: servicePhones.get(id) ?? [],
      schedules: (serviceSchedules.get(id) ?? []) as SourceSchedule[],
      service_at_locations: atLocations,
      attributes: (attributes.get(id) ?? []).map(
        (attribute): SourceAttribute => ({
          ...attribute,
          taxonomy_term: termById.get(attribute.taxonomy_term_id?.toLowerCase()),
        }),
      ),
      languages: languages.get(id) ?? [],
      cost_options: costOptions.get(id) ?? [],
    };
  });
  return {
    services,
    terms,
    organizations: tables.organization.length,
    ...(typeof descriptor.homepage === 'string' ? { homepage: descriptor.homepage } : {}),
    ...(typeof descriptor.name === 'string' ? { name: descriptor.name } : {}),
  };
}
