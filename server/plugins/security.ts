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
  tileUrl: string;
  baseUrl?: string;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export default fp(async function securityPlugin(app: FastifyInstance, options: SecurityOptions) {
  // Helmet's middleware is built once; @fastify/helmet rebuilds it (and re-parses the CSP) on every
  // request, which cost a measurable share of the API's throughput (docs/decisions/005-response-cache.md).
  const applySecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Leaflet positions tiles and markers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...tileOrigins(options.tileUrl)],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // HSTS only means something over HTTPS; it is added below when the request came that way.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    applySecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https')
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });

  // Cross-site writes are refused (DECISIONS.md 13): a foreign Origin gets 403, whatever the body.
  const allowed = new Set<string>();
  if (options.baseUrl) allowed.add(new URL(options.baseUrl).origin);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite === 'cross-site') throw new HttpError(403, 'Cross-site requests are not allowed.');
    if (!origin) return;
    if (origin === `${request.protocol}://${request.host}` || allowed.has(origin)) return;
    throw new HttpError(403, 'Cross-site requests are not allowed.');
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
