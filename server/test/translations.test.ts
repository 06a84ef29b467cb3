/**
 * Spanish and Chinese translations of the words staff enter: reference items' and sites' names,
 * closures' reasons (docs/decisions/022-translated-data.md). Stored on the record, answered on every
 * answer (`{}` when none), on the items inside a site's lists too, and recorded in the history.
 */

import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '#shared/api-paths.ts';
import {
  REFERENCE_LIST_NAMES,
  REFERENCE_LISTS,
  type ReferenceListName,
} from '#shared/schemas/reference-lists.ts';
import { buildNutritionPartner, buildReferenceItem, buildSite } from '#testing/factories.ts';
import { REFERENCE_TABLES } from '../db/reference-tables.ts';
import { seedDemoData } from '../db/seed/demo.ts';
import { DEMO_SITES } from '../db/seed/demo-data.ts';
import { createTestApp, signInRoles, type TestContext } from './helpers.ts';

let ctx: TestContext;
let roles: Awaited<ReturnType<typeof signInRoles>>;

beforeAll(async () => {
  ctx = await createTestApp();
  roles = await signInRoles(ctx);
});
afterAll(() => ctx.close());

type Json = Record<string, unknown> & { id: number; version: number };

const asAdmin = (options: InjectOptions) =>
  ctx.app.inject({ ...options, headers: { cookie: roles.admin.cookie, ...options.headers } });

const itemBody = (list: ReferenceListName, extra: object = {}) => ({
  ...(REFERENCE_LISTS[list].contact ? buildNutritionPartner() : buildReferenceItem()),
  ...extra,
});

async function write(
  method: 'POST' | 'PATCH',
  url: string,
  payload: object,
  status = method === 'POST' ? 201 : 200,
) {
  const response = await asAdmin({ method, url, payload });
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as Json;
}

const LUNCH = { es: { name: 'Almuerzo' }, zh: { name: '午膳' } };

describe.each(REFERENCE_LIST_NAMES)('translations of %s items', (list) => {
  it('stores them on create and answers them on the item, the list and a site using it', async () => {
    const item = await write('POST', apiPaths.list(list), itemBody(list, { translations: LUNCH }));
    expect(item.translations).toEqual(LUNCH);

    const one = await ctx.app.inject({ method: 'GET', url: apiPaths.listItem(list, item.id) });
    expect(one.json().translations).toEqual(LUNCH);
    const all = (await ctx.app.inject({ method: 'GET', url: apiPaths.list(list) })).json() as Json[];
    expect(all.find((row) => row.id === item.id)?.translations).toEqual(LUNCH);

    const site = await write(
      'POST',
      apiPaths.sites,
      buildSite({ [REFERENCE_LISTS[list].idsKey]: [item.id] }),
    );
    expect(site[REFERENCE_LISTS[list].siteKey]).toEqual([
      expect.objectContaining({ id: item.id, name: item.name, translations: LUNCH }),
    ]);
    const sites = (await ctx.app.inject({ method: 'GET', url: apiPaths.sites })).json() as Json[];
    expect(sites.find((row) => row.id === site.id)?.[REFERENCE_LISTS[list].siteKey]).toEqual([
      expect.objectContaining({ id: item.id, translations: LUNCH }),
    ]);
  });

  it('answers {} for an item without translations, on the item and on a site', async () => {
    const item = await write('POST', apiPaths.list(list), itemBody(list));
    expect(item.translations).toEqual({});
    const site = await write(
      'POST',
      apiPaths.sites,
      buildSite({ [REFERENCE_LISTS[list].idsKey]: [item.id] }),
    );
    expect(site[REFERENCE_LISTS[list].siteKey]).toEqual([expect.objectContaining({ translations: {} })]);
  });
});

