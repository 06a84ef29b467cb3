import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import { createOutageMonitor, type OutageMonitor } from '../services/database-errors.ts';
import type { ErrorReporter } from '../services/error-reporter.ts';
import { metricsText, recordRequest, watchPool } from '../services/metrics.ts';
import { runWithRequestId } from '../services/request-context.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the error answers need: the outage state, the agency's phone, the error reporter. */
    observability: { outage: OutageMonitor; phone: string; reporter?: ErrorReporter };
  }
}

interface ObservabilityOptions {
  database: Database;
  /** AGENCY_PHONE, on the "briefly unavailable" page. */
  phone: string;
  /** METRICS_TOKEN: /metrics answers only with `Authorization: Bearer <token>`; no route without it. */
  metricsToken?: string;
  reporter?: ErrorReporter;
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * What an operator sees (docs/decisions/037): every answer carries its request id (X-Request-Id, on
 * every log line as `requestId`, and passed to the geocoder), every answer is counted by route
 * pattern and status, a database outage is told in two log lines, and /metrics exists only behind a
 * token.
 */
export default fp(async function observability(app: FastifyInstance, options: ObservabilityOptions) {
  const outage = createOutageMonitor({ ping: () => options.database.ping(), log: app.log });
  const unwatch = watchPool(options.database);
  app.decorate('observability', { outage, phone: options.phone, reporter: options.reporter });
  app.addHook('onClose', async () => {
    outage.close();
    unwatch();
    await options.reporter?.close();
  });

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    runWithRequestId(request.id, done);
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the address asked for: one series per route, not per URL.
    recordRequest(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });

  const token = options.metricsToken;
  if (token) {
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!sameText(given, token)) {
        return reply
          .code(401)
          .header('WWW-Authenticate', 'Bearer')
          .send({ status: 401, message: 'Unauthorized' });
      }
      const { body, type } = await metricsText();
      return reply.header('Cache-Control', 'no-store').type(type).send(body);
    });
  }
});
