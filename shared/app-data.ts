/** A query result the server already had when it built the page (the same JSON as the API's answer). */
export interface PreloadedQuery {
  /** The client's TanStack Query key, e.g. ['sites', 'list'] or ['sites', 'detail', 12]. */
  key: readonly unknown[];
  data: unknown;
}

/**
 * Who runs the directory and how to reach them (docs/product.md R110). `name` holds only the names a
 * deployment set (AGENCY_NAME, AGENCY_NAME_ES, AGENCY_NAME_ZH); a language without one shows the
 * translated default name.
 */
export interface AgencySettings {
  name: { en?: string; es?: string; zh?: string };
  logoUrl: string | null;
  /** 10 digits. */
  phone: string;
  /** When the phone is answered, as the deployment wrote it; null: the translated default text. */
  phoneHours: string | null;
  email: string;
  /**
   * The programme's words about contributions (AGENCY_CONTRIBUTION_TEXT, _ES, _ZH), shown under a site's
   * cost; a language not given uses the translated default, "No one is turned away…" (R506).
   */
  contribution: { en?: string; es?: string; zh?: string };
}

/** Runtime settings and preloaded data the server embeds in index.html (never baked into the build). */
export interface AppData {
  config: {
    mapTileUrl: string;
    mapAttribution: string;
    mapApiKey: string | null;
    allowRegistration: boolean;
    /**
     * Whether the near box can look up a street address (a geocoder is configured): its label and
     * hint offer one only then (docs/product.md R476). Absent: no.
     */
    addressLookup?: boolean;
    /**
     * The agency's IANA time zone (AGENCY_TIME_ZONE): the pages' "now", "today" and dates are in it.
     * The server always sends it; absent only in a page without server data (then America/Los_Angeles).
     */
    agencyTimeZone?: string;
    demoData?: boolean;
    /**
     * The minute (ms since the epoch) a page with filters in its address was rendered at (kept for that
     * minute only, docs/product.md R301): its statuses and opening filter are computed for this minute
     * on the server and in the hydrating render (docs/product.md R136).
     */
    renderedAt?: number;
    /**
     * Agency days after a site's last confirmation when its page warns that the information may be
     * out of date (STALE_AFTER_DAYS, docs/product.md R171). The server always sends it.
     */
    staleAfterDays: number;
    /**
     * The directory is too large to send whole (docs/product.md R716): the locations page and the home
     * page ask GET /api/search for one page of rows at a time, the map for its groups. Absent: the whole
     * list is sent and filtered in the browser.
     */
    searchOnServer?: boolean;
    /** The agency's deployment settings (AGENCY_*, docs/product.md R110); absent only without server data. */
    agency?: AgencySettings;
  };
  /**
   * What the first screen shows (the sites list, a site, the reference lists), put in the query cache
   * before the first render: the page is drawn — and hydrated over the server's HTML — without a
   * second round trip.
   */
  queries?: PreloadedQuery[];
  /**
   * On /sites: the address the server rendered the HTML for — '/sites' for the plain list, else
   * '/sites?' and the normalised choices (docs/decisions/031). When the page's own address has other
   * choices (a near text written as its place's name, or the plain list sent while the server was busy),
   * the browser takes the HTML over at this address, then applies the page's own (docs/product.md R300).
   */
  renderedFor?: string;
  /** The server answered this page 404: the browser shows the not-found page too (docs/product.md R118). */
  notFound?: boolean;
}

/** The query keys both sides agree on (client/src/features/sites/api/*). */
export const preloadKeys = {
  sites: ['sites', 'list'] as const,
  site: (id: number) => ['sites', 'detail', id] as const,
  /** GET /api/sites/{id}/menu: the site's menu of the agency's week from today (docs/product.md R659). */
  siteMenu: (id: number) => ['sites', 'menu', id] as const,
  list: <L extends string>(list: L) => [list, 'list'] as const,
  /** GET /api/menus/today: every site's dishes of the agency's today (docs/product.md R688). */
  todaysMenus: ['menus', 'today'] as const,
  /**
   * A large directory's list (docs/product.md R716): one page of GET /api/search for one query
   * (`directorySearchQuery`) from an offset.
   */
  search: (query: string, offset: number) => ['search', query, offset] as const,
  /**
   * A large directory's map summary (docs/product.md R736): GET /api/search/map without a view for the
   * filters and name search (`directoryMapQuery`): the placed and unplaced totals and the bounds.
   */
  searchMap: (search: string) => ['search-map', search] as const,
  /** GET /api/closures: the current and upcoming closures of every site. */
  closures: ['closures', 'list'] as const,
  /** The near box's place (GET /api/places) for a text in a language; a /sites?near=… page embeds it. */
  place: (language: string, near: string) => ['places', language, near] as const,
};
