import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyServerOptions } from 'fastify';

export interface ConnectionSettings {
  /** Longest wait for a request's headers and body, from its first byte: 408 and closed after. */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection is kept open between requests. */
  keepAliveTimeoutMs: number;
  /** Headers every answer carries (the security headers), the server's own error answers included. */
  headers: Record<string, string>;
}

/**
 * How the server treats connections: a client that sends part of a request and goes silent (slow
 * headers or a slow body) is answered 408 and closed after `requestTimeoutMs`; an idle keep-alive
 * connection is closed after `keepAliveTimeoutMs`. Node checks for overdue requests every
 * `connectionsCheckingInterval` (30 s by default); checking a few times per timeout keeps the real
 * limit close to the configured one.
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
    clientErrorHandler: (error, socket) => answerClientError(error, socket as Socket, settings.headers),
  } as Partial<FastifyServerOptions>;
}

/**
 * Errors Node's HTTP parser raises before any route runs (a malformed request line, headers over the
 * size limit, a request that timed out): answered in the API's one error shape with the security
 * headers, then the connection is closed, as Node itself would.
 */
function answerClientError(
  error: Error & { code?: string },
  socket: Socket,
  headers: Record<string, string>,
) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const message =
    status === 408
      ? 'The request took too long to arrive.'
      : status === 431
        ? 'The request headers are too large.'
        : 'The request could not be understood.';
  const body = JSON.stringify({ status, message });
  if (socket.writable) {
    const lines = [
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
  }
  socket.destroy(error);
}
