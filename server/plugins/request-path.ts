import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The longest request path (without the query string) the server reads, in bytes (docs/decisions/017-request-paths.md). */
export const MAX_PATH_BYTES = 2048;

export const PATH_TOO_LONG = { status: 414, message: 'The address is too long.' } as const;

/** A request target split at its first '?' (or '#'): the raw path and the raw query, neither decoded. */
export function splitUrl(url: string): { path: string; query: string } {
  const question = url.indexOf('?');
  const hash = url.indexOf('#');
  const end = question < 0 ? hash : hash < 0 ? question : Math.min(question, hash);
  if (end < 0) return { path: url, query: '' };
  const queryEnd = hash > end ? hash : url.length;
  return { path: url.slice(0, end), query: url[end] === '?' ? url.slice(end + 1, queryEnd) : '' };
}

/** Whether the request's path is longer than MAX_PATH_BYTES (UTF-8). */
export function isPathTooLong(url: string): boolean {
  const { path } = splitUrl(url);
  // Each character is at most 3 bytes in UTF-8 (a surrogate pair is 4 bytes for 2 characters).
  if (path.length <= MAX_PATH_BYTES / 3) return false;
  if (path.length > MAX_PATH_BYTES) return true;
  return Buffer.byteLength(path, 'utf8') > MAX_PATH_BYTES;
}

/**
 * Text safe in a Location header: bytes outside printable ASCII (spaces, control characters, UTF-8)
 * become %XX; everything else, '%' included, stays as the client sent it.
 */
export function headerSafe(text: string): string {
  let plain = true;
  for (let i = 0; i < text.length && plain; i += 1) {
    const code = text.charCodeAt(i);
    plain = code > 0x20 && code < 0x7f;
  }
  if (plain) return text;
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    out +=
      byte > 0x20 && byte < 0x7f
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/**
 * Requests with a path longer than MAX_PATH_BYTES are answered 414 before any page or API code reads
 * the path. Registered after the security plugin, so the answer carries its headers.
 */
export default fp(async function requestPath(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    if (isPathTooLong(request.url)) {
      reply.code(414).send(PATH_TOO_LONG);
      return;
    }
    done();
  });
});

/**
 * Fastify's clientErrorHandler: a request Node's HTTP parser refuses before Fastify sees it (a path
 * starting with '\\', a control character in the request line, headers over 16 KB) is answered in the
 * API's error shape with the security headers, as every other answer is, instead of Fastify's own
 * {error, message, statusCode}. The connection is then closed, as Node does.
 */
export function clientErrorHandler(securityHeaders: Record<string, string>) {
  const headerLines = Object.entries(securityHeaders)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return function answerClientError(error: ConnectionError, socket: Socket) {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    // An answer to HEAD has no body (the client would read one as the start of the next answer).
    // (Node passes the packet as a Buffer, whatever Fastify's type says.)
    const packet: unknown = error.rawPacket;
    const head = Buffer.isBuffer(packet) && packet.subarray(0, 5).toString('latin1') === 'HEAD ';
    const [status, message] =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive.']
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'The request headers are too large.']
          : [400, 'The request could not be understood.'];
    const body = JSON.stringify({ status, message });
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headerLines}` +
          `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `Connection: close\r\n\r\n${head ? '' : body}`,
      );
    }
    socket.destroy(error);
  };
}

/**
 * A query longer than this is not carried into a redirect's Location: a header that long is refused by
 * the HTTP parsers of browsers, proxies and Node (16 KB for all headers), and nothing a page reads needs
 * it (each of the locations page's boxes keeps 200 characters).
 */
export const REDIRECT_QUERY_MAX = 4096;

/**
 * The query of an address being redirected, as it may follow the new path in a Location header:
 * '?' and the query made header-safe, or '' when there is none or it is too long to carry
 * (REDIRECT_QUERY_MAX). `query` is without its '?'.
 */
export function redirectQuery(query: string): string {
  if (!query) return '';
  const safe = headerSafe(query);
  return safe.length <= REDIRECT_QUERY_MAX ? `?${safe}` : '';
}
