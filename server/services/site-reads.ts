import { type SQL, sql } from 'drizzle-orm';
import { REFERENCE_LIST_NAMES, REFERENCE_LISTS } from '#shared/schemas/reference-lists.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { type Db, rowsOf } from '../db/client.ts';
import { REFERENCE_TABLES } from '../db/reference-tables.ts';
import { NotFoundError } from './errors.ts';
import { jsonArrayBody, type PreparedBody } from './response-cache.ts';

/*
 * Reading sites as the API answers them: one statement per site or per chunk of the list, built in
 * SQL (json_build_object), and the whole list in chunks that leave the event loop free between them.
 * The writes are in sites.ts.
 */

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
  'id', s.id, 'name', s.name, 'translations', s.translations, 'address', s.address, 'phoneNumber', coalesce(s.phone_number, ''), 'phoneExtension', s.phone_extension, 'email', s.email,
  'website', s.website, 'lat', s.lat, 'lng', s.lng,
  'Hours', coalesce((select json_agg(json_strip_nulls(json_build_object('day', h.day, 'open', h.open,
    'close', h.close, 'weeks', h.weeks)) order by h.day, h.open, h.close)
    from site_hours h where h.site_id = s.id), '[]'::json),
  ${REFERENCE_LIST_NAMES.map((list) => `'${REFERENCE_LISTS[list].siteKey}', ${listColumn(list)}`).join(',\n  ')},
  'facts', s.facts,
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
 * each statement so that one (the statement and compacting its rows) takes about CHUNK_TARGET_MS,
 * between MIN_CHUNK and MAX_CHUNK sites. The target leaves room for a machine several times busier
 * than the one it was measured on before a chunk holds the process for 100 ms (docs/product.md R460).
 */
const FIRST_CHUNK = 50;
const MIN_CHUNK = 10;
const MAX_CHUNK = 250;
const CHUNK_TARGET_MS = 10;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The list in the order of `listSitesJson`, each site as compact JSON, handed to `onChunk` one chunk at
 * a time. Built in chunks, one statement each, giving the event loop back after each chunk: the
 * embedded database runs its queries on the main thread, and one statement for 10,000 sites would hold
 * every other request (health checks included) for seconds. The chunk size follows the measured time
 * per chunk, so a chunk takes about CHUNK_TARGET_MS however fast the machine is
 * (docs/decisions/036-a-cache-that-cannot-go-deaf.md). One read-only repeatable-read transaction, so
 * the chunks are one consistent snapshot. PostgreSQL's json output puts spaces around every separator
 * (about 12 % of the bytes); each site is re-serialised once per change to remove them.
 */
export async function eachSitesChunk(
  db: Db,
  onChunk: (sites: string[]) => void,
  pause: () => Promise<void> = yieldToEventLoop,
): Promise<void> {
  await db.transaction(
    async (tx) => {
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
        if (rows.length > 0) onChunk(rows.map((row) => JSON.stringify(JSON.parse(row.json))));
        const last = rows.at(-1);
        if (!last || rows.length < size) break;
        after = { name: last.name, id: Number(last.id) };
        const elapsed = Math.max(1, performance.now() - started);
        size = Math.max(MIN_CHUNK, Math.min(MAX_CHUNK, Math.round((size * CHUNK_TARGET_MS) / elapsed)));
        await pause();
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The whole list as compact JSON text, built in chunks (`eachSitesChunk`): for imports and exports. */
export async function cachedSitesJson(db: Db): Promise<string> {
  const parts: string[] = [];
  await eachSitesChunk(db, (sites) => parts.push(...sites));
  return `[${parts.join(',')}]`;
}

/**
 * The list as the response cache keeps it: its bytes and ETag assembled chunk by chunk as the chunks
 * come, so no step after the last chunk touches the whole answer (megabytes at 10,000 sites) at once.
 */
export async function sitesListBody(db: Db): Promise<PreparedBody> {
  const body = jsonArrayBody();
  await eachSitesChunk(db, (sites) => body.append(sites));
  return body.finishInSteps(yieldToEventLoop);
}

export async function getSiteJson(db: Db, id: number): Promise<string> {
  const json = await selectJson(db, sql`where s.id = ${id}`);
  if (json === '[]') throw new NotFoundError();
  return JSON.stringify(JSON.parse(json)[0]);
}

export async function getSite(db: Db, id: number): Promise<Site> {
  return JSON.parse(await getSiteJson(db, id)) as Site;
}
