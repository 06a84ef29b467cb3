import type { Db } from '#server/db/client.ts';
import { filterSites, filtersFromSearchParams } from '#shared/filters.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { cachedSitesJson } from '../site-reads.ts';
import { sitesCsv, sitesXlsx } from './write.ts';

/**
 * The sites an export holds: every site, or those the locations page's list filters keep
 * (`?population=3&service=2`, shared/filters.ts). The opening filter (`open=now`) is left out: an
 * export is a record of the sites, not of one moment (docs/product.md R236).
 */
export async function sitesToExport(db: Db, query: Record<string, unknown>): Promise<Site[]> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (typeof value === 'string') params.set(key, value);
  const all = JSON.parse(await cachedSitesJson(db)) as Site[];
  return filterSites(all, filtersFromSearchParams(params));
}

/** `sites-2026-11-24.csv`: the agency's date, so a folder of exports sorts by day. */
export const exportFilename = (today: string, extension: 'csv' | 'xlsx') => `sites-${today}.${extension}`;

/** The export in `format`; the last confirmation is written as a date in `timeZone` (the agency's). */
export async function exportSites(
  db: Db,
  query: Record<string, unknown>,
  format: 'csv' | 'xlsx',
  timeZone?: string,
) {
  const sites = await sitesToExport(db, query);
  return format === 'csv' ? Buffer.from(sitesCsv(sites, timeZone), 'utf8') : sitesXlsx(sites, timeZone);
}
