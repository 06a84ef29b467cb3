import { z } from 'zod';
import { normalizePhone } from '../phone.ts';

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
  z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'is required' })
    .max(max, { error: `must be at most ${max} characters` });

export const OptionalTextSchema = (max: number) =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .max(max, { error: `must be at most ${max} characters` })
      .nullable(),
  );

export const PhoneSchema = z.preprocess(
  (value) => {
    const v = blankToNull(value);
    return typeof v === 'string' ? normalizePhone(v) || v : v;
  },
  z
    .string({ error: 'must be exactly 10 digits' })
    .regex(/^\d{10}$/, { error: 'must be exactly 10 digits' })
    .nullable(),
);

export const EmailSchema = z
  .string({ error: 'is required' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'must be at most 254 characters' })
  .pipe(z.email({ error: 'must be a valid e-mail address' }));

export const OptionalEmailSchema = z.preprocess(blankToNull, EmailSchema.nullable());

/** A web address; 'example.org' is read as 'https://example.org'. Only http and https are accepted. */
export const WebsiteSchema = z.preprocess(
  (value) => {
    const v = blankToNull(value);
    return typeof v === 'string' && !/^[a-z][a-z0-9+.-]*:/i.test(v) ? `https://${v}` : v;
  },
  z
    .string({ error: 'must be a valid web address' })
    .max(500, { error: 'must be at most 500 characters' })
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
        } catch {
          return false;
        }
      },
      { error: 'must be a valid web address' },
    )
    .nullable(),
);

/** Positive 32-bit ids; duplicates are collapsed, order kept. */
export const IdListSchema = z
  .array(z.number({ error: 'must be a list of ids' }).int().positive().max(2_147_483_647), {
    error: 'must be a list of ids',
  })
  .max(200, { error: 'must have at most 200 items' })
  .transform((ids) => [...new Set(ids)]);

/** Optimistic-concurrency token carried by records (additive to SPEC.md §7). */
export const VersionSchema = z.number().int().positive().optional();

export const IdParamsSchema = z.object({ id: z.string() });

/**
 * The one reader of record ids in URLs, on both sides (route parameters, page paths, filter query
 * parameters): '12' → 12; anything but a positive 32-bit integer written in plain digits, or nothing,
 * → undefined (no such record).
 */
export function parseId(raw: string | null | undefined): number | undefined {
  if (raw == null || !/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}

export const FieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldErrorSchema>;
export const ValidationErrorSchema = z.object({ status: z.literal(422), errors: z.array(FieldErrorSchema) });
export const ErrorSchema = z.object({ status: z.number(), message: z.string() });
