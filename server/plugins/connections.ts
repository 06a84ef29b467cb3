import type { FastifyServerOptions } from 'fastify';

interface ConnectionSettings {
  /** Longest wait for a request's headers and body, from its first byte: 408 and closed after. */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection is kept open between requests. */
  keepAliveTimeoutMs: number;
}

/**
 * How the server treats connections: a client that sends part of a request and goes silent (slow
 * headers or a slow body) is answered 408 and closed after `requestTimeoutMs`; an idle keep-alive
 * connection is closed after `keepAliveTimeoutMs`. Node checks for overdue requests every
 * `connectionsCheckingInterval` (30 s by default); checking a few times per timeout keeps the real
 * limit close to the configured one. The 408 itself is written by request-path.ts's clientErrorHandler.
 */
export function connectionOptions(settings: ConnectionSettings): Partial<FastifyServerOptions> {
  const { requestTimeoutMs, keepAliveTimeoutMs } = settings;
  return {
    requestTimeout: requestTimeoutMs,
    keepAliveTimeout: keepAliveTimeoutMs,
    http: {
      requestTimeout: requestTimeoutMs,
      headersTimeout: requestTimeoutMs,
      connectionsCheckingInterval: Math.max(100, Math.min(30_000, Math.floor(requestTimeoutMs / 4))),
    },
  } as Partial<FastifyServerOptions>;
}
