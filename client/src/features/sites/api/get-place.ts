import { useQuery } from '@tanstack/react-query';
import { apiErrorFrom } from '#client/lib/api.ts';
import { apiPaths } from '#shared/api-paths.ts';
import { preloadKeys } from '#shared/app-data.ts';
import type { Place } from '#shared/places.ts';

/**
 * What the near box found: a place, or not found (and whether a street address could have been
 * looked up), or "too many lookups" (429). The server embeds this same answer in a /sites?near=… page.
 */
export type PlaceAnswer =
  | { found: true; place: Place }
  | { found: false; geocoder: boolean }
  | { found: false; limited: true };

async function getPlace(near: string, language: string, signal?: AbortSignal): Promise<PlaceAnswer> {
  const response = await fetch(apiPaths.places(near, language), {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
    signal,
  });
  if (response.ok) return { found: true, place: (await response.json()) as Place };
  if (response.status === 404) {
    const body = (await response.json().catch(() => ({}))) as { geocoder?: boolean };
    return { found: false, geocoder: body.geocoder === true };
  }
  if (response.status === 429) return { found: false, limited: true };
  throw await apiErrorFrom(response);
}

/**
 * The place of the near box's text (undefined when the box is empty). Looked up once per text and
 * language, kept for the visit; what the visitor typed goes only to this server.
 */
export function usePlace(near: string | undefined, language: string) {
  return useQuery({
    queryKey: preloadKeys.place(language, near ?? ''),
    queryFn: ({ signal }) => getPlace(near!, language, signal),
    enabled: Boolean(near),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
