import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '#shared/api-paths.ts';
import { IdParamsSchema, VersionQuerySchema } from '#shared/schemas/common.ts';
import { DietMarkInputSchema, DietMarkListSchema, DietMarkSchema } from '#shared/schemas/diet-marks.ts';
import { errorAnswers, NoContentSchema } from '#shared/schemas/errors.ts';
import type { AppContext } from '../context.ts';
import { staffRoutes, staffUser } from '../plugins/staff-routes.ts';
import { createDietMark, deleteDietMark, listDietMarks, updateDietMark } from '../services/diet-marks.ts';
import { idOf } from '../services/route-params.ts';

/**
 * The agency's own diet marks (docs/product.md R690–R699, docs/decisions/067-agency-diet-marks.md):
 * anyone reads the list (the menu grid offers them; a site's menu names the ones it uses); only
 * administrators add, rename or remove one, and one that dishes carry is not removed (409).
 */
const dietMarksRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const tags = ['menus'];

  app.get(
    apiRoutes.dietMarks,
    {
      schema: {
        tags,
        summary: "The agency's own diet marks, in order, with how many dishes carry each",
        response: { 200: DietMarkListSchema },
      },
    },
    async () => listDietMarks(db),
  );

  await staffRoutes(app, ctx, dietMarkWriteRoutes, { allow: 'admin' });
};

const dietMarkWriteRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const tags = ['menus'];

  app.post(
    apiRoutes.dietMarks,
    {
      schema: {
        tags,
        summary: 'Adds a diet mark of the agency',
        body: DietMarkInputSchema,
        response: { 201: DietMarkSchema, ...errorAnswers(400, 401, 403, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const mark = await createDietMark(db, request.body, staffUser(request).id);
      return reply.code(201).send(mark);
    },
  );

  app.patch(
    apiRoutes.dietMark,
    {
      schema: {
        tags,
        summary: 'Renames a diet mark of the agency',
        params: IdParamsSchema,
        body: DietMarkInputSchema.partial(),
        response: { 200: DietMarkSchema, ...errorAnswers(400, 401, 403, 404, 409, 413, 415, 422) },
      },
    },
    async (request) => updateDietMark(db, idOf(request.params), request.body, staffUser(request).id),
  );

  app.delete(
    apiRoutes.dietMark,
    {
      schema: {
        tags,
        summary: 'Removes a diet mark of the agency that no dish carries',
        params: IdParamsSchema,
        querystring: VersionQuerySchema,
        response: { 204: NoContentSchema, ...errorAnswers(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      await deleteDietMark(db, idOf(request.params), staffUser(request).id, request.query.version);
      return reply.code(204).send(null);
    },
  );
};

export default dietMarksRoutes;
