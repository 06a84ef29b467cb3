import path from 'node:path';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import Fastify, {
  type FastifyError,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { Database } from './db/client.ts';
import { connectionOptions } from './plugins/connections.ts';
import directoryCache from './plugins/directory-cache.ts';
import { installJsonParser, refuseUnknownRoutesEarly } from './plugins/json-body.ts';
import languagePlugin from './plugins/language.ts';
import requestPath, { clientErrorHandler, isPathTooLong, PATH_TOO_LONG } from './plugins/request-path.ts';
import securityPlugin, { HSTS, helmetHeaders, helmetOptions, proxyTrust } from './plugins/security.ts';
import sessionPlugin from './plugins/session.ts';
import staticClient from './plugins/static-client.ts';
import assetsRoutes from './routes/assets.ts';
import authRoutes from './routes/auth.ts';
import healthRoutes from './routes/health.ts';
import metaRoutes from './routes/meta.ts';
import passwordsRoutes from './routes/passwords.ts';
import referenceListRoutes from './routes/reference-lists.ts';
import sitesRoutes from './routes/sites.ts';
import usersRoutes from './routes/users.ts';
import { createAssetService } from './services/assets.ts';
import { HttpError, ValidationError } from './services/errors.ts';
import { type FileStorage, StorageUnavailableError, storageFor } from './services/file-storage.ts';
import { createGeocoder, type Geocoder } from './services/geocoding.ts';
import { createMailer, type Mailer } from './services/mail.ts';
import { pageData } from './services/page-data.ts';
import { publicReads } from './services/public-reads.ts';
import { createResponseCache } from './services/response-cache.ts';
import { schemaFieldErrors } from './services/validation-errors.ts';

export interface AppDependencies {
  database: Database;
  /** Signs session cookies and upload ids. */
  secret: string;
  mailer?: Mailer;
  geocoder?: Geocoder;
  /** Where uploads are kept; by default from the config (S3_BUCKET or DATA_DIR/uploads). The caller closes one it passes. */
  storage?: FileStorage;
  logger?: FastifyServerOptions['logger'];
  /** Where the production logger writes (stdout by default); tests capture the log lines here. */
  logStream?: { write(line: string): void };
}

const UNAVAILABLE_CODES = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03'];
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout/;

/**
 * Connection-level database failures: the API answers 503 and recovers by itself when the database is
 * back. The failure may be the error itself or its cause (Drizzle wraps the driver's error in a
 * DrizzleQueryError whose own message is the SQL). 57014 is a statement cancelled by statement_timeout.
 */
function isDatabaseUnavailable(error: unknown): boolean {
  return causes(error).some(({ code, message }) => {
    if (UNAVAILABLE_CODES.includes(code) || code === '57014' || code.startsWith('08')) return true;
    return UNAVAILABLE_MESSAGE.test(message);
  });
}

/** An error and its causes, as code and message. */
function causes(error: unknown): { code: string; message: string }[] {
  const found = [];
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth += 1
  ) {
    found.push({ code: typeof e.code === 'string' ? e.code : '', message: String(e.message) });
  }
  return found;
}

/**
 * Text PostgreSQL cannot store: U+0000 in any string (22021 character_not_in_repertoire, 22P05
 * untranslatable_character). Such input passes the schemas (it is a valid JSON string) and failed in
 * the database as a 500 — on every text field, login included. It is the client's malformed input.
 */
function isUnstorableText(error: unknown): boolean {
  return causes(error).some(({ code }) => code === '22021' || code === '22P05');
}

/**
 * Errors as logged. A failed query's error (DrizzleQueryError) carries its parameters — a password
 * hash, a session id, a reset token's hash — in `params` and in its message and stack, and
 * PostgreSQL's own error echoes row values in `detail` ("Failing row contains (…, $argon2id$…)"):
 * those are cut. The SQL text, the code and the constraint stay, which is what a diagnosis needs.
 */
