import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '#shared/api-paths.ts';
import { IdParamsSchema } from '#shared/schemas/common.ts';
import { errorAnswers } from '#shared/schemas/errors.ts';
import {
  ReportCreateSchema,
  ReportQuerySchema,
  ReportSchema,
  ReportUpdateSchema,
} from '#shared/schemas/reports.ts';
import type { AppContext } from '../context.ts';
import { countHit } from '../plugins/rate-limit-store.ts';
import { staffRoutes, staffUser } from '../plugins/staff-routes.ts';
import { HttpError } from '../services/errors.ts';
import { createReport, listReports, reportEmail, reportLimits, updateReport } from '../services/reports.ts';
import { idOf } from '../services/route-params.ts';

const ReceivedSchema = z.object({ received: z.literal(true) });

/**
 * Reports from the public (docs/product.md R172–R176): anyone may send one, rate limited per client
 * address; the honeypot and repeats are answered like any report but not stored; staff work the queue.
 */
const reportsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const tags = ['reports'];
  const HOUR_MS = 3_600_000;

  app.post(
    apiRoutes.reports,
    {
      schema: {
        tags,
        body: ReportCreateSchema,
        response: { 202: ReceivedSchema, ...errorAnswers(400, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      // Counted only once the body is valid: a form's 422s never use up anybody's reports (R373).
      // Per client address, and a wider allowance per IPv6 /64 (one household or office network).
      for (const limit of reportLimits(request.ip, ctx.config.REPORTS_PER_HOUR)) {
        const hit = await countHit(db, limit.key, HOUR_MS);
        if (hit.current > limit.max) {
          const seconds = Math.max(1, Math.ceil(hit.ttl / 1000));
          reply.header('Retry-After', String(seconds));
          throw new HttpError(429, `Too many attempts. Please wait ${seconds} seconds and try again.`);
        }
      }
      const { website, ...input } = request.body;
      // A person never sees the honeypot field; a form robot fills it in (docs/decisions/026).
      const honeypot = website !== undefined && website !== null && website !== '';
      if (!honeypot) {
        const report = await createReport(db, input, ctx.now());
        const to = ctx.config.REPORTS_EMAIL;
        // Queued, then sent after the answer and retried until the mail server takes it (R427).
        if (report && to) await ctx.mailQueue.send(reportEmail(report, to, ctx.baseUrl));
      }
      return reply.code(202).send({ received: true });
    },
  );

  await staffRoutes(app, ctx, reportsAdminRoutes);
};

const reportsAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const tags = ['reports'];

  app.get(
    apiRoutes.reports,
    {
      schema: {
        tags,
        querystring: ReportQuerySchema,
        response: { 200: z.array(ReportSchema), ...errorAnswers(401, 403, 422) },
      },
    },
    async (request) => listReports(db, request.query.status),
  );

  app.patch(
    apiRoutes.report,
    {
      schema: {
        tags,
        params: IdParamsSchema,
        body: ReportUpdateSchema,
        response: { 200: ReportSchema, ...errorAnswers(400, 401, 403, 404, 413, 415, 422) },
      },
    },
    // A note is added to the report's trail with its author, as is a change of status (R541).
    async (request) => updateReport(db, idOf(request.params), request.body, ctx.now(), staffUser(request).id),
  );
};

export default reportsRoutes;
