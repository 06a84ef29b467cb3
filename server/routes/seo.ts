import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { publicReads } from '../services/public-reads.ts';
import { robotsTxt, sitemapXml } from '../services/sitemap.ts';

/** For search engines: /sitemap.xml (every public and site page, in the three languages) and /robots.txt. */
const seoRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const siteIds = async () => {
    const sites = JSON.parse((await publicReads(ctx).sites()).raw.toString()) as { id: number }[];
    return sites.map((site) => site.id);
  };
  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const entry = await ctx.cache.get('sitemap', async () => sitemapXml(ctx.baseUrl, await siteIds()));
    return reply.sendCached(request, entry, 'application/xml; charset=utf-8');
  });
  // Answered here with this deployment's address in it (the built client's own copy is not served).
  const robots = robotsTxt(ctx.baseUrl);
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(robots),
  );
};

export default seoRoutes;
