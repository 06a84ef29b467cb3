import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '#shared/api-paths.ts';
import { IdParamsSchema } from '#shared/schemas/common.ts';
import { errorAnswers, NoContentSchema } from '#shared/schemas/errors.ts';
import type { AppContext } from '../context.ts';
import { publicReads } from '../services/public-reads.ts';
import { canonicalOrigin, createQrCache, sitePageUrl } from '../services/qr.ts';
import { idOf } from '../services/route-params.ts';

/** A day: a site's address never changes, and a deleted site's old code only leads to its 404 page. */
const QR_MAX_AGE_SECONDS = 86_400;

/**
 * GET /api/sites/{id}/qr.svg?lng=es — the QR code of the site page's address in that language, for the
 * printed page (docs/product.md R154). Made on this server (docs/decisions/025-printing-and-qr-codes.md);
 * 404 for a site that does not exist; an unknown `lng` is left out of the address.
 */
const qrRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const reads = publicReads(ctx);
  const { BASE_URL, ALLOWED_ORIGINS } = ctx.config;
  const qrSvg = createQrCache();
  app.get(
    apiRoutes.siteQr,
    {
      schema: {
        tags: ['sites'],
        summary: "QR code (SVG) of the site page's address",
        params: IdParamsSchema,
        querystring: z.object({ lng: z.string().max(20).optional() }),
        response: {
          200: z.string().describe('The SVG image'),
          304: NoContentSchema.describe('Not modified'),
          ...errorAnswers(404, 422),
        },
      },
    },
    async (request, reply) => {
      const id = idOf(request.params);
      await reads.site(id); // 404 for an unknown site
      const origin = canonicalOrigin({
        baseUrl: BASE_URL,
        allowedOrigins: ALLOWED_ORIGINS,
        fallback: ctx.baseUrl,
        requestOrigin: `${request.protocol}://${request.host}`,
      });
      const image = await qrSvg(sitePageUrl(origin, id, request.query.lng));
      reply
        .type('image/svg+xml')
        .header('Cache-Control', `public, max-age=${QR_MAX_AGE_SECONDS}`)
        .header('ETag', image.etag);
      if (request.headers['if-none-match'] === image.etag) return reply.code(304).send(null);
      return reply.send(image.svg);
    },
  );
};

export default qrRoutes;
