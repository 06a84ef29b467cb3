import { and, eq, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '../../shared/schemas/common.ts';
import { UserSchema, UserUpdateSchema } from '../../shared/schemas/users.ts';
import type { AppContext } from '../context.ts';
import { sessions } from '../db/schema.ts';
import { requireUser } from '../plugins/session.ts';
import { presentUser, updateUser } from '../services/accounts.ts';
import { HttpError } from '../services/errors.ts';
import { idOf } from '../services/route-params.ts';

const usersRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const tags = ['users'];
  await app.register(app.sessions);

  app.get('/api/users/me', { schema: { tags, response: { 200: UserSchema } } }, async (request, reply) => {
    const user = await request.currentUser();
    if (!user) return reply.code(204 as 200).send(undefined as never);
    return presentUser(db, user, ctx.assets);
  });

  /**
   * The signed-in user, and only when the id is their own (DECISIONS.md 10). An onRequest hook: the
   * caller is checked before the body is read, so nobody else's request costs a parse.
   */
  const ownAccountOnly = async (request: FastifyRequest) => {
    const user = await request.currentUser();
    if (!user) throw new HttpError(401, 'Please log in.');
    const id = idOf(request.params as { id: string });
    if (user.id !== id) throw new HttpError(403, 'You may only see and change your own account.');
  };
  const self = async (request: FastifyRequest) => (await request.currentUser())!;

  app.get(
    '/api/users/:id',
    {
      onRequest: [requireUser, ownAccountOnly],
      schema: { tags, params: IdParamsSchema, response: { 200: UserSchema } },
    },
    async (request) => presentUser(db, await self(request), ctx.assets),
  );

  for (const method of ['PATCH', 'PUT'] as const) {
    app.route({
      method,
      url: '/api/users/:id',
      onRequest: [requireUser, ownAccountOnly],
      schema: { tags, params: IdParamsSchema, body: UserUpdateSchema, response: { 200: UserSchema } },
      handler: async (request) => {
        const user = await self(request);
        const updated = await updateUser(db, user.id, request.body, ctx.assets);
        // A new password ends the user's other sessions; this one stays signed in.
        if (request.body.password) {
          await db
            .delete(sessions)
            .where(and(eq(sessions.userId, user.id), ne(sessions.sid, request.session.sessionId)));
        }
        return presentUser(db, updated, ctx.assets);
      },
    });
  }
};

export default usersRoutes;
