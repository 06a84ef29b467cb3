import { sql } from 'drizzle-orm';
import { addDays, agencyMoment } from '#shared/agency-time.ts';
import { duplicateGroups } from '#shared/duplicates.ts';
import type { HolidayRules } from '#shared/holidays.ts';
import {
  REFERENCE_LIST_NAMES,
  REFERENCE_LISTS,
  type ReferenceListName,
} from '#shared/schemas/reference-lists.ts';
import {
  showFlags,
  type Workspace,
  type WorkspaceSite,
  type WorkspaceSitesPage,
  type WorkspaceSitesQuery,
} from '#shared/schemas/workspace.ts';
import { missingFacts, type SiteFacts } from '#shared/site-facts.ts';
import type { Translations } from '#shared/translations.ts';
import { byWorkspaceOrder, nameKeys, workspaceSelection } from '#shared/workspace-sites.ts';
import { type Db, rowsOf } from '../db/client.ts';
import { REFERENCE_TABLES } from '../db/reference-tables.ts';
import { readDataVersion } from './data-version.ts';
import { notDuplicatePairs, pairKey } from './duplicates.ts';
import { holidayOccurrences } from './holidays.ts';

/** How many days ahead the workspace warns about a holiday whose decision staff have not reviewed. */
export const HOLIDAY_REVIEW_DAYS = 60;

const QUARTER_HOUR = 15 * 60_000;

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

interface SiteRow {
  id: number;
  name: string;
  translations: Translations<'name'> | null;
  address: string;
  phone_number: string | null;
  email: string | null;
  confirmed_at: string | null;
  updated_at: string;
  lat: number | null;
  lng: number | null;
  has_hours: boolean;
  temporarily_closed: boolean;
  facts: SiteFacts | string | null;
}

/**
 * The sites with a list item that closes them (a "Temporarily closed" status), as one set of site ids:
 * over every list the registry marks `closesSite`, with the registry's table names.
 */
function closedSitesSql(): string {
  const lists = REFERENCE_LIST_NAMES.filter((list) => REFERENCE_LISTS[list].closesSite);
  const selects = lists.map((list) => {
    const { table, link, itemColumn } = REFERENCE_LISTS[list].sql;
    return `select l.site_id from ${link} l join ${table} c on c.id = l.${itemColumn} where c.closes_site`;
  });
  return selects.length ? selects.join(' union ') : 'select null::int as site_id where false';
}

/** A site's row with what depends on the directory alone: every flag but open reports and pairs set apart. */
interface DirectoryRow {
  site: Omit<WorkspaceSite, 'openReports' | 'possibleDuplicates'>;
  /** Its possible duplicates by the rule (R177), before the pairs staff marked apart (R575). */
  duplicates: readonly number[];
  /** Its names folded for the name search (R741), once per version. */
  keys: readonly string[];
}

/**
 * Every site with what needs attention from the directory's own tables (sites, hours, closing statuses
 * and facts), in one statement, its possible duplicates worked out in memory by the same rule as
 * writes (R177), by name, and sorted in the workspace's order (R741).
 */
async function directoryRows(db: Db): Promise<DirectoryRow[]> {
  const result = await db.execute(
    sql.raw(`
    select s.id, s.name, s.translations, s.address, s.phone_number, s.email, s.lat, s.lng, s.facts,
      to_char(s.confirmed_at at time zone 'UTC', ${ISO}) as confirmed_at,
      to_char(s.updated_at at time zone 'UTC', ${ISO}) as updated_at,
      hours.site_id is not null as has_hours,
      closed.site_id is not null as temporarily_closed
    from sites s
      -- One pass over each table joined by site, not a lookup per site (R746).
      left join (select distinct site_id from site_hours) hours on hours.site_id = s.id
      left join (${closedSitesSql()}) closed on closed.site_id = s.id
    order by s.name, s.id`),
  );
  const rows = rowsOf<SiteRow>(result);
  const duplicates = duplicateGroups(
    rows.map((row) => ({
      id: row.id,
      name: row.name,
      address: row.address,
      phoneNumber: row.phone_number,
      lat: row.lat,
      lng: row.lng,
    })),
  );
  const directory = rows.map((row) => {
    const translations = row.translations ?? {};
    return {
      site: {
        id: row.id,
        name: row.name,
        translations,
        address: row.address,
        phoneNumber: row.phone_number ?? '',
        email: row.email,
        confirmedAt: row.confirmed_at,
        updatedAt: row.updated_at,
        hasPosition: row.lat !== null && row.lng !== null,
        hasHours: Boolean(row.has_hours),
        temporarilyClosed: Boolean(row.temporarily_closed),
        missingFacts: missingFacts(typeof row.facts === 'string' ? JSON.parse(row.facts) : row.facts),
      },
      duplicates: duplicates.get(row.id) ?? [],
      keys: nameKeys(row.name, translations),
    };
  });
  // The database's collation is not the workspace's order: sorted once here, by the code's (R741).
  return directory.sort((a, b) => byWorkspaceOrder(a.site, b.site));
}

/** The workspace's sites as of one directory version, with what the answers made from them reuse. */
export interface WorkspaceSites {
  /** Every site with its flags, in the workspace's order (R741). */
  sites: WorkspaceSite[];
  /** Each site's names folded for the name search, by the sites' positions. */
  keys: readonly (readonly string[])[];
  /** Each site's name by id. */
  names: ReadonlyMap<number, string>;
}

interface Memo {
  /** The directory's version the rows were read at (services/data-version.ts). */
  version: string;
  rows: Promise<DirectoryRow[]>;
  /** The whole answer for one set of open reports and pairs set apart (their text), while they last. */
  answer?: { key: string; value: WorkspaceSites };
}

