import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '#testing/factories.ts';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from '../plugins/json-body.ts';
import { createTestApp, signInRoles, type TestContext } from './helpers.ts';

let ctx: TestContext;
let roles: Awaited<ReturnType<typeof signInRoles>>;

beforeAll(async () => {
  ctx = await createTestApp();
  roles = await signInRoles(ctx);
});
afterAll(() => ctx.close());

/** Text that is not JSON: a request whose body reached the parser is answered 400. */
const NOT_JSON = '{"name": "unfinished';
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const json = { 'content-type': 'application/json' };

describe('the caller is checked before the body is read', () => {
  it.each([
    ['POST', '/api/assets'],
    ['PATCH', '/api/users/1'],
    ['PUT', '/api/users/1'],
    ['GET', '/api/users/1'],
    ['POST', '/api/sites'],
    ['PATCH', '/api/sites/1'],
    ['POST', '/api/populations'],
  ])('anonymous %s %s with a malformed body → 401, not a parse error', async (method, url) => {
    const response = await ctx.app.inject({
      method: method as 'POST',
      url,
      headers: json,
      payload: NOT_JSON,
    });
    expect(response.statusCode).toBe(401);
  });

  it("a signed-in user writing to someone else's account → 403 before the body is parsed", async () => {
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${roles.admin.id}`,
      headers: { ...json, cookie: roles.user.cookie },
      payload: NOT_JSON,
    });
    expect(response.statusCode).toBe(403);
  });

  it('a non-admin creating a site → 403 before the body is parsed', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/sites',
      headers: { ...json, cookie: roles.user.cookie },
      payload: NOT_JSON,
    });
    expect(response.statusCode).toBe(403);
  });

  it('anonymous upload of bytes to a direct-upload address → 401', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/uploads/anything',
      headers: { 'content-type': 'image/png' },
      payload: Buffer.alloc(1000),
    });
    expect(response.statusCode).toBe(401);
  });

  it("the owner's own malformed body still gets the parse error (the check does not hide it)", async () => {
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${roles.user.id}`,
      headers: { ...json, cookie: roles.user.cookie },
      payload: NOT_JSON,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('a body sent to no route is never parsed', () => {
  it.each([
    ['POST', '/nowhere'],
    ['PUT', '/sites/1'],
    ['POST', '/api/nowhere'],
    ['DELETE', '/api/nowhere/1'],
    ['GET', '/api/nowhere'],
  ])('%s %s with a malformed or deeply nested body → 404', async (method, url) => {
    for (const payload of [NOT_JSON, nested(50_000)]) {
      const response = await ctx.app.inject({ method: method as 'POST', url, headers: json, payload });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: 404, message: 'Not found' });
    }
  });
});

describe('JSON nesting and size', () => {
  const asAdmin = (payload: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/sites',
      headers: { ...json, cookie: roles.admin.cookie },
      payload,
    });

  it(`refuses a body nested deeper than ${MAX_JSON_DEPTH} levels with 400, before parsing`, async () => {
    for (const depth of [MAX_JSON_DEPTH + 1, 5_000]) {
      const payload = `{"name": "Deep", "address": "1 Deep St", "Hours": ${nested(depth - 1)}}`;
      const response = await asAdmin(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/nested too deeply/);
    }
  });

  it(`lets a body nested exactly ${MAX_JSON_DEPTH} levels reach validation`, async () => {
    const payload = `{"name": "Deep", "address": "1 Deep St", "Hours": ${nested(MAX_JSON_DEPTH - 1)}}`;
    const response = await asAdmin(payload);
    expect(response.statusCode).toBe(422);
  });

  it('saves the largest real site: every list at its 200-id limit and 70 hour intervals', async () => {
    const ids = Array.from({ length: 200 }, (_, i) => 2_000_000_000 + i);
    const hours = Array.from({ length: 70 }, (_, i) => ({
      day: i % 7,
      open: `${String(Math.floor(i / 7) + 8).padStart(2, '0')}:00`,
      close: `${String(Math.floor(i / 7) + 8).padStart(2, '0')}:30`,
    }));
    const body = JSON.stringify(
      {
        ...buildSite({ name: 'N'.repeat(200), address: 'A'.repeat(300) }),
        Hours: hours,
        NutritionPartnerIds: ids,
        PopulationIds: ids,
        MealTypeIds: ids,
        ServiceIds: ids,
        CovidStatusIds: ids,
      },
      null,
      2,
    );
    expect(Buffer.byteLength(body)).toBeLessThan(ctx.config.BODY_LIMIT_BYTES);
    // The ids do not exist, so the answer is 422 on the lists: what matters is that it was read.
    const response = await asAdmin(body);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.map((e: { path: string }) => e.path)).toContain('NutritionPartnerIds');
  });

  it('has a default JSON body limit of 64 KB (413 above)', async () => {
    expect(ctx.config.BODY_LIMIT_BYTES).toBe(65_536);
    const response = await asAdmin(JSON.stringify({ name: 'x'.repeat(70_000), address: '1 Big St' }));
    expect(response.statusCode).toBe(413);
  });
});

describe('jsonDepthExceeds', () => {
  it.each([
    ['{}', 1, false],
    ['{}', 0, true],
    ['[[[]]]', 3, false],
    ['[[[]]]', 2, true],
    ['[[],[],[]]', 2, false],
    ['{"a": "[[[[[[["}', 1, false],
    ['{"a": "\\"[[[["}', 1, false],
    ['{"a": "\\\\", "b": [[]]}', 2, true],
    ['"just a string"', 0, false],
  ] as const)('%s with limit %i → %s', (text, limit, expected) => {
    expect(jsonDepthExceeds(text, limit)).toBe(expected);
  });
});
