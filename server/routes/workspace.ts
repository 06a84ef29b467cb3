import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WorkspaceSchema } from '#shared/schemas/workspace.ts';
import type { AppContext } from '../context.ts';
import { requireAdmin } from '../plugins/session.ts';
import { workspaceData } from '../services/workspace.ts';

/** The staff workspace's data (docs/product.md R182): administrators only, never cached. */
const workspaceRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  await app.register(app.sessions);

  app.get(
    '/api/workspace',
    { onRequest: requireAdmin, schema: { tags: ['workspace'], response: { 200: WorkspaceSchema } } },
    async () => workspaceData(db, { rules: ctx.config.AGENCY_HOLIDAYS, today: ctx.today() }),
  );
};

export default workspaceRoutes;
