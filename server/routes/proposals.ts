import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '#shared/api-paths.ts';
import { IdParamsSchema } from '#shared/schemas/common.ts';
import { errorAnswers } from '#shared/schemas/errors.ts';
import {
  ContactProposalAnswerSchema,
  MySiteSchema,
  ProposalDecisionsSchema,
  ProposalDetailSchema,
  ProposalSummarySchema,
} from '#shared/schemas/proposals.ts';
import { SiteUpdateSchema } from '#shared/schemas/sites.ts';
import type { AppContext } from '../context.ts';
import { staffRoutes, staffUser } from '../plugins/staff-routes.ts';
import { proposeFromContact } from '../services/contact-proposals.ts';
import { partnerSites } from '../services/partner-scope.ts';
import { decideProposal, openProposals, proposalDetail, proposalsBy } from '../services/proposals.ts';
import { idOf } from '../services/route-params.ts';

/**
 * Proposed changes to sites (docs/product.md R590–R599), in the staff route group: reviewing and
 * deciding them is the directory's rule ('edit'); a proposer's own list is open to partner managers
 * too ('partnerSite'), and holds only their own, as does the list of their own partners' sites. `/api/proposals/mine` is a static path: the router
 * prefers it to `/api/proposals/:id`.
 */
const proposalsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const rateLimit = { max: ctx.config.RATE_LIMIT_AUTH_MAX, timeWindow: ctx.config.RATE_LIMIT_WINDOW_MS };

  // A site contact's corrections, through their confirmation link and without an account (R598a).
  app.post(
    apiRoutes.confirmationProposal,
    {
      config: { rateLimit },
      schema: {
        tags: ['proposals'],
        params: z.object({ token: z.string().max(200) }),
        body: SiteUpdateSchema,
        response: {
          200: ContactProposalAnswerSchema,
          202: ContactProposalAnswerSchema,
          ...errorAnswers(400, 404, 409, 410, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const proposal = await proposeFromContact(
        ctx.database.db,
        request.params.token,
        request.body,
        request.language,
        ctx.now(),
      );
      return reply.code(proposal ? 202 : 200).send({ proposed: proposal !== null });
    },
  );

  await staffRoutes(app, ctx, reviewRoutes);
};

const reviewRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const tags = ['proposals'];

  app.get(
    apiRoutes.proposals,
    { schema: { tags, response: { 200: z.array(ProposalSummarySchema), ...errorAnswers(401, 403) } } },
    async () => openProposals(db),
  );

  app.get(
    apiRoutes.myProposals,
    {
      config: { allow: 'partnerSite' },
      schema: { tags, response: { 200: z.array(ProposalSummarySchema), ...errorAnswers(401, 403) } },
    },
    async (request) => proposalsBy(db, staffUser(request).id),
  );

  app.get(
    apiRoutes.mySites,
    {
      config: { allow: 'partnerSite' },
      schema: { tags, response: { 200: z.array(MySiteSchema), ...errorAnswers(401, 403) } },
    },
    async (request) => partnerSites(db, staffUser(request).id),
  );

  app.get(
    apiRoutes.proposal,
    {
      schema: {
        tags,
        params: IdParamsSchema,
        response: { 200: ProposalDetailSchema, ...errorAnswers(401, 403, 404) },
      },
    },
    async (request) => proposalDetail(db, idOf(request.params)),
  );

  app.post(
    apiRoutes.proposalDecisions,
    {
      schema: {
        tags,
        params: IdParamsSchema,
        body: ProposalDecisionsSchema,
        response: { 200: ProposalDetailSchema, ...errorAnswers(400, 401, 403, 404, 409, 413, 415, 422) },
      },
    },
    async (request) => {
      const { detail, mail } = await decideProposal(
        db,
        idOf(request.params),
        request.body,
        staffUser(request).id,
      );
      if (mail) await ctx.mailQueue.send(mail);
      return detail;
    },
  );
};

export default proposalsRoutes;
