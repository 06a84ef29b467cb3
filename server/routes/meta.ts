import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '#shared/api-paths.ts';
import type { AppContext } from '../context.ts';
import { publicConfig } from '../services/public-config.ts';

/** What the API says about itself: its OpenAPI document and the settings the browser needs. */
const metaRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(apiRoutes.openapi, { schema: { hide: true } }, async () => app.swagger());
  app.get(apiRoutes.config, { schema: { tags: ['config'] } }, async () => publicConfig(ctx));
};

export default metaRoutes;
