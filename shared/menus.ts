import { addDays } from './agency-time.ts';
import { hoursOn, type StatusClosure, type StatusSite, statusOfDay } from './opening-status.ts';
import { localized, type TranslationLanguage, type Translations } from './translations.ts';

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

/**
 * The agency's own diet marks (R690–R699): added by administrators besides the fixed ones, named in
 * English with Spanish and Chinese. A dish carries one as `agency-<id>`; the names travel with the data
 * (a site's menu names the marks its dishes carry), never in the page's bundle.
 */
export type AgencyMarkKey = `agency-${number}`;
/** A mark a dish can carry: a fixed one or one of the agency's. */
export type DietKey = DietMark | AgencyMarkKey;
export interface AgencyDietMark {
  id: number;
  name: string;
  translations: Translations<'name'>;
}
export const DIET_MARK_NAME_MAX = 60;

/** One entry of the marks in order: a fixed mark (its words in the interface's words) or the agency's. */
export type DietMarkEntry = { key: DietMark; agency: null } | { key: AgencyMarkKey; agency: AgencyDietMark };

export function agencyMarkKey(id: number): AgencyMarkKey {
  return `agency-${id}`;
}

/** The agency mark's id of a key, or null when the key is not one (a fixed mark, or nothing). */
export function agencyMarkId(key: string): number | null {
  const match = /^agency-([1-9][0-9]{0,9})$/.exec(key);
  return match ? Number(match[1]) : null;
}

/**
 * Every mark a dish can carry, in the one order they are shown and stored (R692): the fixed marks in
 * DIET_MARKS order, then the agency's by when they were added (id).
 */
export function dietMarkList(agencyMarks: readonly AgencyDietMark[]): DietMarkEntry[] {
  return [
    ...DIET_MARKS.map((key): DietMarkEntry => ({ key, agency: null })),
    ...[...agencyMarks]
      .sort((a, b) => a.id - b.id)
      .map((mark): DietMarkEntry => ({ key: agencyMarkKey(mark.id), agency: mark })),
  ];
}

/** `diets` once each, in the order of `dietMarkList` (fixed ones first, the agency's by id). */
export function orderDiets<K extends string>(diets: readonly K[]): K[] {
  const rank = (key: string) => {
    const fixed = (DIET_MARKS as readonly string[]).indexOf(key);
    return fixed >= 0 ? fixed : DIET_MARKS.length + (agencyMarkId(key) ?? Number.MAX_SAFE_INTEGER);
  };
  return [...new Set(diets)].sort((a, b) => rank(a) - rank(b));
}

/**
 * A mark's name in `language` and the language it is in (an agency mark without that translation is
 * in English, marked so): a fixed mark's words come from `fixedWord`, the caller's translations. Null
 * for an agency mark not in `agencyMarks` (removed since).
 */
export function dietMarkName<L extends string>(
  key: string,
  agencyMarks: readonly AgencyDietMark[],
  language: L,
  fixedWord: (mark: DietMark) => string,
): { text: string; lang: L | 'en' | TranslationLanguage } | null {
  if ((DIET_MARKS as readonly string[]).includes(key))
    return { text: fixedWord(key as DietMark), lang: language };
  const id = agencyMarkId(key);
  const mark = agencyMarks.find((m) => m.id === id);
  return mark ? localized(mark, 'name', language) : null;
}

/**
 * The codes of the 409s that keep menus from being lost (R693, R696): removing an agency mark that
 * dishes carry (`dishes` says how many), deleting a meal type or a partner that has menus
 * (`params.count` says how many menu days).
 */
export const MENU_REFUSALS = {
  markInUse: 'diet_mark_in_use',
  menuDaysWouldBeLost: 'menu_days_would_be_lost',
} as const;

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
  diets: DietKey[];
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

