/**
 * A directions link for a site's address (docs/product.md R29). The Google Maps URL scheme opens the maps app
 * on phones and works in any browser without a key; the address is what a visitor recognises, so it is
 * the destination. Coordinates are used only when there is no address.
 */
const DIRECTIONS_BASE_URL = 'https://www.google.com/maps/dir/?api=1';

export function directionsUrl(place: {
  address?: string | null;
  lat?: number | null;
  lng?: number | null;
}): string | undefined {
  const address = place.address?.trim();
  if (address) return `${DIRECTIONS_BASE_URL}&destination=${encodeURIComponent(address)}`;
  if (typeof place.lat === 'number' && typeof place.lng === 'number') {
    return `${DIRECTIONS_BASE_URL}&destination=${place.lat},${place.lng}`;
  }
  return undefined;
}
