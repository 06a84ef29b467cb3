import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '#shared/api-paths.ts';
import { parseId } from '#shared/ids.ts';
import {
  type Closure,
  ClosureCreateSchema,
  ClosureQuerySchema,
  ClosureSchema,
  ClosureUpdateSchema,
  HolidayDecisionSchema,
  HolidayOccurrenceSchema,
  HolidayParamsSchema,
} from '#shared/schemas/closures.ts';
import { IdParamsSchema, VersionQuerySchema } from '#shared/schemas/common.ts';
import { errorAnswers, NoContentSchema } from '#shared/schemas/errors.ts';
import { HistoryQuerySchema } from '#shared/schemas/history.ts';
import type { AppContext } from '../context.ts';
import { type StaffUser, staffRoutes, staffUser } from '../plugins/staff-routes.ts';
import {
  CLOSURE_ENTITY,
  closuresOfSite,
  createClosure,
  deleteClosure,
  findClosure,
  getClosure,
  updateClosure,
} from '../services/closures.ts';
import { HttpError, NotFoundError } from '../services/errors.ts';
import { listHistory } from '../services/history.ts';
import {
  decideHoliday,
  HOLIDAY_ENTITY,
  holidayDecisionId,
  holidayOccurrences,
} from '../services/holidays.ts';
import { partnerKeepsSites } from '../services/partner-scope.ts';
import { publicReads } from '../services/public-reads.ts';
import { idOf } from '../services/route-params.ts';
import { siteLocation } from '../services/sites.ts';

/**
 * Dated closures (docs/decisions/020-hours-closures-and-agency-time.md). The public list is the
 * current and upcoming ones in the agency's calendar, cached like the sites list; the browser works
 * out each site's status from the two.
 */
const closuresRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const reads = publicReads(ctx);
  const tags = ['closures'];

  app.get(
    apiRoutes.closures,
    {
      compress: false,
      decompress: false,
      schema: { tags, querystring: ClosureQuerySchema, response: { 200: z.array(ClosureSchema) } },
    },
    async (request, reply) => {
      const all = await reads.closures();
      if (request.query.siteId === undefined) return reply.sendCached(request, all);
      // One site's closures, from the same cached list: a site that does not exist is a 404.
      const siteId = parseId(request.query.siteId);
      if (siteId === undefined || !(await siteLocation(db, siteId))) throw new NotFoundError();
      return closuresOfSite(JSON.parse(all.raw.toString()) as Closure[], siteId);
    },
  );

  app.get(
    apiRoutes.closure,
    { schema: { tags, params: IdParamsSchema, response: { 200: ClosureSchema, ...errorAnswers(404) } } },
    (request) => getClosure(db, idOf(request.params)),
  );

  await staffRoutes(app, ctx, closureAdminRoutes);
};

/**
 * Writes and the history, for staff, checked on request like every other write. A partner manager
 * records, changes and removes closures of their own partners' sites only (R608): a closure every site
 * of which is theirs, never one of all sites; published at once, whatever PARTNER_CHANGES says.
 */
const closureAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const tags = ['closures'];

  const refuse = () => {
    throw new HttpError(
      403,
      'A partner manager may keep only the closures of their own nutrition partners’ sites.',
    );
  };
  /** The sites a partner manager names must all be theirs; staff pass without a look. */
  const partnerNames = async (user: StaffUser, body: { siteIds?: number[]; allSites?: boolean }) => {
    if (user.role !== 'partner') return;
    if (body.allSites === true) refuse();
    if (body.siteIds !== undefined && !(await partnerKeepsSites(db, user.id, body.siteIds))) refuse();
  };
  /** A stored closure a partner manager reaches: one of their sites only (a missing one is the handler's 404). */
  const ownClosure = async (request: FastifyRequest) => {
    const user = staffUser(request);
    if (user.role !== 'partner') return;
    const closure = await findClosure(db, idOf(request.params as { id: string }));
    if (!closure) return;
    if (closure.allSites || !(await partnerKeepsSites(db, user.id, closure.siteIds))) refuse();
  };

  app.post(
    apiRoutes.closures,
    {
      config: { allow: 'partnerSite' },
      schema: {
        tags,
        body: ClosureCreateSchema,
        response: { 201: ClosureSchema, ...errorAnswers(400, 401, 403, 404, 409, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const user = staffUser(request);
      await partnerNames(user, request.body);
      return reply.code(201).send(await createClosure(db, request.body, user.id));
    },
  );

  app.patch(
    apiRoutes.closure,
    {
      config: { allow: 'partnerSite' },
      onRequest: ownClosure,
      schema: {
        tags,
        params: IdParamsSchema,
        body: ClosureUpdateSchema,
        response: { 200: ClosureSchema, ...errorAnswers(400, 401, 403, 404, 409, 413, 415, 422) },
      },
    },
    async (request) => {
      const user = staffUser(request);
      await partnerNames(user, request.body);
      return updateClosure(db, idOf(request.params), request.body, user.id);
    },
  );

  app.delete(
    apiRoutes.closure,
    {
      config: { allow: 'partnerSite' },
      onRequest: ownClosure,
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: VersionQuerySchema,
        response: { 204: NoContentSchema, ...errorAnswers(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const user = staffUser(request);
      await deleteClosure(db, idOf(request.params), user.id, request.query.version);
      return reply.code(204).send(null);
    },
  );

  app.get(
    apiRoutes.closureHistory,
    {
      config: { allow: 'partnerSite' },
      onRequest: ownClosure,
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: HistoryQuerySchema,
        response: { ...errorAnswers(401, 403, 404, 422) },
      },
    },
    (request) => listHistory(db, CLOSURE_ENTITY, idOf(request.params), request.query),
  );

  // The agency's holiday calendar (docs/decisions/038-holidays-as-computed-closures.md): the next
  // twelve months' occurrences with staff's decisions; a decision is a directory write (the public
  // closures include the holidays), so its path is under /api/closures.
  app.get(
    apiRoutes.holidays,
    {
      schema: { tags, response: { 200: z.array(HolidayOccurrenceSchema), ...errorAnswers(401, 403) } },
    },
    () => holidayOccurrences(db, ctx.config.AGENCY_HOLIDAYS, ctx.today()),
  );

  app.put(
    apiRoutes.holiday,
    {
      schema: {
        tags,
        params: HolidayParamsSchema,
        body: HolidayDecisionSchema,
        response: { 200: HolidayOccurrenceSchema, ...errorAnswers(400, 401, 403, 404, 409, 413, 415, 422) },
      },
    },
    async (request) => {
      const user = staffUser(request);
      return decideHoliday(
        db,
        ctx.config.AGENCY_HOLIDAYS,
        ctx.today(),
        request.params,
        request.body,
        user.id,
      );
    },
  );

  app.get(
    apiRoutes.holidayHistory,
    {
      schema: {
        tags,
        params: HolidayParamsSchema,
        querystring: HistoryQuerySchema,
        response: { ...errorAnswers(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const id = await holidayDecisionId(db, request.params.key, request.params.date);
      return id === undefined ? [] : listHistory(db, HOLIDAY_ENTITY, id, request.query);
    },
  );
};

export default closuresRoutes;
