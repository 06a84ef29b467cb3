import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '#shared/api-paths.ts';
import { IdParamsSchema } from '#shared/schemas/common.ts';
import { errorAnswers } from '#shared/schemas/errors.ts';
import { AccessChangeSchema, InvitationSchema, StaffAccountSchema } from '#shared/schemas/staff-accounts.ts';
import type { AppContext } from '../context.ts';
import { staffRoutes, staffUser } from '../plugins/staff-routes.ts';
import { invitationEmail } from '../services/invitation-email.ts';
import { idOf } from '../services/route-params.ts';
import {
  changeAccess,
  findStaffAccount,
  type InvitationLink,
  inviteAccount,
  listStaffAccounts,
  resendInvitation,
  revokeInvitation,
} from '../services/staff-accounts.ts';

const staffAccountsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // Staff accounts are for administrators only (docs/product.md R580): the group's rule is `admin`.
  await staffRoutes(app, ctx, accountRoutes, { allow: 'admin' });
};

const accountRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const tags = ['staff accounts'];
  const ttlSeconds = ctx.config.INVITATION_TTL_SECONDS;
  const actor = (request: FastifyRequest) => staffUser(request).id;

  /**
   * Queues the invitation e-mail, worded in the inviting administrator's language (the invitee has
   * chosen none yet). The link is a secret: it goes into the e-mail only, never into a log (R48).
   */
  async function sendInvitation(
    request: FastifyRequest,
    to: { id: number; email: string; firstName: string; role: Parameters<typeof invitationEmail>[0]['role'] },
    link: InvitationLink,
  ) {
    const url = `${ctx.baseUrl.replace(/\/$/, '')}/invitation/${link.token}`;
    await ctx.mailQueue.send(
      invitationEmail({
        to: to.email,
        name: to.firstName,
        role: to.role,
        link: url,
        ttlSeconds,
        language: request.language,
      }),
    );
    request.log.info({ invitedUserId: to.id }, 'invitation e-mail queued');
  }

  app.get(
    apiRoutes.users,
    { schema: { tags, response: { 200: z.array(StaffAccountSchema), ...errorAnswers(401, 403) } } },
    async () => listStaffAccounts(db),
  );

  app.post(
    apiRoutes.invitations,
    {
      schema: {
        tags,
        body: InvitationSchema,
        response: { 201: StaffAccountSchema, ...errorAnswers(400, 401, 403, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const { id, link } = await inviteAccount(db, request.body, actor(request), ttlSeconds);
      await sendInvitation(request, { ...request.body, id }, link);
      return reply.code(201).send(await findStaffAccount(db, id));
    },
  );

  app.post(
    apiRoutes.invitation,
    {
      schema: {
        tags,
        params: IdParamsSchema,
        response: { 200: StaffAccountSchema, ...errorAnswers(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const id = idOf(request.params);
      const { row, link } = await resendInvitation(db, id, actor(request), ttlSeconds);
      await sendInvitation(request, row, link);
      return findStaffAccount(db, id);
    },
  );

  app.delete(
    apiRoutes.invitation,
    {
      schema: {
        tags,
        params: IdParamsSchema,
        response: { 200: StaffAccountSchema, ...errorAnswers(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const id = idOf(request.params);
      await revokeInvitation(db, id, actor(request));
      return findStaffAccount(db, id);
    },
  );

  app.patch(
    apiRoutes.userAccess,
    {
      schema: {
        tags,
        params: IdParamsSchema,
        body: AccessChangeSchema,
        response: { 200: StaffAccountSchema, ...errorAnswers(400, 401, 403, 404, 409, 413, 415, 422) },
      },
    },
    async (request) => {
      const id = idOf(request.params);
      await changeAccess(db, id, request.body, actor(request));
      return findStaffAccount(db, id);
    },
  );
};

export default staffAccountsRoutes;
