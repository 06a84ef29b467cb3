import type { FastifyReply, FastifyRequest } from 'fastify';
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

  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.session.sessionId) await request.session.destroy();
    reply.clearCookie('sid', { path: '/' });
    return reply.code(204).send();
  };
  // Logging out is a write: a POST, which the cross-site refusal covers (docs/product.md R369).
  app.post('/api/auth/logout', { schema: { tags } }, logout);
  // The GET is kept for pages loaded before logout became a POST, and only when the browser itself
  // says the request comes from this site's own page: a link, an image or a script elsewhere
  // (same-site included), or a client that sends no Sec-Fetch-Site, cannot sign anyone out.
  app.get('/api/auth/logout', { schema: { tags, hide: true } }, async (request, reply) => {
    if (request.headers['sec-fetch-site'] !== 'same-origin')
      throw new HttpError(405, 'Log out with POST /api/auth/logout.');
    return logout(request, reply);
  });

  app.post(
    '/api/auth/register',
    {
      config: { rateLimit },
      // Turned off, registration answers 403 before the body is read or checked (R368).
      onRequest: async () => {
        if (!ctx.config.ALLOW_REGISTRATION) throw new HttpError(403, 'Registration is turned off.');
      },
      schema: { tags, body: RegisterSchema, response: { 201: UserSchema } },
    },
    async (request, reply) => {
      const user = await registerUser(db, request.body, preferredLanguage(request));
      await request.session.regenerate();
      request.session.userId = user.id;
      return reply.code(201).send(await presentUser(db, user, ctx.assets));
    },
  );
};

export default authRoutes;
