/**
 * Two small decisions of the map, kept apart from Leaflet so they can be tested alone: when the map fits
 * the results again (docs/product.md R150) and when a popup fits on it (R151).
 */

/** The same set of sites, whatever their order (sorting the list nearest-first is not a new result). */
export function resultKey(sites: readonly { id: number }[]): string {
  return sites
    .map((site) => site.id)
    .sort((a, b) => a - b)
    .join(',');
}

/**
 * The map's size, in ems of its own text, below which a popup does not fit. A popup is about 13 ems
 * tall (name, status, address and populations on a line each, a 44 px row of actions, its padding), and
 * the tip and the 44 px marker below it take about 3.5 more; it is at most 300 px wide.
 */
export const POPUP_MIN_MAP_EMS = { width: 14, height: 17 } as const;

/**
 * Whether a popup fits on a map of `size` px whose text is `fontSizePx`. In ems, so large text counts:
 * a phone at 200 % text gets the panel below the map instead.
 */
export function popupFits(size: { x: number; y: number }, fontSizePx: number): boolean {
  const em = fontSizePx > 0 ? fontSizePx : 16;
  return size.x / em >= POPUP_MIN_MAP_EMS.width && size.y / em >= POPUP_MIN_MAP_EMS.height;
}
