import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '#shared/api-paths.ts';
import { IdParamsSchema, VersionQuerySchema } from '#shared/schemas/common.ts';
import { errorAnswers, NoContentSchema } from '#shared/schemas/errors.ts';
import {
  HistoryEntrySchema,
  HistoryParamsSchema,
  HistoryQuerySchema,
  RestoredItemVersionSchema,
  RestoreVersionSchema,
} from '#shared/schemas/history.ts';
import {
  REFERENCE_LIST_NAMES,
  ReferenceItemSchema,
  referenceItemInputSchema,
} from '#shared/schemas/reference-lists.ts';
import type { AppContext } from '../context.ts';
import { staffRoutes, staffUser } from '../plugins/staff-routes.ts';
import { listHistory } from '../services/history.ts';
import { publicReads } from '../services/public-reads.ts';
import { createItem, deleteItem, getItem, updateItem, usageCount } from '../services/reference-lists.ts';
import { idOf } from '../services/route-params.ts';
import { restoreItemVersion } from '../services/version-restore.ts';

/** The five reference lists, written once: only the list name and its body schema vary. */
const referenceListRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const reads = publicReads(ctx);
  for (const list of REFERENCE_LIST_NAMES) {
    const tags = [list];

    app.get(
      apiRoutes.list(list),
      {
        compress: false,
        decompress: false,
        schema: { tags, response: { 200: z.array(ReferenceItemSchema), ...errorAnswers(429) } },
      },
      async (request, reply) => reply.sendCached(request, await reads.list(list)),
    );

    app.get(
      apiRoutes.listItem(list),
      {
        schema: {
          tags,
          params: IdParamsSchema,
          response: { 200: ReferenceItemSchema, ...errorAnswers(404) },
        },
      },
      (request) => getItem(db, list, idOf(request.params)),
    );
  }
  await staffRoutes(app, ctx, referenceListAdminRoutes);
};

/** Writes, usage and history, for administrators: only this staff group loads the session. */
const referenceListAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  for (const list of REFERENCE_LIST_NAMES) {
    const body = referenceItemInputSchema(list);
    const tags = [list];

    app.post(
      apiRoutes.list(list),
      {
        schema: {
          tags,
          body,
          response: { 201: ReferenceItemSchema, ...errorAnswers(400, 401, 403, 409, 413, 415, 422) },
        },
      },
      async (request, reply) => {
        const user = staffUser(request);
        return reply.code(201).send(await createItem(db, list, request.body, user.id));
      },
    );

    app.patch(
      apiRoutes.listItem(list),
      {
        schema: {
          tags,
          params: IdParamsSchema,
          body: body.partial(),
          response: { 200: ReferenceItemSchema, ...errorAnswers(400, 401, 403, 404, 409, 413, 415, 422) },
        },
      },
      async (request) => {
        const user = staffUser(request);
        return updateItem(db, list, idOf(request.params), request.body, user.id);
      },
    );

    app.delete(
      apiRoutes.listItem(list),
      {
        schema: {
          tags,
          params: IdParamsSchema,
          querystring: VersionQuerySchema,
          response: { 204: NoContentSchema, ...errorAnswers(401, 403, 404, 409, 422) },
        },
      },
      async (request, reply) => {
        const user = staffUser(request);
        await deleteItem(db, list, idOf(request.params), user.id, request.query.version);
        return reply.code(204).send(null);
      },
    );

    app.get(
      apiRoutes.listItemUsage(list),
      {
        schema: {
          tags,
          params: IdParamsSchema,
          response: { 200: z.object({ sites: z.number() }), ...errorAnswers(401, 403, 404) },
        },
      },
      async (request) => {
        const id = idOf(request.params);
        await getItem(db, list, id);
        return { sites: await usageCount(db, list, id) };
      },
    );

    app.get(
      apiRoutes.listItemHistory(list),
      {
        schema: {
          tags,
          params: IdParamsSchema,
          querystring: HistoryQuerySchema,
          response: { 200: z.array(HistoryEntrySchema), ...errorAnswers(401, 403, 404, 422) },
        },
      },
      (request) => listHistory(db, list, idOf(request.params), request.query),
    );

    // An earlier version back, as a new change checked like any save (docs/product.md R562).
    app.post(
      apiRoutes.listItemHistoryRestore(list),
      {
        schema: {
          tags,
          params: HistoryParamsSchema,
          body: RestoreVersionSchema,
          response: {
            200: RestoredItemVersionSchema,
            ...errorAnswers(400, 401, 403, 404, 409, 413, 415, 422),
          },
        },
      },
      async (request) => {
        const user = staffUser(request);
        const historyId = idOf({ id: request.params.historyId });
        return restoreItemVersion(db, list, idOf(request.params), historyId, request.body.version, user.id);
      },
    );
  }
};

export default referenceListRoutes;
