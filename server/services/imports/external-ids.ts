import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { siteExternalIds } from '#server/db/schema.ts';
import type { StoredRow } from './store.ts';

/**
 * A site's ids in another publisher's data (docs/product.md R640, table `site_external_ids`): looked
 * up before an import's rows are matched, so a row of a source imported before names its site by id,
 * and recorded when the import is committed.
 */

/** The site of each of `ids` that one of `sites` has, for `source`. */
export async function sitesOfExternalIds(
  db: Db,
  source: string,
  ids: readonly string[],
  liveSites: ReadonlySet<number>,
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  // In slices: a parameter list stays far below the databases' limits.
  for (let at = 0; at < ids.length; at += 1000) {
    const rows = await db
      .select({ siteId: siteExternalIds.siteId, externalId: siteExternalIds.externalId })
      .from(siteExternalIds)
      .where(
        and(
          eq(siteExternalIds.source, source),
          inArray(siteExternalIds.externalId, ids.slice(at, at + 1000)),
        ),
      );
    for (const row of rows) if (liveSites.has(row.siteId)) found.set(row.externalId, row.siteId);
  }
  return found;
}

/** Records the external id of every committed row that has one (the site it names now wins). */
export async function recordExternalIds(
  tx: Db,
  stored: readonly StoredRow[],
  created: ReadonlyMap<StoredRow, number>,
): Promise<void> {
  for (const entry of stored) {
    if (!entry.external) continue;
    const { preview } = entry;
    const siteId =
      preview.kind === 'new' ? created.get(entry) : 'siteId' in preview ? preview.siteId : undefined;
    if (siteId === undefined) continue;
    await tx
      .insert(siteExternalIds)
      .values({ siteId, source: entry.external.source, externalId: entry.external.id })
      .onConflictDoUpdate({
        target: [siteExternalIds.source, siteExternalIds.externalId],
        set: { siteId: sql`excluded.site_id` },
      });
  }
}
