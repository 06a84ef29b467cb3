import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { REFERENCE_LIST_NAMES, REFERENCE_LISTS } from '#shared/schemas/reference-lists.ts';
import type { Site, SiteCreate, SiteUpdate } from '#shared/schemas/sites.ts';
import { type CodedFieldError, invalidField } from '#shared/validation.ts';
import { type Db, rowsOf } from '../db/client.ts';
import { REFERENCE_TABLES } from '../db/reference-tables.ts';
import { siteHours, sites } from '../db/schema.ts';
import { removeSiteFromClosures } from './closures.ts';
import { contactEmailChanged, revokeContactLinks } from './contact-links.ts';
import { DuplicateSiteError, findDuplicateSites } from './duplicates.ts';
import { ConflictError, NotFoundError, ValidationError } from './errors.ts';
import { diff, type HistoryAction, recordHistory } from './history.ts';

/**
 * A site without a phone is answered with phoneNumber "" (never null): the API has always answered a
 * string there, and clients written against it (the previous app's map popup) break on null.
 */

/**
 * An interval's `weeks` is answered only when set (json_strip_nulls drops a null one): `{day, open,
 * close}` stays the whole answer for an interval that applies every week.
 */

/**
 * One correlated json_agg per list: the whole site, lists and hours come back in a single statement.
 * Each item carries its `translations` (jsonb, `{}` when none), so showing a site in Spanish or
 * Chinese needs no other query.
 */
function listColumn(list: (typeof REFERENCE_LIST_NAMES)[number]) {
  const { sqlTable, sqlLink, itemColumn } = REFERENCE_TABLES[list];
  const { contact, closesSite } = REFERENCE_LISTS[list];
  const fields = contact
    ? `'id', i.id, 'name', i.name, 'translations', i.translations, 'phoneNumber', i.phone_number, 'email', i.email, 'website', i.website`
    : closesSite
      ? `'id', i.id, 'name', i.name, 'translations', i.translations, 'closesSite', i.closes_site`
      : `'id', i.id, 'name', i.name, 'translations', i.translations`;
  return `coalesce((select json_agg(json_build_object(${fields}) order by i.name, i.id)
    from ${sqlLink} l join ${sqlTable} i on i.id = l.${itemColumn} where l.site_id = s.id), '[]'::json)`;
}

