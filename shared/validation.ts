import type { z } from 'zod';

/**
 * Every validation error the API and the forms can report: a stable code and its English message.
 * A 422 carries `{path, message, code, params?}`; clients translate `code` (with `params`) and may
 * show `message` as it is. Placeholders `{name}` are filled from the params; a list param is joined
 * with ", ". Adding a rule is one line here, its translations in validation.json `codes`, and
 * `invalidField(path, code)` or `coded(code)` where it is raised.
 */
export const VALIDATION_MESSAGES = {
  required: 'is required',
  not_text: 'must be text',
  too_long: 'must be at most {max} characters',
  invalid_phone: 'must be exactly 10 digits',
  invalid_email: 'must be a valid e-mail address',
  invalid_website: 'must be a valid web address',
  email_taken: 'is already taken',
  incorrect_password: 'is not correct',
  password_rule: 'Minimum eight characters, at least one letter and one number.',
  invalid_login: 'Invalid email and/or password.',
  invalid_language: 'must be one of {languages}',
  invalid_weekday: 'must be a weekday from 0 (Sunday) to 6 (Saturday)',
  invalid_time: 'must be a time like 9:00 or 17:30',
  close_not_after_open: 'must be after the opening time',
  invalid_hours: 'must be a list of opening hours',
  too_many_hours: 'must have at most {max} intervals',
  not_a_number: 'must be a number',
  out_of_range: 'must be between {min} and {max}',
  both_coordinates: 'must be given with the other coordinate',
  invalid_weeks: 'must be weeks of the month: 1 to 4, or -1 for the last',
  not_boolean: 'must be true or false',
  invalid_date: 'must be a date like 2026-11-26',
  invalid_month: 'must be a month like 2026-12',
  end_before_start: 'must not be before the start date',
  sites_required: 'must name at least one site, unless the closure is for all sites',
  sites_with_all_sites: 'must be left out when the closure is for all sites',
  invalid_id_list: 'must be a list of ids',
  list_too_long: 'must have at most {max} items',
  unknown_ids: 'has unknown ids: {ids}',
  invalid_version: 'must be a positive whole number',
  same_site: 'must be another site than this one',
  invalid_body: 'must be a JSON object',
  invalid_translations: 'must be an object of translations by language (es, zh)',
  file_type: 'File type must be {types}',
  invalid_byte_size: 'must be a number of bytes',
  empty_file: 'must be more than 0 bytes',
  file_too_large: 'File is larger than {bytes} bytes',
  file_too_small: 'File is smaller than {bytes} bytes',
  invalid_image: 'is not a valid image',
  unknown_upload: 'is not a known upload',
  not_uploaded: 'has not been uploaded yet',
  too_many_unclaimed:
    'Too many uploaded files are not used yet (at most {files} files, {mb} MB): use them or wait a day',
  invalid_choice: 'must be one of {choices}',
  duplicate_items: 'must not name the same item twice',
  report_transition: 'cannot change from {from} to {to}',
  unknown_item: 'has no list item called {name}',
  invalid_hours_text: 'cannot be read at “{part}”: write hours like {example}',
  unknown_site: 'is not the id of a site',
  unknown_entry: 'is not an entry of this history',
  duplicate_row: 'names the same site as row {row}',
  already_exists: 'is already in this list',
  no_email: 'the site has no e-mail address',
  invalid_amount: 'must be an amount of dollars with at most two decimals, from 0 to {max}',
  invalid_lead_time: 'must be a whole number of days from 0 to {max} (or as many hours)',
  lead_time_twice: 'must be given in hours or in days, not both',
  unknown_language: 'has unknown language codes: {codes}',
  amount_when_free: 'must be left out when the meal is free',
  invalid_extension: 'must be an extension of 1 to 6 digits',
  unknown_diet: 'is not a diet mark: {mark}',
  unknown_meal_type: 'is not a meal type: {name}',
  note_differs: 'differs from the note of row {row} for the same date and meal',
  /** Not raised by any rule: what an error without a known code is answered with. */
  invalid: 'is invalid',
} as const satisfies Record<string, string>;

export type ValidationCode = keyof typeof VALIDATION_MESSAGES;
export type ValidationParams = Record<string, string | number | readonly (string | number)[]>;
export const VALIDATION_CODES = Object.keys(VALIDATION_MESSAGES) as ValidationCode[];

/** One field's error as a 422 carries it. */
export interface CodedFieldError {
  path: string;
  message: string;
  code: ValidationCode;
  params?: ValidationParams;
}

export function isValidationCode(value: unknown): value is ValidationCode {
  return typeof value === 'string' && Object.hasOwn(VALIDATION_MESSAGES, value);
}

/** A param as text: lists are joined with ", " ([3, 4] → "3, 4"). */
export function formatParam(value: ValidationParams[string]): string {
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** The English message of a code, its placeholders filled from `params`. */
export function validationMessage(code: ValidationCode, params: ValidationParams = {}): string {
  return VALIDATION_MESSAGES[code].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? formatParam(params[name]!) : whole,
  );
}

/** A field error for a service or route to throw (inside a ValidationError). */
export function invalidField(path: string, code: ValidationCode, params?: ValidationParams): CodedFieldError {
  return { path, message: validationMessage(code, params), code, ...(params ? { params } : {}) };
}

/**
 * Where a zod issue keeps its code: the issue's `params` (zod's slot for custom data), as
 * `{code, params}`. `coded` and `codedIssue` put it there; `codeOfIssue` reads it back.
 */
interface IssueMarker {
  code: ValidationCode;
  params?: ValidationParams;
}

/**
 * The `{error}` option of a zod schema or check: the table's message, and the code stamped on the
 * issue. `z.string(coded('required')).max(200, coded('too_long', {max: 200}))`.
 */
export function coded(code: ValidationCode, params?: ValidationParams) {
  return {
    error: (issue: z.core.$ZodRawIssue) => {
      (issue as { params?: IssueMarker }).params = { code, ...(params ? { params } : {}) };
      return validationMessage(code, params);
    },
  };
}

/** A custom issue for `ctx.addIssue` in a refinement or transform. */
export function codedIssue(code: ValidationCode, params?: ValidationParams, path?: PropertyKey[]) {
  return {
    code: 'custom' as const,
    message: validationMessage(code, params),
    params: { code, ...(params ? { params } : {}) } satisfies IssueMarker,
    ...(path ? { path } : {}),
  };
}

/** The code and params a zod issue's `params` carry; `invalid` for an issue no rule of ours raised. */
export function codeOfIssue(issueParams: unknown): IssueMarker {
  const marker = issueParams as Partial<IssueMarker> | undefined;
  if (!marker || !isValidationCode(marker.code)) return { code: 'invalid' };
  return { code: marker.code, ...(marker.params ? { params: marker.params } : {}) };
}
