import type { AppContext } from '../context.ts';
import { createDirectorySearch, type DirectorySearch, type SearchInput } from './directory-search.ts';
import { publicReads } from './public-reads.ts';
import type { CachedResponse } from './response-cache.ts';

export interface PublicSearch {
  /** One answer of GET /api/search, as ready bytes (`reply.sendCached`). */
  search(search: DirectorySearch): Promise<CachedResponse>;
  /** One answer of GET /api/search/map (R730–R733), as ready bytes. */
  searchMap(map: MapQuery): Promise<CachedResponse>;
}

type MapQuery = Parameters<ReturnType<typeof createDirectorySearch>['searchMap']>[1];

const perApp = new WeakMap<object, PublicSearch>();

/**
 * The one directory search of an app (docs/product.md R700–R711, R716): GET /api/search and the pages
 * a large directory renders on the server (the first page of its list) share its prepared directory
 * and memos, so a page and the browser's next request are the same answer.
 */
export function publicSearch(ctx: AppContext): PublicSearch {
  let made = perApp.get(ctx);
  if (made) return made;
  const reads = publicReads(ctx);
  const directory = createDirectorySearch();
  const input = (): SearchInput => ({
    sites: () => reads.sites(),
    closures: () => reads.closures(),
    menus: () => reads.todaysMenus(),
    now: ctx.now().getTime(),
    timeZone: ctx.config.AGENCY_TIME_ZONE,
  });
  made = {
    search: (search) => directory.search(input(), search),
    searchMap: (map) => directory.searchMap(input(), map),
  };
  perApp.set(ctx, made);
  return made;
}
