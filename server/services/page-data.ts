import { type AppData, type PreloadedQuery, preloadKeys } from '#shared/app-data.ts';
import {
  directoryMapQuery,
  directorySearchQuery,
  SEARCH_LIST_PAGE,
  SHOWN_KEY,
  searchPoint,
  shownPages,
} from '#shared/directory-query.ts';
import { filtersFromSearchParams, filtersToSearchParams } from '#shared/filters.ts';
import type { Language } from '#shared/languages.ts';
import { REFERENCE_LIST_NAMES } from '#shared/schemas/reference-lists.ts';
import { searchFromSearchParams, searchToSearchParams } from '#shared/site-search.ts';
import type { AppContext } from '../context.ts';
import { hasDemoData } from '../db/seed/demo.ts';
import { isDatabaseUnavailable } from './database-errors.ts';
import { NotFoundError } from './errors.ts';
import { type PlaceAnswer, placesFor } from './places.ts';
import { publicConfig } from './public-config.ts';
import { publicReads } from './public-reads.ts';
import { publicSearch } from './public-search.ts';

/** A /sites page with choices in its address, rendered for its normalised choices (docs/product.md R136). */
export interface SitesRequest {
  choices: SitesChoices;
  language: Language;
  /** The minute (ms) the page is rendered at: its statuses and opening filter are this minute's. */
  minute: number;
}

/** The choices of a /sites address as the page is rendered for them (docs/decisions/031). */
export interface SitesChoices {
  /**
   * The choices the page knows, in their one order (the two boxes, the filters), without `lng` (the
   * page's language is the request's): '' when the address has none.
   */
  query: string;
  /** The near box's place, looked up once for the key and embedded as looked up. */
  place?: { near: string; answer: PlaceAnswer };
}

/**
 * A /sites address's choices normalised, so that every address meaning the same page has one key:
 * unknown parameters dropped, both boxes trimmed and capped (SEARCH_MAX_LENGTH), and the near text
 * resolved to its place first and written as the place's own name — a ZIP+4 as its ZIP code, a
 * neighborhood (any of its names, case and punctuation aside) as its name in the page's language. A
 * street address or text that names no place stays as typed (spaces collapsed). A large directory's
 * `shown` is written as whole pages of rows (R721), a small one's dropped. `client` counts the
 * geocoder's per-client limit.
 */
export async function sitesChoices(
  ctx: AppContext,
  params: URLSearchParams,
  language: Language,
  client: string,
): Promise<SitesChoices> {
  const search = searchFromSearchParams(params);
  let place: SitesChoices['place'];
  if (search.near) {
    const answer = await placesFor(ctx).lookup(search.near, language, client);
    const typed = search.near.replace(/\s+/g, ' ');
    const named = answer.found && answer.place.kind !== 'address';
    const near = named ? answer.place.label : typed;
    place = { near, answer };
    search.near = near;
  }
  const choices = filtersToSearchParams(filtersFromSearchParams(params), searchToSearchParams(search));
  // How many rows a large directory's list shows (R721), in whole pages: a small one shows its list whole.
  const pages = shownPages(params);
  if (pages > 1 && (await searchOnServer(ctx))) choices.set(SHOWN_KEY, String(pages * SEARCH_LIST_PAGE));
  const query = choices.toString();
  return { query, ...(place && { place }) };
}

/**
 * Above this, the sites list is not embedded in the page (it would delay the first paint), and the
 * pages ask the server for one page of rows at a time instead (docs/product.md R716).
 */
export const EMBED_SITES_MAX_BYTES = 300_000;

/** The last size judged, per app: what a page says while the database is out of reach. */
const lastLarge = new WeakMap<object, boolean>();

/**
 * Whether the directory is too large to send whole (R716), from the cached list's size; every page
 * says so in its settings, so that the locations page knows it however the visitor reaches it.
 */
