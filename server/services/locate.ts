import type { Geocoder } from './geocoding.ts';

const NO_POSITION_WARNING = 'no map position found';

interface Located {
  address?: string;
  lat?: number | null;
  lng?: number | null;
}

/** A coordinate the write sets to something other than what is stored. */
const moved = (given: number | null | undefined, stored: number | null | undefined) =>
  given !== undefined && given !== (stored ?? null);

/**
 * Fills lat/lng from the address when a geocoder is configured, the write did not place the pin
 * itself, and the address is new or changed (docs/product.md R66). A pin counts as placed by hand only
 * when it differs from the stored one, so a client that sends the whole site back (old pin included)
 * with a new address still gets it geocoded, and a new site sent with an empty pin (null, null) too.
 * Never throws: a failure clears the stale position and comes back as a warning for the admin.
 */
export async function locate<T extends Located>(
  geocoder: Geocoder | undefined,
  input: T,
  current: { address: string; lat?: number | null; lng?: number | null } | undefined,
): Promise<{ input: T; warning?: string }> {
  const pinGiven = moved(input.lat, current?.lat) || moved(input.lng, current?.lng);
  const addressChanged = input.address !== undefined && input.address !== current?.address;
  if (!geocoder || pinGiven || !addressChanged || !input.address) return { input };
  const result = await geocoder.geocode(input.address);
  if (result.ok) return { input: { ...input, lat: result.lat, lng: result.lng } };
  return { input: { ...input, lat: null, lng: null }, warning: NO_POSITION_WARNING };
}
