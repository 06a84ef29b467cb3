import { eq, type SQL, sql } from 'drizzle-orm';
import { type HolidayRules, USUAL_HOLIDAY_RULES } from '#shared/holidays.ts';
import type { Closure, ClosureCreate, ClosureUpdate } from '#shared/schemas/closures.ts';
import { invalidField } from '#shared/validation.ts';
import { type Db, rowsOf } from '../db/client.ts';
import { closureSites, closures } from '../db/schema.ts';
import { directoryWrite } from './directory-changes.ts';
import { ConflictError, NotFoundError, ValidationError } from './errors.ts';
import { diff, recordHistory } from './history.ts';
import { holidayClosures } from './holidays.ts';

/** The history's name for closures (GET /api/closures/{id}/history). */
export const CLOSURE_ENTITY = 'closure';

/** One closure as the API answers it, built in SQL like a site: one statement for a whole list. */
const CLOSURE_JSON = `json_build_object(
  'id', c.id, 'startDate', to_char(c.start_date, 'YYYY-MM-DD'), 'endDate', to_char(c.end_date, 'YYYY-MM-DD'),
  'reason', c.reason, 'translations', c.translations, 'allSites', c.all_sites,
  'siteIds', coalesce((select json_agg(cs.site_id order by cs.site_id) from closure_sites cs
    where cs.closure_id = c.id), '[]'::json),
  'version', c.version,
  'updatedAt', to_char(c.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;

async function selectJson(db: Db, where: SQL): Promise<string> {
  const result = await db.execute(
    sql`select coalesce(json_agg(${sql.raw(CLOSURE_JSON)} order by c.start_date, c.id), '[]'::json)::text as json
        from closures c ${where}`,
  );
  // Compact, like the cached sites list: PostgreSQL's json text has spaces around every separator.
  return JSON.stringify(JSON.parse(rowsOf<{ json: string }>(result)[0]?.json ?? '[]'));
}

/**
 * The closures not over on the agency's date `today` ('YYYY-MM-DD'): open-ended ones and those whose
 * last day is today or later, and the agency's holidays of the next twelve months on their observed
 * days (less staff's exemptions: server/services/holidays.ts), by start date. The answer of
 * GET /api/closures, as JSON text: every status, filter, page and feed reads its closures from here.
 */
export async function currentClosuresJson(
  db: Db,
  today: string,
  rules: HolidayRules = USUAL_HOLIDAY_RULES,
): Promise<string> {
  const stored = JSON.parse(
    await selectJson(db, sql`where c.end_date is null or c.end_date >= ${today}::date`),
  ) as Closure[];
  const holidays = await holidayClosures(db, rules, today);
  if (holidays.length === 0) return JSON.stringify(stored);
  // Stable: on one start date, the stored closures (staff's own words) come before the holidays.
  const merged = [...stored, ...holidays].sort((a, b) =>
    a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : 0,
  );
  return JSON.stringify(merged);
}

/** One stored closure, or undefined. */
export async function findClosure(db: Db, id: number): Promise<Closure | undefined> {
  const [closure] = JSON.parse(await selectJson(db, sql`where c.id = ${id}`)) as Closure[];
  return closure;
}

export async function getClosure(db: Db, id: number): Promise<Closure> {
  const closure = await findClosure(db, id);
  if (!closure) throw new NotFoundError();
  return closure;
}

/** The closures of a list that cover one site: its own and every all-sites one. */
export function closuresOfSite(list: readonly Closure[], siteId: number): Closure[] {
  return list.filter((closure) => closure.allSites || closure.siteIds.includes(siteId));
}

/**
 * Links a closure to exactly these sites. One statement: the insert selects only sites that exist, so
 * a count mismatch names the unknown ids (422 unknown_ids on siteIds).
 */
async function linkSites(tx: Db, closureId: number, siteIds: readonly number[]) {
  await tx.delete(closureSites).where(eq(closureSites.closureId, closureId));
  if (!siteIds.length) return;
  const result = await tx.execute(
    sql`insert into closure_sites (closure_id, site_id)
        select ${closureId}, s.id from sites s where s.id = any(${sql.param(siteIds)}::int[])
        returning site_id`,
  );
  const found = new Set(rowsOf<{ site_id: number }>(result).map((row) => Number(row.site_id)));
  const missing = siteIds.filter((id) => !found.has(id));
  if (missing.length) throw new ValidationError([invalidField('siteIds', 'unknown_ids', { ids: missing })]);
}

function snapshot(closure: Closure) {
  const { version: _v, updatedAt: _u, ...rest } = closure;
  return rest as Record<string, unknown>;
}

export async function createClosure(db: Db, input: ClosureCreate, userId: number | null): Promise<Closure> {
  return directoryWrite(db, async (tx) => {
    const allSites = input.allSites === true;
    const [row] = await tx
      .insert(closures)
      .values({
        startDate: input.startDate,
        endDate: input.endDate,
        reason: input.reason,
        translations: input.translations ?? {},
        allSites,
        updatedBy: userId,
      })
      .returning({ id: closures.id });
    if (!allSites) await linkSites(tx, row!.id, input.siteIds ?? []);
    const closure = await getClosure(tx, row!.id);
    await recordHistory(tx, {
      entity: CLOSURE_ENTITY,
      entityId: closure.id,
      action: 'create',
      source: 'form',
      userId,
      changes: snapshot(closure),
    });
    return closure;
  });
}

/**
 * Changes the given fields. The result must still be a closure: its end not before its start (422
 * end_before_start on endDate) and covering some site (422 sites_required on siteIds).
 */
/**
 * Locks a closure's row for the rest of the transaction: 404 when there is none, 409 when `version`
 * is given and is not the stored one (someone saved it since it was read).
 */
async function lockClosure(tx: Db, id: number, version: number | undefined) {
  const [locked] = await tx
    .select({ version: closures.version })
    .from(closures)
    .where(eq(closures.id, id))
    .for('update');
  if (!locked) throw new NotFoundError();
  if (version !== undefined && version !== locked.version) throw new ConflictError(await getClosure(tx, id));
}

export async function updateClosure(
  db: Db,
  id: number,
  input: ClosureUpdate,
  userId: number | null,
): Promise<Closure> {
  return directoryWrite(db, async (tx) => {
    await lockClosure(tx, id, input.version);
    const before = await getClosure(tx, id);

    const startDate = input.startDate ?? before.startDate;
    const endDate = input.endDate === undefined ? before.endDate : input.endDate;
    const allSites = input.allSites ?? (input.siteIds !== undefined ? false : before.allSites);
    const siteIds = allSites ? [] : (input.siteIds ?? before.siteIds);
    const errors = [];
    if (endDate !== null && endDate < startDate) errors.push(invalidField('endDate', 'end_before_start'));
    if (!allSites && siteIds.length === 0) errors.push(invalidField('siteIds', 'sites_required'));
    if (errors.length) throw new ValidationError(errors);

    await tx
      .update(closures)
      .set({
        startDate,
        endDate,
        ...(input.reason !== undefined && { reason: input.reason }),
        ...(input.translations !== undefined && { translations: input.translations }),
        allSites,
        updatedBy: userId,
        updatedAt: new Date(),
        version: sql`${closures.version} + 1`,
      })
      .where(eq(closures.id, id));
    if (allSites !== before.allSites || input.siteIds !== undefined) await linkSites(tx, id, siteIds);
    const after = await getClosure(tx, id);
    await recordHistory(tx, {
      entity: CLOSURE_ENTITY,
      entityId: id,
      action: 'update',
      source: 'form',
      userId,
      changes: diff(snapshot(before), snapshot(after)),
    });
    return after;
  });
}

export async function deleteClosure(db: Db, id: number, userId: number | null, version?: number) {
  await directoryWrite(db, async (tx) => {
    await lockClosure(tx, id, version);
    const before = await getClosure(tx, id);
    await tx.delete(closures).where(eq(closures.id, id));
    await recordHistory(tx, {
      entity: CLOSURE_ENTITY,
      entityId: id,
      action: 'delete',
      source: 'form',
      userId,
      changes: snapshot(before),
    });
  });
}

/**
 * What deleting a site does to closures, inside the site's delete transaction and before the site row
 * goes: the site leaves every closure that named it (recorded in each closure's history), and a
 * closure it was the last site of is deleted, since it no longer closes anything.
 */
export async function removeSiteFromClosures(tx: Db, siteId: number, userId: number | null) {
  const result = await tx.execute(
    sql`select cs.closure_id as id from closure_sites cs where cs.site_id = ${siteId} order by cs.closure_id`,
  );
  for (const { id } of rowsOf<{ id: number }>(result)) {
    const before = await getClosure(tx, Number(id));
    const siteIds = before.siteIds.filter((other) => other !== siteId);
    if (siteIds.length === 0) {
      await tx.delete(closures).where(eq(closures.id, before.id));
      await recordHistory(tx, {
        entity: CLOSURE_ENTITY,
        entityId: before.id,
        action: 'delete',
        source: 'form',
        userId,
        changes: snapshot(before),
      });
      continue;
    }
    await tx.delete(closureSites).where(sql`closure_id = ${before.id} and site_id = ${siteId}`);
    await tx
      .update(closures)
      .set({ updatedBy: userId, updatedAt: new Date(), version: sql`${closures.version} + 1` })
      .where(eq(closures.id, before.id));
    await recordHistory(tx, {
      entity: CLOSURE_ENTITY,
      entityId: before.id,
      action: 'update',
      source: 'form',
      userId,
      changes: { siteIds: [before.siteIds, siteIds] },
    });
  }
}

/**
 * A site restored from the trash goes back into the closures that named it, where they still exist
 * (recorded in each closure's history); answers the ids that no longer exist (docs/product.md R554).
 */
export async function returnSiteToClosures(
  tx: Db,
  siteId: number,
  closureIds: readonly number[],
  userId: number | null,
) {
  const gone: number[] = [];
  for (const id of [...closureIds].sort((a, b) => a - b)) {
    const [found] = await tx.select({ id: closures.id }).from(closures).where(eq(closures.id, id));
    if (!found) {
      gone.push(id);
      continue;
    }
    const before = await getClosure(tx, id);
    await tx.insert(closureSites).values({ closureId: id, siteId }).onConflictDoNothing();
    await tx
      .update(closures)
      .set({ updatedBy: userId, updatedAt: new Date(), version: sql`${closures.version} + 1` })
      .where(eq(closures.id, id));
    const siteIds = [...before.siteIds, siteId].sort((a, b) => a - b);
    await recordHistory(tx, {
      entity: CLOSURE_ENTITY,
      entityId: id,
      action: 'update',
      source: 'trash',
      userId,
      changes: { siteIds: [before.siteIds, siteIds] },
    });
  }
  return gone;
}
