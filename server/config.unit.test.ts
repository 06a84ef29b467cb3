import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, startupWarnings } from './config.ts';

/** The problems loadConfig reports for `env`, or [] when it accepts it. */
function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
}

/** The variable each problem names (its first word). */
const named = (env: Record<string, string | undefined>) => problemsOf(env).map((p) => p.split(' ')[0]);

describe('loadConfig', () => {
  it('checks the metrics, error-reporter and mail-queue settings (docs/decisions/037)', () => {
    const config = loadConfig({});
    expect(config.METRICS_PORT).toBeUndefined();
    expect(config.METRICS_TOKEN).toBeUndefined();
    expect(config.SENTRY_DSN).toBeUndefined();
    expect(config.MAIL_RETRY_MS).toBe(30_000);
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: 'a'.repeat(16) }).METRICS_PORT).toBe(9464);
    expect(named({ PORT: '9464', METRICS_PORT: '9464' })).toEqual(['METRICS_PORT']);
    expect(named({ METRICS_PORT: '70000' })).toEqual(['METRICS_PORT']);
    expect(named({ METRICS_TOKEN: 'short' })).toEqual(['METRICS_TOKEN']);
    expect(named({ SENTRY_DSN: 'not a url' })).toEqual(['SENTRY_DSN']);
    expect(named({ MAIL_RETRY_MS: '10' })).toEqual(['MAIL_RETRY_MS']);
  });

  it('works unedited: every variable has a development default', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '0.0.0.0',
      DEMO_DATA: true,
      ALLOW_REGISTRATION: false,
      PASSWORD_RESET_TTL_SECONDS: 86_400,
      GEOCODER: 'none',
      TRUST_PROXY: false,
      MAP_TILE_URL: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      AGENCY_TIME_ZONE: 'America/Los_Angeles',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(path.isAbsolute(config.clientDist)).toBe(true);
  });

  it('reads numbers, booleans and paths from their text', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/tmp/meals-data',
      ALLOW_REGISTRATION: 'yes',
      DEMO_DATA: '0',
      TRUST_PROXY: 'true',
      PASSWORD_RESET_TTL_SECONDS: '3600',
      DATABASE_URL: 'postgresql://app@db.internal:5432/meals',
      CLIENT_DIST: '/srv/client',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      dataDir: '/tmp/meals-data',
      ALLOW_REGISTRATION: true,
      DEMO_DATA: false,
      TRUST_PROXY: true,
      PASSWORD_RESET_TTL_SECONDS: 3600,
      DATABASE_URL: 'postgresql://app@db.internal:5432/meals',
      clientDist: '/srv/client',
    });
  });

  it('treats an empty variable as unset (as .env files write them)', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', BASE_URL: '', ALLOW_REGISTRATION: '' });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.BASE_URL).toBeUndefined();
    expect(config.ALLOW_REGISTRATION).toBe(false);
  });

  it.each([
    ['PORT=abc', { PORT: 'abc' }, 'PORT'],
    ['PORT out of range', { PORT: '70000' }, 'PORT'],
    ['PORT negative', { PORT: '-1' }, 'PORT'],
    ['DATABASE_URL=mysql://x', { DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    ['GEOCODER=nominatim without GEOCODER_URL', { GEOCODER: 'nominatim' }, 'GEOCODER_URL'],
    ['GEOCODER=google without a key', { GEOCODER: 'google' }, 'GOOGLE_MAPS_API_KEY'],
    ['an unknown GEOCODER', { GEOCODER: 'bing' }, 'GEOCODER'],
    [
      'production with DATABASE_URL but no SESSION_SECRET',
      { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/meals', BASE_URL: 'https://meals.example.org' },
      'SESSION_SECRET',
    ],
    ['production without BASE_URL (links in e-mails)', { NODE_ENV: 'production' }, 'BASE_URL'],
    [
      'production with the journeys’ request clock',
      { NODE_ENV: 'production', BASE_URL: 'https://meals.example.org', TEST_CLOCK_HEADER: 'true' },
      'TEST_CLOCK_HEADER',
    ],
    ['a short SESSION_SECRET', { SESSION_SECRET: 'too-short' }, 'SESSION_SECRET'],
    ['ADMIN_EMAIL without ADMIN_PASSWORD', { ADMIN_EMAIL: 'admin@example.org' }, 'ADMIN_PASSWORD'],
    ['a malformed ADMIN_EMAIL', { ADMIN_EMAIL: 'admin', ADMIN_PASSWORD: 'x1234567' }, 'ADMIN_EMAIL'],
    ['a BASE_URL that is not a URL', { BASE_URL: 'meals dot org' }, 'BASE_URL'],
    ['SMTP_URL that is not smtp', { SMTP_URL: 'http://mail.example.org' }, 'SMTP_URL'],
    ['a boolean that is not one', { ALLOW_REGISTRATION: 'maybe' }, 'ALLOW_REGISTRATION'],
    ['an unknown LOG_LEVEL', { LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    ['PASSWORD_RESET_TTL_SECONDS=0', { PASSWORD_RESET_TTL_SECONDS: '0' }, 'PASSWORD_RESET_TTL_SECONDS'],
    ['a fractional UPLOAD_MAX_BYTES', { UPLOAD_MAX_BYTES: '1.5' }, 'UPLOAD_MAX_BYTES'],
  ])('fails fast on %s, naming the variable', (_label, env, variable) => {
    expect(named(env)).toEqual([variable]);
  });

  it('takes AGENCY_TIME_ZONE as an IANA name, and refuses one Intl does not know, naming the variable', () => {
    for (const zone of ['America/New_York', 'Pacific/Honolulu', 'Europe/London', 'UTC']) {
      expect(loadConfig({ AGENCY_TIME_ZONE: zone }).AGENCY_TIME_ZONE).toBe(zone);
    }
    for (const zone of ['Pacific Time', 'America/Springfield', 'PST8PDT/x', '-08:00', ' ']) {
      const problems = problemsOf({ AGENCY_TIME_ZONE: zone });
      expect(problems, zone).toEqual([
        expect.stringMatching(/^AGENCY_TIME_ZONE must be an IANA time-zone name/),
      ]);
    }
  });

  it('reads AGENCY_HOLIDAYS into the holiday rules, and refuses an entry it cannot read, naming the variable', () => {
    expect(loadConfig({}).AGENCY_HOLIDAYS).toEqual({ remove: [], add: [] });
    expect(
      loadConfig({ AGENCY_HOLIDAYS: '-dayAfterThanksgiving; 03-31 César Chávez Day | Día de César Chávez' })
        .AGENCY_HOLIDAYS,
    ).toEqual({
      remove: ['dayAfterThanksgiving'],
      add: [
        {
          key: 'fixed-03-31',
          month: 3,
          day: 31,
          names: { en: 'César Chávez Day', es: 'Día de César Chávez' },
        },
      ],
    });
    expect(problemsOf({ AGENCY_HOLIDAYS: '-easter' })).toEqual([
      expect.stringMatching(/^AGENCY_HOLIDAYS "-easter": easter is not one of newYear, /),
    ]);
  });

  it('reads the cache freshness settings, and refuses a version check rarer than a minute', () => {
    const config = loadConfig({
      CHANGE_HEARTBEAT_MS: '300',
      CHANGE_HEARTBEAT_TIMEOUT_MS: '1000',
      CACHE_VERSION_CHECK_MS: '0',
    });
    expect([
      config.CHANGE_HEARTBEAT_MS,
      config.CHANGE_HEARTBEAT_TIMEOUT_MS,
      config.CACHE_VERSION_CHECK_MS,
    ]).toEqual([300, 1000, 0]);
    expect(loadConfig({}).CACHE_VERSION_CHECK_MS).toBe(10_000);
    expect(problemsOf({ CACHE_VERSION_CHECK_MS: '60001' })).toEqual([
      'CACHE_VERSION_CHECK_MS must be at most 60000',
    ]);
    expect(named({ CHANGE_HEARTBEAT_MS: '0', CHANGE_HEARTBEAT_TIMEOUT_MS: 'soon' })).toEqual([
      'CHANGE_HEARTBEAT_MS',
      'CHANGE_HEARTBEAT_TIMEOUT_MS',
    ]);
  });

  it('says what is wrong in words', () => {
    expect(problemsOf({ PORT: 'abc' })).toEqual(['PORT must be a whole number']);
    expect(problemsOf({ DATABASE_URL: 'mysql://x' })).toEqual([
      'DATABASE_URL must start with postgres:// or postgresql://',
    ]);
    expect(problemsOf({ GEOCODER: 'nominatim' })).toEqual([
      'GEOCODER_URL is required when GEOCODER=nominatim',
    ]);
  });

  it('names every bad variable in one go, cross-variable rules included', () => {
    const problems = named({
      NODE_ENV: 'production',
      PORT: 'abc',
      DATABASE_URL: 'mysql://x',
      GEOCODER: 'nominatim',
      BASE_URL: 'https://meals.example.org',
    });
    expect(problems).toEqual(
      expect.arrayContaining(['PORT', 'DATABASE_URL', 'GEOCODER_URL', 'SESSION_SECRET']),
    );
    expect(problems).toHaveLength(4);

    const error = (() => {
      try {
        loadConfig({ PORT: 'abc', GEOCODER: 'nominatim' });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error?.message).toMatch(/^Invalid configuration:\n {2}- PORT .+\n {2}- GEOCODER_URL .+$/);
  });

  it('accepts production with PostgreSQL once SESSION_SECRET is set', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/meals',
      SESSION_SECRET: 'x'.repeat(32),
      BASE_URL: 'https://meals.example.org',
    });
    expect(config.SESSION_SECRET).toHaveLength(32);
  });

  it('accepts a geocoder once it is fully configured', () => {
    expect(
      loadConfig({ GEOCODER: 'nominatim', GEOCODER_URL: 'https://nominatim.example.org' }).GEOCODER,
    ).toBe('nominatim');
    expect(loadConfig({ GEOCODER: 'google', GOOGLE_MAPS_API_KEY: 'key' }).GEOCODER).toBe('google');
  });

  it('reads TRUST_PROXY in the forms Fastify trusts: off, everyone, a hop count, addresses, ranges and names', () => {
    const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).TRUST_PROXY;
    expect([trust('false'), trust('no'), trust('0'), loadConfig({}).TRUST_PROXY]).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect([trust('true'), trust('YES')]).toEqual([true, true]);
    expect([trust('1'), trust('2')]).toEqual([1, 2]);
    expect(trust('loopback')).toEqual(['loopback']);
    expect(trust('10.0.0.0/8, 127.0.0.1,::1,fd00::/8')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
    ]);
    expect(trust('linklocal,uniquelocal')).toEqual(['linklocal', 'uniquelocal']);
  });

  it.each([
    ['a word Fastify does not know', 'localhost'],
    ['a host name', 'proxy.internal'],
    ['a prefix too long for IPv4', '10.0.0.0/33'],
    ['a malformed address', '10.0.0.256'],
    ['a negative hop count', '-1'],
    ['an empty entry', '127.0.0.1,,10.0.0.1'],
  ])('refuses TRUST_PROXY with %s, naming it and the accepted forms', (_, value) => {
    const problems = problemsOf({ TRUST_PROXY: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^TRUST_PROXY must be false, true, a hop count .+ loopback, linklocal, uniquelocal/,
    );
  });

  it('reads ALLOWED_ORIGINS as origins, and refuses anything with a path, another scheme or no host', () => {
    expect(loadConfig({}).ALLOWED_ORIGINS).toEqual([]);
    expect(
      loadConfig({ ALLOWED_ORIGINS: 'https://www.meals.example.org, http://meals.local:8080/' })
        .ALLOWED_ORIGINS,
    ).toEqual(['https://www.meals.example.org', 'http://meals.local:8080']);
    for (const bad of [
      'meals.example.org',
      'https://meals.example.org/app',
      'ftp://meals.example.org',
      'https://a.example?x=1',
    ]) {
      const problems = problemsOf({ ALLOWED_ORIGINS: `https://ok.example,${bad}` });
      expect(problems, bad).toHaveLength(1);
      expect(problems[0]).toMatch(/^ALLOWED_ORIGINS must be comma-separated origins/);
      expect(problems[0]).toContain(bad);
    }
  });

  it('refuses an ADMIN_PASSWORD the API itself would refuse, naming ADMIN_PASSWORD and the rule', () => {
    for (const weak of ['short1', 'onlyletters', '1234567890']) {
      const problems = problemsOf({ ADMIN_EMAIL: 'admin@example.org', ADMIN_PASSWORD: weak });
      expect(problems, weak).toEqual([
        'ADMIN_PASSWORD does not satisfy the password rule: Minimum eight characters, at least one letter and one number.',
      ]);
    }
    expect(loadConfig({ ADMIN_EMAIL: 'admin@example.org', ADMIN_PASSWORD: 'goodpass1' }).ADMIN_PASSWORD).toBe(
      'goodpass1',
    );
  });

  it('warns at start about TRUST_PROXY=true and about a production without SMTP_URL, and only then', () => {
    const production = { NODE_ENV: 'production', BASE_URL: 'https://meals.example.org' };
    expect(startupWarnings(loadConfig({}))).toEqual([]);
    expect(startupWarnings(loadConfig({ TRUST_PROXY: 'loopback' }))).toEqual([]);
    expect(startupWarnings(loadConfig({ ...production, SMTP_URL: 'smtp://mail.example.org' }))).toEqual([]);
    const [trustAll] = startupWarnings(loadConfig({ TRUST_PROXY: 'true' }));
    expect(trustAll).toMatch(/^TRUST_PROXY=true .+overwrite/);
    const warnings = startupWarnings(loadConfig({ ...production, DATA_DIR: '/srv/meals' }));
    expect(warnings).toEqual([expect.stringMatching(/^SMTP_URL is not set: .+\/srv\/meals\/outbox/)]);
  });
});
