import type { AgencySettings } from '#shared/app-data.ts';
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';

/**
 * The agency's name, logo, phone and e-mail (docs/product.md R110). A name set only in AGENCY_NAME
 * stands for every language; AGENCY_NAME_ES and AGENCY_NAME_ZH give a language its own.
 */
export function agencySettings(config: Config): AgencySettings {
  const en = config.AGENCY_NAME;
  const name: AgencySettings['name'] = {};
  if (en) name.en = en;
  const es = config.AGENCY_NAME_ES ?? en;
  if (es) name.es = es;
  const zh = config.AGENCY_NAME_ZH ?? en;
  if (zh) name.zh = zh;
  return {
    name,
    logoUrl: config.AGENCY_LOGO_URL ?? null,
    phone: config.AGENCY_PHONE,
    phoneHours: config.AGENCY_PHONE_HOURS ?? null,
    email: config.AGENCY_EMAIL,
    contribution: compactWords({
      en: config.AGENCY_CONTRIBUTION_TEXT,
      es: config.AGENCY_CONTRIBUTION_TEXT_ES,
      zh: config.AGENCY_CONTRIBUTION_TEXT_ZH,
    }),
  };
}

/** Only the languages the deployment wrote; the others use the translated default. */
function compactWords(words: AgencySettings['contribution']): AgencySettings['contribution'] {
  return Object.fromEntries(
    Object.entries(words).filter(([, text]) => text),
  ) as AgencySettings['contribution'];
}

/**
 * The runtime settings the browser needs (map tiles, registration). Only this whitelist reaches the
 * page, through GET /api/config and the server-rendered pages; nothing else of the configuration does.
 */
export function publicConfig(ctx: Pick<AppContext, 'config' | 'geocoder'>) {
  return {
    /** Whether the near box can look up a street address (a geocoder is configured, R131, R476). */
    addressLookup: ctx.geocoder !== undefined,
    mapTileUrl: ctx.config.MAP_TILE_URL,
    mapAttribution: ctx.config.MAP_ATTRIBUTION,
    mapApiKey: ctx.config.MAP_API_KEY ?? null,
    allowRegistration: ctx.config.ALLOW_REGISTRATION,
    /** Every "now" and "today" the pages show is in this zone, whatever the visitor's device says. */
    agencyTimeZone: ctx.config.AGENCY_TIME_ZONE,
    /** A confirmation older than this many agency days is shown as possibly out of date (R171). */
    staleAfterDays: ctx.config.STALE_AFTER_DAYS,
    agency: agencySettings(ctx.config),
  };
}
