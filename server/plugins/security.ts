import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { HttpError } from '../services/errors.ts';

/** The origins a tile URL template loads from: {s} subdomains become a wildcard. */
export function tileOrigins(template: string): string[] {
  try {
    const url = new URL(template.replace(/\{s\}/g, 'a').replace(/\{[^}]+\}/g, '0'));
    const host = template.includes('{s}.') ? url.host.replace(/^a\./, '*.') : url.host;
    return [`${url.protocol}//${host}`];
  } catch {
    return [];
  }
}

export interface SecurityOptions {
  /** The response headers of helmetHeaders(helmetOptions(tile URL)), computed once by the app. */
  headers: Record<string, string>;
  baseUrl?: string;
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

  // Cross-site writes are refused (DECISIONS.md 13): a foreign Origin gets 403, whatever the body.
  const allowed = new Set<string>();
  if (options.baseUrl) allowed.add(new URL(options.baseUrl).origin);
  const crossSite = () => new HttpError(403, 'Cross-site requests are not allowed.');
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite === 'cross-site') return done(crossSite());
    if (!origin) return done();
    if (origin === `${request.protocol}://${request.host}` || allowed.has(origin)) return done();
    done(crossSite());
  });

  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      status: 429,
      message: `Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });
});
