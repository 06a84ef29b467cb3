import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '#shared/api-paths.ts';
import { BlobInputSchema, DirectUploadSchema } from '#shared/schemas/assets.ts';
import { errorAnswers, NoContentSchema } from '#shared/schemas/errors.ts';
import type { AppContext } from '../context.ts';
import { staffRoutes, staffUser } from '../plugins/staff-routes.ts';
import { HttpError, NotFoundError } from '../services/errors.ts';

const assetsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const tags = ['assets'];

  // The direct-upload target: any content type, never parsed; read through the declared-size limit
  // and stored (disk or bucket) only once every check passed.
  const uploadTarget: FastifyPluginAsync = async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.put<{ Params: { signedId: string } }>(
      apiRoutes.upload,
      { schema: { tags, response: { 204: NoContentSchema, ...errorAnswers(400, 401, 403, 404, 413) } } },
      async (request, reply) => {
        const user = staffUser(request);
        const body = (request.body as NodeJS.ReadableStream | undefined) ?? request.raw;
        try {
          await ctx.assets.receive(request.params.signedId, user.id, body as never);
        } catch (error) {
          // Refused before the whole body arrived (too long, not ours…): the rest of it will never be
          // read, so the connection is closed after the answer. Kept alive, it would sit paused until
          // Node's request timeout and hold up a graceful shutdown.
          if (!request.raw.complete) reply.header('Connection', 'close');
          // The client went away mid-upload: a client error, not a server fault (ECONNRESET would
          // otherwise read as "database unavailable" in the log).
          if (!request.raw.complete && !(error instanceof HttpError) && request.raw.socket?.destroyed)
            throw new HttpError(400, 'The upload was cut off before the end.');
          throw error;
        }
        return reply.code(204).send(null);
      },
    );
  };

  // Uploading needs the signed-in user, so only it loads the session; reading a stored file does not.
  const signedInRoutes: FastifyPluginAsyncZod<AppContext> = async (signedIn) => {
    signedIn.post(
      apiRoutes.assets,
      {
        schema: {
          tags,
          body: BlobInputSchema,
          response: { 200: DirectUploadSchema, ...errorAnswers(400, 401, 403, 413, 415, 422) },
        },
      },
      async (request) => {
        const user = staffUser(request);
        return ctx.assets.create(user.id, request.body.blob);
      },
    );
    await signedIn.register(uploadTarget);
  };
  await staffRoutes(app, ctx, signedInRoutes, { allow: 'signedIn' });

  app.get(
    '/uploads/:key',
    { schema: { hide: true, params: z.object({ key: z.string() }) } },
    async (request, reply) => {
      const asset = await ctx.assets.findByKey(request.params.key);
      if (!asset) throw new NotFoundError();
      // Opened before any header is set: a missing object is a 404, an unreachable store a 503.
      const body = await ctx.assets.open(asset);
      if (!body) throw new NotFoundError();
      const image =
        asset.contentType.startsWith('image/') && asset.contentType !== 'image/vnd.microsoft.icon';
      reply
        .type(asset.contentType)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header(
          'Content-Disposition',
          `${image ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(asset.filename)}`,
        );
      return reply.send(body);
    },
  );
};

export default assetsRoutes;
