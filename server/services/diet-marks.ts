import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  type AgencyDietMark,
  agencyMarkId,
  agencyMarkKey,
  DIET_MARKS,
  dietMarkList,
  MENU_REFUSALS,
} from '#shared/menus.ts';
import type { DietMark, DietMarkInput } from '#shared/schemas/diet-marks.ts';
import type { MenuDayInput } from '#shared/schemas/menus.ts';
import { invalidField } from '#shared/validation.ts';
import { type Db, rowsOf } from '../db/client.ts';
import { dietMarks } from '../db/schema.ts';
import { directoryWrite } from './directory-changes.ts';
import { ConflictError, HttpError, NotFoundError, ValidationError } from './errors.ts';
import { recordHistory } from './history.ts';

/**
 * The agency's own diet marks (docs/product.md R690–R699, docs/decisions/067-agency-diet-marks.md):
 * administrators add, rename and remove them; a dish carries one as `agency-<id>`. A mark some dish
 * carries is not removed: the refusal says how many dishes carry it (R693).
 */

export const DIET_MARK_ENTITY = 'diet-mark';

type Row = typeof dietMarks.$inferSelect;

/** The agency's marks, by when they were added (the order `dietMarkList` shows them in). */
export async function agencyDietMarks(db: Db): Promise<AgencyDietMark[]> {
  const rows = await db.select().from(dietMarks).orderBy(asc(dietMarks.id));
  return rows.map((row) => ({ id: row.id, name: row.name, translations: row.translations ?? {} }));
}

/** How many dishes of stored menus carry each of the agency's marks (by key). */
async function dishesCarrying(db: Db): Promise<Map<string, number>> {
  const result = await db.execute(sql`
    select mark, count(*)::int as n
    from menus, jsonb_array_elements(menus.dishes) as dish, jsonb_array_elements_text(dish->'diets') as mark
    where mark like 'agency-%'
    group by mark`);
  return new Map(rowsOf<{ mark: string; n: number }>(result).map((r) => [r.mark, Number(r.n)]));
}

function answer(row: Row, carrying: Map<string, number>): DietMark {
  const key = agencyMarkKey(row.id);
  return {
    id: row.id,
    key,
    name: row.name,
    translations: row.translations ?? {},
    version: row.version,
    dishes: carrying.get(key) ?? 0,
  };
}

/** The agency's marks with how many dishes carry each, in `dietMarkList` order. */
export async function listDietMarks(db: Db): Promise<DietMark[]> {
  const rows = await db.select().from(dietMarks).orderBy(asc(dietMarks.id));
  const carrying = await dishesCarrying(db);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return dietMarkList(
    rows.map((row) => ({ id: row.id, name: row.name, translations: row.translations })),
  ).flatMap((entry) => (entry.agency ? [answer(byId.get(entry.agency.id)!, carrying)] : []));
}

/** A name that is a fixed mark's key or another agency mark's name (case and spaces aside) is taken. */
async function nameMustBeFree(db: Db, name: string, exceptId?: number) {
  const folded = name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  const fixed = DIET_MARKS.some((mark) => mark.replace(/_/g, ' ') === folded);
  const [other] = await db
    .select({ id: dietMarks.id })
    .from(dietMarks)
    .where(
      and(
        sql`regexp_replace(lower(trim(${dietMarks.name})), '[[:space:]_-]+', ' ', 'g') = ${folded}`,
        exceptId === undefined ? undefined : ne(dietMarks.id, exceptId),
      ),
    );
  if (fixed || other) throw new ValidationError([invalidField('name', 'already_exists')]);
}

export async function createDietMark(db: Db, input: DietMarkInput, userId: number): Promise<DietMark> {
  await nameMustBeFree(db, input.name);
  return directoryWrite(db, async (tx) => {
    const [row] = await tx
      .insert(dietMarks)
      .values({ name: input.name, translations: input.translations ?? {}, updatedBy: userId })
      .returning();
    await recordHistory(tx, {
      entity: DIET_MARK_ENTITY,
      entityId: row!.id,
      action: 'create',
      source: 'form',
      userId,
      changes: { name: [null, row!.name], translations: [null, row!.translations] },
    });
    return answer(row!, new Map());
  });
}

