import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '#shared/api-paths.ts';
import { errorAnswers } from '#shared/schemas/errors.ts';
import { LoginSchema, RegisterSchema, UserSchema } from '#shared/schemas/users.ts';
import { invalidField } from '#shared/validation.ts';
import type { AppContext } from '../context.ts';
import { preferredLanguage } from '../plugins/language.ts';
import { authenticate, presentUser, registerUser, setLanguage } from '../services/accounts.ts';
import { HttpError, ValidationError } from '../services/errors.ts';
import {
  AccountLockedError,
  clearSignInFailures,
  countSignInFailure,
  refuseWhileLocked,
} from '../services/sign-in-limits.ts';

const authRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const tags = ['auth'];
  const rateLimit = { max: ctx.config.RATE_LIMIT_AUTH_MAX, timeWindow: ctx.config.RATE_LIMIT_WINDOW_MS };
  // Per account as well as per address (R540): wrong passwords from many addresses add up.
  const accountLimit = {
    max: ctx.config.SIGN_IN_FAILURES_PER_ACCOUNT,
    windowMs: ctx.config.RATE_LIMIT_WINDOW_MS,
  };
  await app.register(app.sessions);

  /** The account for these credentials; a locked account is refused before its password is looked at. */
  const signIn = async (email: string, password: string) => {
    await refuseWhileLocked(db, email, accountLimit);
    const user = await authenticate(db, email, password);
    if (user) return user;
    await countSignInFailure(db, email, accountLimit);
    throw new ValidationError([invalidField('email', 'invalid_login')]);
  };

  app.post(
    apiRoutes.login,
    {
      config: { rateLimit },
      schema: { tags, body: LoginSchema, response: { 200: UserSchema, ...errorAnswers(400, 415, 422, 429) } },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const user = await signIn(email, password).catch((error: unknown) => {
        if (error instanceof AccountLockedError) reply.header('Retry-After', String(error.retryAfterSeconds));
        throw error;
      });
      await clearSignInFailures(db, email);
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
  app.post(apiRoutes.logout, { schema: { tags } }, logout);
  // The GET is kept for pages loaded before logout became a POST, and only when the browser itself
  // says the request comes from this site's own page: a link, an image or a script elsewhere
  // (same-site included), or a client that sends no Sec-Fetch-Site, cannot sign anyone out.
  app.get(apiRoutes.logout, { schema: { tags, hide: true } }, async (request, reply) => {
    if (request.headers['sec-fetch-site'] !== 'same-origin')
      throw new HttpError(405, 'Log out with POST /api/auth/logout.');
    return logout(request, reply);
  });

  app.post(
    apiRoutes.register,
    {
      config: { rateLimit },
      // Turned off, registration answers 403 before the body is read or checked (R368).
      onRequest: async () => {
        if (!ctx.config.ALLOW_REGISTRATION) throw new HttpError(403, 'Registration is turned off.');
      },
      schema: {
        tags,
        body: RegisterSchema,
        response: { 201: UserSchema, ...errorAnswers(400, 403, 415, 422, 429) },
      },
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