describe('writing translations', () => {
  it('trims texts and drops blank ones and languages left without text', async () => {
    const item = await write('POST', apiPaths.list('mealtypes'), {
      name: 'Breakfast',
      translations: { es: { name: '  Desayuno  ' }, zh: { name: '   ' } },
    });
    expect(item.translations).toEqual({ es: { name: 'Desayuno' } });
    const none = await write('POST', apiPaths.list('mealtypes'), {
      name: 'Dinner',
      translations: { es: { name: '' }, zh: null },
    });
    expect(none.translations).toEqual({});
  });

  it('ignores languages and fields it does not know', async () => {
    const item = await write('POST', apiPaths.list('services'), {
      name: 'Grab-and-go',
      translations: { fr: { name: 'À emporter' }, es: { name: 'Para llevar', reason: 'x' } },
    });
    expect(item.translations).toEqual({ es: { name: 'Para llevar' } });
  });

  it('keeps the stored translations when a PATCH leaves them out, replaces them whole when given', async () => {
    const item = await write('POST', apiPaths.list('populations'), {
      name: 'Seniors 60+',
      translations: LUNCH,
    });
    const renamed = await write('PATCH', apiPaths.listItem('populations', item.id), {
      name: 'Seniors (60+)',
    });
    expect(renamed.translations).toEqual(LUNCH);
    const replaced = await write('PATCH', apiPaths.listItem('populations', item.id), {
      translations: { zh: { name: '六十歲或以上長者' } },
    });
    expect(replaced.translations).toEqual({ zh: { name: '六十歲或以上長者' } });
    expect(replaced.name).toBe('Seniors (60+)');
    const cleared = await write('PATCH', apiPaths.listItem('populations', item.id), { translations: {} });
    expect(cleared.translations).toEqual({});
  });

  it('refuses a text longer than the name allows, with the path of the text, and stores nothing', async () => {
    const before = (await ctx.app.inject({ method: 'GET', url: apiPaths.list('mealtypes') })).json().length;
    const response = await asAdmin({
      method: 'POST',
      url: apiPaths.list('mealtypes'),
      payload: { name: 'Lunch', translations: { es: { name: 'a'.repeat(201) } } },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      status: 422,
      errors: [
        {
          path: 'translations.es.name',
          message: 'must be at most 200 characters',
          code: 'too_long',
          params: { max: 200 },
        },
      ],
    });
    expect((await ctx.app.inject({ method: 'GET', url: apiPaths.list('mealtypes') })).json()).toHaveLength(
      before,
    );
    // 200 characters, after trimming, are accepted.
    await write('POST', apiPaths.list('mealtypes'), {
      name: 'Lunch',
      translations: { es: { name: ` ${'a'.repeat(200)} ` } },
    });
  });

  it.each([
    ['text', 'Almuerzo', 'translations', 'invalid_translations'],
    ['a language as text', { es: 'Almuerzo' }, 'translations.es', 'invalid_translations'],
    ['a number as a name', { zh: { name: 7 } }, 'translations.zh.name', 'not_text'],
  ])('refuses %s with 422 on its path', async (_, translations, path, code) => {
    const response = await asAdmin({
      method: 'POST',
      url: apiPaths.list('services'),
      payload: { name: 'Groceries', translations },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([expect.objectContaining({ path, code })]);
  });
});

describe('site names', () => {
  it('stores, answers, keeps and replaces a site name translation', async () => {
    const plain = await write('POST', apiPaths.sites, buildSite());
    expect(plain.translations).toEqual({});

    const zh = { zh: { name: '華埠長者午膳' } };
    const site = await write(
      'POST',
      apiPaths.sites,
      buildSite({ name: 'Chinatown Senior Lunch', translations: zh }),
    );
    expect(site.translations).toEqual(zh);
    expect(
      (await ctx.app.inject({ method: 'GET', url: apiPaths.site(site.id) })).json().translations,
    ).toEqual(zh);

    const moved = await write('PATCH', apiPaths.site(site.id), {
      address: '777 Stockton St, San Francisco, CA',
    });
    expect(moved.translations).toEqual(zh);
    const both = {
      es: { name: 'Almuerzo para personas mayores de Chinatown' },
      zh: { name: '華埠長者午膳' },
    };
    const updated = await write('PATCH', apiPaths.site(site.id), { translations: both });
    expect(updated.translations).toEqual(both);
  });

  it('refuses a too-long site name translation on its path', async () => {
    const response = await asAdmin({
      method: 'POST',
      url: apiPaths.sites,
      payload: buildSite({ translations: { zh: { name: '長'.repeat(201) } } }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      expect.objectContaining({ path: 'translations.zh.name', code: 'too_long', params: { max: 200 } }),
    ]);
  });
});

describe('closure reasons', () => {
  it('stores, answers, keeps and replaces the translations of a reason', async () => {
    const thanksgiving = { es: { reason: 'Día de Acción de Gracias' }, zh: { reason: '感恩節' } };
    const closure = await write('POST', apiPaths.closures, {
      startDate: '2026-11-26',
      endDate: '2026-11-26',
      allSites: true,
      reason: 'Thanksgiving',
      translations: { ...thanksgiving, es: { reason: ' Día de Acción de Gracias ', name: 'x' } },
    });
    expect(closure.translations).toEqual(thanksgiving);
    const listed = await write('PATCH', apiPaths.closure(closure.id), { endDate: '2026-11-27' });
    expect(listed.translations).toEqual(thanksgiving);
    const replaced = await write('PATCH', apiPaths.closure(closure.id), {
      translations: { zh: { reason: '感恩節假期' } },
    });
    expect(replaced.translations).toEqual({ zh: { reason: '感恩節假期' } });

    const plain = await write('POST', apiPaths.closures, {
      startDate: '2026-12-25',
      endDate: '2026-12-25',
      allSites: true,
      reason: 'Christmas',
    });
    expect(plain.translations).toEqual({});
  });

  it('refuses a too-long reason translation on its path', async () => {
    const response = await asAdmin({
      method: 'POST',
      url: apiPaths.closures,
      payload: {
        startDate: '2026-12-25',
        endDate: null,
        allSites: true,
        reason: 'Christmas',
        translations: { es: { reason: 'n'.repeat(201) } },
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      expect.objectContaining({ path: 'translations.es.reason', code: 'too_long' }),
    ]);
  });
});

describe('history', () => {
  async function historyOf(path: string) {
    const response = await asAdmin({ method: 'GET', url: `${path}/history` });
    expect(response.statusCode).toBe(200);
    return response.json() as { action: string; changes: Record<string, unknown> }[];
  }

  it('records a change of an item translation like any other field', async () => {
    const item = await write('POST', apiPaths.list('mealtypes'), {
      name: 'Supper',
      translations: { es: { name: 'Cena' } },
    });
    await write('PATCH', apiPaths.listItem('mealtypes', item.id), { translations: LUNCH });
    const [update, create] = await historyOf(apiPaths.listItem('mealtypes', item.id));
    expect(create!.changes).toMatchObject({ translations: { es: { name: 'Cena' } } });
    expect(update!.changes).toEqual({ translations: [{ es: { name: 'Cena' } }, LUNCH] });
  });

  it('records a change of a site name translation, and leaves it out when unchanged', async () => {
    const site = await write('POST', apiPaths.sites, buildSite());
    await write('PATCH', apiPaths.site(site.id), { translations: { zh: { name: '華埠飯堂' } } });
    await write('PATCH', apiPaths.site(site.id), {
      translations: { zh: { name: ' 華埠飯堂 ' } },
      name: 'Renamed',
    });
    const [second, first] = await historyOf(apiPaths.site(site.id));
    expect(first!.changes).toEqual({ translations: [{}, { zh: { name: '華埠飯堂' } }] });
    expect(second!.changes).toEqual({ name: [site.name, 'Renamed'] });
  });

  it('records a change of a closure reason translation', async () => {
    const closure = await write('POST', apiPaths.closures, {
      startDate: '2026-07-03',
      endDate: '2026-07-03',
      allSites: true,
      reason: 'Independence Day',
    });
    await write('PATCH', apiPaths.closure(closure.id), {
      translations: { es: { reason: 'Día de la Independencia' } },
    });
    const [update] = await historyOf(apiPaths.closure(closure.id));
    expect(update!.changes).toEqual({ translations: [{}, { es: { reason: 'Día de la Independencia' } }] });
  });
});

describe('OpenAPI', () => {
  it('documents translations on the bodies and answers of sites, items and closures', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const props = (operation: { content: { 'application/json': { schema: Record<string, unknown> } } }) => {
      const schema = operation.content['application/json'].schema as {
        properties?: Record<string, unknown>;
        items?: { properties: Record<string, unknown> };
      };
      return schema.properties ?? schema.items!.properties;
    };
    const site = doc.paths['/api/sites/{id}'];
    expect(props(site.get.responses['200'])).toHaveProperty('translations');
    expect(props(site.patch.requestBody)).toHaveProperty('translations');
    expect(props(doc.paths['/api/sites'].post.requestBody)).toHaveProperty('translations');
    const siteItems = props(site.get.responses['200']).Populations as { items: { properties: object } };
    expect(siteItems.items.properties).toHaveProperty('translations');
    for (const list of REFERENCE_LIST_NAMES) {
      expect(props(doc.paths[apiPaths.list(list)].post.requestBody)).toHaveProperty('translations');
      expect(props(doc.paths[apiPaths.list(list)].get.responses['200'])).toHaveProperty('translations');
    }
    expect(props(doc.paths['/api/closures'].post.requestBody)).toHaveProperty('translations');
    expect(props(doc.paths['/api/closures/{id}'].patch.requestBody)).toHaveProperty('translations');
  });
});

describe('the demo data', () => {
  it('loads every list item with a Spanish and a Chinese name, and the Chinatown sites with a Chinese name', async () => {
    // The demo loads on a new database: the items made above ("Lunch", "Breakfast") would clash with
    // its names, which are unique per list (docs/product.md R179).
    for (const { sqlTable } of Object.values(REFERENCE_TABLES))
      await ctx.database.db.execute(sql.raw(`delete from ${sqlTable}`));
    await seedDemoData(ctx.database.db);
    const demoNames = new Set(DEMO_SITES.map((site) => site.name));
    const sites = ((await ctx.app.inject({ method: 'GET', url: apiPaths.sites })).json() as Json[]).filter(
      (site) => demoNames.has(site.name as string),
    );
    expect(sites).toHaveLength(DEMO_SITES.length);
    for (const site of sites) {
      for (const list of REFERENCE_LIST_NAMES) {
        for (const item of site[REFERENCE_LISTS[list].siteKey] as { name: string; translations: object }[]) {
          expect(item.translations, item.name).toEqual({
            es: { name: expect.any(String) },
            zh: { name: expect.stringMatching(/\p{Script=Han}/u) },
          });
        }
      }
    }
    const chinatown = sites.find((site) => site.name === 'Chinatown Community Dining Room');
    expect(chinatown?.translations).toEqual({ zh: { name: '華埠社區飯堂' } });
  });
});
