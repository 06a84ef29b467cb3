import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '#shared/api-paths.ts';
import { IdParamsSchema } from '#shared/schemas/common.ts';
import { errorAnswers, NoContentSchema } from '#shared/schemas/errors.ts';
import { RestoredSiteSchema, TrashedSiteSchema } from '#shared/schemas/site-trash.ts';
import type { AppContext } from '../context.ts';
import { staffRoutes, staffUser } from '../plugins/staff-routes.ts';
import { idOf } from '../services/route-params.ts';
import { emptyTrash, listTrash, restoreSite } from '../services/site-trash.ts';

/**
 * The trash of deleted sites (docs/product.md R553–R554), for administrators, in the staff route
 * group. `/api/sites/trash` is a static path: the router prefers it to `/api/sites/:id`.
 */
const siteTrashRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  await staffRoutes(app, ctx, trashRoutes);
};

const trashRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const tags = ['sites'];

  app.get(
    apiRoutes.sitesTrash,
    { schema: { tags, response: { 200: z.array(TrashedSiteSchema), ...errorAnswers(401, 403) } } },
    async () => listTrash(db),
  );

  app.post(
    apiRoutes.siteRestore,
    {
      schema: {
        tags,
        params: IdParamsSchema,
        response: { 200: RestoredSiteSchema, ...errorAnswers(401, 403, 404, 409, 422) },
      },
    },
    async (request) => restoreSite(db, idOf(request.params), staffUser(request).id),
  );

  // Emptying the trash cannot be undone: administrators only (R570).
  app.delete(
    apiRoutes.sitesTrash,
    {
      config: { allow: 'admin' },
      schema: { tags, response: { 204: NoContentSchema, ...errorAnswers(401, 403) } },
    },
    async (_request, reply) => {
      await emptyTrash(db);
      return reply.code(204).send(null);
    },
  );
};

export default siteTrashRoutes;
