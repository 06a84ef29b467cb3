import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '#shared/api-paths.ts';
import { filtersFromSearchParams } from '#shared/filters.ts';
import { errorAnswers } from '#shared/schemas/errors.ts';
import {
  SiteMapAnswerSchema,
  SiteMapQuerySchema,
  SiteSearchAnswerSchema,
  SiteSearchQuerySchema,
} from '#shared/schemas/site-search.ts';
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
      const params = queryOf(request.url);
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

  /**
   * `GET /api/search/map` (docs/product.md R730–R733): for the same filters and name search, the
   * groups and single sites of one view at one zoom, the total with a position, those without, and
   * the bounds of them all. Public; grouped from one index per selection, memoised like the search.
   */
  app.get(
    apiRoutes.searchMap,
    {
      schema: {
        tags: ['sites'],
        querystring: SiteMapQuerySchema,
        response: { 200: SiteMapAnswerSchema, ...errorAnswers(422) },
      },
    },
    async (request, reply) => {
      const params = queryOf(request.url);
      const { west, south, east, north, zoom } = request.query;
      const answer = await directory.searchMap({
        filters: filtersFromSearchParams(params),
        q: searchFromSearchParams(params).q,
        view:
          west !== undefined &&
          south !== undefined &&
          east !== undefined &&
          north !== undefined &&
          zoom !== undefined
            ? { bounds: [west, south, east, north], zoom }
            : undefined,
      });
      return reply.sendCached(request, answer);
    },
  );
};

/** The request's query as the page reads its address (filters and name search, `filtersFromSearchParams`). */
function queryOf(url: string) {
  return new URLSearchParams(url.slice(url.indexOf('?') + 1 || url.length));
}

export default siteSearchRoutes;
