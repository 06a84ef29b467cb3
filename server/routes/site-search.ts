import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '#shared/api-paths.ts';
import { filtersFromSearchParams } from '#shared/filters.ts';
import { errorAnswers } from '#shared/schemas/errors.ts';
import { SiteSearchAnswerSchema, SiteSearchQuerySchema } from '#shared/schemas/site-search.ts';
import { searchFromSearchParams } from '#shared/site-search.ts';
import type { AppContext } from '../context.ts';
import { publicSearch } from '../services/public-search.ts';

/**
 * `GET /api/search` (docs/product.md R700–R703): one page of the sites the locations page lists for
 * the same query, the total and the counts per filter option, on the agency's clock. Public, like the
 * list it is cut from; `GET /api/sites` still answers the whole directory. One search per server, so
 * its prepared directory and memos (R704–R708) are shared by every request and by the pages (R716).
 */
const siteSearchRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const directory = publicSearch(ctx);
  app.get(
    apiRoutes.search,
    {
      schema: {
        tags: ['sites'],
        querystring: SiteSearchQuerySchema,
        response: { 200: SiteSearchAnswerSchema, ...errorAnswers(422) },
      },
    },
    async (request, reply) => {
      const params = new URLSearchParams(
        request.url.slice(request.url.indexOf('?') + 1 || request.url.length),
      );
      const { limit, offset, lat, lng, include } = request.query;
      const answer = await directory.search({
        filters: filtersFromSearchParams(params),
        q: searchFromSearchParams(params).q,
        near: lat !== undefined && lng !== undefined ? { lat, lng } : undefined,
        offset,
        limit,
        include,
      });
      // Memoised answers are sent as ready bytes, compressed once (R706), with an ETag.
      return reply.sendCached(request, answer);
    },
  );
};

export default siteSearchRoutes;
