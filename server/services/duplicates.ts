import { eq, or } from 'drizzle-orm';
import { type DuplicateFacts, duplicateReasons } from '#shared/duplicates.ts';
import type { DuplicateCandidate } from '#shared/schemas/sites.ts';
import type { Db } from '../db/client.ts';
import { notDuplicates, sites } from '../db/schema.ts';
import { HttpError } from './errors.ts';

/** A pair's key, the lower id first, as the table keeps it. */
export const pairKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/** The pairs marked "not a duplicate"; with `siteId`, only that site's. */
export async function notDuplicatePairs(db: Db, siteId?: number): Promise<Set<string>> {
  const rows = await db
    .select({ a: notDuplicates.siteId, b: notDuplicates.otherSiteId })
    .from(notDuplicates)
    .where(
      siteId === undefined
        ? undefined
        : or(eq(notDuplicates.siteId, siteId), eq(notDuplicates.otherSiteId, siteId)),
    );
  return new Set(rows.map((row) => pairKey(row.a, row.b)));
}

/** What the rule compares, of every site: one narrow read of the sites table. */
export async function duplicateFactsOfSites(db: Db) {
  return db
    .select({
      id: sites.id,
      name: sites.name,
      address: sites.address,
      phoneNumber: sites.phoneNumber,
      lat: sites.lat,
      lng: sites.lng,
    })
    .from(sites);
}

/** The other sites `site` looks like (docs/product.md R177), with why; `exceptId` is the site itself. */
export async function findDuplicateSites(
  db: Db,
  site: DuplicateFacts,
  exceptId?: number,
): Promise<DuplicateCandidate[]> {
  const candidates: DuplicateCandidate[] = [];
  // A pair staff marked "not a duplicate" is not asked about again (R575).
  const apart = exceptId === undefined ? new Set<string>() : await notDuplicatePairs(db, exceptId);
  for (const other of await duplicateFactsOfSites(db)) {
    if (other.id === exceptId) continue;
    if (exceptId !== undefined && apart.has(pairKey(exceptId, other.id))) continue;
    const reasons = duplicateReasons(site, other);
    if (reasons.length)
      candidates.push({
        id: other.id,
        name: other.name,
        address: other.address,
        phoneNumber: other.phoneNumber ?? '',
        reasons,
      });
  }
  return candidates;
}

/** 409 `duplicate`: the write would add a second entry for a place; resend with confirmDuplicate. */
export class DuplicateSiteError extends HttpError {
  constructor(candidates: DuplicateCandidate[]) {
    super(
      409,
      'This site looks like one already in the directory. Check the sites listed; to save it anyway, send it again with confirmDuplicate: true.',
      { statusCode: 409, error: 'Conflict', code: 'duplicate', candidates },
    );
  }
}
