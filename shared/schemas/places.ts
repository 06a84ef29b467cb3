import { z } from 'zod';
import { PLACE_NOT_FOUND } from '../places.ts';
import { SEARCH_MAX_LENGTH } from '../site-search.ts';
import { RequiredTextSchema } from './common.ts';

/** GET /api/places?q=… (docs/product.md R131): the text of the near box, 1 to 200 characters. */
export const PlaceQuerySchema = z.object({
  q: RequiredTextSchema(SEARCH_MAX_LENGTH),
  lng: z.string().optional(),
});

export const PlaceSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  label: z.string(),
  kind: z.enum(['zip', 'neighborhood', 'address']),
});

export const PlaceNotFoundSchema = z.object({
  status: z.literal(404),
  code: z.literal(PLACE_NOT_FOUND),
  message: z.string(),
  geocoder: z.boolean(),
});
