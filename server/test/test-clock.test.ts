/**
 * The journeys' request clock (server/plugins/test-clock.ts): with TEST_CLOCK_HEADER on, a request's
 * x-test-clock header is the server's "now" for that request only; with it off the header changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '#shared/api-paths.ts';
import type { Closure } from '#shared/schemas/closures.ts';
import { TEST_CLOCK_HEADER } from '#shared/test-clock.ts';
import { createTestApp, type TestContext } from './helpers.ts';

/** 09:00 on Thanksgiving 2026 in the agency's zone. */
const THANKSGIVING = '2026-11-26T09:00:00-08:00';
/** Two years later, when Thanksgiving 2026 is long past. */
const LATER = new Date('2028-12-01T12:00:00Z');

async function closureDates(ctx: TestContext, headers: Record<string, string> = {}) {
  const response = await ctx.app.inject({ method: 'GET', url: apiPaths.closures, headers });
  expect(response.statusCode).toBe(200);
  return (response.json() as Closure[]).map((closure) => closure.startDate);
}

describe('with TEST_CLOCK_HEADER on', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ TEST_CLOCK_HEADER: 'true' }, { now: () => LATER });
  });
  afterAll(() => ctx.close());

  it('a request naming an instant is served on that date, and the next request without one on the real date', async () => {
    expect(await closureDates(ctx, { [TEST_CLOCK_HEADER]: THANKSGIVING })).toContain('2026-11-26');
    const real = await closureDates(ctx);
    expect(real).not.toContain('2026-11-26');
    expect(real.every((date) => date >= '2028-12-01')).toBe(true);
  });

  it('ignores a header that is not a date', async () => {
    const dates = await closureDates(ctx, { [TEST_CLOCK_HEADER]: 'next Thursday' });
    expect(dates.every((date) => date >= '2028-12-01')).toBe(true);
  });
});

describe('with TEST_CLOCK_HEADER off (the default)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => LATER });
  });
  afterAll(() => ctx.close());

  it('the header changes nothing', async () => {
    const dates = await closureDates(ctx, { [TEST_CLOCK_HEADER]: THANKSGIVING });
    expect(dates).not.toContain('2026-11-26');
    expect(dates.length).toBeGreaterThan(0);
  });
});
