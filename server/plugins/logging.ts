import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Errors as logged. A failed query's error (DrizzleQueryError) carries its parameters — a password
 * hash, a session id, a reset token's hash — in `params` and in its message and stack, and
 * PostgreSQL's own error echoes row values in `detail` ("Failing row contains (…, $argon2id$…)"):
 * those are cut. The SQL text, the code and the constraint stay, which is what a diagnosis needs.
 */
type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };
function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const scrub = (text: string) => text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]');
  const serialized: SerializedError = {
    type: error.constructor?.name ?? 'Error',
    message: scrub(error.message),
    stack: typeof error.stack === 'string' ? scrub(error.stack) : '',
  };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'params' || key === 'cause' || key in serialized) continue;
    serialized[key] = key === 'detail' ? '[redacted]' : value;
  }
  if (error.cause !== undefined && depth < 5) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

/** The query parameters that say where a visitor is: the places lookup's `q`, the pages' `near`, a search's point (R718). */
const PLACE_PARAMS = /([?&](?:near|q)=)[^&#]*/g;
const NEAR_PARAM = /([?&](?:near|lat|lng)=)[^&#]*/g;

/**
 * The paths whose next segment is a secret (a single-use link's token): a password reset, in the API
 * and on its page, an invitation's page, and a site contact's confirmation link, in the API and on its page. A new route
 * that carries a secret in its path adds its prefix here and nowhere else. Repeated slashes and any
 * case are matched, as the router and the page redirects would read them.
 */
const SECRET_PATHS = ['api/passwords', 'passwords/reset', 'invitation', 'api/confirmations', 'confirm'];
const SECRET_SEGMENT = new RegExp(
  `^(/+(?:${SECRET_PATHS.map((prefix) => prefix.split('/').join('/+')).join('|')})/+)[^/?#]+`,
  'i',
);

/**
 * One rule for every secret in a logged address: the token segment of SECRET_PATHS is masked. What a
 * visitor typed in the near box (or anywhere on /api/places) is never logged (docs/product.md R132).
 */
export function redactUrl(url: string): string {
  const masked = url.replace(SECRET_SEGMENT, '$1[redacted]');
  if (/^\/+api\/+places(?:[/?#]|$)/i.test(masked)) return masked.replace(PLACE_PARAMS, '$1[redacted]');
  return masked.replace(NEAR_PARAM, '$1[redacted]');
}

/**
 * The production logger: JSON lines at `level`, with cookies, authorization headers, Set-Cookie,
 * link tokens in paths and query parameters of failed SQL left out.
 */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  return {
    level,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    stream,
    serializers: {
      err: (error: Error) => serializeError(error),
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
