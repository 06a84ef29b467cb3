import { z } from 'zod';

/**
 * The API's one error shape (server/plugins/errors.ts): `status` and a `message` safe to show, the
 * field errors of a 422, the `code` and `current` record of a 409. Loose objects: a route's declared
 * error answer documents the shape in /api/openapi.json and never strips a field from it.
 */
const FieldErrorSchema = z.looseObject({
  path: z.string(),
  message: z.string(),
  code: z.string().optional(),
});

export const ErrorSchema = z.looseObject({ status: z.number(), message: z.string().optional() });
export const ValidationErrorSchema = z.looseObject({
  status: z.literal(422),
  errors: z.array(FieldErrorSchema),
});
export const ConflictErrorSchema = z.looseObject({
  status: z.literal(409),
  message: z.string(),
  code: z.string().optional(),
  current: z.unknown().optional(),
});

/**
 * A refused spreadsheet (server/routes/imports.ts): a `code` and its `params` instead of field errors,
 * or, for a bad address, the usual field errors.
 */
export const RefusalErrorSchema = z.looseObject({
  status: z.number(),
  message: z.string().optional(),
  code: z.string().optional(),
  errors: z.array(FieldErrorSchema).optional(),
});

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

/** The error answers of a route, for its schema's `response`: `...errorAnswers(401, 403, 404)`. */
export function errorAnswers(...statuses: ErrorStatus[]) {
  const answers: Partial<Record<ErrorStatus, z.ZodType>> = {};
  for (const status of statuses)
    answers[status] =
      status === 422 ? ValidationErrorSchema : status === 409 ? ConflictErrorSchema : ErrorSchema;
  return answers;
}

/** The empty answer of a delete, declared beside its error answers. */
export const NoContentSchema = z.null().describe('No content');
