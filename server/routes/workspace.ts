import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '#shared/api-paths.ts';
import { errorAnswers } from '#shared/schemas/errors.ts';
import {
  WorkspaceQuerySchema,
  WorkspaceSchema,
  WorkspaceSitesPageSchema,
  WorkspaceSitesQuerySchema,
} from '#shared/schemas/workspace.ts';
import type { AppContext } from '../context.ts';
import { staffRoutes } from '../plugins/staff-routes.ts';
import { workspaceData, workspaceSitesPage } from '../services/workspace.ts';

/** The staff workspace's data (docs/product.md R182, R740–R743): staff only, never cached. */
const workspaceRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  await staffRoutes(app, ctx, workspaceStaffRoutes);
};

const workspaceStaffRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  app.get(
    apiRoutes.workspace,
    {
      schema: {
        tags: ['workspace'],
        querystring: WorkspaceQuerySchema,
        response: { 200: WorkspaceSchema, ...errorAnswers(401, 403, 422) },
      },
    },
    async (request) =>
      workspaceData(
        db,
        { rules: ctx.config.AGENCY_HOLIDAYS, today: ctx.today() },
        { sites: request.query.sites === 'all' },
      ),
  );
  app.get(
    apiRoutes.workspaceSites,
    {
      schema: {
        tags: ['workspace'],
        querystring: WorkspaceSitesQuerySchema,
        response: { 200: WorkspaceSitesPageSchema, ...errorAnswers(401, 403, 422) },
      },
    },
    async (request) =>
      workspaceSitesPage(db, request.query, {
        today: ctx.today(),
        timeZone: ctx.config.AGENCY_TIME_ZONE,
        staleAfterDays: ctx.config.STALE_AFTER_DAYS,
      }),
  );
};

export default workspaceRoutes;
