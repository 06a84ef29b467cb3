import type { AppContext } from '../context.ts';

/**
 * The runtime settings the browser needs (map tiles, registration). Only this whitelist reaches the
 * page, through GET /api/config and the server-rendered pages; nothing else of the configuration does.
 */
export function publicConfig(ctx: Pick<AppContext, 'config'>) {
  return {
    mapTileUrl: ctx.config.MAP_TILE_URL,
    mapAttribution: ctx.config.MAP_ATTRIBUTION,
    mapApiKey: ctx.config.MAP_API_KEY ?? null,
    allowRegistration: ctx.config.ALLOW_REGISTRATION,
    /** Every "now" and "today" the pages show is in this zone, whatever the visitor's device says. */
    agencyTimeZone: ctx.config.AGENCY_TIME_ZONE,
  };
}
