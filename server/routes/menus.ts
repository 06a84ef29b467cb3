import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addDays } from '#shared/agency-time.ts';
import { apiRoutes, fillPath } from '#shared/api-paths.ts';
import { IMPORT_LIMITS } from '#shared/imports.ts';
import type { MenuSite } from '#shared/menus.ts';
import type { StatusClosure } from '#shared/opening-status.ts';
import { IdParamsSchema } from '#shared/schemas/common.ts';
import { errorAnswers, NoContentSchema } from '#shared/schemas/errors.ts';
import {
  MenuImportCommitQuerySchema,
  MenuImportPreviewSchema,
  MenuImportResultSchema,
} from '#shared/schemas/menu-import.ts';
import {
  MenuDayInputSchema,
  MenuDayParamsSchema,
  MenuRangeQuerySchema,
  PartnerSiteSchema,
  SiteMenuSchema,
  StoredMenuDaySchema,
  StoredMenusSchema,
  TodaysMenusSchema,
} from '#shared/schemas/menus.ts';
import type { Translations } from '#shared/translations.ts';
import type { AppContext } from '../context.ts';
import { acceptSpreadsheets, refusals, sheetKindOf } from '../plugins/import-refusals.ts';
import { redirectQuery } from '../plugins/request-path.ts';
import { staffRoutes, staffUser } from '../plugins/staff-routes.ts';
import { currentClosuresJson } from '../services/closures.ts';
import { HttpError } from '../services/errors.ts';
import { commitMenuImport, previewMenuImport } from '../services/imports/menu-import.ts';
import { menuCalendar } from '../services/menu-ics.ts';
import type { MenuOwner } from '../services/menu-owner.ts';
import { deleteMenuDay, menuRange, putMenuDay, siteMenu, storedMenus } from '../services/menus.ts';
import { partnerKeepsMenusOf, sitesOfPartner } from '../services/partner-scope.ts';
import { publicReads } from '../services/public-reads.ts';
import { idOf } from '../services/route-params.ts';
import { followMerge } from '../services/site-merge.ts';

/** The same request's address on the kept site, its query kept. */
function movedTo(url: string, pattern: string, id: number): string {
  const query = url.indexOf('?');
  return `${fillPath(pattern, { id })}${query >= 0 ? redirectQuery(url.slice(query + 1)) : ''}`;
}

/** How many days the calendar file covers from the agency's today (docs/product.md R663). */
const CALENDAR_DAYS = 31;

/**
 * Menus (docs/product.md R650–R674, docs/decisions/060-menus.md): the public reads of a site's
 * resolved menu (JSON and ICS) and of a partner's own menus; the writes of one date's menu, for staff
 * and for the managers of the partner or the site.
 */
const menusRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const reads = publicReads(ctx);
  const tags = ['menus'];
  const mergedInto = (id: number) => followMerge(db, id);

  /** The closures that cover the dates from `from` on: the cached list unless `from` is in the past. */
  const closuresFrom = async (from: string): Promise<StatusClosure[]> =>
    from >= ctx.today()
      ? (JSON.parse((await reads.closures()).raw.toString()) as StatusClosure[])
      : (JSON.parse(await currentClosuresJson(db, from, ctx.config.AGENCY_HOLIDAYS)) as StatusClosure[]);

  app.get(
    apiRoutes.siteMenu,
    {
      schema: {
        tags,
        summary: "A site's menu for each date: published, not published, or closed",
        params: IdParamsSchema,
        querystring: MenuRangeQuerySchema,
        response: { 200: SiteMenuSchema, ...errorAnswers(404, 422) },
      },
    },
    async (request, reply) => {
      const id = idOf(request.params);
      const { from: asked, to: until } = request.query;
      const kept = await mergedInto(id);
      if (kept !== undefined) return reply.redirect(movedTo(request.url, apiRoutes.siteMenu, kept), 301);
      if (!asked && !until) return reply.sendCached(request, await reads.siteMenu(id));
      const site = JSON.parse((await reads.site(id)).raw.toString()) as MenuSite;
      const { from, to } = menuRange(request.query, ctx.today());
      return siteMenu(db, site, await closuresFrom(from), from, to);
    },
  );

  app.get(
    apiRoutes.todaysMenus,
    {
      schema: {
        tags,
        summary: "Every site's dishes of the agency's today: the main dish, then one per diet mark",
        response: { 200: TodaysMenusSchema },
      },
    },
    async (request, reply) => reply.sendCached(request, await reads.todaysMenus()),
  );

  app.get(
    apiRoutes.siteMenuIcs,
    {
      schema: {
        tags,
        summary: "A site's menu as a calendar (iCalendar), the next 31 days",
        params: IdParamsSchema,
        response: { 200: z.string().describe('text/calendar'), ...errorAnswers(404) },
      },
    },
    async (request, reply) => {
      const id = idOf(request.params);
      const kept = await mergedInto(id);
      if (kept !== undefined) return reply.redirect(movedTo(request.url, apiRoutes.siteMenuIcs, kept), 301);
      const site = JSON.parse((await reads.site(id)).raw.toString()) as MenuSite & {
        name: string;
        translations?: Translations<'name'>;
      };
      const today = ctx.today();
      const menu = await siteMenu(
        db,
        site,
        await closuresFrom(today),
        today,
        addDays(today, CALENDAR_DAYS - 1),
      );
      const body = menuCalendar({
        menu,
        site,
        language: request.language,
        now: ctx.now(),
        host: new URL(ctx.baseUrl).host,
      });
      return reply
        .type('text/calendar; charset=utf-8')
        .header('Content-Disposition', `inline; filename="menu-${id}.ics"`)
        .send(body);
    },
  );

  app.get(
    apiRoutes.partnerMenu,
    {
      schema: {
        tags,
        summary: "A nutrition partner's own menus (dates with one only)",
        params: IdParamsSchema,
        querystring: MenuRangeQuerySchema,
        response: { 200: StoredMenusSchema, ...errorAnswers(404, 422) },
      },
    },
    async (request) => {
      const id = idOf(request.params);
      const { from, to } = menuRange(request.query, ctx.today());
      return storedMenus(db, { kind: 'partner', id }, from, to);
    },
  );

  await staffRoutes(app, ctx, menuWriteRoutes, { allow: 'partnerSite' });
};

