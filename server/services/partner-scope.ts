import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PartnerSite } from '#shared/schemas/menus.ts';
import type { MySite } from '#shared/schemas/proposals.ts';
import type { SiteUpdate } from '#shared/schemas/sites.ts';
import type { Db } from '../db/client.ts';
import { siteNutritionPartners, sites, userPartners } from '../db/schema.ts';
import { type MenuOwner, ownerMustExist } from './menu-owner.ts';

/**
 * What a partner manager keeps (docs/product.md R571): the sites of the nutrition partners they belong
 * to, and of those only the fields a partner knows best. Staff keep everything else.
 */
export const PARTNER_FIELDS = [
  'Hours',
  'phoneNumber',
  'phoneExtension',
  'email',
  'website',
  'facts',
  'version',
  'confirmDuplicate',
] as const satisfies readonly (keyof SiteUpdate)[];

/** Whether one of the site's nutrition partners is one of the user's. */
export async function partnerKeepsSite(db: Db, userId: number, siteId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(siteNutritionPartners)
    .innerJoin(userPartners, eq(userPartners.partnerId, siteNutritionPartners.itemId))
    .where(and(eq(siteNutritionPartners.siteId, siteId), eq(userPartners.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Whether every one of the sites is one of the user's partners' sites (a partner manager's closure,
 * docs/product.md R608). No sites is not "all of them".
 */
export async function partnerKeepsSites(
  db: Db,
  userId: number,
  siteIds: readonly number[],
): Promise<boolean> {
  const wanted = [...new Set(siteIds)];
  if (wanted.length === 0) return false;
  const kept = await db
    .selectDistinct({ siteId: siteNutritionPartners.siteId })
    .from(siteNutritionPartners)
    .innerJoin(userPartners, eq(userPartners.partnerId, siteNutritionPartners.itemId))
    .where(and(inArray(siteNutritionPartners.siteId, wanted), eq(userPartners.userId, userId)));
  return kept.length === wanted.length;
}

/** The fields of a change a partner manager may not make, in the order given. */
export function fieldsBeyondPartner(change: object): string[] {
  const allowed: readonly string[] = PARTNER_FIELDS;
  return Object.keys(change).filter((key) => !allowed.includes(key));
}

/**
 * The sites of the user's nutrition partners, by name (a partner manager’s "My sites", docs/product.md
 * R596), each with which of the user's partners list it (R728).
 */
export async function partnerSites(db: Db, userId: number): Promise<MySite[]> {
  const rows = await db
    .select({
      id: sites.id,
      name: sites.name,
      address: sites.address,
      version: sites.version,
      partnerId: siteNutritionPartners.itemId,
    })
    .from(sites)
    .innerJoin(siteNutritionPartners, eq(siteNutritionPartners.siteId, sites.id))
    .innerJoin(userPartners, eq(userPartners.partnerId, siteNutritionPartners.itemId))
    .where(eq(userPartners.userId, userId))
    .orderBy(sites.name, sites.id, siteNutritionPartners.itemId);
  const mine: MySite[] = [];
  for (const { partnerId, ...site } of rows) {
    const last = mine.at(-1);
    if (last?.id === site.id) last.partnerIds.push(partnerId);
    else mine.push({ ...site, partnerIds: [partnerId] });
  }
  return mine;
}

/**
 * One nutrition partner's sites, id and name, by name (docs/product.md R727): whose own month a menus
 * sheet may be for (R675). One index range of the partner's links, however large the directory.
 */
export async function sitesOfPartner(db: Db, partnerId: number): Promise<PartnerSite[]> {
  await ownerMustExist(db, { kind: 'partner', id: partnerId }, 404);
  return db
    .select({ id: sites.id, name: sites.name })
    .from(siteNutritionPartners)
    .innerJoin(sites, eq(sites.id, siteNutritionPartners.siteId))
    .where(eq(siteNutritionPartners.itemId, partnerId))
    .orderBy(sites.name, sites.id);
}

/** Whether the user belongs to this nutrition partner: its menus are theirs to keep (docs/product.md R657). */
export async function partnerIsUsers(db: Db, userId: number, partnerId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(userPartners)
    .where(and(eq(userPartners.userId, userId), eq(userPartners.partnerId, partnerId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Whether a partner manager keeps this owner's menus, month imports and printed menus: one of their
 * own nutrition partners, or a site of one (docs/product.md R657, R678, R682).
 */
export async function partnerKeepsMenusOf(db: Db, userId: number, owner: MenuOwner): Promise<boolean> {
  return owner.kind === 'partner'
    ? partnerIsUsers(db, userId, owner.id)
    : partnerKeepsSite(db, userId, owner.id);
}
