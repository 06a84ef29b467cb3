/** How a site's lists read on the pages (docs/product.md R9, R15), kept out of React so they can be table-tested. */

import { REFERENCE_LIST_NAMES, REFERENCE_LISTS, type ReferenceListName } from './reference-lists.ts';

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

interface SitePageRow {
  /** The list with the row. */
  list: ReferenceListName;
  /** The translation key of the row's label (namespace `site`). */
  label: string;
  /** The lists whose items follow in brackets. */
  bracketed: ReferenceListName[];
  /** No row at all when the site has no items in it (instead of "Not listed"). */
  hideWhenEmpty: boolean;
}

/** The rows of lists on a site's page, in order, as the registry's `sitePage` entries place them. */
export const SITE_PAGE_ROWS: readonly SitePageRow[] = REFERENCE_LIST_NAMES.flatMap((list) => {
  const placement = REFERENCE_LISTS[list].sitePage;
  if (!('row' in placement)) return [];
  const hideWhenEmpty = 'hideWhenEmpty' in placement && placement.hideWhenEmpty;
  return [{ list, position: placement.row, hideWhenEmpty, label: REFERENCE_LISTS[list].i18n.site.row ?? '' }];
})
  .sort((a, b) => a.position - b.position)
  .map(({ list, hideWhenEmpty, label }) => ({
    list,
    label,
    hideWhenEmpty,
    bracketed: REFERENCE_LIST_NAMES.filter((other) => {
      const placement = REFERENCE_LISTS[other].sitePage;
      return 'inBracketsOf' in placement && placement.inBracketsOf === list;
    }),
  }));

/** A site has a map position only with both coordinates (docs/product.md R24: one marker per site having both). */
export function hasPosition<S extends { lat?: number | null; lng?: number | null }>(
  site: S,
): site is S & { lat: number; lng: number } {
  return typeof site.lat === 'number' && typeof site.lng === 'number';
}

export function withPosition<S extends { lat?: number | null; lng?: number | null }>(sites: readonly S[]) {
  return sites.filter(hasPosition);
}
