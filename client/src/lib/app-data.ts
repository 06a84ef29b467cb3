import type { QueryClient } from '@tanstack/react-query';
import type { AppData } from '#shared/app-data.ts';

export type { AppData, PreloadedQuery } from '#shared/app-data.ts';

const DEFAULTS: AppData = {
  config: {
    mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    mapAttribution: '&copy; OpenStreetMap contributors',
    mapApiKey: null,
    allowRegistration: false,
  },
};

let cached: AppData | undefined;

function withDefaults(parsed: Partial<AppData>): AppData {
  return { ...DEFAULTS, ...parsed, config: { ...DEFAULTS.config, ...parsed.config } };
}

export function appData(): AppData {
  if (cached) return cached;
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
}

/** Puts the embedded query results in the cache, once: later reads go to the API. */
export function seedQueryClient(client: QueryClient, data: AppData = appData()) {
  for (const query of data.queries ?? []) client.setQueryData(query.key, query.data);
  data.queries = undefined;
}
