import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { itemNameKey } from '#shared/duplicates.ts';
import { MENU_REFUSALS } from '#shared/menus.ts';
import type { NutritionPartnerInputSchema } from '#shared/schemas/reference-lists.ts';
import { REFERENCE_LISTS, type ReferenceListName } from '#shared/schemas/reference-lists.ts';
import { invalidField } from '#shared/validation.ts';
import type { Db } from '../db/client.ts';
import { REFERENCE_TABLES } from '../db/reference-tables.ts';
import type { nutritionPartners } from '../db/schema.ts';
import { directoryWrite } from './directory-changes.ts';
import { ConflictError, HttpError, NotFoundError, ValidationError } from './errors.ts';
import { diff, type HistoryAction, type HistoryOrigin, recordHistory } from './history.ts';
import { menuDaysOf } from './menus.ts';

type ItemInput = Partial<z.output<typeof NutritionPartnerInputSchema> & { closesSite: boolean }>;
/** A row of any list table: the contact columns and closes_site exist only on the lists that have them. */
type Row = typeof nutritionPartners.$inferSelect & { closesSite?: boolean };

/**
 * The API shape of an item: id, name and its translations (`{}` when none), plus the contact fields for nutrition partners and
 * `closesSite` for the lists whose items can close a site.
 */
function present(list: ReferenceListName, row: Row) {
  const base = {
    id: row.id,
    name: row.name,
    translations: row.translations ?? {},
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
  if (REFERENCE_LISTS[list].closesSite) return { ...base, closesSite: row.closesSite ?? false };
  if (!REFERENCE_LISTS[list].contact) return base;
  return {
    ...base,
    phoneNumber: row.phoneNumber ?? null,
    email: row.email ?? null,
    website: row.website ?? null,
  };
}

/** Only the columns the list has; `version` is a check, not a field. */
function columns(list: ReferenceListName, input: ItemInput) {
  const { version: _version, ...fields } = input;
  if (REFERENCE_LISTS[list].contact) return fields;
  const { name, translations } = fields;
  if (REFERENCE_LISTS[list].closesSite) return { name, translations, closesSite: fields.closesSite };
  return { name, translations };
}

const tableOf = (list: ReferenceListName) => REFERENCE_TABLES[list].table as typeof nutritionPartners;

export async function listItems(db: Db, list: ReferenceListName) {
  const table = tableOf(list);
  const rows = await db.select().from(table).orderBy(asc(table.name), asc(table.id));
  return rows.map((row) => present(list, row));
}

export async function getItem(db: Db, list: ReferenceListName, id: number) {
  const table = tableOf(list);
  const [row] = await db.select().from(table).where(eq(table.id, id));
  if (!row) throw new NotFoundError();
  return present(list, row);
}

/**
 * Names are unique in a list, ignoring case and spaces (docs/product.md R179): 422 `already_exists` on
 * `name` otherwise. Writes to one list wait for each other while checked, so two clerks adding the
 * same name at once cannot both pass. Translations are not compared.
 */
async function refuseTakenName(tx: Db, list: ReferenceListName, name: string | undefined, exceptId?: number) {
  if (name === undefined) return;
  const table = tableOf(list);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`list-names:${list}`}))`);
  const key = itemNameKey(name);
  const [taken] = await tx
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        sql`lower(regexp_replace(btrim(${table.name}), '\\s+', ' ', 'g')) = ${key}`,
        exceptId === undefined ? undefined : ne(table.id, exceptId),
      ),
    )
    .limit(1);
  if (taken) throw new ValidationError([invalidField('name', 'already_exists')]);
}

export async function createItem(
  db: Db,
  list: ReferenceListName,
  input: ItemInput,
  userId: number | null,
  recorded: HistoryOrigin & { action?: HistoryAction } = { source: 'form' },
) {
  return directoryWrite(db, async (tx) => {
    const table = tableOf(list);
    await refuseTakenName(tx, list, input.name);
    const [row] = await tx
      .insert(table)
      .values({ ...(columns(list, input) as { name: string }), updatedBy: userId })
      .returning();
    const item = present(list, row!);
    await recordHistory(tx, {
      entity: list,
      entityId: item.id,
      action: recorded.action ?? 'create',
      source: recorded.source,
      userId,
      changes: item,
    });
    return item;
  });
}

export async function updateItem(
  db: Db,
  list: ReferenceListName,
  id: number,
  input: ItemInput,
  userId: number | null,
  recorded: HistoryOrigin = { source: 'form' },
) {
  return directoryWrite(db, async (tx) => {
    const table = tableOf(list);
    const [before] = await tx.select().from(table).where(eq(table.id, id)).for('update');
    if (!before) throw new NotFoundError();
    if (input.version !== undefined && input.version !== before.version)
      throw new ConflictError(present(list, before));
    await refuseTakenName(tx, list, input.name, id);
    const [row] = await tx
      .update(table)
      .set({
        ...columns(list, input),
        updatedBy: userId,
        updatedAt: new Date(),
        version: sql`${table.version} + 1`,
      })
      .where(eq(table.id, id))
      .returning();
    const item = present(list, row!);
    const { version: _v, updatedAt: _u, ...beforeFields } = present(list, before);
    const { version: _v2, updatedAt: _u2, ...afterFields } = item;
    await recordHistory(tx, {
      entity: list,
      entityId: id,
      action: 'update',
      source: recorded.source,
      restoredFrom: recorded.restoredFrom,
      userId,
      changes: diff(beforeFields, afterFields),
    });
    return item;
  });
}

/** How many sites use an item, so the editor can warn before deleting it (docs/product.md R59). */
export async function usageCount(db: Db, list: ReferenceListName, id: number): Promise<number> {
  const { link } = REFERENCE_TABLES[list];
  const [row] = await db.select({ n: count() }).from(link).where(eq(link.itemId, id));
  return row?.n ?? 0;
}

export async function deleteItem(
  db: Db,
  list: ReferenceListName,
  id: number,
  userId: number | null,
  version?: number,
) {
  return directoryWrite(db, async (tx) => {
    const table = tableOf(list);
    const [before] = await tx.select().from(table).where(eq(table.id, id)).for('update');
    if (!before) throw new NotFoundError();
    if (version !== undefined && version !== before.version) throw new ConflictError(present(list, before));
    // A meal type's or a partner's menus would go with it: refused while there are any (R696).
    if (list === 'mealtypes' || list === 'nutritionpartners') {
      const menuDays = await menuDaysOf(tx, list === 'mealtypes' ? { mealTypeId: id } : { partnerId: id });
      if (menuDays > 0)
        throw new HttpError(
          409,
          `Deleting it would delete ${menuDays} ${menuDays === 1 ? 'day' : 'days'} of menus: delete or change those menus first.`,
          { code: MENU_REFUSALS.menuDaysWouldBeLost, params: { count: menuDays } },
        );
    }
    const sitesUsing = await usageCount(tx, list, id);
    // Link rows cascade, so the sites that used the item stay intact without it.
    await tx.delete(table).where(and(eq(table.id, id)));
    await recordHistory(tx, {
      entity: list,
      entityId: id,
      action: 'delete',
      source: 'form',
      userId,
      changes: { ...present(list, before), sitesUsing },
    });
    return { sitesUsing };
  });
}
