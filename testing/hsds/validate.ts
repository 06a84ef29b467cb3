/**
 * Validates feed answers with Ajv, for tests only, twice: against our own stricter HSDS schemas
 * (testing/hsds/schemas.ts: only the standard's field names, our enums) and against the standard's own
 * published 3.0 schemas (testing/hsds/official/, unchanged; its README says where they come from).
 * The formats are ours, written as plain patterns: a UUID, an e-mail address, an absolute http(s) or
 * other scheme URI, a calendar date and an ISO 8601 date-time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { Ajv, type ErrorObject } from 'ajv';
import { HSDS_SCHEMAS, type HsdsSchemaName } from './schemas.ts';

function withFormats(ajv: Ajv): Ajv {
  ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i);
  ajv.addFormat('email', /^[^\s@]+@[^\s@]+\.[^\s@]+$/);
  ajv.addFormat('uri', /^[a-z][a-z0-9+.-]*:\/\/[^\s]+$/i);
  ajv.addFormat('date', /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/);
  ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/);
  return ajv;
}

const ours = withFormats(new Ajv({ allErrors: true, strict: true, strictTypes: false }));
const validators = Object.fromEntries(
  Object.entries(HSDS_SCHEMAS).map(([name, schema]) => [name, ours.compile(schema)]),
) as Record<HsdsSchemaName, ReturnType<typeof ours.compile>>;

/**
 * The standard's schemas carry keywords of their own (`constraints`, `core`, `datapackage_metadata`,
 * `example`), which Ajv ignores when not strict; one field says `datetime`, a format no validator
 * knows, so it is registered as any string. Each file is added under its own name, which is how the
 * files refer to each other (`"$ref": "language.json"`).
 */
const official = withFormats(new Ajv({ allErrors: true, strict: false, logger: false }));
official.addFormat('datetime', true);
const OFFICIAL = new URL('./official/', import.meta.url);
const read = (file: string) =>
  JSON.parse(readFileSync(new URL(file, OFFICIAL), 'utf8')) as Record<string, unknown>;
for (const file of readdirSync(OFFICIAL).filter(
  (name) => name.endsWith('.json') && name !== 'openapi.json',
)) {
  official.addSchema(read(file), file);
}
for (const file of readdirSync(new URL('compiled/', OFFICIAL))) {
  official.addSchema(read(`compiled/${file}`), `compiled/${file}`);
}

/** The answers of the standard's API description (openapi.json): the root's and the paged lists'. */
const openapi = read('openapi.json') as {
  paths: Record<
    string,
    { get: { responses: { 200: { content: { 'application/json': { schema: unknown } } } } } }
  >;
  components: { schemas: { Page: Record<string, unknown> } };
};
const answerOf = (path: string) => openapi.paths[path]!.get.responses[200].content['application/json'].schema;
/** A page of `items` as the description defines it: the Page fields and `contents`. */
const page = (items: string) => ({
  allOf: [openapi.components.schemas.Page],
  properties: { contents: { type: 'array', items: { $ref: items } } },
});

/**
 * Our answers' standard schemas. The full service-at-location answer is checked against
 * service_at_location.json: the description names the compiled service.json for it, which asks for a
 * service's name and status that a service-at-location record does not have.
 */
const officialValidators: Record<HsdsSchemaName, ReturnType<typeof official.compile>> = {
  meta: official.compile(answerOf('/') as object),
  servicePage: official.compile(page('compiled/service_list.json')),
  service: official.getSchema('service.json')!,
  serviceAtLocationPage: official.compile(page('compiled/service_at_location_list.json')),
  serviceAtLocation: official.getSchema('service_at_location.json')!,
  organizationPage: official.compile(page('compiled/organization_list.json')),
  organization: official.getSchema('organization.json')!,
};

function errorsOf(validate: ReturnType<Ajv['compile']>, value: unknown, prefix = ''): string[] {
  if (validate(value)) return [];
  return (validate.errors ?? []).map(
    (error: ErrorObject) =>
      `${prefix}${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}`,
  );
}

/**
 * The errors of `value` as readable lines, against our schema and the standard's (those prefixed
 * `HSDS 3.0:`); empty when it is valid against both.
 */
export function hsdsErrors(name: HsdsSchemaName, value: unknown): string[] {
  return [...errorsOf(validators[name], value), ...officialHsdsErrors(name, value)];
}

/** The errors of `value` against the standard's own published schema alone. */
export function officialHsdsErrors(name: HsdsSchemaName, value: unknown): string[] {
  return errorsOf(officialValidators[name], value, 'HSDS 3.0: ');
}
