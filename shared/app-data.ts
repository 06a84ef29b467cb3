/** A query result the server already had when it built the page (the same JSON as the API's answer). */
export interface PreloadedQuery {
  /** The client's TanStack Query key, e.g. ['sites', 'list'] or ['sites', 'detail', 12]. */
  key: readonly unknown[];
  data: unknown;
}

/** Runtime settings and preloaded data the server embeds in index.html (never baked into the build). */
export interface AppData {
  config: {
    mapTileUrl: string;
    mapAttribution: string;
    mapApiKey: string | null;
    allowRegistration: boolean;
    /**
     * The agency's IANA time zone (AGENCY_TIME_ZONE): the pages' "now", "today" and dates are in it.
     * The server always sends it; absent only in a page without server data (then America/Los_Angeles).
     */
    agencyTimeZone?: string;
    demoData?: boolean;
  };
  /**
   * What the first screen shows (the sites list, a site, the reference lists), put in the query cache
   * before the first render: the page is drawn — and hydrated over the server's HTML — without a
   * second round trip.
   */
  queries?: PreloadedQuery[];
}

/** The query keys both sides agree on (client/src/features/sites/api/*). */
export const preloadKeys = {
  sites: ['sites', 'list'] as const,
  site: (id: number) => ['sites', 'detail', id] as const,
  list: <L extends string>(list: L) => [list, 'list'] as const,
  /** GET /api/closures: the current and upcoming closures of every site. */
  closures: ['closures', 'list'] as const,
};
