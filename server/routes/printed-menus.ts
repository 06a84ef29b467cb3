import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '#shared/api-paths.ts';
import { PRINTED_MENU_MAX_BYTES } from '#shared/menus.ts';
import { IdParamsSchema } from '#shared/schemas/common.ts';
import { errorAnswers, NoContentSchema } from '#shared/schemas/errors.ts';
import { PrintedMenuParamsSchema, PrintedMenuSchema, PrintedMenusSchema } from '#shared/schemas/menus.ts';
import type { AppContext } from '../context.ts';
import { staffRoutes, staffUser } from '../plugins/staff-routes.ts';
import { HttpError, NotFoundError } from '../services/errors.ts';
import { partnerKeepsMenusOf } from '../services/partner-scope.ts';
import {
  deletePrintedMenu,
  listPrintedMenus,
  type PrintedMenuOwner,
  printedMenuByKey,
  putPrintedMenu,
} from '../services/printed-menus.ts';
import { idOf } from '../services/route-params.ts';

const OWNERS = [
  ['partner', apiRoutes.partnerPrintedMenus, apiRoutes.partnerPrintedMenu],
  ['site', apiRoutes.sitePrintedMenus, apiRoutes.sitePrintedMenu],
] as const;

/**
 * Printed menus (docs/product.md R682–R683, docs/decisions/065-week-menu-print-and-printed-menus.md):
 * the public list of a partner's or a site's files and the bytes of one; staff and the managers of the
 * partner or the site put (the file's bytes as the body) and remove one month's file.
 */
const printedMenusRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const tags = ['menus'];

  for (const [kind, list] of OWNERS) {
    app.get(
      list,
      {
        schema: {
          tags,
          summary: `A ${kind}'s printed menus, by month`,
          params: IdParamsSchema,
          response: { 200: PrintedMenusSchema, ...errorAnswers(404) },
        },
      },
      async (request) => listPrintedMenus(db, { kind, id: idOf(request.params) }),
    );
  }

  app.get(
    apiRoutes.printedMenuFile,
    {
      schema: {
        tags,
        summary: "A printed menu's file (PDF, JPEG, PNG or WebP)",
        params: z.object({ key: z.string().max(100) }),
        response: { 200: z.any().describe('The file'), ...errorAnswers(404) },
      },
    },
    async (request, reply) => {
      const row = await printedMenuByKey(db, request.params.key);
      if (!row) throw new NotFoundError();
      // Opened before any header is set: a missing object is a 404, an unreachable store a 503.
      const body = await ctx.storage.get(row.key);
      if (!body) throw new NotFoundError();
      const extension = row.contentType.split('/')[1] === 'jpeg' ? 'jpg' : row.contentType.split('/')[1];
      return reply
        .type(row.contentType)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Content-Disposition', `inline; filename="menu-${row.month}.${extension}"`)
        .send(body);
    },
  );

  await staffRoutes(app, ctx, printedMenuWriteRoutes, { allow: 'partnerSite' });
};

/**
 * One month's file put or removed. Staff may write any; a partner manager only their own partners'
 * and their sites' (R682), checked before the body is read.
 */
const printedMenuWriteRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const tags = ['menus'];

  const ownerOf = (request: FastifyRequest, kind: PrintedMenuOwner['kind']): PrintedMenuOwner => ({
    kind,
    id: idOf(request.params as { id: string }),
  });

  const partnersOwn = (kind: PrintedMenuOwner['kind']) => async (request: FastifyRequest) => {
    const user = staffUser(request);
    if (user.role !== 'partner') return;
    if (!(await partnerKeepsMenusOf(db, user.id, ownerOf(request, kind))))
      throw new HttpError(
        403,
        'You may change only the printed menus of your own nutrition partners and their sites.',
      );
  };

  // The body is the file itself, whatever type it is declared as: read whole up to the limit (413
  // beyond it), then told by its first bytes.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PRINTED_MENU_MAX_BYTES }, (_r, body, done) =>
    done(null, body),
  );

  for (const [kind, , route] of OWNERS) {
    app.put(
      route,
      {
        onRequest: partnersOwn(kind),
        bodyLimit: PRINTED_MENU_MAX_BYTES,
        schema: {
          tags,
          summary: `Keeps a file as a ${kind}'s printed menu of a month (the body is the file)`,
          params: PrintedMenuParamsSchema,
          response: { 200: PrintedMenuSchema, ...errorAnswers(400, 401, 403, 404, 413, 422) },
        },
      },
      async (request) => {
        const user = staffUser(request);
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return putPrintedMenu(
          db,
          ctx.storage,
          ownerOf(request, kind),
          request.params.month,
          body,
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
          summary: `Removes a ${kind}'s printed menu of a month`,
          params: PrintedMenuParamsSchema,
          response: { 204: NoContentSchema, ...errorAnswers(401, 403, 404, 422) },
        },
      },
      async (request, reply) => {
        await deletePrintedMenu(db, ctx.storage, ownerOf(request, kind), request.params.month, ctx.today());
        return reply.code(204).send(null);
      },
    );
  }
};

export default printedMenusRoutes;
