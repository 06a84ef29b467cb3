import path from 'node:path';
import { z } from 'zod';
import { FOOTER_PHONE, PHONE_DIGITS } from '#shared/constants.ts';
import { normalizePhone } from '#shared/phone.ts';
import { PASSWORD_RULE_MESSAGE, PasswordSchema } from '#shared/schemas/users.ts';
import { bool, holidays, int, optionalText, origins, timeZone, trustProxy } from './config-fields.ts';

/** The agency's e-mail on /contact when AGENCY_EMAIL is not set (docs/product.md R110). */
export const DEFAULT_AGENCY_EMAIL = 'meals@example.org';

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: int(3000).pipe(z.number().max(65535, { error: 'must be at most 65535' })),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// or postgresql://' })
      .optional(),
    DATABASE_QUERY_TIMEOUT_MS: int(10_000, 1),
    // Freshness of the response cache across processes (docs/decisions/036-a-cache-that-cannot-go-deaf.md):
    // the LISTEN connection's heartbeat period and how long one may take to come back, and how often
    // a cached answer is checked against the data's version (at most a minute: the staleness bound).
    CHANGE_HEARTBEAT_MS: int(10_000, 50),
    CHANGE_HEARTBEAT_TIMEOUT_MS: int(5_000, 50),
    CACHE_VERSION_CHECK_MS: int(10_000, 0).pipe(z.number().max(60_000, { error: 'must be at most 60000' })),
    BASE_URL: z.url({ error: 'must be a URL such as https://meals.example.org' }).optional(),
    SESSION_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, { error: 'must start with smtp:// or smtps://' })
      .optional(),
    MAIL_FROM: z.string().default('Community Meal Sites <no-reply@localhost>'),
    SMTP_TIMEOUT_MS: int(10_000, 1),
    ADMIN_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
    ADMIN_PASSWORD: z
      .string()
      .optional()
      .superRefine((password, ctx) => {
        // The rule the API applies to every password, so the administrator can sign in and change it.
        if (password !== undefined && !PasswordSchema.safeParse(password).success)
          ctx.addIssue({
            code: 'custom',
            message: `does not satisfy the password rule: ${PASSWORD_RULE_MESSAGE}`,
          });
      }),
    ADMIN_FIRST_NAME: z.string().default('Site'),
    ADMIN_LAST_NAME: z.string().default('Administrator'),
    DEMO_DATA: bool(true),
    ALLOW_REGISTRATION: bool(false),
    // For the browser journeys only: a request's x-test-clock header sets the server's clock for it.
    TEST_CLOCK_HEADER: bool(false),
    // For the browser journeys only: POST /test/accounts makes an account of any role (a partner manager).
    TEST_ACCOUNTS: bool(false),
    PASSWORD_RESET_TTL_SECONDS: int(86_400, 1),
    // How long an invitation to a staff account stays usable (docs/product.md R581): a week.
    INVITATION_TTL_SECONDS: int(604_800, 1),
    MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    MAP_ATTRIBUTION: z
      .string()
      .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
    MAP_API_KEY: z.string().optional(),
    GEOCODER: z.enum(['none', 'nominatim', 'google']).default('none'),
    GEOCODER_URL: z.url().optional(),
    GOOGLE_MAPS_API_KEY: z.string().optional(),
    GEOCODER_TIMEOUT_MS: int(5000, 1),
    // An uploaded spreadsheet is read in a worker of its own, ended after this long or at this much
    // memory (docs/decisions/032-spreadsheets-read-in-a-worker.md).
    IMPORT_READ_TIMEOUT_MS: int(15_000, 1),
    IMPORT_READ_MEMORY_MB: int(256, 16),
    // The near box (docs/product.md R131): the agency's neighborhoods, and per-client limits per
    // RATE_LIMIT_WINDOW_MS on GET /api/places and on the street addresses sent to the geocoder.
    NEIGHBORHOODS_FILE: z.string().optional(),
    PLACES_RATE_LIMIT_MAX: int(30, 1),
    PLACES_GEOCODES_MAX: int(10, 1),
    // Addresses one import preview sends to the geocoder (docs/product.md R344); the rest at commit.
    IMPORT_GEOCODES_MAX: int(50, 0),
    // An HSDS API read by an import (docs/product.md R645): the whole reading's time limit, and the
    // bytes all its answers may hold together.
    HSDS_IMPORT_TIMEOUT_MS: int(60_000, 1),
    HSDS_IMPORT_MAX_BYTES: int(20 * 1024 * 1024, 1024),
    // /sites pages with choices rendered for a query not in the render cache (docs/decisions/031): at
    // most this many at once in a process, and this many per client (IPv4 address, IPv6 /64) per
    // RATE_LIMIT_WINDOW_MS; beyond either, the plain /sites page is answered.
    PAGE_RENDERS_AT_ONCE: int(2, 1),
    PAGE_RENDERS_PER_CLIENT: int(30, 1),
    TRUST_PROXY: trustProxy,
    ALLOWED_ORIGINS: origins,
    AGENCY_TIME_ZONE: timeZone,
    AGENCY_HOLIDAYS: holidays,
    // The open-data feed (docs/decisions/029-open-referral-feed.md): who publishes it, and the UUID
    // namespace its ids are derived in. Another installation sets its own namespace so that the ids
    // of two merged feeds never collide; changing it changes every id the feed has published.
    HSDS_PUBLISHER_NAME: z
      .string()
      .trim()
      .min(1, { error: 'must not be empty' })
      .default('Community Meal Sites'),
    HSDS_ID_NAMESPACE: z
      .string()
      .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
        error: 'must be a UUID such as 45891432-3e1c-44d3-8be0-a3ca534ef0ea',
      })
      .default('45891432-3e1c-44d3-8be0-a3ca534ef0ea')
      .transform((value) => value.toLowerCase()),
    // The agency the directory speaks for (docs/product.md R110): header, footer and /contact.
    AGENCY_NAME: optionalText(200),
    AGENCY_NAME_ES: optionalText(200),
    AGENCY_NAME_ZH: optionalText(200),
    AGENCY_LOGO_URL: z
      .string()
      .trim()
      .refine((value) => value === '' || /^(https?:\/\/[^\s"<>]+|\/[^\s"<>]*)$/.test(value), {
        error: 'must be an http(s) address or a path on this server, such as /uploads/logo.svg',
      })
      .optional()
      .transform((value) => value || undefined),
    AGENCY_PHONE: z
      .string()
      .default(FOOTER_PHONE)
      .transform(normalizePhone)
      .refine((digits) => digits.length === PHONE_DIGITS, { error: 'must be a 10-digit US phone number' }),
    AGENCY_PHONE_HOURS: optionalText(200),
    // The programme's words about contributions under a site's cost (docs/product.md R506).
    AGENCY_CONTRIBUTION_TEXT: optionalText(300),
    AGENCY_CONTRIBUTION_TEXT_ES: optionalText(300),
    AGENCY_CONTRIBUTION_TEXT_ZH: optionalText(300),
    AGENCY_EMAIL: z.email({ error: 'must be an e-mail address' }).default(DEFAULT_AGENCY_EMAIL),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // The largest real JSON body (a site with every list full and 70 hour intervals) is under 20 KB.
    BODY_LIMIT_BYTES: int(65_536, 1024),
    UPLOAD_MAX_BYTES: int(5_242_880, 1),
    // A request whose headers and body have not all arrived in this time is answered 408 and closed.
    REQUEST_TIMEOUT_MS: int(30_000, 100),
    // Idle keep-alive connections are closed after this; behind a load balancer, make it longer than
    // the balancer's own idle timeout.
    KEEP_ALIVE_TIMEOUT_MS: int(5_000, 100),
    UPLOADS_PER_HOUR: int(30, 1),
    // Keeping the directory true (docs/product.md R170–R182).
    STALE_AFTER_DAYS: int(180, 1),
    REPORTS_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
    REPORTS_PER_HOUR: int(5, 1),
    RATE_LIMIT_AUTH_MAX: int(10, 1),
    // Wrong passwords for one e-mail address, from any client, per RATE_LIMIT_WINDOW_MS (R540).
    SIGN_IN_FAILURES_PER_ACCOUNT: int(10, 1),
    RATE_LIMIT_WINDOW_MS: int(60_000, 1),
    SESSION_TTL_SECONDS: int(14 * 86_400, 60),
    CLIENT_DIST: z.string().optional(),
    // Start-up and shutdown (docs/decisions/035-one-process-and-migrations-once.md): run the migrations at
    // start (false when a release step runs `db:migrate`); on SIGTERM answer /readyz 503 and keep serving
    // this long, then finish the requests in flight within SHUTDOWN_TIMEOUT_MS and exit.
    MIGRATE_ON_START: bool(true),
    SHUTDOWN_DRAIN_MS: int(3_000, 0),
    SHUTDOWN_TIMEOUT_MS: int(5_000, 100),
    // Uploads in an S3-compatible bucket instead of DATA_DIR/uploads (docs/decisions/012).
    S3_BUCKET: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{1,253}[A-Za-z0-9]$/, {
        error: 'must be a bucket name (letters, digits, dots, hyphens), not a URL or path',
      })
      .optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_ENDPOINT: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://127.0.0.1:9000' })
      .optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: bool(false),
    S3_PREFIX: z.string().regex(/^[^/]/, { error: 'must not start with /' }).optional(),
    // What an operator sees (docs/decisions/037): Prometheus series on a port of their own and/or at
    // /metrics behind a bearer token (neither: not exposed); 5xx errors to Sentry when a DSN is set.
    METRICS_PORT: int(0)
      .pipe(z.number().max(65535, { error: 'must be at most 65535' }))
      .optional()
      .transform((port) => port || undefined),
    METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
    SENTRY_DSN: z
      .url({ protocol: /^https?$/, error: 'must be a DSN such as https://key@o1.ingest.sentry.io/1' })
      .optional(),
    // The staff e-mail queue (mail_outbox): the first retry waits this long, each next one twice as long.
    MAIL_RETRY_MS: int(30_000, 100),
    // A partner manager's change to a site (docs/product.md R590): kept for staff to review, or saved at once.
    PARTNER_CHANGES: z.enum(['review', 'publish']).default('review'),
  })
  .superRefine(
    (env, ctx) => {
      if (env.NODE_ENV === 'production' && env.TEST_CLOCK_HEADER) {
        ctx.addIssue({
          code: 'custom',
          path: ['TEST_CLOCK_HEADER'],
          message: 'must be false in production (it lets a request set the server clock)',
        });
      }
      if (env.NODE_ENV === 'production' && env.TEST_ACCOUNTS) {
        ctx.addIssue({
          code: 'custom',
          path: ['TEST_ACCOUNTS'],
          message: 'must be false in production (it lets anyone make an account of any role)',
        });
      }
      if (env.NODE_ENV === 'production' && !env.BASE_URL) {
        ctx.addIssue({
          code: 'custom',
          path: ['BASE_URL'],
          message: 'is required in production (links in e-mails use it)',
        });
      }
      if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.SESSION_SECRET) {
        ctx.addIssue({
          code: 'custom',
          path: ['SESSION_SECRET'],
          message: 'is required in production with DATABASE_URL',
        });
      }
      if (env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) {
        ctx.addIssue({
          code: 'custom',
          path: ['ADMIN_PASSWORD'],
          message: 'is required when ADMIN_EMAIL is set',
        });
      }
      if (env.GEOCODER === 'nominatim' && !env.GEOCODER_URL) {
        ctx.addIssue({
          code: 'custom',
          path: ['GEOCODER_URL'],
          message: 'is required when GEOCODER=nominatim',
        });
      }
      if (env.GEOCODER === 'google' && !env.GOOGLE_MAPS_API_KEY) {
        ctx.addIssue({
          code: 'custom',
          path: ['GOOGLE_MAPS_API_KEY'],
          message: 'is required when GEOCODER=google',
        });
      }
      for (const name of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PREFIX'] as const) {
        if (env[name] !== undefined && !env.S3_BUCKET) {
          ctx.addIssue({
            code: 'custom',
            path: ['S3_BUCKET'],
            message: `is required when ${name} is set (uploads would otherwise stay on local disk)`,
          });
          break;
        }
      }
      if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
        ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'must differ from PORT' });
      }
      if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
        const missing = env.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
        ctx.addIssue({
          code: 'custom',
          path: [missing],
          message: 'is required with the other S3 key (set both, or neither to use the default credentials)',
        });
      }
    },
    // Checked even when other variables are bad, so one run names every problem.
    { when: () => true },
  );

