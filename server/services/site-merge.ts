import { and, eq, inArray, sql } from 'drizzle-orm';
import { REFERENCE_LIST_NAMES, REFERENCE_LISTS } from '#shared/reference-lists.ts';
import { type Site, SiteUpdateSchema } from '#shared/schemas/sites.ts';
import { FACTS_ANSWERED_TOGETHER, type SiteFacts } from '#shared/site-facts.ts';
import { invalidField } from '#shared/validation.ts';
import type { Db } from '../db/client.ts';
import { closureSites, notDuplicates, reports, siteExternalIds, siteRedirects, sites } from '../db/schema.ts';
import { directoryWrite } from './directory-changes.ts';
import { ConflictError, NotFoundError, ValidationError } from './errors.ts';
import { recordHistory } from './history.ts';
import { moveOwnMenus } from './menus.ts';
import { getSite } from './site-reads.ts';
import { deleteSite, updateSite } from './sites.ts';

/*
 * What staff decide about a possible duplicate (docs/product.md R575–R576): the pair is not one (it is
 * recorded and no longer flagged, when saving or in the workspace), or one site is merged into the
 * other (its lists, hours, contacts, facts, reports and closures kept by the other; its old address
 * redirected). docs/decisions/057-duplicate-decisions.md.
 */

async function bothSites(tx: Db, siteId: number, otherId: number, field: string) {
  if (siteId === otherId) throw new ValidationError([invalidField(field, 'same_site')]);
  const found = await tx
    .select({ id: sites.id, version: sites.version })
    .from(sites)
    .where(inArray(sites.id, [siteId, otherId]))
    .orderBy(sites.id)
    .for('update');
  if (found.length < 2) throw new NotFoundError();
  return new Map(found.map((row) => [row.id, row.version]));
}

/** Records that two sites are not duplicates; both histories say so. Answers whether it is new. */
export async function markNotDuplicate(db: Db, siteId: number, otherId: number, userId: number) {
  return db.transaction(async (tx) => {
    await bothSites(tx, siteId, otherId, 'otherId');
    const [low, high] = siteId < otherId ? [siteId, otherId] : [otherId, siteId];
    const added = await tx
      .insert(notDuplicates)
      .values({ siteId: low, otherSiteId: high, userId })
      .onConflictDoNothing()
      .returning({ siteId: notDuplicates.siteId });
    if (added.length === 0) return false;
    for (const [entityId, other] of [
      [siteId, otherId],
      [otherId, siteId],
    ] as const) {
      await recordHistory(tx, {
        entity: 'site',
        entityId,
        action: 'not_duplicate',
        source: 'form',
        userId,
        changes: { notDuplicateOf: [null, other] },
      });
    }
    return true;
  });
}

/** Takes back a "not a duplicate" decision: the pair is flagged again if the rule finds it. */
export async function unmarkNotDuplicate(db: Db, siteId: number, otherId: number, userId: number) {
  await db.transaction(async (tx) => {
    const [low, high] = siteId < otherId ? [siteId, otherId] : [otherId, siteId];
    const gone = await tx
      .delete(notDuplicates)
      .where(and(eq(notDuplicates.siteId, low), eq(notDuplicates.otherSiteId, high)))
      .returning({ siteId: notDuplicates.siteId });
    if (gone.length === 0) throw new NotFoundError();
    for (const [entityId, other] of [
      [siteId, otherId],
      [otherId, siteId],
    ] as const) {
      await recordHistory(tx, {
        entity: 'site',
        entityId,
        action: 'not_duplicate',
        source: 'form',
        userId,
        changes: { notDuplicateOf: [other, null] },
      });
    }
  });
}

/**
 * The change that makes `keep` hold what `merged` brings: every list item of either; the hours,
 * phone, e-mail, website and facts of `merged` where `keep` has none. `keep`'s own values win.
 */
