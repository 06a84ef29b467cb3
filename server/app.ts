import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import Fastify, { LogController } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type AppDependencies, createAppContext } from './context.ts';
import { connectionOptions } from './plugins/connections.ts';
import directoryCache from './plugins/directory-cache.ts';
import { errorHandler, notFoundHandler, routerErrorHandler } from './plugins/errors.ts';
import { installJsonParser, refuseUnknownRoutesEarly } from './plugins/json-body.ts';
import languagePlugin from './plugins/language.ts';
import { loggerOptions } from './plugins/logging.ts';
import observability from './plugins/observability.ts';
import pages from './plugins/pages.ts';
import { countHit } from './plugins/rate-limit-store.ts';
import requestPath, { clientErrorHandler } from './plugins/request-path.ts';
import securityPlugin, { helmetHeaders, helmetOptions, proxyTrust } from './plugins/security.ts';
import sessionPlugin from './plugins/session.ts';
import staticFiles from './plugins/static-files.ts';
import testAccounts from './plugins/test-accounts.ts';
import testClock from './plugins/test-clock.ts';
import uploadSweep from './plugins/upload-sweep.ts';
import assetsRoutes from './routes/assets.ts';
import authRoutes from './routes/auth.ts';
import closuresRoutes from './routes/closures.ts';
import confirmationsRoutes from './routes/confirmations.ts';
import dietMarksRoutes from './routes/diet-marks.ts';
import healthRoutes from './routes/health.ts';
import hsdsRoutes from './routes/hsds.ts';
import importsRoutes from './routes/imports.ts';
import menusRoutes from './routes/menus.ts';
import metaRoutes from './routes/meta.ts';
import passwordsRoutes from './routes/passwords.ts';
import placesRoutes from './routes/places.ts';
import printedMenusRoutes from './routes/printed-menus.ts';
import proposalsRoutes from './routes/proposals.ts';
import qrRoutes from './routes/qr.ts';
import referenceListRoutes from './routes/reference-lists.ts';
import reportsRoutes from './routes/reports.ts';
import seoRoutes from './routes/seo.ts';
import settingsRoutes from './routes/settings.ts';
import siteDuplicatesRoutes from './routes/site-duplicates.ts';
import siteSearchRoutes from './routes/site-search.ts';
import siteTrashRoutes from './routes/site-trash.ts';
import sitesRoutes from './routes/sites.ts';
import staffAccountsRoutes from './routes/staff-accounts.ts';
import usersRoutes from './routes/users.ts';
import weekMenuPrintRoutes from './routes/week-menu-print.ts';
import workspaceRoutes from './routes/workspace.ts';
import { createErrorReporter } from './services/error-reporter.ts';
import { storageFor } from './services/file-storage.ts';
import { pageData, sitesChoices } from './services/page-data.ts';
import { requestIdFrom } from './services/request-context.ts';
import { redirectOf } from './services/site-merge.ts';

export type { AppDependencies } from './context.ts';

/**
 * Builds the whole app without listening, so tests can `inject` into it (docs/architecture.md §4.3). Read top to
 * bottom it is the table of contents: server options, the services (context.ts), error answers
 * (plugins/errors.ts), then plugins in the order their hooks run, then the routes.
 */
export async function buildApp(config: Config, deps: AppDependencies) {
  // Computed once, before the server exists: the router's own errors below answer with them too.
  const securityHeaders = helmetHeaders(helmetOptions(config.MAP_TILE_URL));
  const trust = proxyTrust(config.TRUST_PROXY);
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config.LOG_LEVEL, deps.logStream),
    // A proxy's or client's X-Request-Id when it is sane, else a random UUID; on every log line.
    requestIdHeader: false,
    genReqId: (request) => requestIdFrom(request.headers['x-request-id']),
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    bodyLimit: config.BODY_LIMIT_BYTES,
    ...connectionOptions({
      requestTimeoutMs: config.REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: config.KEEP_ALIVE_TIMEOUT_MS,
    }),
    trustProxy: trust.option,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    return503OnClosing: true,
    clientErrorHandler: clientErrorHandler(securityHeaders),
    frameworkErrors: routerErrorHandler(securityHeaders, trust),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON only: any other body type (forms, text/plain) is refused with 415 (docs/product.md R45).
  app.removeContentTypeParser('text/plain');
  installJsonParser(app);

  const storage = deps.storage ?? storageFor(config);
  const ctx = createAppContext(config, deps, storage, app.log);

  if (!deps.storage) app.addHook('onClose', () => storage.close());
  ctx.mailQueue.start(app.log);
  app.addHook('onClose', () => ctx.mailQueue.stop());

  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);

  if (config.TEST_CLOCK_HEADER) await app.register(testClock);
  await app.register(swagger, {
    openapi: { info: { title: 'Community meal sites API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(observability, {
    database: deps.database,
    phone: config.AGENCY_PHONE,
    metricsToken: config.METRICS_TOKEN,
    reporter: await createErrorReporter(config.SENTRY_DSN, config.NODE_ENV),
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
  await app.register(directoryCache, { cache: ctx.cache, notifier: ctx.notifier, db: deps.database.db });
  await app.register(sessionPlugin, {
    db: deps.database.db,
    secret: deps.secret,
    ttlSeconds: config.SESSION_TTL_SECONDS,
  });
  await app.register(staticFiles, { root: config.clientDist });
  await app.register(pages, {
    root: config.clientDist,
    cache: ctx.cache,
    pageData: (route, request) => pageData(ctx, route, request),
    baseUrl: ctx.baseUrl,
    today: ctx.today,
    phone: config.AGENCY_PHONE,
    sitesChoices: (params, language, client) => sitesChoices(ctx, params, language, client),
    now: () => ctx.now().getTime(),
    siteRedirect: (id) => redirectOf(deps.database.db, id),
    renders: {
      atOnce: config.PAGE_RENDERS_AT_ONCE,
      perClient: config.PAGE_RENDERS_PER_CLIENT,
      windowMs: config.RATE_LIMIT_WINDOW_MS,
      countHit: (key, windowMs) => countHit(deps.database.db, key, windowMs),
    },
  });

  // Uploads that no record uses are deleted after a day: at start, then hourly (docs/product.md R363).
  await app.register(uploadSweep, { assets: ctx.assets });

  for (const routes of [
    healthRoutes,
    metaRoutes,
    seoRoutes,
    sitesRoutes,
    siteTrashRoutes,
    siteDuplicatesRoutes,
    siteSearchRoutes,
    qrRoutes,
    referenceListRoutes,
    closuresRoutes,
    menusRoutes,
    dietMarksRoutes,
    printedMenusRoutes,
    weekMenuPrintRoutes,
    hsdsRoutes,
    authRoutes,
    usersRoutes,
    staffAccountsRoutes,
    settingsRoutes,
    passwordsRoutes,
    assetsRoutes,
    placesRoutes,
    confirmationsRoutes,
    reportsRoutes,
    importsRoutes,
    workspaceRoutes,
    proposalsRoutes,
  ]) {
    await app.register(routes, ctx);
  }
  if (config.TEST_ACCOUNTS) await app.register(testAccounts, { db: deps.database.db });
  app.get('/', { compress: false, schema: { hide: true } }, (request, reply) => reply.sendPage(request));

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