export type Config = z.output<typeof EnvSchema> & { dataDir: string; clientDist: string };

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads the environment once, failing with every bad variable named (docs/architecture.md §4.4). */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'} ${i.message}`));
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  return {
    ...parsed.data,
    dataDir,
    clientDist: path.resolve(parsed.data.CLIENT_DIST ?? 'dist/client'),
  };
}

/**
 * Every setting's name, in the schema's order, with the value it takes when left out (undefined for
 * none): what the settings screen compares a running value with (docs/product.md R609).
 */
export function settingDefaults(): { name: keyof typeof EnvSchema.shape; fallback: unknown }[] {
  return (Object.keys(EnvSchema.shape) as (keyof typeof EnvSchema.shape)[]).map((name) => {
    const parsed = EnvSchema.shape[name].safeParse(undefined);
    return { name, fallback: parsed.success ? parsed.data : undefined };
  });
}

/** Settings that work but deserve a line in the log at start-up: each warning is one sentence. */
export function startupWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.TRUST_PROXY === true)
    warnings.push(
      'TRUST_PROXY=true trusts X-Forwarded-For from anyone: safe only when every client reaches this ' +
        'server through proxies that overwrite that header; otherwise clients choose their own address ' +
        'and escape the sign-in rate limits. Prefer TRUST_PROXY=loopback, a hop count or the proxy addresses.',
    );
  if (config.NODE_ENV === 'production' && !config.SMTP_URL)
    warnings.push(
      `SMTP_URL is not set: e-mails (password resets) are only written to ${config.dataDir}/outbox and never sent.`,
    );
  return warnings;
}