export function mergedChange(keep: Site, merged: Site) {
  const change: Record<string, unknown> = { confirmDuplicate: true };
  for (const list of REFERENCE_LIST_NAMES) {
    const { idsKey, siteKey } = REFERENCE_LISTS[list];
    const ids = (site: Site) => (site[siteKey] as { id: number }[]).map((item) => item.id);
    const union = [...new Set([...ids(keep), ...ids(merged)])];
    if (union.length !== ids(keep).length) change[idsKey] = union;
  }
  if (keep.Hours.length === 0 && merged.Hours.length > 0)
    change.Hours = merged.Hours.map(({ day, open, close, weeks }) => ({ day, open, close, weeks }));
  if (!keep.phoneNumber && merged.phoneNumber) {
    change.phoneNumber = merged.phoneNumber;
    change.phoneExtension = merged.phoneExtension;
  }
  if (!keep.email && merged.email) change.email = merged.email;
  if (!keep.website && merged.website) change.website = merged.website;
  const facts = mergedFacts(keep.facts ?? {}, merged.facts ?? {});
  if (JSON.stringify(facts) !== JSON.stringify(keep.facts ?? {})) change.facts = facts;
  return SiteUpdateSchema.parse(change);
}

/** `keep`'s facts, with each of `merged`'s that `keep` has no answer to (a group counted as one). */
export function mergedFacts(keep: SiteFacts, merged: SiteFacts): SiteFacts {
  const facts: Record<string, unknown> = { ...keep };
  for (const [key, value] of Object.entries(merged) as [keyof SiteFacts, unknown][]) {
    if (key in facts) continue;
    const group = FACTS_ANSWERED_TOGETHER.find((members) => members.includes(key));
    if (group?.some((member) => member in keep)) continue;
    facts[key] = value;
  }
  return facts as SiteFacts;
}

/**
 * Merges site `mergedId` into `keepId` (R576), both at the versions staff saw: `keep` gains what
 * `mergedChange` says, the merged site's reports and closures become `keep`'s, the merged site goes
 * to the trash, and its old id (and any id that led to it) leads to `keep`. Answers `keep` as saved.
 */
export async function mergeSites(
  db: Db,
  input: { keepId: number; mergedId: number; keepVersion: number; mergedVersion: number },
  userId: number,
): Promise<Site> {
  const { keepId, mergedId } = input;
  return directoryWrite(db, async (tx) => {
    const versions = await bothSites(tx, keepId, mergedId, 'mergedId');
    const keep = await getSite(tx, keepId);
    const merged = await getSite(tx, mergedId);
    if (versions.get(keepId) !== input.keepVersion) throw new ConflictError(keep);
    if (versions.get(mergedId) !== input.mergedVersion) throw new ConflictError(merged);

    await updateSite(tx, keepId, mergedChange(keep, merged), userId);
    await tx.update(reports).set({ siteId: keepId }).where(eq(reports.siteId, mergedId));
    // Another publisher's ids of the merged site now name the kept one: its next import updates it (R640).
    await tx.update(siteExternalIds).set({ siteId: keepId }).where(eq(siteExternalIds.siteId, mergedId));
    await tx.execute(sql`
      insert into closure_sites (closure_id, site_id)
      select closure_id, ${keepId} from closure_sites where site_id = ${mergedId}
      on conflict do nothing`);
    await tx.delete(closureSites).where(eq(closureSites.siteId, mergedId));
    // Its own menus become the kept site's where that one has none on the date and meal (R698); the
    // rest go to the trash with it.
    await moveOwnMenus(tx, mergedId, keepId);
    await deleteSite(tx, mergedId, userId);
    await tx.update(siteRedirects).set({ toId: keepId }).where(eq(siteRedirects.toId, mergedId));
    await tx
      .insert(siteRedirects)
      .values({ fromId: mergedId, toId: keepId })
      .onConflictDoUpdate({ target: siteRedirects.fromId, set: { toId: keepId } });
    await recordHistory(tx, {
      entity: 'site',
      entityId: keepId,
      action: 'merge',
      source: 'form',
      userId,
      changes: { merged: [null, { id: mergedId, name: merged.name, address: merged.address }] },
    });
    return getSite(tx, keepId);
  });
}

/** Where a merged site's old id leads now, if anywhere. */
export async function redirectOf(db: Db, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ toId: siteRedirects.toId })
    .from(siteRedirects)
    .where(eq(siteRedirects.fromId, id));
  return row?.toId;
}

/**
 * Where a merged site's old id leads, for routes that follow it (the menu routes, R698): the kept
 * site when no site has the id now; undefined for a live site or an id that leads nowhere.
 */
export async function followMerge(db: Db, id: number): Promise<number | undefined> {
  const [live] = await db.select({ id: sites.id }).from(sites).where(eq(sites.id, id));
  return live ? undefined : redirectOf(db, id);
}
