import { type DuplicateFacts, duplicateReasons } from '#shared/duplicates.ts';
import type { DuplicateCandidate } from '#shared/schemas/sites.ts';
import type { Db } from '../db/client.ts';
import { sites } from '../db/schema.ts';
import { HttpError } from './errors.ts';

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
  for (const other of await duplicateFactsOfSites(db)) {
    if (other.id === exceptId) continue;
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
