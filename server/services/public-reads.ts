import type { ReferenceListName } from '#shared/schemas/reference-lists.ts';
import type { AppContext } from '../context.ts';
import { currentClosuresJson } from './closures.ts';
import { listItems } from './reference-lists.ts';
import { getSiteJson, sitesListBody } from './site-reads.ts';

/**
 * The public read answers as cached bytes, under one set of keys: the API routes send them and the
 * page builder embeds them, so both always agree and a write drops both at once.
 */
export function publicReads(ctx: Pick<AppContext, 'cache' | 'database' | 'today' | 'config'>) {
  const { db } = ctx.database;
  return {
    sites: () => ctx.cache.get('sites', () => sitesListBody(db)),
    /** Throws NotFoundError (404) for an unknown id. */
    site: (id: number) => ctx.cache.get(`site:${id}`, () => getSiteJson(db, id)),
    list: (list: ReferenceListName) =>
      ctx.cache.get(list, async () => JSON.stringify(await listItems(db, list))),
    /**
     * The current and upcoming closures. Keyed by the agency's date: the answer changes at the
     * agency's midnight without any write (a closure that ended yesterday leaves it), and the first
     * read of a new day computes it afresh. Writes drop it like every other read. The agency's
     * holidays are in it (docs/decisions/038-holidays-as-computed-closures.md).
     */
    closures: () => {
      const today = ctx.today();
      return ctx.cache.get(`closures:${today}`, () =>
        currentClosuresJson(db, today, ctx.config.AGENCY_HOLIDAYS),
      );
    },
  };
}
