import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '#shared/api-paths.ts';
import { isLanguage } from '#shared/languages.ts';
import { IdParamsSchema } from '#shared/schemas/common.ts';
import { errorAnswers } from '#shared/schemas/errors.ts';
import { AccountEventSchema, UserSchema, UserUpdateSchema } from '#shared/schemas/users.ts';
import type { AppContext } from '../context.ts';
import { staffRoutes, staffUser } from '../plugins/staff-routes.ts';
import { listAccountEvents } from '../services/account-events.ts';
import { endOtherSessions, findUserById, needsProof, presentUser, updateUser } from '../services/accounts.ts';
import { HttpError, NotFoundError } from '../services/errors.ts';
import { emailChangedEmail } from '../services/reset-email.ts';
import { idOf } from '../services/route-params.ts';

const usersRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const tags = ['users'];
  // Who is signed in, if anyone: no content when nobody is.
  await app.register(async function currentUserRoute(me) {
    await me.register(me.sessions);
    me.get(apiRoutes.me, { schema: { tags, response: { 200: UserSchema } } }, async (request, reply) => {
      const user = await request.currentUser();
      if (!user) return reply.code(204 as 200).send(undefined as never);
      return presentUser(db, user, ctx.assets);
    });
  });
  // An account is its owner's (any signed-in user); its events are for administrators.
  await staffRoutes(app, ctx, accountRoutes, { allow: 'signedIn' });
};

/**
 * The signed-in user, and only when the id is their own (docs/product.md R43). An onRequest hook after
 * the group's: the caller is checked before the body is read, so nobody else's request costs a parse.
 */
async function ownAccountOnly(request: FastifyRequest) {
  const id = idOf(request.params as { id: string });
  if (staffUser(request).id !== id) throw new HttpError(403, 'You may only see and change your own account.');
}

const accountRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const tags = ['users'];
  const self = (request: FastifyRequest) => staffUser(request).row;

  app.get(
    apiRoutes.user,
    {
      onRequest: ownAccountOnly,
      schema: { tags, params: IdParamsSchema, response: { 200: UserSchema, ...errorAnswers(401, 403, 404) } },
    },
    async (request) => presentUser(db, self(request), ctx.assets),
  );

  // What happened to an account (R431): created, promoted, password or e-mail changed, reset,
  // sign-in failures; newest first, for administrators.
  app.get(
    apiRoutes.userEvents,
    {
      config: { allow: 'admin' },
      schema: {
        tags,
        params: IdParamsSchema,
        response: { 200: z.array(AccountEventSchema), ...errorAnswers(401, 403, 404) },
      },
    },
    async (request) => {
      const id = idOf(request.params);
      if (!(await findUserById(db, id))) throw new NotFoundError();
      return listAccountEvents(db, id);
    },
  );

  // Changes that need the current password (a new e-mail address or password) are limited per user,
  // both routes together: a stolen session can neither guess the password nor probe which addresses
  // are "already taken" faster than RATE_LIMIT_AUTH_MAX per RATE_LIMIT_WINDOW_MS.
  const proofLimit = app.createRateLimit({
    max: ctx.config.RATE_LIMIT_AUTH_MAX,
    timeWindow: ctx.config.RATE_LIMIT_WINDOW_MS,
    keyGenerator: (request) => `account-proof:${staffUser(request).id}`,
  });

  for (const method of ['PATCH', 'PUT'] as const) {
    app.route({
      method,
      url: apiRoutes.user,
      onRequest: ownAccountOnly,
      schema: {
        tags,
        params: IdParamsSchema,
        body: UserUpdateSchema,
        response: { 200: UserSchema, ...errorAnswers(400, 401, 403, 404, 409, 413, 415, 422, 429) },
      },
      handler: async (request, reply) => {
        const user = self(request);
        if (needsProof(user, request.body)) {
          const limit = await proofLimit(request);
          if (!limit.isAllowed && limit.isExceeded) {
            reply.header('Retry-After', String(limit.ttlInSeconds));
            throw new HttpError(
              429,
              `Too many attempts. Please wait ${limit.ttlInSeconds} seconds and try again.`,
            );
          }
        }
        const updated = await updateUser(db, user.id, request.body, ctx.assets);
        if (user.pictureAssetId != null && updated.pictureAssetId !== user.pictureAssetId) {
          // The old picture is no longer public: its address answers 404 and its file is deleted.
          try {
            await ctx.assets.retire(user.pictureAssetId);
          } catch (error) {
            // The account change is saved all the same; the log says which picture was left behind.
            request.log.error(
              { err: error, assetId: user.pictureAssetId },
              'replaced picture could not be deleted',
            );
          }
        }
        if (updated.email !== user.email) {
          // The old address hears of it: if someone else made the change, its owner can act.
          const language = isLanguage(user.language) ? user.language : request.language;
          try {
            await ctx.mailer.send(
              emailChangedEmail({ to: user.email, name: user.firstName, newEmail: updated.email, language }),
            );
          } catch (error) {
            // The change is saved; a mail server that is down must not turn it into an error.
            request.log.error({ err: error }, 'e-mail change notice could not be sent');
          }
        }
        // A new password ends the user's other sessions; this one stays signed in.
        if (request.body.password) {
          await endOtherSessions(db, user.id, request.session.sessionId);
        }
        return presentUser(db, updated, ctx.assets);
      },
    });
  }
};

export default usersRoutes;