const SITE_JSON = `json_build_object(
  'id', s.id, 'name', s.name, 'translations', s.translations, 'address', s.address, 'phoneNumber', coalesce(s.phone_number, ''), 'email', s.email,
  'website', s.website, 'lat', s.lat, 'lng', s.lng,
  'Hours', coalesce((select json_agg(json_strip_nulls(json_build_object('day', h.day, 'open', h.open,
    'close', h.close, 'weeks', h.weeks)) order by h.day, h.open, h.close)
    from site_hours h where h.site_id = s.id), '[]'::json),
  ${REFERENCE_LIST_NAMES.map((list) => `'${REFERENCE_LISTS[list].siteKey}', ${listColumn(list)}`).join(',\n  ')},
  'version', s.version,
  'updatedAt', to_char(s.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'confirmedAt', to_char(s.confirmed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;

async function selectJson(db: Db, where: SQL): Promise<string> {
  const result = await db.execute(
    sql`select coalesce(json_agg(${sql.raw(SITE_JSON)} order by s.name, s.id), '[]'::json)::text as json from sites s ${where}`,
  );
  return rowsOf<{ json: string }>(result)[0]?.json ?? '[]';
}

/**
 * The whole list as JSON text in one statement: what `cachedSitesJson` builds in chunks (its tests
 * compare the two).
 */
export function listSitesJson(db: Db): Promise<string> {
  return selectJson(db, sql``);
}

/**
 * How many sites one statement of the list build reads: it starts at FIRST_CHUNK and is adjusted after
 * each statement so that one takes about CHUNK_TARGET_MS (between MIN_CHUNK and MAX_CHUNK sites).
 */
const FIRST_CHUNK = 100;
const MIN_CHUNK = 10;
const MAX_CHUNK = 1000;
const CHUNK_TARGET_MS = 30;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The list as compact JSON for the response cache, in the order of `listSitesJson`. Built in chunks,
 * one statement each, giving the event loop back between them: the embedded database runs its queries
 * on the main thread, and one statement for 10,000 sites would hold every other request (health
 * checks included) for seconds. The chunk size follows the measured time per statement, so a chunk
 * takes about CHUNK_TARGET_MS however fast the machine is (docs/decisions/036-a-cache-that-cannot-go-deaf.md).
 * One read-only repeatable-read transaction, so the chunks are one consistent snapshot. PostgreSQL's
 * json output puts spaces around every separator (about 12 % of the bytes); each site is
 * re-serialised once per change to remove them.
 */
export async function cachedSitesJson(db: Db): Promise<string> {
  return db.transaction(
    async (tx) => {
      const parts: string[] = [];
      let after: { name: string; id: number } | undefined;
      let size = FIRST_CHUNK;
      for (;;) {
        const started = performance.now();
        const result = await tx.execute(
          sql`select ${sql.raw(SITE_JSON)}::text as json, k.name, k.id
              from (select id, name from sites
                    ${after ? sql`where (name, id) > (${after.name}, ${after.id}::int)` : sql``}
                    order by name, id limit ${size}) k
              join sites s on s.id = k.id
              order by k.name, k.id`,
        );
        const rows = rowsOf<{ json: string; name: string; id: number }>(result);
        for (const row of rows) parts.push(JSON.stringify(JSON.parse(row.json)));
        const last = rows.at(-1);
        if (!last || rows.length < size) break;
        after = { name: last.name, id: Number(last.id) };
        const elapsed = Math.max(1, performance.now() - started);
        size = Math.max(MIN_CHUNK, Math.min(MAX_CHUNK, Math.round((size * CHUNK_TARGET_MS) / elapsed)));
        await yieldToEventLoop();
      }
      return `[${parts.join(',')}]`;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

export async function getSiteJson(db: Db, id: number): Promise<string> {
  const json = await selectJson(db, sql`where s.id = ${id}`);
  if (json === '[]') throw new NotFoundError();
  return JSON.stringify(JSON.parse(json)[0]);
}

export async function getSite(db: Db, id: number): Promise<Site> {
  return JSON.parse(await getSiteJson(db, id)) as Site;
}

type SiteFields = Partial<SiteCreate>;

function columns(input: SiteFields) {
  const out: Partial<typeof sites.$inferInsert> = {};
  for (const key of [
    'name',
    'translations',
    'address',
    'phoneNumber',
    'email',
    'website',
    'lat',
    'lng',
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
function snapshot(site: Site) {
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
  action: HistoryAction = 'create',
): Promise<Site> {
  return db.transaction(async (tx) => {
    await refuseDuplicate(tx, input, input.confirmDuplicate);
    const [row] = await tx
      .insert(sites)
      .values({ ...(columns(input) as typeof sites.$inferInsert), updatedBy: userId })
      .returning({ id: sites.id });
    await replaceLinks(tx, row!.id, input, false);
    const site = await getSite(tx, row!.id);
    await recordHistory(tx, {
      entity: 'site',
      entityId: site.id,
      action,
      userId,
      changes: snapshot(site),
    });
    return site;
  });
}

export async function updateSite(
  db: Db,
  id: number,
  input: SiteUpdate,
  userId: number | null,
  action: HistoryAction = 'update',
): Promise<Site> {
  return db.transaction(async (tx) => {
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
      action,
      userId,
      changes: diff(snapshot(before), snapshot(after)),
    });
    return after;
  });
}

export async function deleteSite(db: Db, id: number, userId: number | null, version?: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await getSite(tx, id);
    if (version !== undefined && version !== before.version) throw new ConflictError(before);
    await removeSiteFromClosures(tx, id, userId);
    await tx.delete(sites).where(eq(sites.id, id));
    await recordHistory(tx, {
      entity: 'site',
      entityId: id,
      action: 'delete',
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
