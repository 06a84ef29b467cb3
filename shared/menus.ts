import { addDays } from './agency-time.ts';
import { hoursOn, type StatusClosure, type StatusSite, statusOfDay } from './opening-status.ts';
import type { Translations } from './translations.ts';

/**
 * Menus (docs/product.md R650–R674, docs/decisions/060-menus.md): what is served at a site on a date,
 * for each meal of the meal types list. A menu belongs to a nutrition partner (served at all its
 * sites) or to one site, whose menu for a date and meal replaces the partner's. A date without one is
 * "menu not published", never an empty plate; a day the site is closed shows no menu. No zod here:
 * the site page uses these, and the schemas (schemas/menus.ts) stay out of its bundle.
 */

/** The diet marks a dish can carry (R653): a fixed list, in this order wherever they are shown. */
export const DIET_MARKS = [
  'vegetarian',
  'halal',
  'kosher',
  'low_sodium',
  'diabetic_friendly',
  'soft',
  'minced',
] as const;
export type DietMark = (typeof DIET_MARKS)[number];

/** The limits of one day's menu (R654). */
export const DISH_NAME_MAX = 120;
export const MENU_NOTE_MAX = 300;
export const DISHES_PER_MEAL_MAX = 20;
export const MEALS_PER_DAY_MAX = 10;
/** The dates a menu may be given for, from the agency's today (R655): a year back, two years ahead. */
export const MENU_DAYS_BACK = 365;
export const MENU_DAYS_AHEAD = 730;
/**
 * The most days one read of a site's menu covers (R661), and how many it covers by default: today,
 * tomorrow and the week ahead of the site page (R680).
 */
export const MENU_RANGE_MAX_DAYS = 62;
export const MENU_RANGE_DEFAULT_DAYS = 9;
/** The days of the week ahead on the site page, after tomorrow (R680). */
export const WEEK_AHEAD_DAYS = 7;
/** The days of the printed week menu, from the agency's today (R681). */
export const PRINTED_WEEK_DAYS = 7;

/** A printed menu's file (R682): what its first bytes must be, and how large it may be. */
export const PRINTED_MENU_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
export type PrintedMenuType = (typeof PRINTED_MENU_TYPES)[number];
export const PRINTED_MENU_MAX_BYTES = 5 * 1024 * 1024;

/** Whether a month ('YYYY-MM') is written as one. */
export const isMonth = (value: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

export interface Dish {
  name: string;
  translations: Translations<'name'>;
  diets: DietMark[];
}

/** One meal of one day: its dishes (at least one) and an optional note, in English with translations. */
export interface MenuMeal {
  mealTypeId: number;
  dishes: Dish[];
  note: string | null;
  translations: Translations<'note'>;
}

/** A stored menu of a date and meal: a partner's (`partnerId`) or a site's (`siteId`), never both. */
export interface MenuEntry extends MenuMeal {
  date: string;
  partnerId: number | null;
  siteId: number | null;
}

/** A meal as a site serves it: whose menu it is. */
export interface ResolvedMeal extends MenuMeal {
  source: 'site' | 'partner';
  partnerId: number | null;
}

export type MenuDayStatus = 'published' | 'not_published' | 'closed';

export interface MenuDay {
  date: string;
  status: MenuDayStatus;
  /** By meal type id; empty unless published. */
  meals: ResolvedMeal[];
  /** The site's hours that day: the meal's time (empty when closed or none are entered). */
  hours: { open: string; close: string }[];
}

/** What resolving needs of a site: its hours and closing statuses, and its partners in the site's order. */
export interface MenuSite extends StatusSite {
  NutritionPartners: readonly { id: number }[];
}

/** The dates a menu may be written for or read, from the agency's date `today` (R655). */
export function menuWindow(today: string): { min: string; max: string } {
  return { min: addDays(today, -MENU_DAYS_BACK), max: addDays(today, MENU_DAYS_AHEAD) };
}

/**
 * The meal a site serves on a date (R651): the site's own menu for that date and meal when there is
 * one, else that of the first of its nutrition partners (in the site's order) with one; null when
 * none is published. Whether the site is open that day is not asked here (see `menuDay`).
 */
export function menuFor(
  site: MenuSite,
  entries: readonly MenuEntry[],
  date: string,
  mealTypeId: number,
): ResolvedMeal | null {
  const ofDay = entries.filter((entry) => entry.date === date && entry.mealTypeId === mealTypeId);
  const own = ofDay.find((entry) => entry.siteId === site.id);
  if (own) return resolved(own, 'site');
  for (const partner of site.NutritionPartners) {
    const theirs = ofDay.find((entry) => entry.partnerId === partner.id);
    if (theirs) return resolved(theirs, 'partner');
  }
  return null;
}

function resolved(entry: MenuEntry, source: ResolvedMeal['source']): ResolvedMeal {
  return {
    mealTypeId: entry.mealTypeId,
    dishes: entry.dishes,
    note: entry.note,
    translations: entry.translations,
    source,
    partnerId: entry.partnerId,
  };
}

/**
 * A site's closing day (R652): a closure or holiday covers the date, a status closes the site, or its
 * hours have no interval that day. A site with no hours entered is not called closed.
 */
export function closedOn(site: MenuSite, closures: readonly StatusClosure[], date: string): boolean {
  const kind = statusOfDay(site, closures, date).kind;
  return kind === 'closure' || kind === 'temporarily-closed' || kind === 'closed-today';
}

/** One date of a site's menu: closed, published (with its meals) or not published (R650–R652). */
export function menuDay(
  site: MenuSite,
  closures: readonly StatusClosure[],
  entries: readonly MenuEntry[],
  date: string,
): MenuDay {
  if (closedOn(site, closures, date)) return { date, status: 'closed', meals: [], hours: [] };
  const mealTypeIds = [...new Set(entries.filter((e) => e.date === date).map((e) => e.mealTypeId))].sort(
    (a, b) => a - b,
  );
  const meals = mealTypeIds
    .map((mealTypeId) => menuFor(site, entries, date, mealTypeId))
    .filter((meal): meal is ResolvedMeal => meal !== null);
  return {
    date,
    status: meals.length > 0 ? 'published' : 'not_published',
    meals,
    hours: hoursOn(site.Hours, date),
  };
}

/** Every date from `from` to `to` (both included) of a site's menu. */
export function menusForSite(
  site: MenuSite,
  closures: readonly StatusClosure[],
  entries: readonly MenuEntry[],
  from: string,
  to: string,
): MenuDay[] {
  const days: MenuDay[] = [];
  for (let date = from; date <= to; date = addDays(date, 1))
    days.push(menuDay(site, closures, entries, date));
  return days;
}
