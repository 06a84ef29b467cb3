import { eq } from 'drizzle-orm';
import { invalidField } from '#shared/validation.ts';
import type { Db } from '../db/client.ts';
import { nutritionPartners, sites } from '../db/schema.ts';
import { NotFoundError, ValidationError } from './errors.ts';

/** Whose menu (or printed menu) it is: a nutrition partner's, served at its sites, or one site's (R650, R682). */
export type MenuOwner = { kind: 'partner'; id: number } | { kind: 'site'; id: number };

/** A missing owner is a 422 for a write (R655: nothing stored), a 404 for a read. */
export async function ownerMustExist(db: Db, owner: MenuOwner, status: 404 | 422) {
  const table = owner.kind === 'partner' ? nutritionPartners : sites;
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, owner.id));
  if (row) return;
  if (status === 404) throw new NotFoundError();
  throw new ValidationError([
    owner.kind === 'site'
      ? invalidField('siteId', 'unknown_site')
      : invalidField('partnerId', 'unknown_ids', { ids: [owner.id] }),
  ]);
}