/** Renames a mark (its translations too); every dish carrying it shows the new name (R691). */
export async function updateDietMark(
  db: Db,
  id: number,
  input: Partial<DietMarkInput>,
  userId: number,
): Promise<DietMark> {
  if (input.name !== undefined) await nameMustBeFree(db, input.name, id);
  return directoryWrite(db, async (tx) => {
    const [before] = await tx.select().from(dietMarks).where(eq(dietMarks.id, id)).for('update');
    if (!before) throw new NotFoundError();
    const carrying = await dishesCarrying(tx);
    if (input.version !== undefined && input.version !== before.version)
      throw new ConflictError(answer(before, carrying));
    const [row] = await tx
      .update(dietMarks)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.translations !== undefined ? { translations: input.translations } : {}),
        version: before.version + 1,
        updatedBy: userId,
        updatedAt: new Date(),
      })
      .where(eq(dietMarks.id, id))
      .returning();
    await recordHistory(tx, {
      entity: DIET_MARK_ENTITY,
      entityId: id,
      action: 'update',
      source: 'form',
      userId,
      changes: {
        name: [before.name, row!.name],
        translations: [before.translations, row!.translations],
      },
    });
    return answer(row!, carrying);
  });
}

/**
 * Removes a mark no dish carries. One that dishes carry is refused with a 409 `diet_mark_in_use`
 * saying how many (R693): the menus are changed first, so no published dish loses a mark unseen.
 */
export async function deleteDietMark(db: Db, id: number, userId: number, version?: number): Promise<void> {
  await directoryWrite(db, async (tx) => {
    const [before] = await tx.select().from(dietMarks).where(eq(dietMarks.id, id)).for('update');
    if (!before) throw new NotFoundError();
    const carrying = await dishesCarrying(tx);
    if (version !== undefined && version !== before.version)
      throw new ConflictError(answer(before, carrying));
    const dishes = carrying.get(agencyMarkKey(id)) ?? 0;
    if (dishes > 0)
      throw new HttpError(
        409,
        `${dishes} ${dishes === 1 ? 'dish carries' : 'dishes carry'} this mark: remove it from ${
          dishes === 1 ? 'that dish' : 'those dishes'
        } first.`,
        { code: MENU_REFUSALS.markInUse, dishes, params: { count: dishes } },
      );
    await tx.delete(dietMarks).where(eq(dietMarks.id, id));
    await recordHistory(tx, {
      entity: DIET_MARK_ENTITY,
      entityId: id,
      action: 'delete',
      source: 'form',
      userId,
      changes: { name: [before.name, null], translations: [before.translations, null] },
    });
  });
}

/** A day's agency marks must exist (R695): `unknown_ids` at the dish's `diets` otherwise, nothing stored. */
export async function dietMarksMustExist(db: Db, input: MenuDayInput): Promise<void> {
  const ids = new Set(
    input.meals.flatMap((meal) =>
      meal.dishes.flatMap((dish) => dish.diets.map(agencyMarkId).filter((id): id is number => id !== null)),
    ),
  );
  if (ids.size === 0) return;
  const found = new Set(
    (
      await db
        .select({ id: dietMarks.id })
        .from(dietMarks)
        .where(inArray(dietMarks.id, [...ids]))
    ).map((row) => row.id),
  );
  const errors = input.meals.flatMap((meal, m) =>
    meal.dishes.flatMap((dish, d) => {
      const missing = dish.diets
        .map(agencyMarkId)
        .filter((id): id is number => id !== null && !found.has(id));
      return missing.length > 0
        ? [invalidField(`meals.${m}.dishes.${d}.diets`, 'unknown_ids', { ids: missing })]
        : [];
    }),
  );
  if (errors.length > 0) throw new ValidationError(errors);
}

/** The agency marks among `keys` that exist, with their names (a site's menu answers them, R694). */
export async function dietMarksNamed(db: Db, keys: Iterable<string>): Promise<AgencyDietMark[]> {
  const ids = [...new Set([...keys].map(agencyMarkId).filter((id): id is number => id !== null))];
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: dietMarks.id, name: dietMarks.name, translations: dietMarks.translations })
    .from(dietMarks)
    .where(inArray(dietMarks.id, ids))
    .orderBy(asc(dietMarks.id));
  return rows.map((row) => ({ ...row, translations: row.translations ?? {} }));
}
