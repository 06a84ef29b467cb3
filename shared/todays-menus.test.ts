import { describe, expect, it } from 'vitest';
import {
  filterByDiet,
  filtersFromSearchParams,
  filtersToSearchParams,
  hasActiveFilters,
  setDietFilter,
} from './filters.ts';
import {
  DIET_MARKS,
  type DietMark,
  type Dish,
  dietMarksOffered,
  isDietMark,
  keptDishes,
  type MenuEntry,
  type MenuSite,
  menuDay,
  servesDietToday,
  shownDish,
  todaysMenus,
} from './menus.ts';
import type { StatusClosure } from './opening-status.ts';

/**
 * Today's dish on rows and popups and the "Menu today" filter (docs/product.md R685–R688,
 * docs/decisions/066-todays-dish-on-rows.md): what is kept of a day, which dish is shown, and which
 * sites a diet keeps.
 */

const TUESDAY = '2026-12-01';
/** Meals are served in the meal types' id order, as the site page lists them (menuDay). */
const BREAKFAST = 1;
const LUNCH = 2;

const dish = (name: string, diets: DietMark[] = []): Dish => ({ name, translations: {}, diets });

const weekdays = [1, 2, 3, 4, 5].map((day) => ({ day, open: '11:30', close: '13:00' }));
const site = (id: number, partners: number[], Hours = weekdays): MenuSite => ({
  id,
  Hours,
  NutritionPartners: partners.map((partner) => ({ id: partner })),
});

const meal = (
  owner: { partnerId?: number; siteId?: number },
  mealTypeId: number,
  dishes: Dish[],
  date = TUESDAY,
): MenuEntry => ({
  date,
  partnerId: owner.partnerId ?? null,
  siteId: owner.siteId ?? null,
  mealTypeId,
  dishes,
  note: null,
  translations: {},
});

describe('the diet marks offered (R686)', () => {
  it('are read from the one list, in its order, and a query value is one of them or ignored', () => {
    expect(dietMarksOffered()).toEqual(DIET_MARKS);
    expect(isDietMark('vegetarian')).toBe(true);
    expect(isDietMark('low_sodium')).toBe(true);
    for (const value of ['Vegetarian', 'low-sodium', '', 'vegan', null, undefined])
      expect(isDietMark(value)).toBe(false);
  });
});

describe('keptDishes: the main dish, then the first dish of each mark not yet carried (R685, R688)', () => {
  const closures: StatusClosure[] = [];
  const lunchSite = site(10, [7]);
  it.each<[string, MenuEntry[], string[]]>([
    [
      'main dish first (the first dish of the first meal served: breakfast), then one dish per new mark',
      [
        meal({ partnerId: 7 }, LUNCH, [
          dish('Beef stew', ['low_sodium']),
          dish('Lentil soup', ['vegetarian', 'halal']),
          dish('Falafel', ['vegetarian']),
          dish('Chicken, minced', ['minced', 'halal']),
        ]),
        meal({ partnerId: 7 }, BREAKFAST, [dish('Oatmeal', ['vegetarian', 'soft'])]),
      ],
      // In the marks' order: halal (Lentil soup), low_sodium (Beef stew), minced.
      ['Oatmeal', 'Lentil soup', 'Beef stew', 'Chicken, minced'],
    ],
    [
      'no marks at all: the main dish only',
      [meal({ partnerId: 7 }, LUNCH, [dish('Pasta'), dish('Salad')])],
      ['Pasta'],
    ],
    [
      "the site's own lunch replaces its partner's (R651)",
      [
        meal({ partnerId: 7 }, LUNCH, [dish('Partner curry', ['vegetarian'])]),
        meal({ siteId: 10 }, LUNCH, [dish('Site chili')]),
      ],
      ['Site chili'],
    ],
  ])('%s', (_, entries, names) => {
    const day = menuDay(lunchSite, closures, entries, TUESDAY);
    const kept = keptDishes(day);
    expect(kept.map((d) => d.name)).toEqual(names);
    // The marks of what is kept are the marks of the whole day served.
    const all = new Set(day.meals.flatMap((m) => m.dishes.flatMap((d) => d.diets)));
    expect(new Set(kept.flatMap((d) => d.diets))).toEqual(all);
  });

  it('keeps nothing of a day not published or closed (R652)', () => {
    const entries = [meal({ partnerId: 7 }, LUNCH, [dish('Stew', ['vegetarian'])])];
    const closed: StatusClosure[] = [
      { startDate: TUESDAY, endDate: TUESDAY, reason: 'Training', allSites: false, siteIds: [10] },
    ];
    expect(keptDishes(menuDay(lunchSite, closed, entries, TUESDAY))).toEqual([]);
    expect(keptDishes(menuDay(lunchSite, [], [], TUESDAY))).toEqual([]);
  });
});

