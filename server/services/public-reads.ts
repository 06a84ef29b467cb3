import { addDays } from '#shared/agency-time.ts';
import { MENU_RANGE_DEFAULT_DAYS, type MenuSite } from '#shared/menus.ts';
import type { StatusClosure } from '#shared/opening-status.ts';
import type { ReferenceListName } from '#shared/schemas/reference-lists.ts';
import type { AppContext } from '../context.ts';
import { currentClosuresJson } from './closures.ts';
import { siteMenu, todaysMenusOf } from './menus.ts';
import { listItems } from './reference-lists.ts';
import { arrayInSteps } from './response-cache.ts';
import { getSiteJson, sitesListBody } from './site-reads.ts';

/** Sites of the cached list read per step when today's dishes are resolved (docs/product.md R756). */
const MENU_SITES_STEP = 500;

/**
 * The public read answers as cached bytes, under one set of keys: the API routes send them and the
 * page builder embeds them, so both always agree and a write drops both at once.
 */
export function publicReads(ctx: Pick<AppContext, 'cache' | 'database' | 'today' | 'config'>) {
  const { db } = ctx.database;
  const reads = {
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
    /**
     * A site's menu for the agency's week ahead, from today (docs/product.md R661): keyed by the
     * agency's date like the closures it is resolved with, dropped by every write (menus included).
     * Throws NotFoundError (404) for an unknown site.
     */
    siteMenu: (id: number) => {
      const today = ctx.today();
      return ctx.cache.get(`menu:${id}:${today}`, async () => {
        const site = JSON.parse((await reads.site(id)).raw.toString()) as MenuSite;
        const closures = JSON.parse((await reads.closures()).raw.toString()) as StatusClosure[];
        const to = addDays(today, MENU_RANGE_DEFAULT_DAYS - 1);
        return JSON.stringify(await siteMenu(db, site, closures, today, to));
      });
    },
    /**
     * Every site's dishes of the agency's today, compact (docs/product.md R685–R688): what the
     * locations page's rows, map popups and diet filter read, and GET /api/search with them. Keyed by
     * the agency's date like the closures it is resolved with (a new day computes it afresh, no write
     * needed) and dropped by every write, menus and closures included (decision 066).
     */
    todaysMenus: () => {
      const today = ctx.today();
      return ctx.cache.get(`menus:today:${today}`, async () => {
        const directory = await reads.sites();
        const closures = JSON.parse((await reads.closures()).raw.toString()) as StatusClosure[];
        return JSON.stringify(
          await todaysMenusOf(db, () => arrayInSteps<MenuSite>(directory, MENU_SITES_STEP), closures, today),
        );
      });
    },
  };
  return reads;
}
