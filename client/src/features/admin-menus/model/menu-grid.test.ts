import { describe, expect, it } from 'vitest';
import {
  applyPlan,
  copyPlan,
  dayPayload,
  draftsFromStored,
  type MealDraft,
  type MonthDrafts,
  monthDates,
  monthWeeks,
  overwrittenDates,
  partnersOfSites,
  pastedDishes,
  shiftMonth,
  withPasted,
} from './menu-grid.ts';

const lunch = (name: string): MealDraft[] => [
  { mealTypeId: 2, dishes: [{ name, nameEs: '', nameZh: '', diets: [] }], note: '', noteEs: '', noteZh: '' },
];

describe('the month', () => {
  it('lists every date and its Monday-to-Sunday weeks', () => {
    expect(monthDates('2026-02')).toHaveLength(28);
    expect(monthDates('2028-02').at(-1)).toBe('2028-02-29');
    // March 2027 starts on a Monday: five weeks, the last holding the 29th to the 31st.
    const weeks = monthWeeks('2027-03');
    expect(weeks.map((week) => week.monday)).toEqual([
      '2027-03-01',
      '2027-03-08',
      '2027-03-15',
      '2027-03-22',
      '2027-03-29',
    ]);
    expect(weeks.at(-1)?.dates).toEqual(['2027-03-29', '2027-03-30', '2027-03-31']);
    // December 2026 starts on a Tuesday: its first week's Monday is in November.
    expect(monthWeeks('2026-12')[0]).toEqual({
      monday: '2026-11-30',
      dates: ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06'],
    });
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
  });
});

describe('copying a week', () => {
  it('copies each weekday with a menu onto the same weekday of the next week, inside the month', () => {
    const drafts: MonthDrafts = {
      '2027-03-01': lunch('Soup'),
      '2027-03-03': lunch('Rice'),
      '2027-03-02': [],
    };
    expect(copyPlan('2027-03', drafts, { kind: 'week', monday: '2027-03-01' })).toEqual([
      { from: '2027-03-01', to: '2027-03-08' },
      { from: '2027-03-03', to: '2027-03-10' },
    ]);
    // The last week has no next week in the month.
    expect(
      copyPlan('2027-03', { '2027-03-29': lunch('Soup') }, { kind: 'week', monday: '2027-03-29' }),
    ).toEqual([]);
  });

  it('copies the dishes themselves, and names the targets that already have a menu', () => {
    const drafts: MonthDrafts = { '2027-03-01': lunch('Soup'), '2027-03-08': lunch('Stew') };
    const plan = copyPlan('2027-03', drafts, { kind: 'week', monday: '2027-03-01' });
    expect(overwrittenDates(plan, drafts)).toEqual(['2027-03-08']);
    const after = applyPlan(drafts, plan);
    expect(after['2027-03-08']?.[0]?.dishes[0]?.name).toBe('Soup');
    // A copy, not the same object: editing the target leaves the source alone.
    expect(after['2027-03-08']).not.toBe(drafts['2027-03-01']);
    expect(drafts['2027-03-08']?.[0]?.dishes[0]?.name).toBe('Stew');
  });
});

describe('repeating a cycle', () => {
  it('repeats the first four weeks from the fifth week on', () => {
    const drafts: MonthDrafts = {
      '2027-03-01': lunch('Week 1 Monday'),
      '2027-03-09': lunch('Week 2 Tuesday'),
    };
    expect(copyPlan('2027-03', drafts, { kind: 'cycle', weeks: 4 })).toEqual([
      { from: '2027-03-01', to: '2027-03-29' },
    ]);
    // Week 2's Tuesday would land on April 6: outside the month, not written.
    const cycle5 = copyPlan('2027-03', drafts, { kind: 'cycle', weeks: 5 });
    expect(cycle5).toEqual([]);
  });

  it('counts weeks from the week of the 1st, and skips sources before the month', () => {
    // December 2026: week 1 starts Monday Nov 30, so week 5 starts Dec 28.
    const drafts: MonthDrafts = {
      '2026-12-01': lunch('Tuesday of week 1'),
      '2026-12-07': lunch('Monday of week 2'),
    };
    const plan = copyPlan('2026-12', drafts, { kind: 'cycle', weeks: 4 });
    // Monday Dec 28 comes from Monday Nov 30, outside the month: left as it is.
    expect(plan).toEqual([{ from: '2026-12-01', to: '2026-12-29' }]);
  });
});

describe('the PUT body', () => {
  it('sends the meals with dishes in the meal types order, translations only where written', () => {
    const stored = draftsFromStored([
      {
        date: '2027-03-01',
        meals: [
          {
            mealTypeId: 5,
            dishes: [
              { name: 'Tofu', translations: { es: { name: 'Tofu' } }, diets: ['halal', 'vegetarian'] },
            ],
            note: null,
            translations: {},
          },
        ],
      },
    ]);
    const meals: MealDraft[] = [
      ...(stored['2027-03-01'] ?? []),
      { mealTypeId: 2, dishes: [], note: 'x', noteEs: '', noteZh: '' },
      {
        mealTypeId: 1,
        dishes: [{ name: 'Rice', nameEs: '', nameZh: '白飯', diets: [] }],
        note: 'By noon',
        noteEs: ' ',
        noteZh: '',
      },
    ];
    expect(dayPayload(meals, [1, 2, 5])).toEqual({
      meals: [
        {
          mealTypeId: 1,
          dishes: [{ name: 'Rice', translations: { zh: { name: '白飯' } }, diets: [] }],
          note: 'By noon',
          translations: {},
        },
        {
          mealTypeId: 5,
          dishes: [{ name: 'Tofu', translations: { es: { name: 'Tofu' } }, diets: ['vegetarian', 'halal'] }],
          note: null,
          translations: {},
        },
      ],
    });
  });
});

describe("a partner manager's partners", () => {
  it('are their own partners that list one of their sites, each once, in the list order', () => {
    const partners = [
      { id: 1, name: 'A' },
      { id: 2, name: 'B' },
      { id: 3, name: 'C' },
    ];
    const mine = [{ partnerIds: [3, 1] }, { partnerIds: [1] }];
    expect(partnersOfSites(mine, partners).map((p) => p.name)).toEqual(['A', 'C']);
    expect(partnersOfSites([], partners)).toEqual([]);
  });
});

describe('pasting dishes (R679)', () => {
  it('reads one dish a line, or a spreadsheet’s columns: English, Spanish, Chinese', () => {
    expect(pastedDishes('Rice\n\n  Soup  \r\n')).toEqual([
      { name: 'Rice', nameEs: '', nameZh: '', diets: [] },
      { name: 'Soup', nameEs: '', nameZh: '', diets: [] },
    ]);
    expect(pastedDishes('Beef stew\tEstofado de res\t燉牛肉\textra\nTofu\t\t豆腐\n\t\t\n')).toEqual([
      { name: 'Beef stew', nameEs: 'Estofado de res', nameZh: '燉牛肉', diets: [] },
      { name: 'Tofu', nameEs: '', nameZh: '豆腐', diets: [] },
    ]);
    expect(pastedDishes('\n \n')).toEqual([]);
  });

  it('puts the pasted dishes after the meal’s own, dropping a blank one', () => {
    const own = { name: 'Rice', nameEs: 'Arroz', nameZh: '', diets: ['vegan' as never] };
    const blank = { name: ' ', nameEs: '', nameZh: '', diets: [] };
    expect(withPasted([own, blank], pastedDishes('Soup'))).toEqual([
      own,
      { name: 'Soup', nameEs: '', nameZh: '', diets: [] },
    ]);
  });
});
