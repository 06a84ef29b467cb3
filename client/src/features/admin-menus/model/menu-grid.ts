import { translationsPayload } from '#client/components/admin/translations.tsx';
import { addDays, weekdayOf } from '#shared/agency-time.ts';
import { type DietKey, orderDiets } from '#shared/menus.ts';

/**
 * The staff month grid of a nutrition partner's menus (docs/product.md R665–R674,
 * docs/decisions/061-menu-month-grid.md): the month's dates, each date's meals as the form holds
 * them, what a date's PUT body is, and copying a week or a cycle of weeks onto the following weeks.
 * Pure: the screen saves what these functions return, date by date.
 */

/** One dish as the form holds it: the English name and its Spanish and Chinese words ('' = none). */
export interface DishDraft {
  name: string;
  nameEs: string;
  nameZh: string;
  diets: DietKey[];
}

/** One meal of a date as the form holds it; a meal without dishes is not sent. */
export interface MealDraft {
  mealTypeId: number;
  dishes: DishDraft[];
  note: string;
  noteEs: string;
  noteZh: string;
}

/** A stored day as GET /api/nutritionpartners/{id}/menu answers it. */
export interface StoredDay {
  date: string;
  meals: {
    mealTypeId: number;
    dishes: {
      name: string;
      translations: { es?: { name?: string }; zh?: { name?: string } };
      diets: string[];
    }[];
    note: string | null;
    translations: { es?: { note?: string }; zh?: { note?: string } };
  }[];
}

/** A month's drafts by date ('YYYY-MM-DD'); a date without meals is absent or empty. */
export type MonthDrafts = Record<string, MealDraft[]>;

export const emptyDish = (): DishDraft => ({ name: '', nameEs: '', nameZh: '', diets: [] });

