import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes, fillPath } from '#shared/api-paths.ts';
import { IdParamsSchema, VersionQuerySchema } from '#shared/schemas/common.ts';
import { errorAnswers, NoContentSchema } from '#shared/schemas/errors.ts';
import {
  HistoryEntrySchema,
  HistoryParamsSchema,
  HistoryQuerySchema,
  RestoredSiteVersionSchema,
  RestoreVersionSchema,
} from '#shared/schemas/history.ts';
import { ProposalSummarySchema } from '#shared/schemas/proposals.ts';
import { moveExtension, SiteCreateSchema, SiteSchema, SiteUpdateSchema } from '#shared/schemas/sites.ts';
import type { AppContext } from '../context.ts';
import { staffRoutes, staffUser } from '../plugins/staff-routes.ts';
import { HttpError, NotFoundError } from '../services/errors.ts';
import { listHistory } from '../services/history.ts';
import { locate } from '../services/locate.ts';
import { fieldsBeyondPartner, partnerKeepsSite } from '../services/partner-scope.ts';
import { proposeChange } from '../services/proposals.ts';
import { publicReads } from '../services/public-reads.ts';
import { idOf } from '../services/route-params.ts';
import { redirectOf } from '../services/site-merge.ts';
import { getSite } from '../services/site-reads.ts';
import { createSite, deleteSite, siteLocation, updateSite } from '../services/sites.ts';
import { restoreSiteVersion } from '../services/version-restore.ts';

const sitesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const reads = publicReads(ctx);
  const tags = ['sites'];

  app.get(
    apiRoutes.sites,
    {
      compress: false,
      decompress: false,
      schema: { tags, response: { 200: z.array(SiteSchema), ...errorAnswers(429) } },
    },
    async (request, reply) => reply.sendCached(request, await reads.sites()),
  );

  app.get(
    apiRoutes.site,
    {
      compress: false,
      decompress: false,
      schema: { tags, params: IdParamsSchema, response: { 200: SiteSchema, ...errorAnswers(404) } },
    },
    async (request, reply) => {
      const id = idOf(request.params);
      try {
        return reply.sendCached(request, await reads.site(id));
      } catch (error) {
        // A site merged into another: its old address leads to the site it became part of (R576).
        const to = error instanceof NotFoundError ? await redirectOf(ctx.database.db, id) : undefined;
        if (to === undefined) throw error;
        return reply.redirect(fillPath(apiRoutes.site, { id: to }), 301);
      }
    },
  );

  await staffRoutes(app, ctx, siteAdminRoutes);
};

/**
 * Writes and the history, all for administrators, in the staff route group (docs/decisions/048): only
 * these routes load the session, so the public reads above never pay for it (docs/decisions/009). The
 * group checks the caller on request, before the body is read or validated: a refused caller gets
 * 401/403 and learns nothing about the record or the body rules (docs/product.md R43).
 */
const siteAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const tags = ['sites'];
  // '415.555.0142 x3' is the number and its extension (docs/product.md R503), before the schema reads it.
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST' || request.method === 'PATCH') request.body = moveExtension(request.body);
  });

  app.post(
    apiRoutes.sites,
    {
      schema: {
        tags,
        body: SiteCreateSchema,
        response: { 201: SiteSchema, ...errorAnswers(400, 401, 403, 409, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const user = staffUser(request);
      const { input, warning } = await locate(ctx.geocoder, request.body, undefined);
      const site = await createSite(db, input, user.id);
      return reply.code(201).send({ ...site, ...(warning && { geocodeWarning: warning }) });
    },
  );

  /**
   * A partner manager reaches a site's change and history only for a site of their own partners (R571),
   * checked on request, before the body is read; staff pass without a look.
   */
  const ownPartnerSite = async (request: FastifyRequest) => {
    const user = staffUser(request);
    if (user.role !== 'partner') return;
    if (!(await partnerKeepsSite(db, user.id, idOf(request.params as { id: string }))))
      throw new HttpError(403, 'You may change only the sites of your own nutrition partners.');
  };

  app.patch(
    apiRoutes.site,
    {
      config: { allow: 'partnerSite' },
      onRequest: ownPartnerSite,
      schema: {
        tags,
        params: IdParamsSchema,
        body: SiteUpdateSchema,
        response: {
          200: SiteSchema,
          202: ProposalSummarySchema,
          ...errorAnswers(400, 401, 403, 404, 409, 413, 415, 422),
        },
      },
    },
    async (request, reply) => {
      const id = idOf(request.params);
      const user = staffUser(request);
      if (user.role === 'partner') {
        const beyond = fieldsBeyondPartner(request.body);
        if (beyond.length > 0)
          throw new HttpError(
            403,
            `A partner manager may change hours, contacts and the facts only, not ${beyond.join(', ')}.`,
          );
        // Under review (R591) the change waits for staff as a proposal; nothing public changes.
        if (ctx.config.PARTNER_CHANGES === 'review') {
          const proposal = await proposeChange(db, id, request.body, { userId: user.id });
          if (proposal) return reply.code(202).send(proposal);
          return reply.send(await getSite(db, id));
        }
      }
      const current = await siteLocation(db, id);
      if (!current) throw new NotFoundError();
      const { input, warning } = await locate(ctx.geocoder, request.body, current);
      const site = await updateSite(db, id, input, user.id);
      return { ...site, ...(warning && { geocodeWarning: warning }) };
    },
  );

  app.delete(
    apiRoutes.site,
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
      await deleteSite(db, idOf(request.params), user.id, request.query.version);
      return reply.code(204).send(null);
    },
  );

  app.get(
    apiRoutes.siteHistory,
    {
      config: { allow: 'partnerSite' },
      onRequest: ownPartnerSite,
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: HistoryQuerySchema,
        response: { 200: z.array(HistoryEntrySchema), ...errorAnswers(401, 403, 404, 422) },
      },
    },
    async (request) => listHistory(db, 'site', idOf(request.params), request.query),
  );

  // An earlier version back, as a new change checked like any save (docs/product.md R562).
  app.post(
    apiRoutes.siteHistoryRestore,
    {
      schema: {
        tags,
        params: HistoryParamsSchema,
        body: RestoreVersionSchema,
        response: { 200: RestoredSiteVersionSchema, ...errorAnswers(400, 401, 403, 404, 409, 413, 415, 422) },
      },
    },
    async (request) => {
      const user = staffUser(request);
      const historyId = idOf({ id: request.params.historyId });
      return restoreSiteVersion(db, idOf(request.params), historyId, request.body.version, user.id);
    },
  );
};

export default sitesRoutes;