async function searchOnServer(ctx: AppContext): Promise<boolean> {
  try {
    const large = (await publicReads(ctx).sites()).raw.length > EMBED_SITES_MAX_BYTES;
    lastLarge.set(ctx.cache, large);
    return large;
  } catch (error) {
    if (isDatabaseUnavailable(error)) return lastLarge.get(ctx.cache) ?? false;
    throw error;
  }
}

/** The public pages, as far as the data they start from goes (client/src/app/router.tsx). */
export type PageRoute =
  | { kind: 'home' }
  | { kind: 'sites' }
  | { kind: 'site'; id: number }
  | { kind: 'about' }
  | { kind: 'partners' }
  | { kind: 'contact' }
  | { kind: 'accessibility' }
  | { kind: 'privacy' }
  | { kind: 'other' };

/** The help pages (docs/product.md R114–R116): plain text, no data of their own. */
const HELP_PAGES = ['contact', 'accessibility', 'privacy'] as const;

/**
 * One slash for each run of slashes and none at the end ('/sites//12/' -> '/sites/12'). A single pass
 * over the characters: a pattern such as /\/+$/ is retried from every slash of a run and took
 * quadratic time on a path of thousands of slashes.
 */
export function collapseSlashes(path: string): string {
  let out = '';
  let start = 0;
  let previousSlash = false;
  for (let i = 0; i < path.length; i += 1) {
    const slash = path.charCodeAt(i) === 47;
    if (slash && previousSlash) {
      // The text since the last kept character, then skip this extra slash.
      out += path.slice(start, i);
      start = i + 1;
    }
    previousSlash = slash;
  }
  out += path.slice(start);
  if (out.length > 1 && out.charCodeAt(out.length - 1) === 47) out = out.slice(0, -1);
  return out || '/';
}

/** '12' -> 12 for a positive 32-bit id written with at most 10 digits; otherwise 0. */
function siteId(text: string): number {
  if (text.length === 0 || text.length > 10) return 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return 0;
  }
  const id = Number(text);
  return id > 0 && id <= 2_147_483_647 ? id : 0;
}

/**
 * Which page a request path names, from the raw path (before any %-decoding, without the query).
 * Slash variants ('/sites/12/', '//sites//12') and leading zeros ('/sites/012') name the same page as
 * its canonical path (pagePath), which the server redirects them to; anything else is 'other'.
 */
export function pageRoute(rawPath: string): PageRoute {
  const path = collapseSlashes(rawPath);
  if (path === '/') return { kind: 'home' };
  if (path === '/sites') return { kind: 'sites' };
  if (path === '/about') return { kind: 'about' };
  if (path === '/partners') return { kind: 'partners' };
  for (const kind of HELP_PAGES) if (path === `/${kind}`) return { kind };
  const id = path.startsWith('/sites/') ? siteId(path.slice('/sites/'.length)) : 0;
  return id > 0 ? { kind: 'site', id } : { kind: 'other' };
}

/** The canonical path of a public page: the only address it is rendered (and cached) for. */
export function pagePath(route: Exclude<PageRoute, { kind: 'other' }>): string {
  if (route.kind === 'home') return '/';
  return route.kind === 'site' ? `/sites/${route.id}` : `/${route.kind}`;
}

/** The last demo flag read, per app: what a page says while the database is out of reach. */
const lastDemoFlag = new WeakMap<object, boolean>();

/**
 * Whether the demo sites are loaded, kept with the directory's cached answers, so that rendering a
 * page whose data is cached — the help pages' is only this and the settings — needs no database
 * (R426). While the database is out of reach the last value read stands (none read yet: no banner).
 */
async function demoFlag(ctx: AppContext): Promise<boolean> {
  try {
    const entry = await ctx.cache.get('app:demo-data', async () =>
      String(await hasDemoData(ctx.database.db)),
    );
    const value = entry.raw.toString() === 'true';
    lastDemoFlag.set(ctx.cache, value);
    return value;
  } catch (error) {
    if (isDatabaseUnavailable(error)) return lastDemoFlag.get(ctx.cache) ?? false;
    throw error;
  }
}

