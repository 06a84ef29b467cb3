import { Readable } from 'node:stream';
import type { Db } from '#server/db/client.ts';
import { filterSites, filtersFromSearchParams, type SiteFilters } from '#shared/filters.ts';
import type { Site } from '#shared/schemas/sites.ts';
import type { CachedResponse } from '../response-cache.ts';
import { cachedSitesJson } from '../site-reads.ts';
import { csvHead, csvLines, sitesCsv, sitesXlsx } from './write.ts';

/** The filters of an export's query (`filterSites` leaves the opening filter out, R236). */
function exportFilters(query: Record<string, unknown>): SiteFilters {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (typeof value === 'string') params.set(key, value);
  return filtersFromSearchParams(params);
}

/**
 * The sites an export holds: every site, or those the locations page's list filters keep
 * (`?population=3&service=2`, shared/filters.ts). The opening filter (`open=now`) is left out: an
 * export is a record of the sites, not of one moment (docs/product.md R236).
 */
export async function sitesToExport(db: Db, query: Record<string, unknown>): Promise<Site[]> {
  const all = JSON.parse(await cachedSitesJson(db)) as Site[];
  return filterSites(all, exportFilters(query));
}

/**
 * The CSV export streamed from the cached sites list (docs/product.md R709): the header, then each run
 * of the list as the cache assembled it (10 to 250 sites) parsed, filtered and written as its lines,
 * the next run read only when the reader has taken the previous one. Beyond the cached list itself,
 * the memory is one run's sites and the stream's buffer, whatever the directory's size; the bytes are
 * those `sitesCsv` gives for the same sites.
 */
export function sitesCsvStream(
  list: CachedResponse,
  query: Record<string, unknown>,
  timeZone?: string,
): Readable {
  const filters = exportFilters(query);
  const { raw, runs } = list;
  async function* pieces() {
    yield csvHead();
    if (!runs) {
      yield csvLines(filterSites(JSON.parse(raw.toString()) as Site[], filters), timeZone);
      return;
    }
    for (let i = 0; i < runs.length; i += 2) {
      const sites = JSON.parse(`[${raw.subarray(runs[i], runs[i + 1]).toString()}]`) as Site[];
      const lines = csvLines(filterSites(sites, filters), timeZone);
      if (lines) yield lines;
    }
  }
  return Readable.from(pieces(), { objectMode: false });
}

/** `sites-2026-11-24.csv`: the agency's date, so a folder of exports sorts by day. */
export const exportFilename = (today: string, extension: 'csv' | 'xlsx') => `sites-${today}.${extension}`;

/**
 * The export in `format`, whole; the last confirmation is written as a date in `timeZone` (the
 * agency's). The route streams the CSV (`sitesCsvStream`); the Excel file is built whole, as the
 * spreadsheet library writes a workbook from all its rows at once (its bound: docs/product.md R710).
 */
export async function exportSites(
  db: Db,
  query: Record<string, unknown>,
  format: 'csv' | 'xlsx',
  timeZone?: string,
) {
  const sites = await sitesToExport(db, query);
  return format === 'csv' ? Buffer.from(sitesCsv(sites, timeZone), 'utf8') : sitesXlsx(sites, timeZone);
}
