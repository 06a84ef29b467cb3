import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { diskProblem, isDatabaseUnavailable, isUnstorableText } from '../services/database-errors.ts';
import { HttpError, ValidationError } from '../services/errors.ts';
import { StorageUnavailableError } from '../services/file-storage.ts';
import { unavailablePage } from '../services/unavailable-page.ts';
import { schemaFieldErrors } from '../services/validation-errors.ts';
import { isPathTooLong, PATH_TOO_LONG } from './request-path.ts';
import { HSTS, type ProxyTrust } from './security.ts';

/**
 * Every error a route raises, answered in the API's one error shape (docs/product.md, errors): 422
 * with field errors and their codes, the status of an HttpError, 503 when the database or the file
 * store is out of reach, 400 for text PostgreSQL cannot store, and 500, logged, for anything else.
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    // A malformed id is an unknown id (docs/product.md R78).
    if (error.validationContext === 'params')
      return reply.code(404).send({ status: 404, message: 'Not found' });
    const errors = schemaFieldErrors(error.validation, error.validationContext);
    return reply.code(422).send({ status: 422, errors });
  }
  if (error instanceof ValidationError) return reply.code(422).send({ status: 422, errors: error.errors });
  const disk = diskProblem(error);
  if (disk) return diskAnswer(disk, request, reply);
  if (error instanceof StorageUnavailableError) {
    // The bucket or the uploads folder failed: the user gets the plain message, the log the cause.
    request.log.error({ err: error.cause }, 'file storage unavailable');
    return reply.code(503).header('Retry-After', '5').send({ status: 503, message: error.message });
  }
  if (error instanceof HttpError)
    return reply
      .code(error.statusCode)
      .send({ status: error.statusCode, message: error.message, ...error.extra });
  if (isUnstorableText(error)) {
    return reply
      .code(400)
      .send({ status: 400, message: 'The request contains a character that cannot be stored (U+0000).' });
  }
  if (isDatabaseUnavailable(error)) {
    const observed = request.server.observability;
    // One line when the outage begins and one when it ends (services/database-errors.ts), not a
    // stack per refused request.
    if (observed) {
      if (!observed.outage.down) observed.reporter?.report(error, request);
      observed.outage.refused(error, request.log);
    } else request.log.error({ err: error }, 'database unreachable');
    if (isPageRequest(request)) {
      // A visitor's page: a small page in their language with the agency's phone, not JSON.
      return reply
        .code(503)
        .header('Retry-After', '30')
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(unavailablePage(request.language, observed?.phone ?? ''));
    }
    return reply.code(503).header('Retry-After', '5').send({
      status: 503,
      message: 'The service is temporarily unavailable. Please try again in a moment.',
    });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (malformed JSON, body too large, wrong content type) keep their status.
    const message =
      status === 400 && error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
        ? 'The request body is not valid JSON.'
        : error.message;
    return reply.code(status).send({ status, message });
  }
  request.log.error({ err: error }, 'unhandled error');
  request.server.observability?.reporter?.report(error, request);
  return reply
    .code(500)
    .send({ status: 500, message: 'An unexpected error has occurred. Please try again.' });
}

/** A visitor's page (GET or HEAD of anything outside /api), as opposed to an API call. */
function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  return !/^\/+api(\/|\?|$)/.test(request.url);
}

/**
 * DATA_DIR refused a write: the log gets one plain line saying what to do (with the code and path,
 * not a stack), the user a plain message — 507 for a full disk, 503 for a read-only folder.
 */
function diskAnswer(
  { kind, code, path }: NonNullable<ReturnType<typeof diskProblem>>,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (kind === 'full') {
    request.log.error(
      { code, path },
      'disk full: the data folder (DATA_DIR) has no space left; free some space',
    );
    return reply.code(507).send({
      status: 507,
      message: 'The server has run out of storage space, so this could not be saved. Please try again later.',
    });
  }
  request.log.error(
    { code, path },
    'the data folder (DATA_DIR) is read-only or not writable by this process; check its mount and permissions',
  );
  return reply.code(503).header('Retry-After', '60').send({
    status: 503,
    message: 'The server cannot save anything right now. Please try again later.',
  });
}

/**
 * A request no route matched: the API and every method but GET and HEAD answer 404; GET and HEAD
 * elsewhere get the app's page, which shows its own "not found" screen.
 */
export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  const url = request.url;
  if (url.startsWith('/api/') || url === '/api' || (request.method !== 'GET' && request.method !== 'HEAD')) {
    return reply.code(404).send({ status: 404, message: 'Not found' });
  }
  return reply.sendPage(request);
}

/**
 * Errors the router raises before any route runs keep the one error shape (docs/product.md R78)
 * rather than Fastify's own ({error, code, statusCode}): an undecodable path (%E0%A4%A) is a
 * 400, an over-long path parameter is a malformed id and so a 404.
 */
export function routerErrorHandler(securityHeaders: Record<string, string>, trust: ProxyTrust) {
  return (error: FastifyError, request: FastifyRequest, routerReply: unknown) => {
    const reply = routerReply as unknown as FastifyReply;
    // No hook runs for these answers, so the security headers are set here.
    reply.headers(securityHeaders);
    // Fastify hands these errors a plain request that ignores trustProxy: read the proxy's word here.
    const forwarded = String(request.headers['x-forwarded-proto'] ?? '')
      .split(',')[0]
      ?.trim();
    if (
      request.protocol === 'https' ||
      (trust.trustsPeer(request.raw.socket?.remoteAddress) && forwarded === 'https')
    )
      reply.header('strict-transport-security', HSTS);
    if (isPathTooLong(request.url)) return reply.code(414).send(PATH_TOO_LONG);
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
      return reply.code(404).send({ status: 404, message: 'Not found' });
    if (error.code === 'FST_ERR_BAD_URL')
      return reply.code(400).send({ status: 400, message: 'The address is not valid.' });
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
    return reply.code(status).send({ status, message: 'The request could not be understood.' });
  };
}
