import { type AppData, type PreloadedQuery, preloadKeys } from '../../shared/app-data.ts';
import { parseId } from '../../shared/schemas/common.ts';
import { REFERENCE_LIST_NAMES } from '../../shared/schemas/reference-lists.ts';
import type { AppContext } from '../context.ts';
import { hasDemoData } from '../db/seed/demo.ts';
import { NotFoundError } from './errors.ts';
import { publicConfig } from './public-config.ts';
import { publicReads } from './public-reads.ts';

/** Above this, the sites list is not embedded in the page (it would delay the first paint). */
export const EMBED_SITES_MAX_BYTES = 300_000;

/** The public pages, as far as the data they start from goes (client/src/app/router.tsx). */
export type PageRoute =
  | { kind: 'home' }
  | { kind: 'sites' }
  | { kind: 'site'; id: number }
  | { kind: 'about' }
  | { kind: 'partners' }
  | { kind: 'other' };

export function pageRoute(pathname: string): PageRoute {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return { kind: 'home' };
  if (path === '/sites') return { kind: 'sites' };
  if (path === '/about') return { kind: 'about' };
  if (path === '/partners') return { kind: 'partners' };
  const id = parseId(/^\/sites\/([^/]+)$/.exec(path)?.[1]);
  return id === undefined ? { kind: 'other' } : { kind: 'site', id };
}

/**
 * What a page embeds — runtime settings plus the API answers its first screen shows — and renders
 * with on the server. Null when the page's record does not exist (an unknown site id).
 */
export async function pageData(ctx: AppContext, route: PageRoute): Promise<AppData | null> {
  const reads = publicReads(ctx);
  const queries: PreloadedQuery[] = [];
  const embed = async (key: readonly unknown[], read: Promise<{ raw: Buffer }>) => {
    queries.push({ key, data: JSON.parse((await read).raw.toString()) });
  };
  try {
    if (route.kind === 'home' || route.kind === 'sites') {
      // Embedding pays only while the list is small; a state-wide directory loads it separately.
      const sites = await reads.sites();
      if (sites.raw.length <= EMBED_SITES_MAX_BYTES) await embed(preloadKeys.sites, Promise.resolve(sites));
    }
    if (route.kind === 'sites') {
      for (const list of REFERENCE_LIST_NAMES) await embed(preloadKeys.list(list), reads.list(list));
    }
    if (route.kind === 'partners') {
      await embed(preloadKeys.list('nutritionpartners'), reads.list('nutritionpartners'));
    }
    if (route.kind === 'site') await embed(preloadKeys.site(route.id), reads.site(route.id));
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
  return {
    config: { ...publicConfig(ctx), demoData: await hasDemoData(ctx.database.db) },
    queries,
  };
}