describe('todaysMenus: every site of the directory on one date (R688)', () => {
  const sites = [
    site(1, [7]), // partner 7's menu
    site(2, [8, 7]), // partner 8 has none: partner 7's
    site(3, [7]), // closed by a closure today
    site(4, [9]), // partner 9 published nothing: not published
    site(5, [7], [{ day: 3, open: '11:30', close: '13:00' }]), // Wednesdays only: closed on Tuesday
    site(6, []), // its own menu only
  ];
  const closures: StatusClosure[] = [
    { startDate: TUESDAY, endDate: TUESDAY, reason: 'Repairs', allSites: false, siteIds: [3] },
  ];
  const entries = [
    meal({ partnerId: 7 }, LUNCH, [dish('Congee', ['soft']), dish('Tofu', ['vegetarian'])]),
    meal({ siteId: 6 }, LUNCH, [dish('Dal', ['vegetarian', 'halal'])]),
    // Another date is not today's.
    meal({ partnerId: 9 }, LUNCH, [dish('Tomorrow’s soup')], '2026-12-02'),
  ];
  const menus = todaysMenus(sites, closures, entries, TUESDAY);

  it('lists only the sites serving a published menu today, keyed by id', () => {
    expect(menus.date).toBe(TUESDAY);
    expect(Object.keys(menus.sites)).toEqual(['1', '2', '6']);
    expect(menus.sites['2']?.map((d) => d.name)).toEqual(['Congee', 'Tofu']);
    expect(menus.sites['6']?.map((d) => d.name)).toEqual(['Dal']);
  });

  it('agrees with menuDay for every site (the site page’s own answer)', () => {
    for (const s of sites)
      expect(menus.sites[String(s.id)] ?? []).toEqual(keptDishes(menuDay(s, closures, entries, TUESDAY)));
  });
});

describe('shownDish and the diet predicate (R685, R686)', () => {
  const dishes = [dish('Beef stew', ['low_sodium']), dish('Lentil soup', ['vegetarian', 'halal'])];
  it.each<[DietMark | undefined, string | undefined]>([
    [undefined, 'Beef stew'],
    ['vegetarian', 'Lentil soup'],
    ['halal', 'Lentil soup'],
    ['low_sodium', 'Beef stew'],
    ['kosher', undefined],
  ])('with diet %s the row shows %s', (diet, name) => {
    expect(shownDish(dishes, diet)?.name).toBe(name);
    if (diet) expect(servesDietToday(dishes, diet)).toBe(name !== undefined);
  });

  it('a site with no dishes today shows none and matches no diet', () => {
    expect(shownDish(undefined)).toBeUndefined();
    expect(servesDietToday(undefined, 'vegetarian')).toBe(false);
    expect(servesDietToday([], 'vegetarian')).toBe(false);
  });

  it('filterByDiet keeps the sites with a dish carrying the mark, in order; no diet keeps all', () => {
    const today: Record<number, Dish[]> = {
      1: [dish('Stew')],
      2: [dish('Soup', ['vegetarian'])],
      4: [dish('Pie'), dish('Salad', ['vegetarian'])],
    };
    const list = [{ id: 4 }, { id: 1 }, { id: 2 }, { id: 3 }];
    const of = (id: number) => today[id];
    expect(filterByDiet(list, 'vegetarian', of)).toEqual([{ id: 4 }, { id: 2 }]);
    expect(filterByDiet(list, 'halal', of)).toEqual([]);
    expect(filterByDiet(list, undefined, of)).toEqual(list);
  });
});

describe('diet in the address (R687)', () => {
  it.each<[string, string]>([
    ['diet=vegetarian', 'diet=vegetarian'],
    ['diet=low_sodium&population=3', 'population=3&diet=low_sodium'],
    ['speaks=yue&diet=halal&open=today&walkins=1', 'open=today&walkins=1&speaks=yue&diet=halal'],
    ['diet=Vegetarian', ''],
    ['diet=vegan', ''],
    ['diet=', ''],
    ['lng=es&diet=kosher', 'lng=es&diet=kosher'],
  ])('%s is written %s', (query, written) => {
    const params = new URLSearchParams(query);
    expect(filtersToSearchParams(filtersFromSearchParams(params), params).toString()).toBe(written);
  });

  it('is an active filter, cleared on its own', () => {
    const filters = filtersFromSearchParams(new URLSearchParams('diet=soft&population=2'));
    expect(hasActiveFilters({ diet: 'soft' })).toBe(true);
    expect(setDietFilter(filters, undefined)).toEqual({ population: 2 });
    expect(setDietFilter({}, 'minced')).toEqual({ diet: 'minced' });
  });
});
