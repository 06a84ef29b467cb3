import { z } from 'zod';
import { MAP_ZOOM_MAX } from '../map-groups.ts';
import { coded, codedIssue } from '../validation.ts';
import { DishSchema } from './menus.ts';
import { SiteSchema } from './sites.ts';

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
    /** `site`: each row also carries the site's whole public record, as a list row draws it (R716). */
    include: z.enum(['site'], coded('invalid_choice', { choices: ['site'] })).optional(),
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
  /** With `include=site`: the site's public record, as GET /api/sites/{id} answers it (R716). */
  site: SiteSchema.optional(),
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

/**
 * The view of `GET /api/search/map` (docs/product.md R731): `west`, `south`, `east`, `north` in degrees
 * and a whole `zoom` from 0 to MAP_ZOOM_MAX, all five or none (none: the answer has no marks, only the
 * total, the sites without a position and the bounds). `west` above `east` is a view across the
 * antimeridian; `south` above `north` is refused. The filters and the name search are read as GET
 * /api/search reads them.
 */
export const SiteMapQuerySchema = z
  .looseObject({
    west: queryNumber(-180, 180, false).optional(),
    south: queryNumber(-90, 90, false).optional(),
    east: queryNumber(-180, 180, false).optional(),
    north: queryNumber(-90, 90, false).optional(),
    zoom: queryNumber(0, MAP_ZOOM_MAX, true).optional(),
  })
  .superRefine((query, ctx) => {
    const keys = ['west', 'south', 'east', 'north', 'zoom'] as const;
    const given = keys.filter((key) => query[key] !== undefined);
    if (given.length > 0)
      for (const key of keys)
        if (query[key] === undefined) ctx.addIssue(codedIssue('required', undefined, [key]));
    if (query.south !== undefined && query.north !== undefined && query.south > query.north)
      ctx.addIssue(codedIssue('out_of_range', { min: query.south, max: 90 }, ['north']));
  });
export type SiteMapQuery = z.output<typeof SiteMapQuerySchema>;

/** A group of sites on the map: its spot, its count, and the zoom at which it comes apart. */
export const MapGroupSchema = z.object({
  kind: z.literal('group'),
  id: z.number(),
  lat: z.number(),
  lng: z.number(),
  count: z.number(),
  zoom: z.number(),
});

/** One site on the map: what its marker is named by; its popup reads the site (GET /api/sites/{id}). */
export const MapSiteSchema = z.object({
  kind: z.literal('site'),
  id: z.number(),
  name: z.string(),
  translations: NameTranslationsSchema.optional(),
  address: z.string(),
  lat: z.number(),
  lng: z.number(),
});

export const MapMarkSchema = z.discriminatedUnion('kind', [MapGroupSchema, MapSiteSchema]);
export type MapMark = z.infer<typeof MapMarkSchema>;

export const SiteMapAnswerSchema = z.object({
  /** Matching sites with a position: the groups' counts and single sites of the whole world add up to it. */
  total: z.number(),
  /** Matching sites without a position (only in the list). */
  unplaced: z.number(),
  /** West, south, east, north of every matching site with a position; null when there is none. */
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
  /** The groups and single sites in the view at its zoom, north to south (none without a view). */
  marks: z.array(MapMarkSchema),
});
export type SiteMapAnswer = z.infer<typeof SiteMapAnswerSchema>;