/** A site's own meal of a date as its trashed snapshot keeps it (R697). */
export interface TrashedMenu extends MenuMeal {
  date: string;
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

/**
 * The diet marks a visitor chooses by and sees on the locations page's rows and map popups (R686): the
 * one place that code reads the list from, so marks added later join the filter, its counts and the
 * rows at once (docs/decisions/066-todays-dish-on-rows.md).
 */
export function dietMarksOffered(): readonly DietMark[] {
  return DIET_MARKS;
}

/** Whether a query value names a diet mark offered (`diet=vegetarian`); anything else is ignored. */
export function isDietMark(value: string | null | undefined): value is DietMark {
  return typeof value === 'string' && (dietMarksOffered() as readonly string[]).includes(value);
}

/**
 * Today's menu of every site, compact (R685–R688): for each site that serves a published menu on
 * `date` (not closed, not "not published"), its dishes of that day cut to what the rows, the popups and
 * the diet filter need — the day's main dish first (the first dish of the first meal served), then,
 * for each diet mark not already carried, the first dish of the day carrying it. So the marks of the
 * listed dishes are exactly the marks of the whole day, and at most 1 + the number of marks dishes are
 * kept per site. Sites without a dish to show are absent.
 */
export interface TodaysMenus {
  /** The agency's date the dishes are for. */
  date: string;
  /** By site id. */
  sites: Record<string, Dish[]>;
}

/** A day's dishes cut as TodaysMenus keeps them; empty unless the day is published. */
export function keptDishes(day: MenuDay): Dish[] {
  if (day.status !== 'published') return [];
  const all = day.meals.flatMap((meal) => meal.dishes);
  const kept: Dish[] = [];
  const carried = new Set<DietKey>();
  const keep = (dish: Dish) => {
    kept.push({ name: dish.name, translations: dish.translations, diets: dish.diets });
    for (const mark of dish.diets) carried.add(mark);
  };
  const main = all[0];
  if (main) keep(main);
  for (const mark of dietMarksOffered()) {
    if (carried.has(mark)) continue;
    const dish = all.find((candidate) => candidate.diets.includes(mark));
    if (dish) keep(dish);
  }
  return kept;
}

/**
 * Today's dishes of every site (TodaysMenus): the menu rows of `date` grouped by owner once, so each
 * site looks only at its own and its partners' rows (linear in sites and rows), then `menuDay` decides
 * as on the site page (closed, not published, the site's own before its partners').
 */
export function todaysMenus(
  sites: readonly MenuSite[],
  closures: readonly StatusClosure[],
  entries: readonly MenuEntry[],
  date: string,
): TodaysMenus {
  const bySite = new Map<number, MenuEntry[]>();
  const byPartner = new Map<number, MenuEntry[]>();
  for (const entry of entries) {
    if (entry.date !== date) continue;
    const [map, id] = entry.siteId !== null ? [bySite, entry.siteId] : [byPartner, entry.partnerId];
    if (id === null) continue;
    const list = map.get(id);
    if (list) list.push(entry);
    else map.set(id, [entry]);
  }
  const result: TodaysMenus = { date, sites: {} };
  for (const site of sites) {
    const own = [
      ...(bySite.get(site.id) ?? []),
      ...site.NutritionPartners.flatMap((partner) => byPartner.get(partner.id) ?? []),
    ];
    if (own.length === 0) continue;
    const dishes = keptDishes(menuDay(site, closures, own, date));
    if (dishes.length > 0) result.sites[String(site.id)] = dishes;
  }
  return result;
}

/**
 * The dish a row or a popup shows for a site today (R685): with a diet chosen, the first dish carrying
 * it; otherwise the day's main dish. Undefined when there is none to show.
 */
export function shownDish(dishes: readonly Dish[] | undefined, diet?: DietMark): Dish | undefined {
  if (!dishes) return undefined;
  return diet ? dishes.find((dish) => dish.diets.includes(diet)) : dishes[0];
}

/**
 * "Menu today: vegetarian" (R686): a dish carrying the mark is on the site's menu today. The one
 * predicate of the diet filter, run by the page and by GET /api/search (R701).
 */
export function servesDietToday(dishes: readonly Dish[] | undefined, diet: DietMark): boolean {
  return dishes?.some((dish) => dish.diets.includes(diet)) ?? false;
}
