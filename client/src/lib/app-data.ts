/** Runtime settings and preloaded data the server embeds in index.html (never baked into the build). */
export interface AppData {
  config: {
    mapTileUrl: string;
    mapAttribution: string;
    mapApiKey: string | null;
    allowRegistration: boolean;
    demoData?: boolean;
  };
  /** GET /api/sites, embedded in the page when the server chose to (first screen without a round trip). */
  sites?: unknown;
}

const DEFAULTS: AppData = {
  config: {
    mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    mapAttribution: '&copy; OpenStreetMap contributors',
    mapApiKey: null,
    allowRegistration: false,
  },
};

let cached: AppData | undefined;

export function appData(): AppData {
  if (cached) return cached;
  const element = typeof document === 'undefined' ? null : document.getElementById('app-data');
  try {
    const parsed = element?.textContent ? (JSON.parse(element.textContent) as Partial<AppData>) : {};
    cached = { ...DEFAULTS, ...parsed, config: { ...DEFAULTS.config, ...parsed.config } };
  } catch {
    cached = DEFAULTS;
  }
  return cached;
}

/** Takes the embedded sites list once; later reads go to the API. */
export function takePreloadedSites(): unknown {
  const data = appData();
  const sites = data.sites;
  data.sites = undefined;
  return sites;
}
