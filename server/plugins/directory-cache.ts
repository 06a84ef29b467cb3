import type { FastifyInstance, FastifyReply, FastifyRequest, onSendAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { REFERENCE_LIST_NAMES } from '#shared/schemas/reference-lists.ts';
import type { ChangeNotifier } from '../services/change-notifier.ts';
import { type CachedResponse, pickEncoding, type ResponseCache } from '../services/response-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
  interface FastifyReply {
    /**
     * Sends a cached JSON answer: ETag, 304 on a match, pre-compressed bytes when accepted. `vary`
     * names what else the bytes depend on (a page's language: 'Accept-Language, Cookie').
     */
    sendCached(
      request: FastifyRequest,
      entry: CachedResponse,
      type?: string,
      vary?: string,
    ): Promise<FastifyReply>;
  }
}

/** How long start-up waits for the change listener's first LISTEN. */
const LISTENING_WAIT_MS = 5000;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Write routes that change what the public reads: sites, closures, every reference list, a site
 * contact's answer to a confirmation link (it sets the site's `confirmedAt`, docs/product.md R181), and
 * the commit of a spreadsheet import (docs/product.md R234).
 */
export const DIRECTORY_WRITE = new RegExp(
  `^/api/((sites|closures|confirmations|${REFERENCE_LIST_NAMES.join('|')})(/|$)|imports/:id/commit$)`,
);

interface DirectoryCacheOptions {
  cache: ResponseCache;
  notifier: ChangeNotifier;
}

/**
 * Keeps public reads as ready bytes and drops them the moment a write succeeds — before the write's
 * answer leaves, so a client never reads stale data after its own write. With PostgreSQL the other
 * processes hear about it through LISTEN/NOTIFY (docs/decisions/005-response-cache.md), kept alive by a
 * heartbeat, with the data's version as a backstop (docs/decisions/036-a-cache-that-cannot-go-deaf.md).
 */
export default fp(async function directoryCache(app: FastifyInstance, options: DirectoryCacheOptions) {
  const { cache, notifier } = options;

  app.decorate('responseCache', cache);
  const publishWrite: onSendAsyncHookHandler = async (request, reply, payload) => {
    if (reply.statusCode < 400) {
      await notifier
        .publish()
        .catch((error: unknown) => request.log.warn({ err: error }, 'could not notify other processes'));
    }
    return payload;
  };
  // Only the directory's write routes carry the hook: reads (most requests) run no extra onSend.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!methods.some((method) => WRITE_METHODS.has(method)) || !DIRECTORY_WRITE.test(route.url ?? ''))
      return;
    route.onSend = [...[route.onSend ?? []].flat(), publishWrite as never];
  });
  // Serve once other processes' writes can be heard (bounded: /readyz says 503 until then anyway).
  app.addHook('onReady', () => notifier.listening(LISTENING_WAIT_MS));
  app.addHook('onClose', async () => notifier.close());

  app.decorateReply(
    'sendCached',
    async function sendCached(
      this: FastifyReply,
      request: FastifyRequest,
      entry: CachedResponse,
      type = 'application/json; charset=utf-8',
      vary?: string,
    ) {
      this.header('ETag', entry.etag)
        .header('Cache-Control', 'no-cache')
        .header('Vary', vary ? `Accept-Encoding, ${vary}` : 'Accept-Encoding')
        .type(type);
      const match = request.headers['if-none-match'];
      if (match?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === entry.etag)) {
        return this.code(304).send();
      }
      const encoding =
        entry.raw.length >= 1024 ? pickEncoding(request.headers['accept-encoding']) : undefined;
      if (!encoding) return this.send(entry.raw);
      return this.header('Content-Encoding', encoding).send(await entry.encoded(encoding));
    },
  );
});
