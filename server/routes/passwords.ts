import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '#shared/api-paths.ts';
import { errorAnswers } from '#shared/schemas/errors.ts';
import { ForgotPasswordSchema, ResetPasswordSchema } from '#shared/schemas/users.ts';
import type { AppContext } from '../context.ts';
import { checkReset, completeReset, ResetMailUnavailableError, requestReset } from '../services/passwords.ts';

/** The answer of a request or a reset that went through: its status and a sentence. */
const MessageSchema = z.object({ status: z.number(), message: z.string() });

const TokenParamsSchema = z.object({ token: z.string().max(200) });

const passwordsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const tags = ['passwords'];
  const rateLimit = { max: ctx.config.RATE_LIMIT_AUTH_MAX, timeWindow: ctx.config.RATE_LIMIT_WINDOW_MS };

  app.post(
    apiRoutes.passwords,
    {
      config: { rateLimit },
      schema: {
        tags,
        body: ForgotPasswordSchema,
        response: { 202: MessageSchema, ...errorAnswers(400, 415, 422, 429, 503) },
      },
    },
    async (request, reply) => {
      let sent: { file?: string };
      try {
        sent = await requestReset(db, request.body.email, request.language, {
          baseUrl: ctx.baseUrl,
          ttlSeconds: ctx.config.PASSWORD_RESET_TTL_SECONDS,
          mailer: ctx.mailer,
        });
      } catch (error) {
        if (!(error instanceof ResetMailUnavailableError)) throw error;
        // The mail server is down or too slow (SMTP_TIMEOUT_MS): say so, and when to try again.
        request.log.error({ err: error.cause }, 'password reset e-mail could not be sent');
        return reply.code(503).header('Retry-After', '60').send({ status: 503, message: error.message });
      }
      // The link itself is a secret: log where the e-mail went, never the token.
      request.log.info({ outboxFile: sent.file }, 'password reset e-mail sent');
      return reply.code(202).send({
        status: 202,
        message: 'Please check your email in a few minutes for a reset password link.',
      });
    },
  );

  app.get(
    apiRoutes.password,
    { config: { rateLimit }, schema: { tags, params: TokenParamsSchema } },
    async (request) => {
      await checkReset(db, request.params.token);
      return { status: 200, message: 'This password reset link is valid.' };
    },
  );

  app.patch(
    apiRoutes.password,
    {
      config: { rateLimit },
      schema: {
        tags,
        params: TokenParamsSchema,
        body: ResetPasswordSchema,
        response: { 200: MessageSchema, ...errorAnswers(400, 404, 410, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      await completeReset(db, request.params.token, request.body.password);
      return reply.code(200).send({ status: 200, message: 'Your new password has been saved.' });
    },
  );
};

export default passwordsRoutes;
