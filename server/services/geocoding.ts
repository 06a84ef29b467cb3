import type { Config } from '../config.ts';
import { recordGeocode } from './metrics.ts';
import { readBounded } from './outbound.ts';
import { currentRequestId } from './request-context.ts';

/** Address → coordinates (docs/product.md R66). A failure never blocks a save: the caller gets a reason instead. */
type GeocodeResult =
  | { ok: true; lat: number; lng: number }
  | { ok: false; reason: 'not-found' | 'error' | 'timeout' };

export interface Geocoder {
  geocode(address: string): Promise<GeocodeResult>;
}

interface GeocoderOptions {
  kind: 'none' | 'nominatim' | 'google';
  url?: string;
  googleKey?: string;
  timeoutMs: number;
  userAgent?: string;
  /** The largest answer read; a longer one is abandoned as an error. */
  maxBytes?: number;
}

/** The largest geocoder answer read (docs/decisions/033-geocoder-limits.md): one result is a few KB. */
export const GEOCODER_MAX_BYTES = 256 * 1024;

/** The answer's body as text, abandoned at the first byte past `maxBytes` (readBounded). */
async function boundedText(response: Response, maxBytes: number): Promise<string> {
  return Buffer.from(await readBounded(response, maxBytes)).toString('utf8');
}

const valid = (lat: number, lng: number) =>
  Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;

/** The geocoder the configuration names (GEOCODER and its settings): the server's and the command line's. */
export function geocoderFor(
  config: Pick<Config, 'GEOCODER' | 'GEOCODER_URL' | 'GOOGLE_MAPS_API_KEY' | 'GEOCODER_TIMEOUT_MS'>,
): Geocoder | undefined {
  return createGeocoder({
    kind: config.GEOCODER,
    url: config.GEOCODER_URL,
    googleKey: config.GOOGLE_MAPS_API_KEY,
    timeoutMs: config.GEOCODER_TIMEOUT_MS,
  });
}

export function createGeocoder(options: GeocoderOptions): Geocoder | undefined {
  if (options.kind === 'none') return undefined;
  const maxBytes = options.maxBytes ?? GEOCODER_MAX_BYTES;
  const request = async (url: URL): Promise<unknown> => {
    const requestId = currentRequestId();
    const response = await fetch(url, {
      headers: {
        'User-Agent': options.userAgent ?? 'community-meal-sites/1.0',
        Accept: 'application/json',
        // The request this lookup is made for, so the two logs can be matched up.
        ...(requestId && { 'X-Request-Id': requestId }),
      },
      // A redirect is refused, never followed: the key in the query would go to whatever host it names.
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      const redirect = response.status >= 300 && response.status < 400;
      throw new Error(`geocoder answered ${response.status}${redirect ? ' (a redirect, refused)' : ''}`);
    }
    return JSON.parse(await boundedText(response, maxBytes));
  };
  const run = async (parse: () => Promise<{ lat: number; lng: number } | undefined>) => {
    const result = await attempt(parse);
    recordGeocode(result.ok ? 'found' : result.reason);
    return result;
  };
  const attempt = async (
    parse: () => Promise<{ lat: number; lng: number } | undefined>,
  ): Promise<GeocodeResult> => {
    try {
      const point = await parse();
      return point && valid(point.lat, point.lng)
        ? { ok: true, ...point }
        : { ok: false, reason: 'not-found' };
    } catch (error) {
      const name = (error as Error)?.name;
      return { ok: false, reason: name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'error' };
    }
  };

  if (options.kind === 'nominatim') {
    return {
      geocode: (address) =>
        run(async () => {
          const url = new URL('search', `${options.url!.replace(/\/$/, '')}/`);
          url.searchParams.set('q', address);
          url.searchParams.set('format', 'jsonv2');
          url.searchParams.set('limit', '1');
          const [first] = ((await request(url)) as { lat: string; lon: string }[]) ?? [];
          return first ? { lat: Number(first.lat), lng: Number(first.lon) } : undefined;
        }),
    };
  }
  return {
    geocode: (address) =>
      run(async () => {
        const url = new URL(options.url ?? 'https://maps.googleapis.com/maps/api/geocode/json');
        url.searchParams.set('address', address);
        url.searchParams.set('key', options.googleKey ?? '');
        const body = (await request(url)) as {
          status: string;
          results?: { geometry: { location: { lat: number; lng: number } } }[];
        };
        if (body.status === 'ZERO_RESULTS') return undefined;
        if (body.status !== 'OK') throw new Error(`geocoder status ${body.status}`);
        return body.results?.[0]?.geometry.location;
      }),
  };
}

/**
 * The text sent to the geocoder for an address, which is also its cache key: Unicode NFC, trimmed,
 * runs of white space as one space. Two addresses share a cached answer only when the geocoder would
 * have been asked exactly the same thing.
 */
export function geocoderQuery(address: string): string {
  return address.normalize('NFC').trim().replace(/\s+/g, ' ');
}

export interface CachingGeocoder extends Geocoder {
  /** The remembered answer for an address, without asking the geocoder. */
  cached(address: string): GeocodeResult | undefined;
}

/**
 * A geocoder that remembers definite answers (a position, or nothing found) for the `size` addresses
 * used last; a time-out or an error is asked again next time. Keyed by geocoderQuery, which is what
 * is sent.
 */
export function cachingGeocoder(geocoder: Geocoder, size = 5000): CachingGeocoder {
  const entries = new Map<string, GeocodeResult>();
  const get = (key: string) => {
    const value = entries.get(key);
    if (value !== undefined) {
      entries.delete(key);
      entries.set(key, value);
    }
    return value;
  };
  return {
    cached: (address) => get(geocoderQuery(address)),
    async geocode(address) {
      const query = geocoderQuery(address);
      const known = get(query);
      if (known) return known;
      const result = await geocoder.geocode(query);
      if (result.ok || result.reason === 'not-found') {
        entries.set(query, result);
        if (entries.size > size) entries.delete(entries.keys().next().value!);
      }
      return result;
    },
  };
}

const shared = new WeakMap<Geocoder, CachingGeocoder>();
/**
 * The one cache in front of an app's geocoder: the near box, the /sites pages and the import previews
 * reuse each other's answers (a re-preview of a file asks nothing it was answered before).
 */
export function sharedGeocoderCache(geocoder: Geocoder): CachingGeocoder {
  let cache = shared.get(geocoder);
  if (!cache) {
    cache = cachingGeocoder(geocoder);
    shared.set(geocoder, cache);
  }
  return cache;
}
