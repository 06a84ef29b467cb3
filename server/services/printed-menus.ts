import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import sharp from 'sharp';
import { addDays } from '#shared/agency-time.ts';
import { apiPaths } from '#shared/api-paths.ts';
import {
  isMonth,
  MENU_DAYS_AHEAD,
  MENU_DAYS_BACK,
  type MenuSite,
  type PrintedMenuType,
} from '#shared/menus.ts';
import type { PrintedMenu } from '#shared/schemas/menus.ts';
import { invalidField } from '#shared/validation.ts';
import type { Db } from '../db/client.ts';
import { printedMenus } from '../db/schema.ts';
import { directoryWrite } from './directory-changes.ts';
import { NotFoundError, ValidationError } from './errors.ts';
import type { FileStorage } from './file-storage.ts';
import { type MenuOwner, ownerMustExist } from './menu-owner.ts';
import { MAX_INPUT_PIXELS } from './picture-types.ts';

/**
 * Printed menus (docs/product.md R682–R683, docs/decisions/065-week-menu-print-and-printed-menus.md):
 * the provider's own menu of a month as a file, a nutrition partner's (for all its sites) or one
 * site's, one per owner and month. The file's type is told by its first bytes (and an image must
 * decode as that type), never by its name or the declared type; it is kept in the file store like the
 * pictures and served with the type found.
 */

/** Whose printed menu: a nutrition partner's or one site's. */
/** A printed menu's owner: a partner or a site, as a menu's (R682). */
export type PrintedMenuOwner = MenuOwner;

type Row = typeof printedMenus.$inferSelect;

const TYPE_WORDS = 'PDF, JPEG, PNG, WebP';

const SIGNATURES: { type: PrintedMenuType; matches: (b: Buffer) => boolean }[] = [
  { type: 'application/pdf', matches: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
  { type: 'image/jpeg', matches: (b) => b.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])) },
  {
    type: 'image/png',
    matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    type: 'image/webp',
    matches: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

const SHARP_FORMAT: Partial<Record<PrintedMenuType, string>> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * The type of a printed menu's bytes (R682): a PDF (`%PDF-` first, `%%EOF` in its last kilobyte) or a
 * JPEG, PNG or WebP that decodes as that format within the pixel bound. Anything else is `file_type`
 * on `file`; no bytes at all `empty_file`.
 */
export async function printedMenuTypeOf(bytes: Buffer): Promise<PrintedMenuType> {
  if (bytes.length === 0) throw new ValidationError([invalidField('file', 'empty_file')]);
  const refused = new ValidationError([invalidField('file', 'file_type', { types: TYPE_WORDS })]);
  const signature = SIGNATURES.find((s) => s.matches(bytes));
  if (!signature) throw refused;
  if (signature.type === 'application/pdf') {
    if (!bytes.subarray(-1024).toString('latin1').includes('%%EOF')) throw refused;
    return signature.type;
  }
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (meta.format !== SHARP_FORMAT[signature.type] || !meta.width || !meta.height)
      throw new Error('not that image');
  } catch {
    throw refused;
  }
  return signature.type;
}

/** A month of a path: written 'YYYY-MM', and inside the menus' window around the agency's today (R655). */
export function checkPrintedMonth(month: string, today: string): void {
  if (!isMonth(month)) throw new ValidationError([invalidField('month', 'invalid_month')]);
  const min = addDays(today, -MENU_DAYS_BACK).slice(0, 7);
  const max = addDays(today, MENU_DAYS_AHEAD).slice(0, 7);
  if (month < min || month > max)
    throw new ValidationError([invalidField('month', 'out_of_range', { min, max })]);
}

function ownerIs(owner: PrintedMenuOwner): SQL {
  return owner.kind === 'partner' ? eq(printedMenus.partnerId, owner.id) : eq(printedMenus.siteId, owner.id);
}

function present(row: Row): PrintedMenu {
  return {
    id: row.id,
    month: row.month,
    source: row.siteId === null ? 'partner' : 'site',
    ownerId: (row.siteId ?? row.partnerId)!,
    contentType: row.contentType as PrintedMenuType,
    byteSize: row.byteSize,
    url: apiPaths.printedMenuFile(row.key),
  };
}

