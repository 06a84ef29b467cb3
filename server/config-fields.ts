import net from 'node:net';
import { z } from 'zod';
import { parseHolidayRules } from '#shared/holidays.ts';
import { DEFAULT_AGENCY_TIME_ZONE, isTimeZone } from './services/agency-clock.ts';

/*
 * The kinds of setting the configuration is made of (server/config.ts): booleans and integers with a
 * fallback, optional text, the proxies to trust, extra origins, the agency's time zone and holidays.
 * Each refuses a bad value with a message naming what is expected.
 */

/** A text setting that may be left out; blank counts as left out. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .optional()
    .transform((value) => value || undefined);

/** The range names proxy-addr (and so Fastify's trustProxy) understands. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'] as const;

/**
 * Which peers may speak for the client through X-Forwarded-For/Proto/Host
 * (docs/decisions/016-proxies-origins-and-shared-limits.md): nobody (false), everybody (true), the
 * nearest N hops (a number), or the listed addresses, CIDR ranges and range names.
 */
export type TrustProxy = boolean | number | string[];

const TRUST_PROXY_FORMS =
  'must be false, true, a hop count (1, 2…) or a comma-separated list of addresses, CIDR ranges ' +
  `(10.0.0.0/8) and the names ${PROXY_RANGE_NAMES.join(', ')}`;

/** An address, an address/prefix or a range name, as proxy-addr accepts them. */
function isProxyEntry(entry: string): boolean {
  if ((PROXY_RANGE_NAMES as readonly string[]).includes(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

export const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): TrustProxy => {
    const value = (raw ?? '').trim().toLowerCase();
    if (['', 'false', 'no', '0'].includes(value)) return false;
    if (['true', 'yes'].includes(value)) return true;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isProxyEntry(entry));
    if (bad.length === 0) return entries;
    ctx.addIssue({
      code: 'custom',
      message: `${TRUST_PROXY_FORMS}; not ${bad.map((b) => `"${b}"`).join(', ')}`,
    });
    return z.NEVER;
  });

/** Extra origins allowed to write, each an http(s) origin such as https://www.meals.example.org. */
export const origins = z
  .string()
  .optional()
  .transform((raw, ctx): string[] => {
    const found: string[] = [];
    for (const entry of (raw ?? '').split(',').map((e) => e.trim())) {
      if (entry === '') continue;
      let url: URL | undefined;
      try {
        url = new URL(entry);
      } catch {}
      const origin = url?.origin;
      if (!url || !/^https?:$/.test(url.protocol) || (entry !== origin && entry !== `${origin}/`)) {
        ctx.addIssue({
          code: 'custom',
          message: `must be comma-separated origins such as https://meals.example.org (scheme and host, no path); not "${entry}"`,
        });
        continue;
      }
      found.push(origin!);
    }
    return found;
  });

/**
 * The agency's time zone, an IANA name: every "today" and "now" of the directory is the agency's
 * (docs/decisions/020-hours-closures-and-agency-time.md). Node's Intl carries the time-zone database,
 * so a name it refuses is a name no clock of ours could use.
 */
export const timeZone = z.string().default(DEFAULT_AGENCY_TIME_ZONE).refine(isTimeZone, {
  error: 'must be an IANA time-zone name such as America/Los_Angeles or America/New_York',
});

/**
 * The agency's holidays beyond and instead of the usual ones (docs/decisions/038-holidays-as-computed-
 * closures.md): `-key` removes a usual holiday, `MM-DD Name | Nombre | 名稱` adds one; `;` between entries.
 */
export const holidays = z
  .string()
  .default('')
  .transform((text, ctx) => {
    const parsed = parseHolidayRules(text);
    if ('rules' in parsed) return parsed.rules;
    for (const message of parsed.errors) ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

export const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['true', '1', 'yes'].includes(v)));

export const int = (fallback: number, min = 0) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(min, { error: `must be at least ${min}` })
    .default(fallback);
