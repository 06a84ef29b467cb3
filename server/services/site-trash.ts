import { desc, eq, lt, sql } from 'drizzle-orm';
import { REFERENCE_LIST_NAMES, REFERENCE_LISTS } from '#shared/schemas/reference-lists.ts';
import type { RestoredSite, TrashedSite } from '#shared/schemas/site-trash.ts';
import { TRASH_CODES } from '#shared/schemas/site-trash.ts';
import { type Site, SiteCreateSchema } from '#shared/schemas/sites.ts';
import { codeOfIssue } from '#shared/validation.ts';
import { type Db, rowsOf } from '../db/client.ts';
import { REFERENCE_TABLES } from '../db/reference-tables.ts';
import { deletedSites, siteRedirects, sites, siteTrash, users } from '../db/schema.ts';
import { returnSiteToClosures } from './closures.ts';
import { directoryWrite } from './directory-changes.ts';
import { HttpError, ValidationError } from './errors.ts';
import { restoreOwnMenus } from './menus.ts';
import { insertSite } from './sites.ts';

/*
 * The trash of deleted sites (docs/product.md R553–R554): `deleteSite` (sites.ts) keeps the site's
 * answer here before its row goes; staff list it, restore a site under its old id, or empty it.
 * Entries older than TRASH_DAYS are purged whenever the trash is read or a site restored; `now` is
 * the caller's, so tests can move the clock.
 */

/** How long a deleted site can be restored; the feed lists it as defunct for as long (DEFUNCT_DAYS). */
export const TRASH_DAYS = 90;

/** Removes the entries deleted more than TRASH_DAYS before `now`; answers how many went. */
export async function purgeTrash(db: Db, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - TRASH_DAYS * 86_400_000);
  const gone = await db
    .delete(siteTrash)
    .where(lt(siteTrash.deletedAt, cutoff))
    .returning({ id: siteTrash.id });
  return gone.length;
}

/** The trash, newest first, after purging what is too old. */
export async function listTrash(db: Db, now: Date = new Date()): Promise<TrashedSite[]> {
  await purgeTrash(db, now);
  const rows = await db
    .select({
      id: siteTrash.id,
      snapshot: siteTrash.snapshot,
      deletedAt: siteTrash.deletedAt,
      deletedBy: siteTrash.deletedBy,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(siteTrash)
    .leftJoin(users, eq(users.id, siteTrash.deletedBy))
    .orderBy(desc(siteTrash.deletedAt), desc(siteTrash.id));
  return rows.map((row) => {
    const site = row.snapshot as Pick<Site, 'name' | 'address'>;
    return {
      id: row.id,
      name: site.name,
      address: site.address,
      deletedAt: row.deletedAt.toISOString(),
      deletedBy: row.deletedBy
        ? { id: row.deletedBy, firstName: row.firstName ?? '', lastName: row.lastName ?? '' }
        : null,
    };
  });
}

/** Empties the trash (administrators); answers how many sites were removed for good. */
export async function emptyTrash(db: Db): Promise<number> {
  const gone = await db.delete(siteTrash).returning({ id: siteTrash.id });
  return gone.length;
}

/** The ids of one list's items that still exist, among `ids`. */
export async function existingItems(tx: Db, list: (typeof REFERENCE_LIST_NAMES)[number], ids: number[]) {
  if (!ids.length) return new Set<number>();
  const { sqlTable } = REFERENCE_TABLES[list];
  const result = await tx.execute(
    sql`select i.id from ${sql.raw(sqlTable)} i where i.id = any(${sql.param(ids)}::int[])`,
  );
  return new Set(rowsOf<{ id: number }>(result).map((r) => Number(r.id)));
}

/**
 * The save body of a trashed site, checked by the create schema like any save; the list items deleted
 * since it went are left out and named in `leftOut`. A duplicate is not asked about: it was a site.
 */
async function restoreBody(tx: Db, site: Site) {
  const leftOut: RestoredSite['leftOut']['items'] = [];
  const body: Record<string, unknown> = {
    name: site.name,
    translations: site.translations,
    address: site.address,
    phoneNumber: site.phoneNumber,
    phoneExtension: site.phoneExtension,
    email: site.email,
    website: site.website,
    lat: site.lat,
    lng: site.lng,
    Hours: site.Hours,
    facts: site.facts,
    confirmDuplicate: true,
  };
  for (const list of REFERENCE_LIST_NAMES) {
    const { idsKey, siteKey } = REFERENCE_LISTS[list];
    const ids = ((site[siteKey] ?? []) as { id: number }[]).map((item) => item.id);
    const found = await existingItems(tx, list, ids);
    body[idsKey] = ids.filter((id) => found.has(id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) leftOut.push({ list, ids: missing });
  }
  const parsed = SiteCreateSchema.safeParse(body);
  if (!parsed.success) {
    throw new ValidationError(
      parsed.error.issues.map((issue) => ({
        path: issue.path.join('.') || 'body',
        message: issue.message,
        ...codeOfIssue((issue as { params?: unknown }).params),
      })),
    );
  }
  return { input: parsed.data, leftOut };
}

/**
 * Brings a trashed site back under its old id, with its hours, lists and closures where they still
 * exist; removes its tombstone so the feed lists it again, and records 'restore' in its history.
 * 404 `not_in_trash` when it is not in the trash (or was purged), 409 `site_exists` when a site with
 * that id exists.
 */
export async function restoreSite(
  db: Db,
  id: number,
  userId: number | null,
  now: Date = new Date(),
): Promise<RestoredSite> {
  // Purged on its own, so a refused restore still leaves the trash purged.
  await purgeTrash(db, now);
  return directoryWrite(db, async (tx) => {
    const [entry] = await tx.select().from(siteTrash).where(eq(siteTrash.id, id)).for('update');
    if (!entry) throw new HttpError(404, 'This site is not in the trash.', { code: TRASH_CODES.notInTrash });
    const [live] = await tx.select({ id: sites.id }).from(sites).where(eq(sites.id, id));
    if (live) throw new HttpError(409, 'A site with this id exists.', { code: TRASH_CODES.siteExists });
    const trashed = entry.snapshot as Site;
    const { input, leftOut } = await restoreBody(tx, trashed);
    const confirmedAt = trashed.confirmedAt ? new Date(trashed.confirmedAt) : null;
    const site = await insertSite(
      tx,
      input,
      userId,
      { action: 'restore', source: 'trash' },
      { id, confirmedAt },
    );
    const goneClosures = await returnSiteToClosures(tx, id, entry.closureIds, userId);
    // Its own menus come back with it (R697), but for meal types deleted since.
    await restoreOwnMenus(tx, id, entry.menus ?? [], userId);
    await tx.delete(deletedSites).where(eq(deletedSites.id, id));
    await tx.delete(siteTrash).where(eq(siteTrash.id, id));
    // A site merged into another and restored is itself again: its old id no longer leads away (R576).
    await tx.delete(siteRedirects).where(eq(siteRedirects.fromId, id));
    return { site, leftOut: { items: leftOut, closureIds: goneClosures } };
  });
}
