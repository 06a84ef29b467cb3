import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';

const READY_TIMEOUT_MS = 1000;

/** Liveness and readiness, for a process manager or load balancer. */
const healthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  // Ready means the database answers, within a second.
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await Promise.race([
        ctx.database.ping(),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('database ping timed out')), READY_TIMEOUT_MS).unref(),
        ),
      ]);
    } catch (error) {
      request.log.warn({ err: error }, 'not ready');
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
