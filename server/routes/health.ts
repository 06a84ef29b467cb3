import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';

const READY_TIMEOUT_MS = 1000;

/** Liveness and readiness, for a process manager or load balancer. */
const healthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  // Ready means the database answers, within a second, and the process is not shutting down (a
  // load balancer stops sending new requests while the ones it sent are still answered).
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    if (ctx.draining()) return reply.code(503).send({ status: 503, message: 'The server is shutting down.' });
    try {
      await Promise.race([
        ctx.database.ping(),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('database ping timed out')), READY_TIMEOUT_MS).unref(),
        ),
      ]);
    } catch (error) {
      // Counted with the outage's refused requests: a load balancer probing every few seconds must not
      // write a stack each time (docs/product.md R424).
      const outage = request.server.observability?.outage;
      if (outage) outage.refused(error, request.log);
      else request.log.warn({ err: error }, 'not ready');
      return reply.code(503).send({ status: 503, message: 'The database is not reachable.' });
    }
    // Not hearing other processes' writes means possibly serving stale answers: out of rotation
    // until the listener is back (docs/decisions/036-a-cache-that-cannot-go-deaf.md).
    const listener = ctx.notifier.status();
    if (listener.state !== 'listening') {
      const message =
        listener.state === 'connecting'
          ? 'The change listener is still connecting.'
          : `The change listener is down since ${listener.since.toISOString()}: ${listener.reason ?? 'unknown'}.`;
      request.log.warn({ listener }, 'not ready');
      return reply.code(503).send({ status: 503, message, listener: listener.state });
    }
    return { status: 'ok', database: ctx.database.kind };
  });
};

export default healthRoutes;
