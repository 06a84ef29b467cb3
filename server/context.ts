import path from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { requestClock } from './plugins/test-clock.ts';
import { agencyDate } from './services/agency-clock.ts';
import { type AssetService, createAssetService } from './services/assets.ts';
import {
  type ChangeNotifier,
  DEFAULT_LISTENER_TIMING,
  localNotifier,
  postgresNotifier,
} from './services/change-notifier.ts';
import { readDataVersion } from './services/data-version.ts';
import type { FileStorage } from './services/file-storage.ts';
import { type Geocoder, geocoderFor } from './services/geocoding.ts';
import { countedMailer, createMailer, type Mailer } from './services/mail.ts';
import { createMailQueue, type MailQueue } from './services/mail-queue.ts';
import { createResponseCache, type ResponseCache } from './services/response-cache.ts';

/** What buildApp is given besides the configuration; tests pass their own mailer, geocoder, storage. */
export interface AppDependencies {
  database: Database;
  /** Signs session cookies and upload ids. */
  secret: string;
  mailer?: Mailer;
  geocoder?: Geocoder;
  /** Where uploads are kept; by default from the config (S3_BUCKET or DATA_DIR/uploads). The caller closes one it passes. */
  storage?: FileStorage;
  logger?: FastifyServerOptions['logger'];
  /** The clock: what time it is now (tests pass a fixed one). */
  now?: () => Date;
  /** Where the production logger writes (stdout by default); tests capture the log lines here. */
  logStream?: { write(line: string): void };
  /** True once the process is shutting down (main.ts, on SIGTERM): /readyz answers 503 from then on. */
  draining?: () => boolean;
}

/** What route modules need, built once by buildApp. */
export interface AppContext {
  config: Config;
  database: Database;
  assets: AssetService;
  /** Where uploaded files are kept (pictures, printed menus). */
  storage: FileStorage;
  mailer: Mailer;
  /** Staff notices: queued in mail_outbox and sent after the request, retried until delivered. */
  mailQueue: MailQueue;
  geocoder: Geocoder | undefined;
  baseUrl: string;
  /** Public read answers as ready bytes, dropped on every directory write. */
  cache: ResponseCache;
  /** Tells other processes about writes and hears theirs; its status makes `/readyz` (routes/health.ts). */
  notifier: ChangeNotifier;
  /** The current instant; the agency's date is taken from it in AGENCY_TIME_ZONE (services/agency-clock.ts). */
  now: () => Date;
  /** The agency's date now, 'YYYY-MM-DD'. */
  today: () => string;
  /** True once the process is shutting down: /readyz answers 503 while requests are still served. */
  draining: () => boolean;
}

/** The services every route module is given, from the configuration and what the caller passed. */
export function createAppContext(
  config: Config,
  deps: AppDependencies,
  storage: FileStorage,
  log: { warn: (obj: object, msg: string) => void },
): AppContext {
  // A journey may name the instant per request (server/plugins/test-clock.ts); otherwise the real one.
  const now = requestClock(deps.now ?? (() => new Date()));
  const { database } = deps;
  const cache = createResponseCache({
    version: () => readDataVersion(database.db),
    checkEveryMs: config.CACHE_VERSION_CHECK_MS,
    onCheckError: (error) => log.warn({ err: error }, 'could not read the data version; cache dropped'),
  });
  const invalidate = () => cache.invalidate();
  const mailer = countedMailer(
    deps.mailer ??
      createMailer({
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        outboxDir: path.join(config.dataDir, 'outbox'),
        timeoutMs: config.SMTP_TIMEOUT_MS,
      }),
  );
  return {
    config,
    cache,
    notifier:
      database.kind === 'postgres' && database.pool && database.url
        ? postgresNotifier(database.url, database.pool, invalidate, log, {
            ...DEFAULT_LISTENER_TIMING,
            heartbeatMs: config.CHANGE_HEARTBEAT_MS,
            heartbeatTimeoutMs: config.CHANGE_HEARTBEAT_TIMEOUT_MS,
          })
        : localNotifier(invalidate),
    now,
    today: () => agencyDate(now(), config.AGENCY_TIME_ZONE),
    database,
    draining: deps.draining ?? (() => false),
    baseUrl: config.BASE_URL ?? `http://localhost:${config.PORT}`,
    mailer,
    storage,
    mailQueue: createMailQueue(database.db, mailer, { retryMs: config.MAIL_RETRY_MS }),
    geocoder: deps.geocoder ?? geocoderFor(config),
    assets: createAssetService(database.db, {
      storage,
      secret: deps.secret,
      maxBytes: config.UPLOAD_MAX_BYTES,
      uploadsPerHour: config.UPLOADS_PER_HOUR,
    }),
  };
}
