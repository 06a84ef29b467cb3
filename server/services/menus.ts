import { and, asc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { addDays } from '#shared/agency-time.ts';
import {
  agencyMarkId,
  agencyMarkKey,
  MENU_RANGE_DEFAULT_DAYS,
  MENU_RANGE_MAX_DAYS,
  type MenuEntry,
  type MenuMeal,
  type MenuSite,
  menusForSite,
  menuWindow,
  type TodaysMenus,
  type TrashedMenu,
  todaysMenus,
} from '#shared/menus.ts';
import type { StatusClosure } from '#shared/opening-status.ts';
import { isCalendarDate } from '#shared/schemas/closures.ts';
import type { MenuDayInput, SiteMenu } from '#shared/schemas/menus.ts';
import { invalidField } from '#shared/validation.ts';
import { type Db, rowsOf } from '../db/client.ts';
import { mealTypes, menus } from '../db/schema.ts';
import { dietMarksMustExist, dietMarksNamed } from './diet-marks.ts';
import { directoryWrite } from './directory-changes.ts';
import { NotFoundError, ValidationError } from './errors.ts';
import { recordHistory } from './history.ts';
import { type MenuOwner, ownerMustExist } from './menu-owner.ts';
import { printedMenusForSite } from './printed-menus.ts';

/**
 * Menus (docs/product.md R650–R674, docs/decisions/060-menus.md): a partner's or a site's menu of a
 * date, written whole and deleted whole; a site's menu read resolved (shared/menus.ts: the site's own
 * for a date and meal, else its partner's; closed days and dates without one said as such).
 */

/** Whose menu: a nutrition partner's (served at all its sites) or one site's. */

/** The history's names for the two kinds of menus (the entity id is the partner's or the site's). */
export const MENU_ENTITY = { partner: 'partner-menu', site: 'site-menu' } as const;

export function ownerIs(owner: MenuOwner): SQL {
  return owner.kind === 'partner' ? eq(menus.partnerId, owner.id) : eq(menus.siteId, owner.id);
}

/** A date of a path or query: a real calendar date inside the window around the agency's today (R655). */
export function checkMenuDate(path: string, date: string, today: string): void {
  if (!isCalendarDate(date)) throw new ValidationError([invalidField(path, 'invalid_date')]);
  const { min, max } = menuWindow(today);
  if (date < min || date > max) throw new ValidationError([invalidField(path, 'out_of_range', { min, max })]);
}

/** `?from=&to=` read (R661): from the agency's today for a week by default, at most 62 days. */
export function menuRange(query: { from?: string | undefined; to?: string | undefined }, today: string) {
  const from = query.from || today;
  checkMenuDate('from', from, today);
  const to = query.to || addDays(from, MENU_RANGE_DEFAULT_DAYS - 1);
  checkMenuDate('to', to, today);
  if (to < from) throw new ValidationError([invalidField('to', 'end_before_start')]);
  const last = addDays(from, MENU_RANGE_MAX_DAYS - 1);
  if (to > last) throw new ValidationError([invalidField('to', 'out_of_range', { min: from, max: last })]);
  return { from, to };
}

type MenuRow = typeof menus.$inferSelect;

export function entryOf(row: MenuRow): MenuEntry {
  return {
    date: row.date,
    partnerId: row.partnerId,
    siteId: row.siteId,
    mealTypeId: row.mealTypeId,
    dishes: row.dishes,
    note: row.note,
    translations: row.translations ?? {},
  };
}

export function mealOf(entry: MenuEntry): MenuMeal {
  return {
    mealTypeId: entry.mealTypeId,
    dishes: entry.dishes,
    note: entry.note,
    translations: entry.translations,
  };
}

/** A partner's or a site's own menus from `from` to `to`: only the dates that have one, by date and meal. */
export async function storedMenus(db: Db, owner: MenuOwner, from: string, to: string) {
  await ownerMustExist(db, owner, 404);
  const rows = await db
    .select()
    .from(menus)
    .where(and(ownerIs(owner), gte(menus.date, from), lte(menus.date, to)))
    .orderBy(asc(menus.date), asc(menus.mealTypeId));
  return { from, to, days: daysOf(rows.map(entryOf)) };
}

function daysOf(entries: readonly MenuEntry[]): { date: string; meals: MenuMeal[] }[] {
  const days: { date: string; meals: MenuMeal[] }[] = [];
  for (const entry of entries) {
    const last = days.at(-1);
    if (last?.date === entry.date) last.meals.push(mealOf(entry));
    else days.push({ date: entry.date, meals: [mealOf(entry)] });
  }
  return days;
}

async function mealTypesMustExist(db: Db, input: MenuDayInput) {
  const ids = input.meals.map((meal) => meal.mealTypeId);
  const found = new Set(
    (await db.select({ id: mealTypes.id }).from(mealTypes).where(inArray(mealTypes.id, ids))).map(
      (r) => r.id,
    ),
  );
  const errors = input.meals.flatMap((meal, index) =>
    found.has(meal.mealTypeId)
      ? []
      : [invalidField(`meals.${index}.mealTypeId`, 'unknown_ids', { ids: [meal.mealTypeId] })],
  );
  if (errors.length > 0) throw new ValidationError(errors);
}

async function dayOf(tx: Db, owner: MenuOwner, date: string): Promise<MenuMeal[]> {
  const rows = await tx
    .select()
    .from(menus)
    .where(and(ownerIs(owner), eq(menus.date, date)))
    .orderBy(asc(menus.mealTypeId));
  return rows.map((row) => mealOf(entryOf(row)));
}

/**
 * Replaces the owner's menu of a date with the meals given (R656), recorded in the history under the
 * owner with the date's meals before and after. Every check comes before the write: a refusal stores
 * nothing.
 */
export async function putMenuDay(
  db: Db,
  owner: MenuOwner,
  date: string,
  input: MenuDayInput,
  userId: number | null,
  today: string,
): Promise<{ date: string; meals: MenuMeal[] }> {
  checkMenuDate('date', date, today);
  await ownerMustExist(db, owner, 422);
  await mealTypesMustExist(db, input);
  await dietMarksMustExist(db, input);
  return directoryWrite(db, async (tx) => {
    const before = await dayOf(tx, owner, date);
    await tx.delete(menus).where(and(ownerIs(owner), eq(menus.date, date)));
    await tx.insert(menus).values(
      input.meals.map((meal) => ({
        partnerId: owner.kind === 'partner' ? owner.id : null,
        siteId: owner.kind === 'site' ? owner.id : null,
        date,
        mealTypeId: meal.mealTypeId,
        dishes: meal.dishes.map((dish) => ({
          name: dish.name,
          translations: dish.translations ?? {},
          diets: dish.diets,
        })),
        note: meal.note,
        translations: meal.translations ?? {},
        updatedBy: userId,
      })),
    );
    const meals = await dayOf(tx, owner, date);
    await recordHistory(tx, {
      entity: MENU_ENTITY[owner.kind],
      entityId: owner.id,
      action: before.length > 0 ? 'update' : 'create',
      userId,
      changes: { [date]: [before.length > 0 ? before : null, meals] },
      source: 'form',
    });
    return { date, meals };
  });
}

/** Removes the owner's menu of a date (404 when there is none), recorded in the history. */
export async function deleteMenuDay(
  db: Db,
  owner: MenuOwner,
  date: string,
  userId: number | null,
  today: string,
): Promise<void> {
  checkMenuDate('date', date, today);
  await ownerMustExist(db, owner, 404);
  await directoryWrite(db, async (tx) => {
    const before = await dayOf(tx, owner, date);
    if (before.length === 0) throw new NotFoundError();
    await tx.delete(menus).where(and(ownerIs(owner), eq(menus.date, date)));
    await recordHistory(tx, {
      entity: MENU_ENTITY[owner.kind],
      entityId: owner.id,
      action: 'delete',
      userId,
      changes: { [date]: [before, null] },
      source: 'form',
    });
  });
}

/**
 * A site's menu from `from` to `to`, every date resolved (R650–R652): the site's and its partners'
 * rows in one query, then shared/menus.ts decides. `closures` must cover the dates (the current list
 * when `from` is today or later).
 */
export async function siteMenu(
  db: Db,
  site: MenuSite,
  closures: readonly StatusClosure[],
  from: string,
  to: string,
): Promise<SiteMenu> {
  const partnerIds = site.NutritionPartners.map((partner) => partner.id);
  const owners =
    partnerIds.length > 0
      ? or(eq(menus.siteId, site.id), inArray(menus.partnerId, partnerIds))
      : eq(menus.siteId, site.id);
  const rows = await db
    .select()
    .from(menus)
    .where(and(owners, gte(menus.date, from), lte(menus.date, to)));
  const days = menusForSite(site, closures, rows.map(entryOf), from, to);
  const used = [...new Set(days.flatMap((day) => day.meals.map((meal) => meal.mealTypeId)))];
  const names =
    used.length === 0
      ? []
      : await db
          .select({ id: mealTypes.id, name: mealTypes.name, translations: mealTypes.translations })
          .from(mealTypes)
          .where(inArray(mealTypes.id, used))
          .orderBy(asc(mealTypes.id));
  const dietMarks = await dietMarksNamed(
    db,
    days.flatMap((day) => day.meals.flatMap((meal) => meal.dishes.flatMap((dish) => dish.diets))),
  );
  const months = [...new Set(days.map((day) => day.date.slice(0, 7)))];
  const printed = await printedMenusForSite(db, site, months);
  return { siteId: site.id, from, to, mealTypes: names, dietMarks, days, printedMenus: printed };
}

/**
 * How many menu days (dates with at least one meal) a meal type or a nutrition partner has: deleting
 * either would lose them, so the delete is refused while there are any (R696).
 */
export async function menuDaysOf(
  db: Db,
  of: { mealTypeId: number } | { partnerId: number },
): Promise<number> {
  const result = await db.execute(
    'mealTypeId' in of
      ? sql`select count(*)::int as n from (select distinct coalesce(partner_id, 0), coalesce(site_id, 0), date from menus where meal_type_id = ${of.mealTypeId}) d`
      : sql`select count(distinct date)::int as n from menus where partner_id = ${of.partnerId}`,
  );
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** A site's own menus, all dates, as a trashed site keeps them (R697). */
export async function ownMenusOf(tx: Db, siteId: number): Promise<TrashedMenu[]> {
  const rows = await tx
    .select()
    .from(menus)
    .where(eq(menus.siteId, siteId))
    .orderBy(asc(menus.date), asc(menus.mealTypeId));
  return rows.map((row) => ({ date: row.date, ...mealOf(entryOf(row)) }));
}

/**
 * Puts a restored site's own menus back (R697), but a meal type deleted since is left out, and so is
 * an agency mark removed since (from the dish). Answers how many meals were put back.
 */
export async function restoreOwnMenus(
  tx: Db,
  siteId: number,
  kept: readonly TrashedMenu[],
  userId: number | null,
): Promise<number> {
  if (kept.length === 0) return 0;
  const types = new Set((await tx.select({ id: mealTypes.id }).from(mealTypes)).map((row) => row.id));
  const marks = new Set<string>(
    (
      await dietMarksNamed(
        tx,
        kept.flatMap((m) => m.dishes.flatMap((dish) => dish.diets)),
      )
    ).map((mark) => agencyMarkKey(mark.id)),
  );
  const rows = kept
    .filter((meal) => types.has(meal.mealTypeId))
    .map((meal) => ({
      siteId,
      date: meal.date,
      mealTypeId: meal.mealTypeId,
      dishes: meal.dishes.map((dish) => ({
        ...dish,
        diets: dish.diets.filter((key) => agencyMarkId(key) === null || marks.has(key)),
      })),
      note: meal.note,
      translations: meal.translations,
      updatedBy: userId,
    }));
  if (rows.length > 0) await tx.insert(menus).values(rows).onConflictDoNothing();
  return rows.length;
}

/**
 * A merged site's own menus become the kept site's on the dates and meals the kept site has none
 * (R698); the rest stay with the merged site, so they go to the trash with it.
 */
export async function moveOwnMenus(tx: Db, fromSiteId: number, toSiteId: number): Promise<number> {
  const moved = await tx.execute(sql`
    update menus set site_id = ${toSiteId}, updated_at = now()
    where site_id = ${fromSiteId}
      and not exists (
        select 1 from menus kept
        where kept.site_id = ${toSiteId} and kept.date = menus.date and kept.meal_type_id = menus.meal_type_id)
    returning id`);
  return rowsOf(moved).length;
}

/**
 * Today's dishes of every site (docs/product.md R685–R688, docs/decisions/066-todays-dish-on-rows.md):
 * the menu rows of the agency's date in one query, resolved for each site of the directory with the
 * current closures (`todaysMenus` in shared/menus.ts), cut to the main dish and one dish per diet mark.
 */
export async function todaysMenusOf(
  db: Db,
  directory: () => AsyncIterable<readonly MenuSite[]>,
  closures: readonly StatusClosure[],
  date: string,
): Promise<TodaysMenus> {
  const rows = await db.select().from(menus).where(eq(menus.date, date));
  const entries = rows.map(entryOf);
  const result: TodaysMenus = { date, sites: {} };
  // No menu today: no site to look at. Otherwise the directory is read a part at a time, each part
  // resolved on its own (a site's dishes depend on that site alone), so no step reads it whole
  // (docs/product.md R756).
  if (entries.length === 0) return result;
  for await (const sites of directory())
    Object.assign(result.sites, todaysMenus(sites, closures, entries, date).sites);
  return result;
}
