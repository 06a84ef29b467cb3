import type { CodedFieldError } from '#shared/validation.ts';

/** An error with an HTTP status and a message that is safe to show to the user. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export class NotFoundError extends HttpError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

export class ConflictError extends HttpError {
  constructor(message = 'This record was changed by someone else. Reload it to see the latest version.') {
    super(409, message);
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
