import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '#shared/api-paths.ts';
import { IdParamsSchema } from '#shared/schemas/common.ts';
import { errorAnswers, NoContentSchema } from '#shared/schemas/errors.ts';
import {
  MergeSchema,
  NotDuplicateAnswerSchema,
  NotDuplicateSchema,
} from '#shared/schemas/site-duplicates.ts';
import { SiteSchema } from '#shared/schemas/sites.ts';
import type { AppContext } from '../context.ts';
import { staffRoutes, staffUser } from '../plugins/staff-routes.ts';
import { idOf } from '../services/route-params.ts';
import { markNotDuplicate, mergeSites, unmarkNotDuplicate } from '../services/site-merge.ts';

/**
 * What staff decide about a possible duplicate (docs/product.md R575–R576), in the staff route group
 * with the directory's rule (administrators and editors).
 */
const siteDuplicatesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  await staffRoutes(app, ctx, decisionRoutes);
};

const decisionRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const tags = ['sites'];

  app.post(
    apiRoutes.siteNotDuplicates,
    {
      schema: {
        tags,
        params: IdParamsSchema,
        body: NotDuplicateSchema,
        response: {
          200: NotDuplicateAnswerSchema,
          201: NotDuplicateAnswerSchema,
          ...errorAnswers(400, 401, 403, 404, 413, 415, 422),
        },
      },
    },
    async (request, reply) => {
      const siteId = idOf(request.params);
      const { otherId } = request.body;
      const created = await markNotDuplicate(db, siteId, otherId, staffUser(request).id);
      return reply.code(created ? 201 : 200).send({ siteId, otherId, created });
    },
  );

  app.delete(
    apiRoutes.siteNotDuplicate,
    {
      schema: {
        tags,
        params: z.object({ id: z.string(), otherId: z.string() }),
        response: { 204: NoContentSchema, ...errorAnswers(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const siteId = idOf(request.params);
      const otherId = idOf({ id: request.params.otherId });
      await unmarkNotDuplicate(db, siteId, otherId, staffUser(request).id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    apiRoutes.siteMerge,
    {
      schema: {
        tags,
        params: IdParamsSchema,
        body: MergeSchema,
        response: { 200: SiteSchema, ...errorAnswers(400, 401, 403, 404, 409, 413, 415, 422) },
      },
    },
    async (request) => {
      const { mergedId, version, mergedVersion } = request.body;
      return mergeSites(
        db,
        { keepId: idOf(request.params), mergedId, keepVersion: version, mergedVersion },
        staffUser(request).id,
      );
    },
  );
};

export default siteDuplicatesRoutes;