/** An owner's printed menus, by month. */
export async function listPrintedMenus(db: Db, owner: PrintedMenuOwner): Promise<PrintedMenu[]> {
  await ownerMustExist(db, owner, 404);
  const rows = await db.select().from(printedMenus).where(ownerIs(owner)).orderBy(asc(printedMenus.month));
  return rows.map(present);
}

/**
 * Keeps `bytes` as the owner's printed menu of `month`, replacing the one there was (whose file is then
 * removed from the store). Every check comes first: a refusal stores nothing.
 */
export async function putPrintedMenu(
  db: Db,
  storage: FileStorage,
  owner: PrintedMenuOwner,
  month: string,
  bytes: Buffer,
  userId: number,
  today: string,
): Promise<PrintedMenu> {
  checkPrintedMonth(month, today);
  await ownerMustExist(db, owner, 422);
  const contentType = await printedMenuTypeOf(bytes);
  const key = `menu-${randomBytes(24).toString('base64url')}`;
  await storage.put(key, bytes, contentType);
  let replaced: string | undefined;
  try {
    const row = await directoryWrite(db, async (tx) => {
      const [before] = await tx
        .delete(printedMenus)
        .where(and(ownerIs(owner), eq(printedMenus.month, month)))
        .returning({ key: printedMenus.key });
      replaced = before?.key;
      const [inserted] = await tx
        .insert(printedMenus)
        .values({
          partnerId: owner.kind === 'partner' ? owner.id : null,
          siteId: owner.kind === 'site' ? owner.id : null,
          month,
          key,
          contentType,
          byteSize: bytes.length,
          uploadedBy: userId,
        })
        .returning();
      return inserted!;
    });
    if (replaced) await storage.remove(replaced).catch(() => {});
    return present(row);
  } catch (error) {
    await storage.remove(key).catch(() => {});
    throw error;
  }
}

/** Removes the owner's printed menu of `month` and its file (404 when there is none). */
export async function deletePrintedMenu(
  db: Db,
  storage: FileStorage,
  owner: PrintedMenuOwner,
  month: string,
  today: string,
): Promise<void> {
  checkPrintedMonth(month, today);
  await ownerMustExist(db, owner, 404);
  const removed = await directoryWrite(db, async (tx) => {
    const [row] = await tx
      .delete(printedMenus)
      .where(and(ownerIs(owner), eq(printedMenus.month, month)))
      .returning({ key: printedMenus.key });
    if (!row) throw new NotFoundError();
    return row.key;
  });
  await storage.remove(removed).catch(() => {});
}

/** A printed menu by its key (GET of its bytes), or undefined. */
export async function printedMenuByKey(db: Db, key: string): Promise<Row | undefined> {
  const [row] = await db.select().from(printedMenus).where(eq(printedMenus.key, key));
  return row;
}

/**
 * The printed menus a site offers for `months` (R683): per month, the site's own, else that of the
 * first of its nutrition partners (in the site's order) with one, as menus resolve (R651).
 */
export async function printedMenusForSite(
  db: Db,
  site: MenuSite,
  months: readonly string[],
): Promise<PrintedMenu[]> {
  if (months.length === 0) return [];
  const partnerIds = site.NutritionPartners.map((partner) => partner.id);
  const owners =
    partnerIds.length > 0
      ? or(eq(printedMenus.siteId, site.id), inArray(printedMenus.partnerId, partnerIds))
      : eq(printedMenus.siteId, site.id);
  const rows = await db
    .select()
    .from(printedMenus)
    .where(and(owners, inArray(printedMenus.month, [...months])));
  return months.flatMap((month) => {
    const ofMonth = rows.filter((row) => row.month === month);
    const chosen =
      ofMonth.find((row) => row.siteId === site.id) ??
      partnerIds.map((id) => ofMonth.find((row) => row.partnerId === id)).find(Boolean);
    return chosen ? [present(chosen)] : [];
  });
}
