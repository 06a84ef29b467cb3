import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '#shared/api-paths.ts';
import { type Closure, ClosureSchema } from '#shared/schemas/closures.ts';
import { IdParamsSchema } from '#shared/schemas/common.ts';
import {
  ConfirmationCreateSchema,
  ConfirmationRequestAnswerSchema,
  ContactAnswerSchema,
} from '#shared/schemas/confirmations.ts';
import { errorAnswers } from '#shared/schemas/errors.ts';
import { SiteSchema } from '#shared/schemas/sites.ts';
import type { AppContext } from '../context.ts';
import { staffRoutes, staffUser } from '../plugins/staff-routes.ts';
import {
  answerContactLink,
  ContactMailUnavailableError,
  confirmSite,
  contactLinkView,
  sendContactLink,
} from '../services/confirmations.ts';
import { agencySettings } from '../services/public-config.ts';
import { publicReads } from '../services/public-reads.ts';
import { reportEmail } from '../services/reports.ts';
import { idOf } from '../services/route-params.ts';

const TokenParamsSchema = z.object({ token: z.string().max(200) });

/**
 * Confirmations (docs/product.md R170, R180, R181): staff record that a site's facts were checked, or
 * e-mail the site's contact a single-use link; the contact answers through it without an account.
 * Both writes are directory writes (under /api/sites and /api/confirmations), so the cached public
 * answers drop the old `confirmedAt`.
 */
const confirmationsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const tags = ['confirmations'];
  const rateLimit = { max: ctx.config.RATE_LIMIT_AUTH_MAX, timeWindow: ctx.config.RATE_LIMIT_WINDOW_MS };
  const reads = publicReads(ctx);

  app.get(
    apiRoutes.confirmation,
    {
      config: { rateLimit },
      schema: {
        tags,
        params: TokenParamsSchema,
        response: {
          200: z.object({ site: SiteSchema, closures: z.array(ClosureSchema), expiresAt: z.string() }),
          ...errorAnswers(404, 410, 429),
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      // The one closures list (staff's and the agency's holidays) the public pages read (R490).
      const closures = JSON.parse((await reads.closures()).raw.toString()) as Closure[];
      return contactLinkView(db, request.params.token, ctx.now(), { closures, today: ctx.today() });
    },
  );

  app.post(
    apiRoutes.confirmation,
    {
      config: { rateLimit },
      schema: {
        tags,
        params: TokenParamsSchema,
        body: ContactAnswerSchema,
        response: { ...errorAnswers(400, 404, 410, 413, 415, 422, 429) },
      },
    },
    async (request) => {
      const { report } = await answerContactLink(db, request.params.token, request.body, ctx.now());
      const to = ctx.config.REPORTS_EMAIL;
      // Queued and sent after the answer, retried until the mail server takes it (R427).
      if (report && to) await ctx.mailQueue.send(reportEmail(report, to, ctx.baseUrl));
      return { received: true, answer: request.body.answer };
    },
  );

  await staffRoutes(app, ctx, confirmationAdminRoutes);
};

const confirmationAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const tags = ['confirmations'];

  app.post(
    apiRoutes.siteConfirmations,
    {
      schema: {
        tags,
        params: IdParamsSchema,
        body: ConfirmationCreateSchema,
        response: { 201: SiteSchema, ...errorAnswers(400, 401, 403, 404, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const user = staffUser(request);
      const site = await confirmSite(db, idOf(request.params), request.body, user.id, ctx.now());
      return reply.code(201).send(site);
    },
  );

  app.post(
    apiRoutes.siteConfirmationRequests,
    {
      schema: {
        tags,
        params: IdParamsSchema,
        response: { 202: ConfirmationRequestAnswerSchema, ...errorAnswers(401, 403, 404, 422, 503) },
      },
    },
    async (request, reply) => {
      const user = staffUser(request);
      try {
        const sent = await sendContactLink(db, idOf(request.params), {
          baseUrl: ctx.baseUrl,
          agency: agencySettings(ctx.config),
          mailer: ctx.mailer,
          now: ctx.now(),
          userId: user.id,
        });
        // The link is a secret: the log says where it went, never the token.
        request.log.info({ siteId: idOf(request.params) }, 'confirmation link e-mailed to the site contact');
        return reply.code(202).send(sent);
      } catch (error) {
        if (error instanceof ContactMailUnavailableError)
          request.log.error({ err: error.cause }, 'confirmation link e-mail could not be sent');
        throw error;
      }
    },
  );
};

export default confirmationsRoutes;
