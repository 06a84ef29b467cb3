import type { FastifySchemaValidationError } from 'fastify';
import { type CodedFieldError, codeOfIssue, validationMessage } from '#shared/validation.ts';

/**
 * The field errors of a 422 answered for a request that failed its zod schema. Each issue keeps
 * its English message and gets the code the schema stamped on it (shared/validation.ts); an issue
 * no rule of ours raised gets `invalid`. One rule broken two ways (a short password with no digit)
 * is reported once.
 */
export function schemaFieldErrors(
  issues: readonly FastifySchemaValidationError[],
  context: string | undefined,
): CodedFieldError[] {
  const errors = issues.map((issue): CodedFieldError => {
    const { code, params } = codeOfIssue((issue.params as { params?: unknown } | undefined)?.params);
    return {
      path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (context ?? 'body'),
      message: issue.message ?? validationMessage('invalid'),
      code,
      ...(params ? { params } : {}),
    };
  });
  return errors.filter(
    (e, i) =>
      errors.findIndex((o) => o.path === e.path && o.code === e.code && o.message === e.message) === i,
  );
}
