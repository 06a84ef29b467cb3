import net from 'node:net';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { TrustProxy } from '../config-fields.ts';
import type { Db } from '../db/client.ts';
import { HttpError } from '../services/errors.ts';
import { databaseRateLimitStore } from './rate-limit-store.ts';

/** proxy-addr's named ranges, which Fastify's trustProxy also understands. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

export interface ProxyTrust {
  /** Fastify's `trustProxy` option. */
  option: boolean | ((address: string, hop: number) => boolean);
  /** Whether the peer at the other end of the socket may speak for the client in X-Forwarded-*. */
  trustsPeer(address: string | undefined): boolean;
}

/**
 * TRUST_PROXY as Fastify's trustProxy, and the same answer for code that sees the request before
 * Fastify's own (the router's errors). A hop count is a function: Fastify 5 ignores a plain number
 * (it trusts nobody then). A list is matched with Node's BlockList, whose IPv4 rules also match
 * IPv4-mapped IPv6 peers (::ffff:127.0.0.1), as proxy-addr does.
 */
export function proxyTrust(setting: TrustProxy): ProxyTrust {
  if (setting === false || setting === 0) return { option: false, trustsPeer: () => false };
  if (setting === true) return { option: true, trustsPeer: () => true };
  if (typeof setting === 'number') {
    const hops = setting;
    return { option: (_address, hop) => hop < hops, trustsPeer: () => true };
  }
  const list = new net.BlockList();
  for (const entry of setting.flatMap((e) => NAMED_RANGES[e] ?? [e])) {
    const [address = '', prefix] = entry.split('/');
    const family = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  const trusted = (address: string | undefined) => {
    if (!address || net.isIP(address) === 0) return false;
    return list.check(address, net.isIP(address) === 6 ? 'ipv6' : 'ipv4');
  };
  return { option: (address) => trusted(address), trustsPeer: trusted };
}

/**
 * A gate for repeated log lines: true at most once per `windowMs` for each key, and for at most
 * `maxKeys` keys per window (beyond that, lines are dropped until the oldest entry ends), so neither
 * memory nor the log grows with what clients send.
 */
export function logGate(windowMs: number, maxKeys: number, now: () => number = Date.now) {
  const lastLogged = new Map<string, number>();
  return (key: string): boolean => {
    const time = now();
    // Entries are kept in the order they were logged: the expired ones are at the front.
    for (const [oldKey, at] of lastLogged) {
      if (time - at < windowMs) break;
      lastLogged.delete(oldKey);
    }
    if (lastLogged.has(key) || lastLogged.size >= maxKeys) return false;
    lastLogged.set(key, time);
    return true;
  };
}

/** The origins a tile URL template loads from: {s} subdomains become a wildcard. */
function tileOrigins(template: string): string[] {
  try {
    const url = new URL(template.replace(/\{s\}/g, 'a').replace(/\{[^}]+\}/g, '0'));
    const host = template.includes('{s}.') ? url.host.replace(/^a\./, '*.') : url.host;
    return [`${url.protocol}//${host}`];
  } catch {
    return [];
  }
}

interface SecurityOptions {
  /** The response headers of helmetHeaders(helmetOptions(tile URL)), computed once by the app. */
  headers: Record<string, string>;
  baseUrl?: string;
  /** Other origins whose pages may write (ALLOWED_ORIGINS). */
  allowedOrigins?: string[];
  trust?: ProxyTrust;
  /** Where the rate-limit counts are kept, shared by every process on the database; in memory when absent. */
  db?: Db;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Helmet's headers do not depend on the request (no nonces, no per-request directives), so its
 * middleware runs once at start-up against a recorder and every answer gets the recorded headers
 * through Fastify's own reply headers: no middleware chain and no raw `setHeader` per request
 * (docs/decisions/009-per-request-overhead.md).
 */
export function helmetHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  let finished = false;
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    // Helmet removes X-Powered-By, which neither Node nor Fastify ever sets.
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('Helmet did not finish synchronously: its headers cannot be computed once');
  return headers;
}

/** Strict-Transport-Security, sent only on answers to requests that came over HTTPS. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** Helmet's settings: the CSP allows the map's tile servers, HSTS is added separately (HTTPS only). */
export function helmetOptions(tileUrl: string): Parameters<typeof helmet>[0] {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Leaflet positions tiles and markers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...tileOrigins(tileUrl)],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // HSTS only means something over HTTPS; the plugin adds it when the request came that way.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  };
}

export default fp(async function securityPlugin(app: FastifyInstance, options: SecurityOptions) {
  const securityHeaders = options.headers;
  // On request, so that every answer has them, errors and 404s included.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeaders);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });

  // X-Forwarded-* from a peer that is not a trusted proxy are ignored. Said once per process (one
  // app per process): a proxy in front of a server with TRUST_PROXY unset or not matching it.
  const trust = options.trust ?? proxyTrust(false);
  let forwardedWarned = false;
  app.addHook('onRequest', (request, _reply, done) => {
    if (forwardedWarned) return done();
    const headers = request.headers;
    if (!headers['x-forwarded-for'] && !headers['x-forwarded-proto'] && !headers['x-forwarded-host'])
      return done();
    const peer = request.raw.socket?.remoteAddress;
    if (trust.trustsPeer(peer)) return done();
    forwardedWarned = true;
    request.log.warn(
      { peer, trustProxy: trust.option === false ? 'off' : 'set, not matching this peer' },
      'X-Forwarded-For/Proto/Host ignored: the peer is not a trusted proxy. Behind a proxy, set ' +
        'TRUST_PROXY (loopback for one on this host, 1 or its CIDR for a PaaS router); the client ' +
        'address, HTTPS and the host name are otherwise the proxy’s own. Logged once.',
    );
    done();
  });

  // Cross-site writes are refused (docs/decisions/004-sessions-csrf-and-errors.md): a foreign Origin
  // gets 403, whatever the body. Pages served from BASE_URL, from ALLOWED_ORIGINS, or from the
  // address the request itself names (when a trusted proxy says so) may write.
  const allowed = new Set<string>(options.allowedOrigins ?? []);
  if (options.baseUrl) allowed.add(new URL(options.baseUrl).origin);
  const allowedList = [...allowed];
  const crossSite = () => new HttpError(403, 'Cross-site requests are not allowed.');
  // At most one line per distinct origin per minute, at most 100 origins a minute.
  const shouldLog = logGate(60_000, 100);
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    const own = `${request.protocol}://${request.host}`;
    // An allowed origin on another site is cross-site to the browser, and allowed all the same.
    if (origin && allowed.has(origin)) return done();
    if (fetchSite !== 'cross-site' && (!origin || origin === own)) return done();
    const seen = (origin ?? '(none)').slice(0, 200);
    if (shouldLog(seen))
      request.log.warn(
        { origin: seen, secFetchSite: fetchSite, requestOrigin: own, allowedOrigins: allowedList },
        'write refused: cross-site origin (add the origin to ALLOWED_ORIGINS if it is this site)',
      );
    done(crossSite());
  });

  await app.register(rateLimit, {
    global: false,
    ...(options.db && {
      store: databaseRateLimitStore(options.db, {
        onSweepError: (error) => app.log.warn({ err: error }, 'rate-limit sweep failed'),
      }),
    }),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      status: 429,
      message: `Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });
});
