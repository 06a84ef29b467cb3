/**
 * An HSDS 3.0 source brought in through the sheet import's preview (docs/product.md R640–R649): its
 * services converted to the importer's rows (convert.ts), the rows of services imported before given
 * their site's id (site_external_ids), then `previewImport` as for a sheet, with the source's ids kept
 * for the commit and what could not be mapped listed.
 */
import type { Db } from '#server/db/client.ts';
import { sites } from '#server/db/schema.ts';
import { IMPORT_LIMITS, type ImportPreview } from '#shared/imports.ts';
import { sitesOfExternalIds } from '../imports/external-ids.ts';
import { type PreviewOptions, previewImport } from '../imports/preview.ts';
import { ImportError } from '../spreadsheets/errors.ts';
import { convertSource } from './convert.ts';
import type { SourceData } from './source.ts';

export interface HsdsSourceOf {
  /** Names the source of the ids: `package:<homepage or name>` or `api:<base>`. */
  key: string;
  /** Addresses of the publisher's own pages (a service `url` there is not the site's website). */
  publisherPages: string[];
}

/** The source key and publisher pages of a package. */
export function packageSource(data: SourceData): HsdsSourceOf {
  const homepage = data.homepage?.trim().replace(/\/+$/, '');
  return {
    key: `package:${homepage || data.name?.trim() || 'datapackage'}`,
    publisherPages: homepage && /^https?:\/\//i.test(homepage) ? [homepage] : [],
  };
}

/** The source key and publisher pages of an API at `base`. */
export function apiSource(base: string): HsdsSourceOf {
  let origin: string[] = [];
  try {
    origin = [new URL(base).origin];
  } catch {}
  return { key: `api:${base}`, publisherPages: origin };
}

/** The preview of an HSDS source, in the sheet import's shape with `unmapped`. */
export async function previewHsds(
  db: Db,
  data: SourceData,
  source: HsdsSourceOf,
  options: PreviewOptions,
): Promise<ImportPreview> {
  const { table, externalIds, unmapped } = convertSource(data, { publisherPages: source.publisherPages });
  if (!table.rows.length) throw new ImportError(422, 'no_rows');
  if (table.rows.length > IMPORT_LIMITS.maxRows)
    throw new ImportError(422, 'too_many_rows', { max: IMPORT_LIMITS.maxRows });
  // A row of a service imported before names its site by id: the preview matches it by id (R640).
  const live = new Set((await db.select({ id: sites.id }).from(sites)).map((site) => site.id));
  const known = await sitesOfExternalIds(db, source.key, [...new Set(externalIds.values())], live);
  for (const row of table.rows) {
    const siteId = known.get(externalIds.get(row.row) ?? '');
    if (siteId !== undefined) row.cells.id = String(siteId);
  }
  const preview = await previewImport(db, table, {
    ...options,
    external: { source: source.key, ids: externalIds },
  });
  return { ...preview, unmapped };
}
