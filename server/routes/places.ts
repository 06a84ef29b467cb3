import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '#shared/api-paths.ts';
import { PLACE_NOT_FOUND } from '#shared/places.ts';
import { PlaceNotFoundSchema, PlaceQuerySchema, PlaceSchema } from '#shared/schemas/places.ts';
import type { AppContext } from '../context.ts';
import { HttpError } from '../services/errors.ts';
import { placesFor } from '../services/places.ts';

/**
 * The near box's lookup (docs/product.md R131, docs/decisions/024-places-lookup.md): a ZIP code,
 * a neighborhood or a street address → a point. Never cached by the browser or a proxy and never
 * logged with its text (the request log masks `q`, server/plugins/logging.ts).
 */
const placesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const places = placesFor(ctx);
  app.get(
    apiRoutes.places,
    {
      config: {
        rateLimit: { max: ctx.config.PLACES_RATE_LIMIT_MAX, timeWindow: ctx.config.RATE_LIMIT_WINDOW_MS },
      },
      schema: {
        tags: ['places'],
        querystring: PlaceQuerySchema,
        response: { 200: PlaceSchema, 404: PlaceNotFoundSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const answer = await places.lookup(request.query.q, request.language, request.ip);
      if (answer.found) return answer.place;
      if ('limited' in answer)
        throw new HttpError(429, 'Too many addresses looked up. Please wait a minute, or try a ZIP code.');
      return reply.code(404).send({
        status: 404,
        code: PLACE_NOT_FOUND,
        message: answer.geocoder
          ? 'No place was found for this text.'
          : 'No ZIP code or neighborhood matches this text, and street addresses cannot be looked up here.',
        geocoder: answer.geocoder,
      });
    },
  );
};

export default placesRoutes;