/** One memo per database: the rows of the last directory version read (R726). */
const memos = new WeakMap<Db, Memo>();

/**
 * Every site with what needs attention (docs/product.md R182), in the workspace's order. The part
 * that depends on the directory (its rows, duplicates by the rule, missing facts, folded names) is
 * read once per directory version (the token every committed write to the sites, their hours, lists
 * and statuses changes, in the same transaction) and kept; open reports and the pairs staff marked
 * apart, which are not the directory's, are read on every call (two small reads) and joined (R726).
 */
export async function workspaceSites(db: Db): Promise<WorkspaceSites> {
  // The version first: rows read after it are at least as new, so a memo is never older than its version.
  const version = await readDataVersion(db);
  let memo = memos.get(db);
  if (memo?.version !== version) {
    const fresh: Memo = { version, rows: directoryRows(db) };
    memo = fresh;
    memos.set(db, fresh);
    fresh.rows.catch(() => {
      if (memos.get(db) === fresh) memos.delete(db);
    });
  }
  const current = memo;
  const reported = rowsOf<{ site_id: number; n: number | string }>(
    await db.execute(
      sql.raw(`select site_id, count(*)::int as n from reports where status in ('new', 'in-progress')
        group by site_id order by site_id`),
    ),
  );
  // Pairs staff marked "not a duplicate" are no longer flagged (R575).
  const apart = await notDuplicatePairs(db);
  const rows = await current.rows;
  const key = `${reported.map((row) => `${row.site_id}:${row.n}`).join(',')}|${[...apart].sort().join(',')}`;
  if (current.answer?.key === key) return current.answer.value;
  const open = new Map(reported.map((row) => [Number(row.site_id), Number(row.n)]));
  const value: WorkspaceSites = {
    sites: rows.map(({ site, duplicates }) => ({
      ...site,
      openReports: open.get(site.id) ?? 0,
      possibleDuplicates: apart.size
        ? duplicates.filter((other) => !apart.has(pairKey(site.id, other)))
        : [...duplicates],
    })),
    keys: rows.map((row) => row.keys),
    names: new Map(rows.map(({ site }) => [site.id, site.name])),
  };
  current.answer = { key, value };
  return value;
}

/**
 * One page of the workspace's sites (docs/product.md R740–R743): the sites the name search and the
 * "show only" flags leave, by the shared rules the screen used to run itself, with the total, the
 * count per flag and the names of the page's possible duplicates. Linear in the number of sites
 * whatever the query; the answer holds at most one page.
 */
export async function workspaceSitesPage(
  db: Db,
  query: WorkspaceSitesQuery,
  clock: { today: string; timeZone: string; staleAfterDays: number },
): Promise<WorkspaceSitesPage> {
  const { sites, keys, names: nameOf } = await workspaceSites(db);
  const days = query.days ?? clock.staleAfterDays;
  // Every time zone's offset is a whole number of quarter hours, so an agency day begins on a UTC
  // quarter hour: the date is read once per quarter hour in which sites were confirmed, not per site.
  const dates = new Map<number, string>();
  const agencyDate = (instant: string) => {
    const time = Date.parse(instant);
    if (Number.isNaN(time)) return null;
    const quarter = Math.floor(time / QUARTER_HOUR);
    let date = dates.get(quarter);
    if (date === undefined) {
      date = agencyMoment(quarter * QUARTER_HOUR, clock.timeZone).date;
      dates.set(quarter, date);
    }
    return date;
  };
  const { matching, counts } = workspaceSelection(
    sites,
    { search: query.q, flags: showFlags(query.show), days },
    clock.today,
    agencyDate,
    { keys, sorted: true },
  );
  const page = matching.slice(query.offset, query.offset + query.limit);
  const names: Record<string, string> = {};
  for (const site of page)
    for (const other of site.possibleDuplicates) names[String(other)] = nameOf.get(other) ?? `#${other}`;
  return {
    total: sites.length,
    matching: matching.length,
    offset: query.offset,
    limit: query.limit,
    days,
    counts,
    sites: page,
    names,
  };
}

/**
 * The staff workspace's data (docs/product.md R182): every site with what needs attention (none with
 * `sites: false`, for the screen that pages them, R740), how many sites use each list item, and the
 * holidays ahead.
 */
export async function workspaceData(
  db: Db,
  calendar: { rules: HolidayRules; today: string },
  options: { sites: boolean } = { sites: true },
): Promise<Workspace> {
  const sites = options.sites ? (await workspaceSites(db)).sites : [];
  const usage = {} as Record<ReferenceListName, Record<string, number>>;
  for (const list of REFERENCE_LIST_NAMES) {
    const { sqlTable, sqlLink, itemColumn } = REFERENCE_TABLES[list];
    const counts = rowsOf<{ id: number; n: number | string }>(
      await db.execute(
        sql.raw(`select i.id, (select count(*) from ${sqlLink} l where l.${itemColumn} = i.id)::int as n
          from ${sqlTable} i order by i.id`),
      ),
    );
    usage[list] = Object.fromEntries(counts.map((row) => [String(row.id), Number(row.n)]));
  }
  // The next holidays with staff's decisions; one not reviewed within REVIEW_DAYS needs a look (R442).
  const reviewBy = addDays(calendar.today, HOLIDAY_REVIEW_DAYS);
  const holidays = (await holidayOccurrences(db, calendar.rules, calendar.today)).map((occurrence) => ({
    ...occurrence,
    needsReview: !occurrence.reviewed && occurrence.date <= reviewBy,
  }));
  return { sites, usage, holidays };
}
