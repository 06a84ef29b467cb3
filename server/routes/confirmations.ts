import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema } from '#shared/schemas/common.ts';
import {
  ConfirmationCreateSchema,
  ConfirmationRequestAnswerSchema,
  ContactAnswerSchema,
} from '#shared/schemas/confirmations.ts';
import { SiteSchema } from '#shared/schemas/sites.ts';
import type { AppContext } from '../context.ts';
import { requireAdmin } from '../plugins/session.ts';
import {
  answerContactLink,
  ContactMailUnavailableError,
  confirmSite,
  contactLinkView,
  sendContactLink,
} from '../services/confirmations.ts';
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

  app.get(
    '/api/confirmations/:token',
    {
      config: { rateLimit },
      schema: {
        tags,
        params: TokenParamsSchema,
        response: { 200: z.object({ site: SiteSchema, expiresAt: z.string() }) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return contactLinkView(db, request.params.token, ctx.now());
    },
  );

  app.post(
    '/api/confirmations/:token',
    { config: { rateLimit }, schema: { tags, params: TokenParamsSchema, body: ContactAnswerSchema } },
    async (request) => {
      const { report } = await answerContactLink(db, request.params.token, request.body, ctx.now());
      const to = ctx.config.REPORTS_EMAIL;
      // Queued and sent after the answer, retried until the mail server takes it (R427).
      if (report && to) await ctx.mailQueue.send(reportEmail(report, to, ctx.baseUrl));
      return { received: true, answer: request.body.answer };
    },
  );

  await app.register(confirmationAdminRoutes, ctx);
};

const confirmationAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const tags = ['confirmations'];
  await app.register(app.sessions);

  app.post(
    '/api/sites/:id/confirmations',
    {
      onRequest: requireAdmin,
      schema: { tags, params: IdParamsSchema, body: ConfirmationCreateSchema, response: { 201: SiteSchema } },
    },
    async (request, reply) => {
      const user = await request.currentUser();
      const site = await confirmSite(db, idOf(request.params), request.body, user!.id, ctx.now());
      return reply.code(201).send(site);
    },
  );

  app.post(
    '/api/sites/:id/confirmation-requests',
    {
      onRequest: requireAdmin,
      schema: { tags, params: IdParamsSchema, response: { 202: ConfirmationRequestAnswerSchema } },
    },
    async (request, reply) => {
      const user = await request.currentUser();
      try {
        const sent = await sendContactLink(db, idOf(request.params), {
          baseUrl: ctx.baseUrl,
          mailer: ctx.mailer,
          now: ctx.now(),
          userId: user!.id,
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
