/**
 * The map's groups (docs/product.md R25, R715, R730–R737; docs/decisions/069-map-clusters.md,
 * 071-map-groups-from-the-server.md): where sites would crowd each other the map draws a group with its
 * count, and single sites once few enough remain. One grouping, with one set of parameters, for the
 * browser (a directory it holds whole) and the server (`GET /api/search/map`, a directory it does not).
 * The grouping itself is `mapGroups` in map-grouping.ts (supercluster): this module has no import, so
 * the schemas can name its bounds without bringing the library into a bundle.
 */

/**
 * How close, in screen pixels, sites are grouped at the map's usual 16 px text: a four-digit group
 * mark's width at that size (72 px, at least the 44 px target) plus 8 px, so groups do not cover each
 * other. The browser widens it with a reader's larger text.
 */
export const MAP_GROUP_RADIUS = 80;
/**
 * Up to this zoom sites are grouped; one level closer every site has its own marker (sites at the same
 * address then stand apart, client/src/features/site-map/spread.ts).
 */
export const MAP_GROUP_MAX_ZOOM = 17;
/** The closest zoom a view may ask for (the map's own last level). */
export const MAP_ZOOM_MAX = 20;
/**
 * At most this many marks in one answer of the server: a view that would hold more (a whole country at
 * street level) is answered with the groups of the closest zoom that holds no more (R733).
 */
export const MAP_MARKS_MAX = 300;
