import type { z } from 'zod';
import type { FieldError } from '#shared/schemas/common.ts';
import { codeOfIssue } from '#shared/validation.ts';
import { ApiError } from './api.ts';

/**
 * The shared zod schemas check a form before it is sent (docs/architecture.md §4.1); their issues become the same
 * field errors a 422 carries ('Hours.0.close', with the same codes), so one code path shows both.
 */
export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return issues.map((issue) => {
    const { code, params } = codeOfIssue((issue as { params?: unknown }).params);
    return {
      path: issue.path.map(String).join('.') || 'body',
      message: issue.message,
      code,
      ...(params ? { params } : {}),
    };
  });
}

/** Checks `payload` with `schema`; a failure is thrown as the 422 the server would have answered. */
export function assertValid(schema: z.ZodType, payload: unknown): void {
  const result = schema.safeParse(payload);
  if (!result.success) {
    throw new ApiError(422, 'Validation failed', issuesToFieldErrors(result.error.issues));
  }
}
