/** How a site's lists read on the pages (SPEC.md §2), kept out of React so they can be table-tested. */

type Named = { name: string };

/** Populations on a list row: 'Seniors 60+ | Adults with disabilities'. */
export const LIST_SEPARATOR = ' | ';

export function joinNames(items: readonly Named[], separator = LIST_SEPARATOR): string {
  return items.map((item) => item.name).join(separator);
}

/**
 * A list with a second list in brackets, as on the site page: populations with their covid statuses,
 * meal types with their services — 'Seniors | Adults (Takeout only, Indoor dining)'. Either list may be
 * empty.
 */
export function namesWithBracketed(main: readonly Named[], bracketed: readonly Named[]): string {
  const inside = joinNames(bracketed, ', ');
  const outside = joinNames(main);
  if (!inside) return outside;
  return outside ? `${outside} (${inside})` : `(${inside})`;
}

/** A site has a map position only with both coordinates (SPEC.md §2: one marker per site having both). */
export function hasPosition<S extends { lat?: number | null; lng?: number | null }>(
  site: S,
): site is S & { lat: number; lng: number } {
  return typeof site.lat === 'number' && typeof site.lng === 'number';
}

export function withPosition<S extends { lat?: number | null; lng?: number | null }>(sites: readonly S[]) {
  return sites.filter(hasPosition);
}
