import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feedRoutes } from '#shared/feed-routes.ts';
import { IdParamsSchema } from '#shared/schemas/common.ts';
import { errorAnswers } from '#shared/schemas/errors.ts';
import type { AppContext } from '../context.ts';
import { createHsdsFeed, type FeedVersion } from '../services/hsds/feed.ts';

/** Answers other systems may cache: kept, but checked again (ETag) before each use, like the directory's own. */
const CACHE_CONTROL = 'public, no-cache';

function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  return !!header?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * The Open Referral HSDS 3.0 feed, read-only and open to every origin (docs/product.md R250–R258,
 * docs/decisions/029-open-referral-feed.md). An answer is named by the feed's version and the
 * request's address, so a repeated request with its ETag is answered 304 without building anything.
 */
const hsdsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const feed = createHsdsFeed(ctx);
  const tags = ['hsds'];

  // Every answer of the feed, errors included, may be read by a page on any origin: it is public data
  // and never depends on cookies (none are read here).
  app.addHook('onRequest', (_request, reply, done) => {
    reply
      .header('access-control-allow-origin', '*')
      .header('access-control-expose-headers', 'ETag')
      .header('cross-origin-resource-policy', 'cross-origin');
    done();
  });

  async function sendJson(
    request: FastifyRequest,
    reply: FastifyReply,
    answer: (version: FeedVersion) => unknown,
  ) {
    const version = await feed.version();
    const etag = `"hsds-${version.tag}-${createHash('sha1').update(request.url).digest('base64url').slice(0, 16)}"`;
    reply.header('cache-control', CACHE_CONTROL).header('vary', 'Accept-Encoding');
    if (matches(request, etag)) return reply.header('etag', etag).code(304).send();
    const body = JSON.stringify(answer(version));
    return reply.header('etag', etag).type('application/json; charset=utf-8').send(body);
  }

  app.options(feedRoutes.hsdsPreflight, { schema: { hide: true } }, (_request, reply) =>
    reply
      .header('access-control-allow-methods', 'GET, HEAD, OPTIONS')
      .header('access-control-allow-headers', 'If-None-Match')
      .header('access-control-max-age', '86400')
      .code(204)
      .send(),
  );

  app.get(feedRoutes.hsds, { schema: { tags, summary: 'About this HSDS 3.0 feed' } }, (request, reply) =>
    sendJson(request, reply, () => feed.meta()),
  );

  app.get(
    feedRoutes.hsdsServices,
    { schema: { tags, summary: 'A page of services (one per dining site)' } },
    (request, reply) =>
      sendJson(request, reply, ({ dataset }) =>
        feed.services(dataset, request.query as Record<string, unknown>),
      ),
  );

  app.get(
    feedRoutes.hsdsService,
    {
      schema: {
        tags,
        summary: 'A fully nested service',
        params: IdParamsSchema,
        response: errorAnswers(404),
      },
    },
    (request, reply) => sendJson(request, reply, ({ dataset }) => feed.service(dataset, request.params.id)),
  );

  app.get(
    feedRoutes.hsdsServiceAtLocations,
    { schema: { tags, summary: 'A page of services at locations' } },
    (request, reply) =>
      sendJson(request, reply, ({ dataset }) =>
        feed.serviceAtLocations(dataset, request.query as Record<string, unknown>),
      ),
  );

  app.get(
    feedRoutes.hsdsServiceAtLocation,
    {
      schema: {
        tags,
        summary: 'A service at a location, with its location and schedules',
        params: IdParamsSchema,
        response: errorAnswers(404),
      },
    },
    (request, reply) =>
      sendJson(request, reply, ({ dataset }) => feed.serviceAtLocation(dataset, request.params.id)),
  );

  app.get(
    feedRoutes.hsdsOrganizations,
    { schema: { tags, summary: 'A page of organizations: the agency and the nutrition partners' } },
    (request, reply) =>
      sendJson(request, reply, ({ dataset }) =>
        feed.organizations(dataset, request.query as Record<string, unknown>),
      ),
  );

  app.get(
    feedRoutes.hsdsOrganization,
    {
      schema: {
        tags,
        summary: 'An organization with its services and locations',
        params: IdParamsSchema,
        response: errorAnswers(404),
      },
    },
    (request, reply) =>
      sendJson(request, reply, ({ dataset }) => feed.organization(dataset, request.params.id)),
  );

  app.get(
    feedRoutes.hsdsDataPackage,
    { compress: false, schema: { tags, summary: 'Every HSDS table as CSV, with datapackage.json, zipped' } },
    async (request, reply) => {
      const zip = (await feed.version()).zip();
      reply
        .header('etag', zip.etag)
        .header('cache-control', CACHE_CONTROL)
        .header('content-disposition', 'attachment; filename="community-meal-sites-hsds.zip"');
      if (matches(request, zip.etag)) return reply.code(304).send();
      return reply.type('application/zip').send(zip.bytes);
    },
  );
};

export default hsdsRoutes;
