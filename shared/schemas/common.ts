import { z } from 'zod';
import { normalizeTime } from '../hours.ts';
import { normalizePhone } from '../phone.ts';
import { coded, codedIssue, VALIDATION_CODES } from '../validation.ts';

/** Trims a string and turns '' / null / undefined into null, so optional text is stored one way. */
const blankToNull = (value: unknown) => {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  }
  return value;
};

export const RequiredTextSchema = (max: number) =>
  z.string(coded('required')).trim().min(1, coded('required')).max(max, coded('too_long', { max }));

export const PhoneSchema = z.preprocess(
  (value) => {
    const v = blankToNull(value);
    return typeof v === 'string' ? normalizePhone(v) || v : v;
  },
  z
    .string(coded('invalid_phone'))
    .regex(/^\d{10}$/, coded('invalid_phone'))
    .nullable(),
);

export const EmailSchema = z
  .string(coded('required'))
  .trim()
  .toLowerCase()
  .max(254, coded('too_long', { max: 254 }))
  .pipe(z.email(coded('invalid_email')));

export const OptionalEmailSchema = z.preprocess(blankToNull, EmailSchema.nullable());

/**
 * A web address, stored as the WHATWG URL parser reads it (the way every browser will follow it), so
 * what staff see is where a visitor goes: 'example.org' is read as 'https://example.org';
 * '//evil.example/x' becomes 'https://evil.example/x' and 'https://evil.example\@good.example/' becomes
 * 'https://evil.example/@good.example/'. Only http and https, a host name with a dot, and no user
 * name or password in it (docs/product.md R370). A bare origin is kept without its trailing '/'.
 */
export const WebsiteSchema = z.preprocess(
  (value) => {
    const v = blankToNull(value);
    return typeof v === 'string' && !/^[a-z][a-z0-9+.-]*:/i.test(v)
      ? `https://${v.replace(/^[/\\]+/, '')}`
      : v;
  },
  z
    .string(coded('invalid_website'))
    .max(500, coded('too_long', { max: 500 }))
    .transform((value, context) => {
      const href = normalWebsite(value);
      if (href === undefined) context.addIssue(codedIssue('invalid_website'));
      else if (href.length > 500) context.addIssue(codedIssue('too_long', { max: 500 }));
      else return href;
      return z.NEVER;
    })
    .nullable(),
);

/** The address as the URL parser normalises it, or undefined when it is not an acceptable web address. */
function normalWebsite(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password || !url.hostname.includes('.')) return undefined;
  const bareOrigin = url.pathname === '/' && !url.search && !url.hash;
  return bareOrigin ? url.origin : url.href;
}

/** A request body: a JSON object with these fields (anything else is `invalid_body`). */
export function BodySchema<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object(shape, coded('invalid_body'));
}

/** One record's id in a body: a positive 32-bit integer (`not_a_number` otherwise). */
export const BodyIdSchema = z
  .number(coded('not_a_number'))
  .int(coded('not_a_number'))
  .positive(coded('not_a_number'))
  .max(2_147_483_647, coded('not_a_number'));

/** Positive 32-bit ids; duplicates are collapsed, order kept. */
export const IdListSchema = z
  .array(
    z
      .number(coded('invalid_id_list'))
      .int(coded('invalid_id_list'))
      .positive(coded('invalid_id_list'))
      .max(2_147_483_647, coded('invalid_id_list')),
    coded('invalid_id_list'),
  )
  .max(200, coded('list_too_long', { max: 200 }))
  .transform((ids) => [...new Set(ids)]);

/** Optimistic-concurrency token carried by records (an addition to the API contract, docs/product.md R57). */
export const VersionSchema = z
  .number(coded('invalid_version'))
  .int(coded('invalid_version'))
  .positive(coded('invalid_version'))
  .optional();

/** `?version=N` on a delete: the same token, read from the query string. */
export const VersionQuerySchema = z.object({
  version: z.coerce
    .number(coded('invalid_version'))
    .int(coded('invalid_version'))
    .positive(coded('invalid_version'))
    .optional(),
});

export const IdParamsSchema = z.object({ id: z.string() });

/** One field's error in a 422: `code` and `params` are listed in shared/validation.ts. */
const FieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
  code: z.enum(VALIDATION_CODES).optional(),
  params: z.record(z.string(), z.unknown()).optional(),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;

/** A time of day, stored as HH:mm ('9:00' → '09:00'): hours, closures' phone lines, reservation cut-offs. */
export const TimeSchema = z.string(coded('invalid_time')).transform((value, ctx) => {
  const time = normalizeTime(value);
  if (!time) {
    ctx.addIssue(codedIssue('invalid_time'));
    return z.NEVER;
  }
  return time;
});

export const WEEKDAY_ERROR = coded('invalid_weekday');

/**
 * A weekday 0-6. A one-digit string "0"-"6" is read as that number: forms that take the day from a
 * <select> send it as text (the previous app's client does). Anything else stays refused.
 */
export const WeekdaySchema = z.preprocess(
  (value) =>
    typeof value === 'string' && value.length === 1 && value >= '0' && value <= '6' ? Number(value) : value,
  z.number(WEEKDAY_ERROR).int(WEEKDAY_ERROR).min(0, WEEKDAY_ERROR).max(6, WEEKDAY_ERROR),
);