/**
 * One date's menu written or deleted whole. Staff may write any; a partner manager only their own
 * partners' menus and their sites' (docs/product.md R657), checked before the body is read. A
 * partner's sites for the screen's sheet owner, read under the same check (R727).
 */
const menuWriteRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const tags = ['menus'];

  /** A merged site's old id writes the kept site's menu (R698), as its reads lead there. */
  const ownerOf = async (request: FastifyRequest, kind: MenuOwner['kind']): Promise<MenuOwner> => {
    const id = idOf(request.params as { id: string });
    return { kind, id: kind === 'site' ? ((await followMerge(db, id)) ?? id) : id };
  };

  const partnersOwn = (kind: MenuOwner['kind']) => async (request: FastifyRequest) => {
    const user = staffUser(request);
    if (user.role !== 'partner') return;
    if (!(await partnerKeepsMenusOf(db, user.id, await ownerOf(request, kind))))
      throw new HttpError(
        403,
        'You may change only the menus of your own nutrition partners and their sites.',
      );
  };

  // A partner's sites (id and name) for the menus screen's sheet owner (R727), by the same check.
  app.get(
    apiRoutes.partnerSites,
    {
      onRequest: partnersOwn('partner'),
      schema: {
        tags,
        summary: "A nutrition partner's sites, id and name, by name",
        params: IdParamsSchema,
        response: { 200: z.array(PartnerSiteSchema), ...errorAnswers(401, 403, 404) },
      },
    },
    async (request) => sitesOfPartner(db, idOf(request.params)),
  );

  for (const [kind, route] of [
    ['partner', apiRoutes.partnerMenuDay],
    ['site', apiRoutes.siteMenuDay],
  ] as const) {
    app.put(
      route,
      {
        onRequest: partnersOwn(kind),
        schema: {
          tags,
          summary: `Replaces a ${kind}'s menu of a date`,
          params: MenuDayParamsSchema,
          body: MenuDayInputSchema,
          response: { 200: StoredMenuDaySchema, ...errorAnswers(400, 401, 403, 404, 413, 415, 422) },
        },
      },
      async (request) => {
        const user = staffUser(request);
        return putMenuDay(
          db,
          await ownerOf(request, kind),
          request.params.date,
          request.body,
          user.id,
          ctx.today(),
        );
      },
    );

    app.delete(
      route,
      {
        onRequest: partnersOwn(kind),
        schema: {
          tags,
          summary: `Deletes a ${kind}'s menu of a date`,
          params: MenuDayParamsSchema,
          response: { 204: NoContentSchema, ...errorAnswers(401, 403, 404, 422) },
        },
      },
      async (request, reply) => {
        const user = staffUser(request);
        await deleteMenuDay(db, await ownerOf(request, kind), request.params.date, user.id, ctx.today());
        return reply.code(204).send(null);
      },
    );
  }

  // A month of menus from a sheet (docs/product.md R675–R679), in a group of its own: the file as the
  // raw body and the import's refusals; the same owners and the same check as a date's write.
  await app.register(async (sheets: FastifyInstance) => {
    acceptSpreadsheets(sheets);
    const limits = {
      timeoutMs: ctx.config.IMPORT_READ_TIMEOUT_MS,
      memoryMb: ctx.config.IMPORT_READ_MEMORY_MB,
    };
    for (const [kind, previewRoute, commitRoute] of [
      ['partner', apiRoutes.partnerMenuImport, apiRoutes.partnerMenuImportCommit],
      ['site', apiRoutes.siteMenuImport, apiRoutes.siteMenuImportCommit],
    ] as const) {
      const typed = sheets.withTypeProvider<ZodTypeProvider>();
      typed.post(
        previewRoute,
        {
          onRequest: partnersOwn(kind),
          bodyLimit: IMPORT_LIMITS.maxBytes,
          schema: {
            tags,
            summary: `Previews a month of a ${kind}'s menus from a CSV or .xlsx file`,
            params: IdParamsSchema,
            response: { 200: MenuImportPreviewSchema, ...refusals(400, 401, 403, 404, 413, 415, 422) },
          },
        },
        async (request) =>
          previewMenuImport(db, await ownerOf(request, kind), request.body as Buffer, {
            kind: sheetKindOf(request),
            limits,
            language: request.language,
            today: ctx.today(),
          }),
      );
      typed.post(
        commitRoute,
        {
          onRequest: partnersOwn(kind),
          bodyLimit: IMPORT_LIMITS.maxBytes,
          schema: {
            tags,
            summary: `Imports a month of a ${kind}'s menus from the file previewed, all or nothing`,
            params: IdParamsSchema,
            querystring: MenuImportCommitQuerySchema,
            response: { 200: MenuImportResultSchema, ...refusals(400, 401, 403, 404, 409, 413, 415, 422) },
          },
        },
        async (request) =>
          commitMenuImport(db, await ownerOf(request, kind), request.body as Buffer, {
            kind: sheetKindOf(request),
            limits,
            language: request.language,
            today: ctx.today(),
            digest: request.query.digest,
            userId: staffUser(request).id,
          }),
      );
    }
  });
};

export default menusRoutes;
