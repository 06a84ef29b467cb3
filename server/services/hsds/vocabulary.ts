/**
 * The feed's fixed English words: each reference list as an HSDS taxonomy, the standard's day codes,
 * and the sentences that describe a schedule and a closure. Used by `buildDataset` (build.ts).
 */
import type { ReferenceListName } from '#shared/reference-lists.ts';
import type { Closure } from '#shared/schemas/closures.ts';
import type { HsdsWeekday } from './model.ts';

/** The standard's two-letter days, index = our weekday (0 = Sunday). */
export const BYDAY: readonly HsdsWeekday[] = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const ORDINALS: Record<number, string> = { 1: '1st', 2: '2nd', 3: '3rd', 4: '4th', [-1]: 'last' };

/** Each list as an HSDS taxonomy: its name, what a term means, and the attribute's `link_type`. */
export const TAXONOMIES: Record<
  ReferenceListName,
  { name: string; description: string; term: string; linkType: string }
> = {
  nutritionpartners: {
    name: 'Nutrition partners',
    description: 'The organizations that cook the meals and run dining sites.',
    term: 'Nutrition partner',
    linkType: 'nutrition_partner',
  },
  populations: {
    name: 'Populations served',
    description: 'Who a dining site serves.',
    term: 'Population served',
    linkType: 'population',
  },
  mealtypes: {
    name: 'Meal types',
    description: 'The meals a dining site serves.',
    term: 'Meal type',
    linkType: 'meal_type',
  },
  services: {
    name: 'Services',
    description: 'What a dining site offers besides the meal served there.',
    term: 'Service',
    linkType: 'service',
  },
  covidstatuses: {
    name: 'COVID-19 status',
    description: "A dining site's current situation in light of COVID-19.",
    term: 'COVID-19 status',
    linkType: 'covid_status',
  },
};

export function weeksText(weeks: readonly number[] | undefined, day: number): string {
  if (!weeks?.length) return `Every ${DAY_NAMES[day]}`;
  const names = weeks.map((week) => ORDINALS[week] ?? String(week));
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `The ${list} ${DAY_NAMES[day]} of the month`;
}

export function closureText(closure: Closure): string {
  const when =
    closure.endDate === null
      ? `from ${closure.startDate} until further notice`
      : closure.endDate === closure.startDate
        ? `on ${closure.startDate}`
        : `from ${closure.startDate} to ${closure.endDate}`;
  return `Closed ${when}: ${closure.reason}.`;
}
