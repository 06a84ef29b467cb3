import type { QueryClient } from '@tanstack/react-query';
import type { AppData } from '#shared/app-data.ts';

export type { AppData, PreloadedQuery } from '#shared/app-data.ts';

const DEFAULTS: AppData = {
  config: {
    mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    mapAttribution: '&copy; OpenStreetMap contributors',
    mapApiKey: null,
    allowRegistration: false,
    staleAfterDays: 180,
  },
};

let cached: AppData | undefined;
/** The address the data was read at: the page's own (undefined on the server). */
let firstPath: string | undefined;
const here = () => (typeof window === 'undefined' ? undefined : window.location.pathname);

function withDefaults(parsed: Partial<AppData>): AppData {
  return { ...DEFAULTS, ...parsed, config: { ...DEFAULTS.config, ...parsed.config } };
}

export function appData(): AppData {
  if (cached) return cached;
  firstPath = here();
  const element = typeof document === 'undefined' ? null : document.getElementById('app-data');
  try {
    cached = withDefaults(element?.textContent ? (JSON.parse(element.textContent) as Partial<AppData>) : {});
  } catch {
    cached = DEFAULTS;
  }
  return cached;
}

/** The server renders each page with the data it embeds in that page (entry-server.tsx). */
export function setAppData(data: Partial<AppData>) {
  cached = withDefaults(data);
  firstPath = here();
}

/** Puts the embedded query results in the cache, once: later reads go to the API. */
export function seedQueryClient(client: QueryClient, data: AppData = appData()) {
  for (const query of data.queries ?? []) client.setQueryData(query.key, query.data);
  data.queries = undefined;
}

/**
 * True when the server answered this address 404 and rendered the not-found page (docs/product.md
 * R118): the browser shows the same page rather than asking again. Only for the address the page was
 * loaded at; later pages in the same visit ask the API as usual.
 */
export function answeredNotFound(pathname: string): boolean {
  return appData().notFound === true && (firstPath === undefined || firstPath === pathname);
}
