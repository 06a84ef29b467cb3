import { describe, expect, it } from 'vitest';
import { agencyMoment } from './agency-time.ts';
import {
  closedOn,
  type MenuEntry,
  type MenuSite,
  menuDay,
  menuFor,
  menusForSite,
  menuWindow,
} from './menus.ts';
import type { StatusClosure } from './opening-status.ts';

/** docs/product.md R650–R655: which meal a site serves on a date, and what a day says. */

const LUNCH = 1;
const BREAKFAST = 2;
const site: MenuSite = {
  id: 10,
  Hours: [1, 2, 3, 4, 5].map((day) => ({ day, open: '11:30', close: '13:00' })),
  NutritionPartners: [{ id: 7 }, { id: 8 }],
};

const entry = (
  owner: { partnerId?: number; siteId?: number },
  date: string,
  mealTypeId: number,
  dish: string,
) =>
  ({
    date,
    partnerId: owner.partnerId ?? null,
    siteId: owner.siteId ?? null,
    mealTypeId,
    dishes: [{ name: dish, translations: {}, diets: [] }],
    note: null,
    translations: {},
  }) satisfies MenuEntry;

const entries: MenuEntry[] = [
  entry({ partnerId: 8 }, '2026-12-01', LUNCH, 'Second partner stew'),
  entry({ partnerId: 7 }, '2026-12-01', LUNCH, 'First partner congee'),
  entry({ partnerId: 7 }, '2026-12-02', LUNCH, 'Partner soup'),
  entry({ partnerId: 7 }, '2026-12-02', BREAKFAST, 'Partner oatmeal'),
  entry({ siteId: 10 }, '2026-12-02', LUNCH, 'Site curry'),
  entry({ siteId: 99 }, '2026-12-03', LUNCH, 'Another site’s menu'),
  entry({ partnerId: 7 }, '2026-12-05', LUNCH, 'Saturday soup'),
];

const dishOf = (date: string, mealTypeId: number) =>
  menuFor(site, entries, date, mealTypeId)?.dishes[0]?.name;

describe('menuFor: the site’s own, else its first partner’s with one (R651)', () => {
  it.each([
    ['2026-12-01', LUNCH, 'First partner congee', 'partner'],
    ['2026-12-02', LUNCH, 'Site curry', 'site'],
    ['2026-12-02', BREAKFAST, 'Partner oatmeal', 'partner'],
    ['2026-12-03', LUNCH, undefined, undefined],
    ['2026-12-04', LUNCH, undefined, undefined],
  ] as const)('%s meal %i: %s', (date, meal, dish, source) => {
    expect(dishOf(date, meal)).toBe(dish);
    expect(menuFor(site, entries, date, meal)?.source).toBe(source);
  });
});

describe('menuDay: published, not published, closed (R652)', () => {
  const closures: StatusClosure[] = [
    { startDate: '2026-12-03', endDate: '2026-12-03', reason: 'Training', allSites: false, siteIds: [10] },
  ];
  it.each([
    ['2026-12-01', 'published', 1],
    ['2026-12-02', 'published', 2],
    // A closure that day: nothing, whatever was published.
    ['2026-12-03', 'closed', 0],
    ['2026-12-04', 'not_published', 0],
    // Saturday: no hours that day.
    ['2026-12-05', 'closed', 0],
  ] as const)('%s is %s', (date, status, meals) => {
    const day = menuDay(site, closures, entries, date);
    expect(day.status).toBe(status);
    expect(day.meals).toHaveLength(meals);
    expect(day.hours).toEqual(status === 'closed' ? [] : [{ open: '11:30', close: '13:00' }]);
  });

  it('does not call a site without hours closed, and a closing status closes every day', () => {
    expect(closedOn({ ...site, Hours: [] }, [], '2026-12-05')).toBe(false);
    const closing = { ...site, CovidStatuses: [{ name: 'Closed', closesSite: true }] };
    expect(closedOn(closing, [], '2026-12-01')).toBe(true);
  });

  it('lists every date of a range, both ends included', () => {
    expect(menusForSite(site, [], entries, '2026-11-30', '2026-12-06').map((d) => d.date)).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
  });
});

describe('menuWindow: a year back, two years ahead of the agency’s today (R655)', () => {
  it.each([
    // The agency's midnight decides "today", whatever zone the device is in.
    ['2026-12-02T07:59:00Z', { min: '2025-12-01', max: '2028-11-30' }],
    ['2026-12-02T08:00:00Z', { min: '2025-12-02', max: '2028-12-01' }],
  ])('at %s', (instant, window) => {
    expect(menuWindow(agencyMoment(Date.parse(instant), 'America/Los_Angeles').date)).toEqual(window);
  });
});
