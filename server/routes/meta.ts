import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { publicConfig } from '../services/public-config.ts';

/** What the API says about itself: its OpenAPI document and the settings the browser needs. */
const metaRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/api/config', { schema: { tags: ['config'] } }, async () => publicConfig(ctx));
};

export default metaRoutes;
