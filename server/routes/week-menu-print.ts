import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { weekMenuPrintRoute } from '#shared/api-paths.ts';
import { FALLBACK_LANGUAGE, isLanguage } from '#shared/languages.ts';
import { IdParamsSchema } from '#shared/schemas/common.ts';
import type { SiteMenu } from '#shared/schemas/menus.ts';
import type { AppContext } from '../context.ts';
import { publicReads } from '../services/public-reads.ts';
import { canonicalOrigin } from '../services/qr.ts';
import { idOf } from '../services/route-params.ts';
import { type WeekMenuSite, weekMenuPage } from '../services/week-menu-page.ts';

/**
 * GET /sites/{id}/menu/print?lng=es — the printable week menu of a site (docs/product.md R681): a page
 * made on the server from the cached site and menu reads, in the request's language; 404 for a site
 * that does not exist (the app's not-found page answers it).
 */
const weekMenuPrintRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const reads = publicReads(ctx);
  const { BASE_URL, ALLOWED_ORIGINS } = ctx.config;
  app.get(
    weekMenuPrintRoute,
    {
      schema: {
        hide: true,
        params: IdParamsSchema,
        querystring: z.object({ lng: z.string().max(20).optional() }),
      },
    },
    async (request, reply) => {
      let id: number;
      let site: WeekMenuSite;
      let menu: SiteMenu;
      try {
        id = idOf(request.params);
        site = JSON.parse((await reads.site(id)).raw.toString()) as WeekMenuSite;
        menu = JSON.parse((await reads.siteMenu(id)).raw.toString()) as SiteMenu;
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return reply.sendPage(request);
        throw error;
      }
      const origin = canonicalOrigin({
        baseUrl: BASE_URL,
        allowedOrigins: ALLOWED_ORIGINS,
        fallback: ctx.baseUrl,
        requestOrigin: `${request.protocol}://${request.host}`,
      });
      const language = isLanguage(request.language) ? request.language : FALLBACK_LANGUAGE;
      const html = weekMenuPage({
        site,
        menu,
        language,
        shortAddress: `${new URL(origin).host}/sites/${id}`,
        today: ctx.today(),
      });
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Accept-Language, Cookie')
        .send(html);
    },
  );
};

export default weekMenuPrintRoutes;