type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };
export function serializeError(error: unknown, depth = 0): SerializedError {
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

/** Reset tokens are secrets: the API and page paths that carry one are logged with it masked. */
export function redactUrl(url: string): string {
  return url.replace(/^(\/api\/passwords\/|\/passwords\/reset\/)[^/?#]+/, '$1[redacted]');
}

/** Builds the whole app without listening, so tests can `inject` into it (STYLE.md 5). */
export async function buildApp(config: Config, deps: AppDependencies) {
  // Computed once, before the server exists: the router's own errors below answer with them too.
  const securityHeaders = helmetHeaders(helmetOptions(config.MAP_TILE_URL));
  const trust = proxyTrust(config.TRUST_PROXY);
  const app = Fastify({
    logger: deps.logger ?? {
      level: config.LOG_LEVEL,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      stream: deps.logStream,
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
    },
    bodyLimit: config.BODY_LIMIT_BYTES,
    ...connectionOptions({
      requestTimeoutMs: config.REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: config.KEEP_ALIVE_TIMEOUT_MS,
    }),
    trustProxy: trust.option,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    return503OnClosing: true,
    clientErrorHandler: clientErrorHandler(securityHeaders),
    // Errors the router raises before any route runs keep the one error shape (DECISIONS.md 20)
    // rather than Fastify's own ({error, code, statusCode}): an undecodable path (%E0%A4%A) is a
    // 400, an over-long path parameter is a malformed id and so a 404.
    frameworkErrors: (error, request, routerReply) => {
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
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON only: any other body type (forms, text/plain) is refused with 415 (DECISIONS.md 13).
  app.removeContentTypeParser('text/plain');
  installJsonParser(app);

  const storage = deps.storage ?? storageFor(config);
  const ctx: AppContext = {
    config,
    cache: createResponseCache(),
    database: deps.database,
    baseUrl: config.BASE_URL ?? `http://localhost:${config.PORT}`,
    mailer:
      deps.mailer ??
      createMailer({
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        outboxDir: path.join(config.dataDir, 'outbox'),
        timeoutMs: config.SMTP_TIMEOUT_MS,
      }),
    geocoder:
      deps.geocoder ??
      createGeocoder({
        kind: config.GEOCODER,
        url: config.GEOCODER_URL,
        googleKey: config.GOOGLE_MAPS_API_KEY,
        timeoutMs: config.GEOCODER_TIMEOUT_MS,
      }),
    assets: createAssetService(deps.database.db, {
      storage,
      secret: deps.secret,
      maxBytes: config.UPLOAD_MAX_BYTES,
      uploadsPerHour: config.UPLOADS_PER_HOUR,
    }),
  };

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A malformed id is an unknown id (DECISIONS.md 20).
      if (error.validationContext === 'params')
        return reply.code(404).send({ status: 404, message: 'Not found' });
      const errors = schemaFieldErrors(error.validation, error.validationContext);
      return reply.code(422).send({ status: 422, errors });
    }
    if (error instanceof ValidationError) return reply.code(422).send({ status: 422, errors: error.errors });
    if (error instanceof StorageUnavailableError) {
      // The bucket or the uploads folder failed: the user gets the plain message, the log the cause.
      request.log.error({ err: error.cause }, 'file storage unavailable');
      return reply.code(503).header('Retry-After', '5').send({ status: 503, message: error.message });
    }
    if (error instanceof HttpError)
      return reply.code(error.statusCode).send({ status: error.statusCode, message: error.message });
    if (isUnstorableText(error)) {
      return reply
        .code(400)
        .send({ status: 400, message: 'The request contains a character that cannot be stored (U+0000).' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
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
    return reply
      .code(500)
      .send({ status: 500, message: 'An unexpected error has occurred. Please try again.' });
  });

  if (!deps.storage) app.addHook('onClose', () => storage.close());

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (
      url.startsWith('/api/') ||
      url === '/api' ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.code(404).send({ status: 404, message: 'Not found' });
    }
    return reply.sendPage(request);
  });

  await app.register(swagger, {
    openapi: { info: { title: 'Community meal sites API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(securityPlugin, {
    headers: securityHeaders,
    baseUrl: config.BASE_URL,
    allowedOrigins: config.ALLOWED_ORIGINS,
    trust,
    db: deps.database.db,
  });
  await app.register(requestPath);
  await app.register(languagePlugin);
  // After the security headers' hook, so the early 404s carry them too.
  refuseUnknownRoutesEarly(app);
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { 1: 4 } } as never,
  });
  await app.register(directoryCache, { cache: ctx.cache, database: deps.database });
  await app.register(sessionPlugin, {
    db: deps.database.db,
    secret: deps.secret,
    ttlSeconds: config.SESSION_TTL_SECONDS,
  });
  await app.register(staticClient, {
    root: config.clientDist,
    cache: ctx.cache,
    pageData: (route) => pageData(ctx, route),
    baseUrl: ctx.baseUrl,
    siteIds: async () => {
      const sites = JSON.parse((await publicReads(ctx).sites()).raw.toString()) as { id: number }[];
      return sites.map((site) => site.id);
    },
  });

  for (const routes of [
    healthRoutes,
    metaRoutes,
    sitesRoutes,
    referenceListRoutes,
    authRoutes,
    usersRoutes,
    passwordsRoutes,
    assetsRoutes,
  ]) {
    await app.register(routes, ctx);
  }
  app.get('/', { compress: false, schema: { hide: true } }, (request, reply) => reply.sendPage(request));

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
