import { eq, inArray, sql } from 'drizzle-orm';
import { REFERENCE_LIST_NAMES, REFERENCE_LISTS } from '#shared/schemas/reference-lists.ts';
import type { Site, SiteCreate, SiteUpdate } from '#shared/schemas/sites.ts';
import { type CodedFieldError, invalidField } from '#shared/validation.ts';
import { type Db, rowsOf } from '../db/client.ts';
import { REFERENCE_TABLES } from '../db/reference-tables.ts';
import { closureSites, siteHours, sites, siteTrash } from '../db/schema.ts';
import { removeSiteFromClosures } from './closures.ts';
import { contactEmailChanged, revokeContactLinks } from './contact-links.ts';
import { directoryWrite } from './directory-changes.ts';
import { DuplicateSiteError, findDuplicateSites } from './duplicates.ts';
import { ConflictError, NotFoundError, ValidationError } from './errors.ts';
import { diff, type HistoryAction, type HistoryOrigin, recordHistory } from './history.ts';
import { ownMenusOf } from './menus.ts';
import { getSite } from './site-reads.ts';

/*
 * Writing sites: create, update and delete in one transaction each, with their links, history and
 * the "directory changed" signal (directoryWrite). Reading them is in site-reads.ts.
 */

type SiteFields = Partial<SiteCreate>;

/** How a write is recorded in the history: its action (the write's own by default) and where it came from (R560). */
export type Recorded = HistoryOrigin & { action?: HistoryAction };
const FROM_FORM: Recorded = { source: 'form' };

function columns(input: SiteFields) {
  const out: Partial<typeof sites.$inferInsert> = {};
  for (const key of [
    'name',
    'translations',
    'address',
    'phoneNumber',
    'phoneExtension',
    'email',
    'website',
    'lat',
    'lng',
    'facts',
  ] as const) {
    if (input[key] !== undefined) (out as Record<string, unknown>)[key] = input[key];
  }
  return out;
}

/**
 * Replaces the hours and every given list of a site exactly. One statement per list: the insert
 * selects only ids that exist, so a count mismatch names the unknown ids without a second query.
 */
async function replaceLinks(tx: Db, siteId: number, input: SiteFields, replacing: boolean) {
  if (input.Hours !== undefined) {
    if (replacing) await tx.delete(siteHours).where(eq(siteHours.siteId, siteId));
    if (input.Hours.length) await tx.insert(siteHours).values(input.Hours.map((h) => ({ siteId, ...h })));
  }
  const errors: CodedFieldError[] = [];
  for (const list of REFERENCE_LIST_NAMES) {
    const ids = input[REFERENCE_LISTS[list].idsKey];
    if (ids === undefined) continue;
    const { link, sqlTable, sqlLink, itemColumn } = REFERENCE_TABLES[list];
    if (replacing) await tx.delete(link).where(eq(link.siteId, siteId));
    if (!ids.length) continue;
    const result = await tx.execute(
      sql`insert into ${sql.raw(sqlLink)} (site_id, ${sql.raw(itemColumn)})
          select ${siteId}, i.id from ${sql.raw(sqlTable)} i where i.id = any(${sql.param(ids)}::int[])
          returning ${sql.raw(itemColumn)} as item_id`,
    );
    const inserted = rowsOf<{ item_id: number }>(result);
    if (inserted.length !== ids.length) {
      const found = new Set(inserted.map((r) => Number(r.item_id)));
      const missing = ids.filter((id) => !found.has(id));
      errors.push(invalidField(REFERENCE_LISTS[list].idsKey, 'unknown_ids', { ids: missing }));
    }
  }
  if (errors.length) throw new ValidationError(errors);
}

/** The fields compared for history: plain values and the ids/hours as they were written. */
export function snapshot(site: Site) {
  const { version: _v, updatedAt: _u, confirmedAt: _c, geocodeWarning: _g, ...rest } = site;
  return rest as Record<string, unknown>;
}

/**
 * Refuses a write that would make the site look like another one (docs/product.md R177) unless the
 * caller confirmed it. Writes of sites are serialised on one advisory lock while checked, so two
 * clerks adding the same place at the same moment cannot both pass.
 */
async function refuseDuplicate(
  tx: Db,
  facts: {
    name: string;
    address: string;
    phoneNumber?: string | null;
    lat?: number | null;
    lng?: number | null;
  },
  confirmed: boolean | undefined,
  exceptId?: number,
) {
  if (confirmed) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sites:duplicates'))`);
  const candidates = await findDuplicateSites(tx, facts, exceptId);
  if (candidates.length) throw new DuplicateSiteError(candidates);
}

export async function createSite(
  db: Db,
  input: SiteCreate,
  userId: number | null,
  recorded: Recorded = FROM_FORM,
): Promise<Site> {
  return directoryWrite(db, async (tx) => {
    await refuseDuplicate(tx, input, input.confirmDuplicate);
    return insertSite(tx, input, userId, { action: 'create', ...recorded });
  });
}

