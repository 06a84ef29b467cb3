import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, VersionQuerySchema } from '#shared/schemas/common.ts';
import { SiteCreateSchema, SiteSchema, SiteUpdateSchema } from '#shared/schemas/sites.ts';
import type { AppContext } from '../context.ts';
import { requireAdmin } from '../plugins/session.ts';
import { NotFoundError } from '../services/errors.ts';
import { listHistory } from '../services/history.ts';
import { locate } from '../services/locate.ts';
import { publicReads } from '../services/public-reads.ts';
import { idOf } from '../services/route-params.ts';
import { createSite, deleteSite, siteLocation, updateSite } from '../services/sites.ts';

const sitesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const reads = publicReads(ctx);
  const tags = ['sites'];

  app.get(
    '/api/sites',
    { compress: false, decompress: false, schema: { tags, response: { 200: z.array(SiteSchema) } } },
    async (request, reply) => reply.sendCached(request, await reads.sites()),
  );

  app.get(
    '/api/sites/:id',
    {
      compress: false,
      decompress: false,
      schema: { tags, params: IdParamsSchema, response: { 200: SiteSchema } },
    },
    async (request, reply) => {
      const id = idOf(request.params);
      return reply.sendCached(request, await reads.site(id));
    },
  );

  await app.register(siteAdminRoutes, ctx);
};

/**
 * Writes and the history, all for administrators: only these routes load the session, so the public
 * reads above never pay for it (docs/decisions/009-per-request-overhead.md). Writes check the caller
 * on request, before the body is read or validated: a refused caller gets 401/403 and learns nothing
 * about the record or the body rules (docs/product.md R43).
 */
const siteAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const tags = ['sites'];
  await app.register(app.sessions);

  app.post(
    '/api/sites',
    { onRequest: requireAdmin, schema: { tags, body: SiteCreateSchema, response: { 201: SiteSchema } } },
    async (request, reply) => {
      const user = await request.currentUser();
      const { input, warning } = await locate(ctx.geocoder, request.body, undefined);
      const site = await createSite(db, input, user!.id);
      return reply.code(201).send({ ...site, ...(warning && { geocodeWarning: warning }) });
    },
  );

  app.patch(
    '/api/sites/:id',
    {
      onRequest: requireAdmin,
      schema: { tags, params: IdParamsSchema, body: SiteUpdateSchema, response: { 200: SiteSchema } },
    },
    async (request) => {
      const id = idOf(request.params);
      const user = await request.currentUser();
      const current = await siteLocation(db, id);
      if (!current) throw new NotFoundError();
      const { input, warning } = await locate(ctx.geocoder, request.body, current);
      const site = await updateSite(db, id, input, user!.id);
      return { ...site, ...(warning && { geocodeWarning: warning }) };
    },
  );

  app.delete(
    '/api/sites/:id',
    { onRequest: requireAdmin, schema: { tags, params: IdParamsSchema, querystring: VersionQuerySchema } },
    async (request, reply) => {
      const user = await request.currentUser();
      await deleteSite(db, idOf(request.params), user!.id, request.query.version);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/sites/:id/history',
    { onRequest: requireAdmin, schema: { tags, params: IdParamsSchema } },
    async (request) => listHistory(db, 'site', idOf(request.params)),
  );
};

export default sitesRoutes;
