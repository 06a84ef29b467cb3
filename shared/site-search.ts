/**
 * The two text boxes of the locations page (docs/product.md R130–R133): "Search by name" (`?q=`) and
 * "Near" (`?near=`). Pure and small: the public first bundle imports it (no zod).
 */

/** The query key of the name search: `/sites?q=bayview`. */
export const NAME_KEY = 'q';
/** The query key of the near box: `/sites?near=94110`. */
export const NEAR_KEY = 'near';
/** The longest text either box keeps (the places API refuses longer, docs/product.md R131). */
export const SEARCH_MAX_LENGTH = 200;

export interface SiteSearch {
  /** The name search as typed (trimmed); absent when empty. */
  q?: string;
  /** The near text as typed (trimmed); absent when empty. */
  near?: string;
}

const COMBINING_MARKS = /[\u0300-\u036f]/g;
const SPACES = /\s+/g;

/**
 * Text for comparison: Unicode NFD with the combining marks removed (é → e, ñ → n), lower case,
 * runs of white space as one space, trimmed. Chinese characters have no marks and no case, so they
 * compare as they are (a substring of the Chinese name matches).
 */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase().replace(SPACES, ' ').trim();
}

function clip(value: string | null): string | undefined {
  const text = value?.trim().slice(0, SEARCH_MAX_LENGTH);
  return text ? text : undefined;
}

export function searchFromSearchParams(params: URLSearchParams): SiteSearch {
  const search: SiteSearch = {};
  const q = clip(params.get(NAME_KEY));
  const near = clip(params.get(NEAR_KEY));
  if (q) search.q = q;
  if (near) search.near = near;
  return search;
}

/** Writes the two boxes into a copy of `base` (other parameters kept; an empty box leaves no key). */
export function searchToSearchParams(
  search: SiteSearch,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const params = new URLSearchParams(base);
  params.delete(NAME_KEY);
  params.delete(NEAR_KEY);
  const q = clip(search.q ?? null);
  const near = clip(search.near ?? null);
  if (q) params.set(NAME_KEY, q);
  if (near) params.set(NEAR_KEY, near);
  return params;
}

type Named = { name: string; translations?: { es?: { name?: string }; zh?: { name?: string } } | undefined };

/** A site as far as the name search looks at it: its names, its address, its partners' names. */
export type SearchableSite = Named & { id: number; address: string; NutritionPartners: readonly Named[] };

function namesOf(item: Named): string[] {
  const names = [item.name];
  if (item.translations?.es?.name) names.push(item.translations.es.name);
  if (item.translations?.zh?.name) names.push(item.translations.zh.name);
  return names;
}

/** Everything the name search matches in one site, folded once: the site's names in every language, its address, its partners. */
export function searchTextOf(site: SearchableSite): string {
  const parts = [...namesOf(site), site.address];
  for (const partner of site.NutritionPartners) parts.push(...namesOf(partner));
  // A separator no folded query contains, so a match never spans two fields.
  return parts.map(foldText).join('\n');
}

/**
 * The sites whose names (any language), address or partner names contain the query, case- and
 * accent-insensitively; every word of the query must occur (in any order). An empty query keeps every
 * site. `textOf` lets the caller fold each site once per list rather than once per keystroke. Linear.
 */
export function searchSites<S extends SearchableSite>(
  sites: readonly S[],
  query: string | undefined,
  textOf: (site: S) => string = searchTextOf,
): S[] {
  const words = query ? foldText(query).split(' ').filter(Boolean) : [];
  if (words.length === 0) return sites as S[];
  return sites.filter((site) => {
    const text = textOf(site);
    return words.every((word) => text.includes(word));
  });
}

/** A memo of searchTextOf per site object: one fold per site for as long as the list lives. */
export function searchTextCache<S extends SearchableSite>(): (site: S) => string {
  const texts = new WeakMap<S, string>();
  return (site) => {
    let text = texts.get(site);
    if (text === undefined) {
      text = searchTextOf(site);
      texts.set(site, text);
    }
    return text;
  };
}
