import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LoginSchema, RegisterSchema, UserSchema } from '#shared/schemas/users.ts';
import { invalidField } from '#shared/validation.ts';
import type { AppContext } from '../context.ts';
import { preferredLanguage } from '../plugins/language.ts';
import { authenticate, presentUser, registerUser, setLanguage } from '../services/accounts.ts';
import { HttpError, ValidationError } from '../services/errors.ts';

const authRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const tags = ['auth'];
  const rateLimit = { max: ctx.config.RATE_LIMIT_AUTH_MAX, timeWindow: ctx.config.RATE_LIMIT_WINDOW_MS };
  await app.register(app.sessions);

  app.post(
    '/api/auth/login',
    { config: { rateLimit }, schema: { tags, body: LoginSchema, response: { 200: UserSchema } } },
    async (request) => {
      const user = await authenticate(db, request.body.email, request.body.password);
      if (!user) throw new ValidationError([invalidField('email', 'invalid_login')]);
      // A new session id at login, so a session id planted before login is worthless (fixation).
      await request.session.regenerate();
      request.session.userId = user.id;
      const language = preferredLanguage(request);
      if (language && language !== user.language) await setLanguage(db, user.id, language);
      return presentUser(db, user, ctx.assets);
    },
  );

  app.get('/api/auth/logout', { schema: { tags } }, async (request, reply) => {
    // A GET that ends a session: a link or image on another site must not sign people out
    // (SameSite=Lax cookies travel with cross-site navigations).
    if (request.headers['sec-fetch-site'] === 'cross-site')
      throw new HttpError(403, 'Cross-site requests are not allowed.');
    if (request.session.sessionId) await request.session.destroy();
    reply.clearCookie('sid', { path: '/' });
    return reply.code(204).send();
  });

  app.post(
    '/api/auth/register',
    { config: { rateLimit }, schema: { tags, body: RegisterSchema, response: { 201: UserSchema } } },
    async (request, reply) => {
      if (!ctx.config.ALLOW_REGISTRATION) throw new HttpError(403, 'Registration is turned off.');
      const user = await registerUser(db, request.body, preferredLanguage(request));
      await request.session.regenerate();
      request.session.userId = user.id;
      return reply.code(201).send(await presentUser(db, user, ctx.assets));
    },
  );
};

export default authRoutes;
