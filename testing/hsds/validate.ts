/**
 * Validates feed answers against our HSDS schemas (testing/hsds/schemas.ts) with Ajv, for tests only.
 * The formats are ours too, written as plain patterns: a UUID, an e-mail address, an absolute http(s)
 * or other scheme URI, a calendar date and an ISO 8601 date-time.
 */
import { Ajv, type ErrorObject } from 'ajv';
import { HSDS_SCHEMAS, type HsdsSchemaName } from './schemas.ts';

const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false });
ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i);
ajv.addFormat('email', /^[^\s@]+@[^\s@]+\.[^\s@]+$/);
ajv.addFormat('uri', /^[a-z][a-z0-9+.-]*:\/\/[^\s]+$/i);
ajv.addFormat('date', /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/);
ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/);

const validators = Object.fromEntries(
  Object.entries(HSDS_SCHEMAS).map(([name, schema]) => [name, ajv.compile(schema)]),
) as Record<HsdsSchemaName, ReturnType<typeof ajv.compile>>;

/** The schema's errors for `value` as readable lines; empty when it is valid. */
export function hsdsErrors(name: HsdsSchemaName, value: unknown): string[] {
  const validate = validators[name];
  if (validate(value)) return [];
  return (validate.errors ?? []).map(
    (error: ErrorObject) =>
      `${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}`,
  );
}
