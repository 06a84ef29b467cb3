import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import type { ChangeNotifier } from '../services/change-notifier.ts';
import { onDirectoryChange } from '../services/directory-changes.ts';
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

interface DirectoryCacheOptions {
  cache: ResponseCache;
  notifier: ChangeNotifier;
  /** The database whose directory writes this process hears (server/services/directory-changes.ts). */
  db: Db;
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
  // Every service writing what the public reads says so right after its commit, before the write's
  // answer leaves: this process drops its cached answers at once and the other processes hear it.
  const stopHearing = onDirectoryChange(options.db, () =>
    notifier
      .publish()
      .catch((error: unknown) => app.log.warn({ err: error }, 'could not notify other processes')),
  );
  // Serve once other processes' writes can be heard (bounded: /readyz says 503 until then anyway).
  app.addHook('onReady', () => notifier.listening(LISTENING_WAIT_MS));
  app.addHook('onClose', async () => {
    stopHearing();
    await notifier.close();
  });

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
