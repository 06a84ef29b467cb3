import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../testing/factories.ts';
import { createTestApp, signInRoles, type TestContext } from './helpers.ts';

let ctx: TestContext;
let cookies: Awaited<ReturnType<typeof signInRoles>>;

beforeAll(async () => {
  ctx = await createTestApp();
  cookies = await signInRoles(ctx);
});
afterAll(() => ctx.close());

const createList = async (list: string, name: string) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/${list}`,
    headers: { cookie: cookies.admin.cookie },
    payload: { name },
  });
  expect(response.statusCode).toBe(201);
  return response.json().id as number;
};

describe('sites', () => {
  it('creates a site with every list and hours, and reads it back in the list and by id', async () => {
    const populationId = await createList('populations', 'Seniors 60+');
    const serviceId = await createList('services', 'Takeout');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/sites',
      headers: { cookie: cookies.admin.cookie },
      payload: buildSite({
        name: 'Sunset Lunch',
        phoneNumber: '(415) 555-0123',
        PopulationIds: [populationId, populationId],
        ServiceIds: [serviceId],
        Hours: [{ day: 1, open: '9:00', close: '13:00' }],
      }),
    });
    expect(response.statusCode).toBe(201);
    const site = response.json();
    expect(site).toMatchObject({
      name: 'Sunset Lunch',
      phoneNumber: '4155550123',
      Hours: [{ day: 1, open: '09:00', close: '13:00' }],
      Populations: [{ id: populationId, name: 'Seniors 60+' }],
      Services: [{ id: serviceId, name: 'Takeout' }],
      NutritionPartners: [],
      version: 1,
    });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/sites' });
    expect(list.json().map((s: { id: number }) => s.id)).toContain(site.id);
    const one = await ctx.app.inject({ method: 'GET', url: `/api/sites/${site.id}` });
    expect(one.json()).toEqual(site);
  });
});
