import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TEST_CLOCK_HEADER } from '#shared/test-clock.ts';

/**
 * A clock the browser journeys can set per request, so that a page seen "on Thanksgiving" is rendered
 * and fed by a server that also thinks it is Thanksgiving, whatever the real date
 * (docs/decisions/050-a-request-clock-for-journeys.md). Off unless TEST_CLOCK_HEADER=true, which the
 * configuration refuses in production.
 */

const fixed = new AsyncLocalStorage<number>();

/** The instant a request's x-test-clock header names (an ISO 8601 date-time), or undefined. */
export function clockHeaderInstant(value: string | string[] | undefined): number | undefined {
  if (typeof value !== 'string' || value.length > 40) return undefined;
  const instant = Date.parse(value);
  return Number.isFinite(instant) ? instant : undefined;
}

/** `base`, unless the request being served named its own instant. */
export function requestClock(base: () => Date): () => Date {
  return () => {
    const instant = fixed.getStore();
    return instant === undefined ? base() : new Date(instant);
  };
}

/** Serves each request carrying a valid x-test-clock header on the instant it names. */
export default fp(async function testClock(app: FastifyInstance) {
  app.log.warn({ header: TEST_CLOCK_HEADER }, 'TEST_CLOCK_HEADER is on: requests may set the server clock');
  app.addHook('onRequest', (request, _reply, done) => {
    const instant = clockHeaderInstant(request.headers[TEST_CLOCK_HEADER]);
    if (instant === undefined) done();
    else fixed.run(instant, done);
  });
});
