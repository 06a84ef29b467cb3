import { recordGeocode } from './metrics.ts';
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
}

const valid = (lat: number, lng: number) =>
  Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;

export function createGeocoder(options: GeocoderOptions): Geocoder | undefined {
  if (options.kind === 'none') return undefined;
  const request = async (url: URL): Promise<unknown> => {
    const requestId = currentRequestId();
    const response = await fetch(url, {
      headers: {
        'User-Agent': options.userAgent ?? 'community-meal-sites/1.0',
        Accept: 'application/json',
        // The request this lookup is made for, so the two logs can be matched up.
        ...(requestId && { 'X-Request-Id': requestId }),
      },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
    return response.json();
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
