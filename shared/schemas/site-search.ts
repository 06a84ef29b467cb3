import { z } from 'zod';
import { coded, codedIssue } from '../validation.ts';
import { DishSchema } from './menus.ts';

/**
 * The public search (docs/product.md R700–R703): one page of the sites the locations page would list
 * for the same address (filters, open now/today on the agency's clock, name search, nearest first
 * from a point), the total, and how many sites each filter option would leave.
 */

/** Sites in one page of an answer, unless the query asks for fewer or more (up to SEARCH_PAGE_MAX). */
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_PAGE_MAX = 100;

/** A whole number or a coordinate from the query string, between min and max. */
export const queryNumber = (min: number, max: number, whole: boolean) => {
  const number = z.coerce.number(coded('not_a_number'));
  return (whole ? number.int(coded('not_a_number')) : number)
    .min(min, coded('out_of_range', { min, max }))
    .max(max, coded('out_of_range', { min, max }));
};

/**
 * The paging and the point of a search (`lat` and `lng` together: nearest first); the filters and the
 * name search are read from the same query as the page reads its address (`filtersFromSearchParams`,
 * `searchFromSearchParams`), other keys ignored.
 */
export const SiteSearchQuerySchema = z
  .looseObject({
    limit: queryNumber(1, SEARCH_PAGE_MAX, true).default(SEARCH_PAGE_SIZE),
    offset: queryNumber(0, 1_000_000, true).default(0),
    lat: queryNumber(-90, 90, false).optional(),
    lng: queryNumber(-180, 180, false).optional(),
  })
  .superRefine((query, ctx) => {
    if ((query.lat === undefined) !== (query.lng === undefined))
      ctx.addIssue(codedIssue('both_coordinates', undefined, [query.lat === undefined ? 'lat' : 'lng']));
  });
export type SiteSearchQuery = z.output<typeof SiteSearchQuerySchema>;

const NameTranslationsSchema = z.object({
  es: z.object({ name: z.string().optional() }).optional(),
  zh: z.object({ name: z.string().optional() }).optional(),
});

/** One site of a page: what a row of the list shows first, with its opening on the agency's clock. */
export const SearchSiteSchema = z.object({
  id: z.number(),
  name: z.string(),
  translations: NameTranslationsSchema.optional(),
  address: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** Miles from the point asked for; absent without a point or without a position. */
  miles: z.number().optional(),
  openNow: z.boolean(),
  openToday: z.boolean(),
  /**
   * The dish the row shows for today (R685): the day's main dish, or with `diet` the first dish carrying
   * it; absent when the site is closed today or has no menu published.
   */
  dish: DishSchema.optional(),
});
export type SearchSite = z.infer<typeof SearchSiteSchema>;

const CountsSchema = z.record(z.string(), z.number());

export const SiteSearchAnswerSchema = z.object({
  /** The agency's date the opening was read on. */
  today: z.string(),
  total: z.number(),
  offset: z.number(),
  limit: z.number(),
  sites: z.array(SearchSiteSchema),
  /**
   * For each filter, how many sites each of its options would leave with every other choice kept
   * (a list's item ids, `now`/`today`, `yes` for walk-ins and step-free, a language's code, a diet
   * mark under `diet`).
   */
  counts: z.record(z.string(), CountsSchema),
});
export type SiteSearchAnswer = z.infer<typeof SiteSearchAnswerSchema>;