/**
 * Inserts a site with its hours and lists and records it in the history, inside the caller's
 * transaction: a new site, or (with `restored`) a site back from the trash under its old id and with
 * its last confirmation (docs/product.md R554).
 */
export async function insertSite(
  tx: Db,
  input: SiteCreate,
  userId: number | null,
  recorded: Recorded & { action: HistoryAction },
  restored?: { id: number; confirmedAt: Date | null },
): Promise<Site> {
  const [row] = await tx
    .insert(sites)
    .values({ ...(columns(input) as typeof sites.$inferInsert), ...restored, updatedBy: userId })
    .returning({ id: sites.id });
  await replaceLinks(tx, row!.id, input, false);
  const site = await getSite(tx, row!.id);
  await recordHistory(tx, {
    entity: 'site',
    entityId: site.id,
    action: recorded.action,
    source: recorded.source,
    userId,
    changes: snapshot(site),
  });
  return site;
}

/**
 * `note`: what the history entry should say besides the changed fields (a proposal applied: its id and
 * who applied it, docs/product.md R594), kept in the entry's changes under keys starting with '@'.
 */
export async function updateSite(
  db: Db,
  id: number,
  input: SiteUpdate,
  userId: number | null,
  recorded: Recorded = FROM_FORM,
  note?: Record<`@${string}`, unknown>,
): Promise<Site> {
  return directoryWrite(db, async (tx) => {
    const [current] = await tx
      .select({ version: sites.version })
      .from(sites)
      .where(eq(sites.id, id))
      .for('update');
    if (!current) throw new NotFoundError();
    const before = await getSite(tx, id);
    if (input.version !== undefined && input.version !== current.version) throw new ConflictError(before);
    // Only a change to what the rule compares is checked: a site saved as a confirmed duplicate
    // earlier is not asked about again when its hours or lists change (docs/product.md R177).
    const pick = <T>(given: T | undefined, stored: T) => (given === undefined ? stored : given);
    const facts = {
      name: pick(input.name, before.name),
      address: pick(input.address, before.address),
      phoneNumber: pick(input.phoneNumber, before.phoneNumber || null),
      lat: pick(input.lat, before.lat),
      lng: pick(input.lng, before.lng),
    };
    if (
      facts.name !== before.name ||
      facts.address !== before.address ||
      (facts.phoneNumber ?? '') !== before.phoneNumber ||
      facts.lat !== before.lat ||
      facts.lng !== before.lng
    ) {
      await refuseDuplicate(tx, facts, input.confirmDuplicate, id);
    }
    await tx
      .update(sites)
      .set({
        ...columns(input),
        updatedBy: userId,
        updatedAt: new Date(),
        version: sql`${sites.version} + 1`,
      })
      .where(eq(sites.id, id));
    await replaceLinks(tx, id, input, true);
    // A link sent to the old contact address no longer speaks for the site (R345).
    if (contactEmailChanged(input.email, before.email)) await revokeContactLinks(tx, id);
    const after = await getSite(tx, id);
    await recordHistory(tx, {
      entity: 'site',
      entityId: id,
      action: recorded.action ?? 'update',
      source: recorded.source,
      restoredFrom: recorded.restoredFrom,
      userId,
      changes: { ...diff(snapshot(before), snapshot(after)), ...note },
    });
    return after;
  });
}

export async function deleteSite(db: Db, id: number, userId: number | null, version?: number): Promise<void> {
  await directoryWrite(db, async (tx) => {
    const before = await getSite(tx, id);
    if (version !== undefined && version !== before.version) throw new ConflictError(before);
    // Into the trash first, with the closures that covered it, so it can be restored (R553).
    const covering = await tx
      .select({ id: closureSites.closureId })
      .from(closureSites)
      .where(eq(closureSites.siteId, id));
    const trashed = {
      snapshot: before,
      closureIds: covering.map((c) => c.id),
      // Its own menus too, which go with the row (R697).
      menus: await ownMenusOf(tx, id),
      deletedBy: userId,
      deletedAt: new Date(),
    };
    await tx
      .insert(siteTrash)
      .values({ id, ...trashed })
      .onConflictDoUpdate({ target: siteTrash.id, set: trashed });
    await removeSiteFromClosures(tx, id, userId);
    await tx.delete(sites).where(eq(sites.id, id));
    await recordHistory(tx, {
      entity: 'site',
      entityId: id,
      action: 'delete',
      source: 'form',
      userId,
      changes: snapshot(before),
    });
  });
}

/** Current address and coordinates, to decide whether a write needs geocoding. */
export async function siteLocation(db: Db, id: number) {
  const [row] = await db
    .select({ address: sites.address, lat: sites.lat, lng: sites.lng })
    .from(sites)
    .where(inArray(sites.id, [id]));
  return row;
}
