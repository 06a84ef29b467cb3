import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';

const READY_TIMEOUT_MS = 1000;

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
      return { status: 'ok', database: ctx.database.kind };
    } catch (error) {
      request.log.warn({ err: error }, 'not ready');
      return reply.code(503).send({ status: 503, message: 'The database is not reachable.' });
    }
  });

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  /** Runtime settings the page needs; only this whitelist reaches the browser (STYLE.md 7). */
  app.get('/api/config', { schema: { tags: ['config'] } }, async () => publicConfig(ctx));
};

export function publicConfig(ctx: AppContext) {
  return {
    mapTileUrl: ctx.config.MAP_TILE_URL,
    mapAttribution: ctx.config.MAP_ATTRIBUTION,
    mapApiKey: ctx.config.MAP_API_KEY ?? null,
    allowRegistration: ctx.config.ALLOW_REGISTRATION,
  };
}

export default healthRoutes;
