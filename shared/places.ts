/**
 * A place the near box found (GET /api/places, docs/product.md R131): where to measure distances
 * from, and what to call it. `label` is the ZIP code, the neighborhood's name in the asked language,
 * or the address as typed.
 */
export interface Place {
  lat: number;
  lng: number;
  label: string;
  kind: 'zip' | 'neighborhood' | 'address';
}

/** The 404 answer's code, and whether a street address could have been looked up at all. */
export const PLACE_NOT_FOUND = 'place_not_found';
export interface PlaceNotFound {
  status: 404;
  code: typeof PLACE_NOT_FOUND;
  message: string;
  geocoder: boolean;
}