/** Every date of a month 'YYYY-MM', in order. */
export function monthDates(month: string): string[] {
  const dates: string[] = [];
  for (let date = `${month}-01`; date.startsWith(month); date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** The month after or before 'YYYY-MM'. */
export function shiftMonth(month: string, by: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (number - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The Monday of a date's week (the week starts on Monday, R17). */
export function mondayOf(date: string): string {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

/**
 * The weeks of a month, Monday to Sunday, the first being the one holding the 1st: each week's
 * Monday and its dates inside the month.
 */
export function monthWeeks(month: string): { monday: string; dates: string[] }[] {
  const weeks: { monday: string; dates: string[] }[] = [];
  for (const date of monthDates(month)) {
    const monday = mondayOf(date);
    const last = weeks.at(-1);
    if (last?.monday === monday) last.dates.push(date);
    else weeks.push({ monday, dates: [date] });
  }
  return weeks;
}

/** The form's drafts of the stored days. */
export function draftsFromStored(days: readonly StoredDay[]): MonthDrafts {
  const drafts: MonthDrafts = {};
  for (const day of days)
    drafts[day.date] = day.meals.map((meal) => ({
      mealTypeId: meal.mealTypeId,
      dishes: meal.dishes.map((dish) => ({
        name: dish.name,
        nameEs: dish.translations.es?.name ?? '',
        nameZh: dish.translations.zh?.name ?? '',
        diets: orderDiets(dish.diets as DietKey[]),
      })),
      note: meal.note ?? '',
      noteEs: meal.translations.es?.note ?? '',
      noteZh: meal.translations.zh?.note ?? '',
    }));
  return drafts;
}

/** The meals of a draft that have dishes, in the order of the meal types list (the PUT's `meals`). */
export function mealsToSend(meals: readonly MealDraft[], mealTypeOrder: readonly number[]): MealDraft[] {
  const rank = (id: number) => {
    const index = mealTypeOrder.indexOf(id);
    return index < 0 ? mealTypeOrder.length : index;
  };
  return meals
    .filter((meal) => meal.dishes.length > 0)
    .sort((a, b) => rank(a.mealTypeId) - rank(b.mealTypeId));
}

/** The body of PUT /api/nutritionpartners/{id}/menu/{date}: the date written whole (R656). */
export function dayPayload(meals: readonly MealDraft[], mealTypeOrder: readonly number[]) {
  return {
    meals: mealsToSend(meals, mealTypeOrder).map((meal) => ({
      mealTypeId: meal.mealTypeId,
      dishes: meal.dishes.map((dish) => ({
        name: dish.name,
        translations: translationsPayload('name', { es: dish.nameEs, zh: dish.nameZh }),
        diets: dish.diets,
      })),
      note: meal.note.trim() === '' ? null : meal.note,
      translations: translationsPayload('note', { es: meal.noteEs, zh: meal.noteZh }),
    })),
  };
}

/** Whether a date's draft has any dish: a date with a menu. */
export const hasMenu = (meals: readonly MealDraft[] | undefined) =>
  (meals ?? []).some((meal) => meal.dishes.length > 0);

/** What to copy: one week (by its Monday) onto the next week, or the month's first `weeks` weeks as a cycle. */
export type CopyChoice = { kind: 'week'; monday: string } | { kind: 'cycle'; weeks: 4 | 5 };

/** One date copied onto another. */
export interface CopyStep {
  from: string;
  to: string;
}

/**
 * The dates a copy writes (R667, R668), in date order, each from its source date: a week onto the
 * next week, weekday by weekday; a cycle of the month's first N weeks onto every later week of the
 * month, week N+1 from week 1 and so on. Only dates inside the month are written, and only from a
 * source date with a menu: a source without one leaves its target as it is.
 */
export function copyPlan(month: string, drafts: MonthDrafts, choice: CopyChoice): CopyStep[] {
  const inMonth = new Set(monthDates(month));
  const steps: CopyStep[] = [];
  if (choice.kind === 'week') {
    for (let day = 0; day < 7; day += 1) {
      const from = addDays(choice.monday, day);
      const to = addDays(from, 7);
      if (inMonth.has(from) && inMonth.has(to) && hasMenu(drafts[from])) steps.push({ from, to });
    }
    return steps;
  }
  const firstMonday = mondayOf(`${month}-01`);
  const span = choice.weeks * 7;
  for (const to of inMonth) {
    const offset = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${firstMonday}T00:00:00Z`)) / 86_400_000;
    if (offset < span) continue;
    const from = addDays(firstMonday, offset % span);
    if (inMonth.has(from) && hasMenu(drafts[from])) steps.push({ from, to });
  }
  return steps;
}

/** The targets of a plan that already have a menu: the ones to ask about before overwriting (R669). */
export function overwrittenDates(plan: readonly CopyStep[], drafts: MonthDrafts): string[] {
  return plan.filter((step) => hasMenu(drafts[step.to])).map((step) => step.to);
}

/** The drafts after a plan: each target gets a copy of its source's meals. */
export function applyPlan(drafts: MonthDrafts, plan: readonly CopyStep[]): MonthDrafts {
  const next: MonthDrafts = { ...drafts };
  for (const step of plan) next[step.to] = structuredClone(drafts[step.from] ?? []);
  return next;
}

/**
 * The nutrition partners a partner manager's screen offers (R673, R728): their own partners that list
 * one of their sites (`mine`, from /api/my-sites, each with `partnerIds`), in the partners list's order.
 */
export function partnersOfSites<P extends { id: number }>(
  mine: readonly { partnerIds: readonly number[] }[],
  partners: readonly P[],
): P[] {
  const partnerIds = new Set(mine.flatMap((site) => site.partnerIds));
  return partners.filter((partner) => partnerIds.has(partner.id));
}

/**
 * Dishes pasted at once into a meal of a date's editor (R679): one dish per line, or the rows of a
 * spreadsheet's columns (tab between cells) — the name in English, then Spanish, then Chinese; further
 * columns and blank lines are passed over.
 */
export function pastedDishes(text: string): DishDraft[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.split('\t').map((cell) => cell.trim()))
    .filter((cells) => cells.slice(0, 3).some((cell) => cell !== ''))
    .map(([name = '', nameEs = '', nameZh = '']) => ({ name, nameEs, nameZh, diets: [] }));
}

/** A meal's dishes with the pasted ones after them; dishes left blank are dropped first (R679). */
export function withPasted(dishes: readonly DishDraft[], pasted: readonly DishDraft[]): DishDraft[] {
  const kept = dishes.filter((dish) => dish.name.trim() || dish.nameEs.trim() || dish.nameZh.trim());
  return [...kept, ...pasted];
}
