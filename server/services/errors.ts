import type { CodedFieldError } from '#shared/validation.ts';

/** An error with an HTTP status and a message that is safe to show to the user. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    /** More fields of the answer besides `status` and `message` (a 409's `code` and `current`). */
    public readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export class NotFoundError extends HttpError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

/**
 * A version conflict: answered with `code: "version_conflict"` and, when given, `current`, the record
 * as it is now, so a form can show what changed (docs/product.md R178).
 */
export class ConflictError extends HttpError {
  constructor(
    current?: unknown,
    message = 'This record was changed by someone else. Reload it to see the latest version.',
  ) {
    super(409, message, { code: 'version_conflict', ...(current !== undefined && { current }) });
  }
}

/** Too many requests of one kind, in the rate limiter's answer shape (`{status: 429, message}`). */
export class TooManyRequestsError extends HttpError {
  constructor(message = 'Too many attempts. Please try again later.') {
    super(429, message);
  }
}

/** A 422: field errors made with `invalidField(path, code, params)`, so each carries its code. */
export class ValidationError extends HttpError {
  constructor(public readonly errors: CodedFieldError[]) {
    super(422, errors.map((e) => `${e.path} ${e.message}`).join('; '));
  }
}

/** Maps a PostgreSQL unique violation on `constraint` to a field error. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const inner = e?.cause ?? e;
  return inner?.code === '23505' && (inner.constraint === constraint || String(inner).includes(constraint));
}
