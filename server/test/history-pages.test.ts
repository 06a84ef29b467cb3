/**
 * Older history by a cursor (docs/product.md R744–R745): a history answers its newest 50 entries, and
 * `before=<entry>` the ones older than that entry in the same order, so every entry of a long history
 * can be read a page at a time; a cursor that is not an entry of this record is a coded 422.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '#shared/api-paths.ts';
import type { HistoryEntry } from '#shared/schemas/history.ts';
import { buildReferenceItem, buildSite } from '#testing/factories.ts';
import { createTestApp, signInRoles, type TestContext } from './helpers.ts';

let ctx: TestContext;
let roles: Awaited<ReturnType<typeof signInRoles>>;
let site: { id: number; version: number };
let other: { id: number };
/** More changes than two pages of 50 hold. */
const UPDATES = 120;

const asAdmin = (options: InjectOptions) =>
  ctx.app.inject({ ...options, headers: { cookie: roles.admin.cookie, ...options.headers } });

async function historyPage(path: string, query = ''): Promise<HistoryEntry[]> {
  const response = await asAdmin({ method: 'GET', url: `${path}${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  ctx = await createTestApp();
  roles = await signInRoles(ctx);
  site = (await asAdmin({ method: 'POST', url: '/api/sites', payload: buildSite() })).json();
  other = (await asAdmin({ method: 'POST', url: '/api/sites', payload: buildSite() })).json();
  for (let n = 1; n <= UPDATES; n++) {
    const response = await asAdmin({
      method: 'PATCH',
      url: `/api/sites/${site.id}`,
      payload: { email: `change${n}@example.org`, version: site.version },
    });
    expect(response.statusCode, response.body).toBe(200);
    site = response.json();
  }
}, 120_000);
afterAll(() => ctx.close());

describe('a history page by page', () => {
  it('answers the newest 50, then each older page from the last entry shown, until none is left', async () => {
    const path = apiPaths.siteHistory(site.id);
    const pages = [await historyPage(path)];
    while (pages.at(-1)!.length > 0)
      pages.push(await historyPage(path, `?before=${pages.at(-1)!.at(-1)!.id}`));
    expect(pages.map((page) => page.length)).toEqual([50, 50, UPDATES + 1 - 100, 0]);
    const entries = pages.flat();
    // Newest first, every entry once: the last change first, the create last.
    expect(entries[0]!.changes.email).toEqual([
      `change${UPDATES - 1}@example.org`,
      `change${UPDATES}@example.org`,
    ]);
    expect(entries.at(-1)!.action).toBe('create');
    expect(new Set(entries.map((e) => e.id)).size).toBe(UPDATES + 1);
    const ids = entries.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // The same entries whatever the page size.
    const big = await historyPage(path, '?limit=100');
    expect(big).toEqual(entries.slice(0, 100));
    expect(await historyPage(path, `?limit=100&before=${big.at(-1)!.id}`)).toEqual(entries.slice(100));
    expect(await historyPage(path, `?limit=3&before=${entries[9]!.id}`)).toEqual(entries.slice(10, 13));
  });

  it('pages a list item’s history the same way', async () => {
    const item = (
      await asAdmin({ method: 'POST', url: '/api/populations', payload: buildReferenceItem() })
    ).json();
    let version = item.version as number;
    for (let n = 0; n < 3; n++) {
      const response = await asAdmin({
        method: 'PATCH',
        url: `/api/populations/${item.id}`,
        payload: { name: `Renamed ${n} ${item.id}`, version },
      });
      expect(response.statusCode, response.body).toBe(200);
      version = response.json().version;
    }
    const path = apiPaths.listItemHistory('populations', item.id);
    const all = await historyPage(path);
    expect(all).toHaveLength(4);
    expect(await historyPage(path, `?limit=2&before=${all[1]!.id}`)).toEqual(all.slice(2));
  });

  it.each([
    ['?before=abc', 'before', 'not_a_number'],
    ['?before=0', 'before', 'out_of_range'],
    ['?before=1.5', 'before', 'not_a_number'],
    ['?limit=0', 'limit', 'out_of_range'],
    ['?limit=101', 'limit', 'out_of_range'],
  ])('refuses %s with a coded 422', async (query, path, code) => {
    const response = await asAdmin({ method: 'GET', url: `${apiPaths.siteHistory(site.id)}${query}` });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual([expect.objectContaining({ path, code })]);
  });

  it('refuses a cursor that is not an entry of this record', async () => {
    const [entryOfOther] = await historyPage(apiPaths.siteHistory(other.id));
    for (const before of [entryOfOther!.id, 999_999]) {
      const response = await asAdmin({
        method: 'GET',
        url: `${apiPaths.siteHistory(site.id)}?before=${before}`,
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors).toEqual([
        expect.objectContaining({ path: 'before', code: 'unknown_entry' }),
      ]);
    }
  });
});
