import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, VersionQuerySchema } from '#shared/schemas/common.ts';
import {
  REFERENCE_LIST_NAMES,
  ReferenceItemSchema,
  referenceItemInputSchema,
} from '#shared/schemas/reference-lists.ts';
import type { AppContext } from '../context.ts';
import { requireAdmin } from '../plugins/session.ts';
import { listHistory } from '../services/history.ts';
import { publicReads } from '../services/public-reads.ts';
import { createItem, deleteItem, getItem, updateItem, usageCount } from '../services/reference-lists.ts';
import { idOf } from '../services/route-params.ts';

/** The five reference lists, written once: only the list name and its body schema vary. */
const referenceListRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const reads = publicReads(ctx);
  for (const list of REFERENCE_LIST_NAMES) {
    const base = `/api/${list}`;
    const tags = [list];

    app.get(
      base,
      {
        compress: false,
        decompress: false,
        schema: { tags, response: { 200: z.array(ReferenceItemSchema) } },
      },
      async (request, reply) => reply.sendCached(request, await reads.list(list)),
    );

    app.get(
      `${base}/:id`,
      { schema: { tags, params: IdParamsSchema, response: { 200: ReferenceItemSchema } } },
      (request) => getItem(db, list, idOf(request.params)),
    );
  }
  await app.register(referenceListAdminRoutes, ctx);
};

/** Writes, usage and history, for administrators: only these routes load the session. */
const referenceListAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  await app.register(app.sessions);
  for (const list of REFERENCE_LIST_NAMES) {
    const base = `/api/${list}`;
    const body = referenceItemInputSchema(list);
    const tags = [list];

    app.post(
      base,
      { onRequest: requireAdmin, schema: { tags, body, response: { 201: ReferenceItemSchema } } },
      async (request, reply) => {
        const user = await request.currentUser();
        return reply.code(201).send(await createItem(db, list, request.body, user!.id));
      },
    );

    app.patch(
      `${base}/:id`,
      {
        onRequest: requireAdmin,
        schema: {
          tags,
          params: IdParamsSchema,
          body: body.partial(),
          response: { 200: ReferenceItemSchema },
        },
      },
      async (request) => {
        const user = await request.currentUser();
        return updateItem(db, list, idOf(request.params), request.body, user!.id);
      },
    );

    app.delete(
      `${base}/:id`,
      { onRequest: requireAdmin, schema: { tags, params: IdParamsSchema, querystring: VersionQuerySchema } },
      async (request, reply) => {
        const user = await request.currentUser();
        await deleteItem(db, list, idOf(request.params), user!.id, request.query.version);
        return reply.code(204).send();
      },
    );

    app.get(
      `${base}/:id/usage`,
      {
        onRequest: requireAdmin,
        schema: { tags, params: IdParamsSchema, response: { 200: z.object({ sites: z.number() }) } },
      },
      async (request) => {
        const id = idOf(request.params);
        await getItem(db, list, id);
        return { sites: await usageCount(db, list, id) };
      },
    );

    app.get(
      `${base}/:id/history`,
      { onRequest: requireAdmin, schema: { tags, params: IdParamsSchema } },
      (request) => listHistory(db, list, idOf(request.params)),
    );
  }
};

export default referenceListRoutes;
