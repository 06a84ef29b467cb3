import type { ReferenceListName } from '#shared/schemas/reference-lists.ts';
import type { AppContext } from '../context.ts';
import { listItems } from './reference-lists.ts';
import { cachedSitesJson, getSiteJson } from './sites.ts';

/**
 * The public read answers as cached bytes, under one set of keys: the API routes send them and the
 * page builder embeds them, so both always agree and a write drops both at once.
 */
export function publicReads(ctx: Pick<AppContext, 'cache' | 'database'>) {
  const { db } = ctx.database;
  return {
    sites: () => ctx.cache.get('sites', () => cachedSitesJson(db)),
    /** Throws NotFoundError (404) for an unknown id. */
    site: (id: number) => ctx.cache.get(`site:${id}`, () => getSiteJson(db, id)),
    list: (list: ReferenceListName) =>
      ctx.cache.get(list, async () => JSON.stringify(await listItems(db, list))),
  };
}