/**
 * What a page embeds — runtime settings plus the API answers its first screen shows — and renders
 * with on the server. Null when the page's record does not exist (an unknown site id).
 */
export async function pageData(
  ctx: AppContext,
  route: PageRoute,
  request?: SitesRequest,
): Promise<AppData | null> {
  const reads = publicReads(ctx);
  const queries: PreloadedQuery[] = [];
  const embed = async (key: readonly unknown[], read: Promise<{ raw: Buffer }>) => {
    queries.push({ key, data: JSON.parse((await read).raw.toString()) });
  };
  const large = await searchOnServer(ctx);
  try {
    if (route.kind === 'home' || route.kind === 'sites') {
      if (!large) await embed(preloadKeys.sites, reads.sites());
      else {
        // A state-wide directory: the pages of rows the address shows (the first; `shown`, R721) for
        // the page's choices, each under the browser's key (R716), nearest first from the near box's place.
        const choices = new URLSearchParams(route.kind === 'sites' ? (request?.choices.query ?? '') : '');
        const found = request?.choices.place?.answer;
        const origin = found?.found ? found.place : undefined;
        const query = directorySearchQuery(
          filtersFromSearchParams(choices),
          searchFromSearchParams(choices).q,
          origin,
        );
        // The map's summary (the sites without a position, said above the map, and the bounds it fits,
        // R736), so the page asks nothing more before the map itself starts (docs/product.md R738).
        const filters = filtersFromSearchParams(choices);
        const q = searchFromSearchParams(choices).q;
        const summary = await publicSearch(ctx).searchMap({ filters, q, view: undefined });
        queries.push({
          key: preloadKeys.searchMap(directoryMapQuery(filters, q)),
          data: JSON.parse(summary.raw.toString()),
        });
        for (let page = 0; page < shownPages(choices); page += 1) {
          const answer = await publicSearch(ctx).search({
            filters: filtersFromSearchParams(choices),
            q: searchFromSearchParams(choices).q,
            near: origin ? searchPoint(origin) : undefined,
            offset: page * SEARCH_LIST_PAGE,
            limit: SEARCH_LIST_PAGE,
            include: 'site',
          });
          const data = JSON.parse(answer.raw.toString());
          queries.push({ key: preloadKeys.search(query, page * SEARCH_LIST_PAGE), data });
        }
      }
    }
    if (route.kind === 'sites') {
      for (const list of REFERENCE_LIST_NAMES) await embed(preloadKeys.list(list), reads.list(list));
    }
    const place = request?.choices.place;
    if (request && place) {
      // The near box's answer, as the browser would get it (GET /api/places): never logged.
      queries.push({ key: preloadKeys.place(request.language, place.near), data: place.answer });
    }
    if (route.kind === 'partners') {
      await embed(preloadKeys.list('nutritionpartners'), reads.list('nutritionpartners'));
    }
    if (route.kind === 'site') {
      await embed(preloadKeys.site(route.id), reads.site(route.id));
      // Today's and tomorrow's menu are drawn on the server too (docs/product.md R659).
      await embed(preloadKeys.siteMenu(route.id), reads.siteMenu(route.id));
    }
    // Today's dish of each row, and the diet filter, are drawn on the server too (docs/product.md R688).
    // A large directory's rows carry their dish in the search's answer instead (R716).
    if ((route.kind === 'home' || route.kind === 'sites') && !large)
      await embed(preloadKeys.todaysMenus, reads.todaysMenus());
    // Every page that shows a site's status starts with the closures it is computed from.
    if (route.kind === 'home' || route.kind === 'sites' || route.kind === 'site')
      await embed(preloadKeys.closures, reads.closures());
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
  const config: AppData['config'] = { ...publicConfig(ctx), demoData: await demoFlag(ctx) };
  if (large) config.searchOnServer = true;
  // Rendered for this request only: its statuses and opening filter can be those of this minute.
  if (request) config.renderedAt = request.minute;
  return { config, queries };
}
