import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '#shared/api-paths.ts';
import { errorAnswers } from '#shared/schemas/errors.ts';
import { WorkspaceSchema } from '#shared/schemas/workspace.ts';
import type { AppContext } from '../context.ts';
import { staffRoutes } from '../plugins/staff-routes.ts';
import { workspaceData } from '../services/workspace.ts';

/** The staff workspace's data (docs/product.md R182): administrators only, never cached. */
const workspaceRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  await staffRoutes(app, ctx, workspaceStaffRoutes);
};

const workspaceStaffRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  app.get(
    apiRoutes.workspace,
    { schema: { tags: ['workspace'], response: { 200: WorkspaceSchema, ...errorAnswers(401, 403) } } },
    async () => workspaceData(db, { rules: ctx.config.AGENCY_HOLIDAYS, today: ctx.today() }),
  );
};

export default workspaceRoutes;
