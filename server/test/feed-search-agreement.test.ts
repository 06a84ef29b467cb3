import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_LISTS } from '#shared/reference-lists.ts';
import type { SiteSearchAnswer } from '#shared/schemas/site-search.ts';
import { seedDemoData } from '../db/seed/demo.ts';
import { uuidV5 } from '../services/hsds/uuid.ts';
import { createTestApp, type TestContext } from './helpers.ts';

/**
 * docs/product.md R721–R725 (R724): the open-data feed and the public search give the same sites for
 * the same question. The search's name search (`q`) is the feed's `search`; a list filter
 * (`population=3`) is the feed's `taxonomy_term_id` of that list item. Both are paged through whole
 * and compared as sets of the sites' services (the feed lists a site as `service:<site id>`, R253).
 */
describe('the feed and the public search agree', () => {
  let ctx: TestContext;
  let namespace: string;
  beforeAll(async () => {
    ctx = await createTestApp({ LOG_LEVEL: 'error' });
    await seedDemoData(ctx.database.db);
    namespace = ctx.config.HSDS_ID_NAMESPACE;
  }, 120_000);
  afterAll(() => ctx.close());

  const get = async (url: string) => {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
    return response.json();
  };

  /** Every site GET /api/search lists for `query`, as the feed names its service. */
  async function searched(query: URLSearchParams): Promise<Set<string>> {
    const ids = new Set<string>();
    for (let offset = 0; ; offset += 100) {
      const answer: SiteSearchAnswer = await get(`/api/search?${query}&limit=100&offset=${offset}`);
      for (const row of answer.sites) ids.add(uuidV5(namespace, `service:${row.id}`));
      if (offset + 100 >= answer.total) break;
    }
    return ids;
  }

  /** Every service the feed's services at locations list for `query` (the live sites'). */
  async function fed(query: URLSearchParams): Promise<Set<string>> {
    const ids = new Set<string>();
    for (let page = 1; ; page += 1) {
      const answer = await get(`/api/hsds/service_at_locations?${query}&per_page=7&page=${page}`);
      for (const entry of answer.contents as { service_id: string }[]) ids.add(entry.service_id);
      if (answer.last_page) break;
    }
    return ids;
  }

  it('for a name, a list filter, both, and nothing', async () => {
    const sites: { id: number; name: string; Populations: { id: number }[] }[] = await get('/api/sites');
    // A list item many sites have, and a word of one site's name that other sites' addresses or
    // partners may hold too.
    const counts = new Map<number, number>();
    for (const site of sites)
      for (const item of site.Populations) counts.set(item.id, (counts.get(item.id) ?? 0) + 1);
    const population = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
    const term = uuidV5(namespace, `taxonomy_term:populations:${population}`);
    const key = REFERENCE_LISTS.populations.filterKey;
    // The longest word of the name of a site with that item.
    const named = sites.find((site) => site.Populations.some((item) => item.id === population))!;
    const word = named.name
      .split(/\s+/)
      .sort((a, b) => b.length - a.length)[0]!
      .toLowerCase();
    const questions: [search: Record<string, string>, feed: Record<string, string>][] = [
      [{}, {}],
      [{ q: 'center' }, { search: 'center' }],
      [{ q: word }, { search: word }],
      [{ q: 'san francisco' }, { search: 'san francisco' }],
      [{ q: 'senior center' }, { search: 'senior center' }],
      [{ [key]: String(population) }, { taxonomy_term_id: term }],
      [
        { [key]: String(population), q: word },
        { taxonomy_term_id: term, search: word },
      ],
    ];
    for (const [search, feed] of questions) {
      const bySearch = await searched(new URLSearchParams(search));
      const byFeed = await fed(new URLSearchParams(feed));
      expect([...byFeed].sort(), JSON.stringify(search)).toEqual([...bySearch].sort());
    }
    // The questions ask something: not everything, not nothing.
    const all = await searched(new URLSearchParams());
    expect(all.size).toBe(sites.length);
    const some = await searched(new URLSearchParams({ [key]: String(population), q: word }));
    expect(some.size).toBeGreaterThan(0);
    expect(some.size).toBeLessThan(all.size);
  });
});
