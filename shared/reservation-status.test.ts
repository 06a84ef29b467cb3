import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyMoment } from './agency-time.ts';
import type { StatusClosure, StatusHours, StatusSite } from './opening-status.ts';
import {
  type BookableMeal,
  nextBookableMeal,
  type ReserveAhead,
  reservationCutoff,
} from './reservation-status.ts';

// The agency is in Los Angeles (UTC−8 in December); the device runs in Tokyo, so a date or time taken
// from the device's clock would be a day off. Instants are UTC; comments give the agency's wall clock.
const LA = 'America/Los_Angeles';
let savedZone: string | undefined;
beforeAll(() => {
  savedZone = process.env.TZ;
  process.env.TZ = 'Asia/Tokyo';
});
afterAll(() => {
  if (savedZone === undefined) delete process.env.TZ;
  else process.env.TZ = savedZone;
});

const lunch = (day: number, weeks?: StatusHours['weeks']): StatusHours => ({
  day,
  open: '11:30',
  close: '13:00',
  ...(weeks ? { weeks } : {}),
});
const weekdays: StatusSite = { id: 7, Hours: [1, 2, 3, 4, 5].map((day) => lunch(day)) };
const christmas: StatusClosure = {
  startDate: '2026-12-25',
  endDate: '2026-12-25',
  reason: 'Christmas Day',
  allSites: true,
  siteIds: [],
};
const dayBeforeBy1pm: ReserveAhead = { reserveDays: 1, reserveBy: '13:00' };

function bookable(
  site: StatusSite,
  ahead: ReserveAhead,
  instant: string,
  closures: StatusClosure[] = [],
): Pick<BookableMeal, 'date' | 'open' | 'byDate' | 'byTime'> | null {
  const meal = nextBookableMeal(site, closures, ahead, agencyMoment(new Date(instant), LA));
  return meal && { date: meal.date, open: meal.open, byDate: meal.byDate, byTime: meal.byTime };
}

describe('nextBookableMeal (agency clock in Los Angeles, device in Tokyo)', () => {
  it.each([
    // [what, ahead, instant, closures, expected]
    [
      'before the cut-off: tomorrow, by 1 PM today (Tue 10:00)',
      dayBeforeBy1pm,
      '2026-12-01T18:00:00Z',
      [],
      { date: '2026-12-02', open: '11:30', byDate: '2026-12-01', byTime: '13:00' },
    ],
    [
      'a minute before the cut-off (Tue 12:59)',
      dayBeforeBy1pm,
      '2026-12-01T20:59:00Z',
      [],
      { date: '2026-12-02', open: '11:30', byDate: '2026-12-01', byTime: '13:00' },
    ],
    [
      'at the cut-off it has passed: the day after tomorrow (Tue 13:00)',
      dayBeforeBy1pm,
      '2026-12-01T21:00:00Z',
      [],
      { date: '2026-12-03', open: '11:30', byDate: '2026-12-02', byTime: '13:00' },
    ],
    [
      'Friday afternoon: Monday, by Sunday 1 PM (Fri 14:00)',
      dayBeforeBy1pm,
      '2026-12-04T22:00:00Z',
      [],
      { date: '2026-12-07', open: '11:30', byDate: '2026-12-06', byTime: '13:00' },
    ],
    [
      'a holiday is skipped: Christmas Friday closed, Monday next (Wed 14:00)',
      dayBeforeBy1pm,
      '2026-12-23T22:00:00Z',
      [christmas],
      { date: '2026-12-28', open: '11:30', byDate: '2026-12-27', byTime: '13:00' },
    ],
    [
      'the same day by 9 AM: past it, the next day (Thu 11:00)',
      { reserveDays: 0, reserveBy: '09:00' },
      '2026-12-24T19:00:00Z',
      [],
      { date: '2026-12-25', open: '11:30', byDate: '2026-12-25', byTime: '09:00' },
    ],
    [
      'hours ahead: today, 2 hours before (Tue 9:00)',
      { reserveHours: 2 },
      '2026-12-01T17:00:00Z',
      [],
      { date: '2026-12-01', open: '11:30', byDate: '2026-12-01', byTime: '09:30' },
    ],
    [
      'hours ahead, past the cut-off: tomorrow (Tue 9:45)',
      { reserveHours: 2 },
      '2026-12-01T17:45:00Z',
      [],
      { date: '2026-12-02', open: '11:30', byDate: '2026-12-02', byTime: '09:30' },
    ],
    [
      '24 hours ahead reaches back a day (Tue 10:00)',
      { reserveHours: 24 },
      '2026-12-01T18:00:00Z',
      [],
      { date: '2026-12-02', open: '11:30', byDate: '2026-12-01', byTime: '11:30' },
    ],
    [
      'days without a time: start − 2 × 24 h (Tue 10:00)',
      { reserveDays: 2 },
      '2026-12-01T18:00:00Z',
      [],
      { date: '2026-12-03', open: '11:30', byDate: '2026-12-01', byTime: '11:30' },
    ],
    [
      'a meal that has begun is not offered (Tue 11:30, no notice needed)',
      { reserveHours: 0 },
      '2026-12-01T19:30:00Z',
      [],
      { date: '2026-12-02', open: '11:30', byDate: '2026-12-02', byTime: '11:30' },
    ],
  ] as const)('%s', (_what, ahead, instant, closures, expected) => {
    expect(bookable(weekdays, ahead, instant, [...closures])).toEqual(expected);
  });

  it('keeps to the weeks of the month: 1st and 3rd Tuesdays, the 1st past its cut-off (Mon Nov 30 14:00)', () => {
    const site: StatusSite = { id: 8, Hours: [lunch(2, [1, 3])] };
    expect(bookable(site, dayBeforeBy1pm, '2026-11-30T22:00:00Z')).toEqual({
      date: '2026-12-15',
      open: '11:30',
      byDate: '2026-12-14',
      byTime: '13:00',
    });
    expect(bookable(site, dayBeforeBy1pm, '2026-11-30T20:00:00Z')).toEqual({
      date: '2026-12-01',
      open: '11:30',
      byDate: '2026-11-30',
      byTime: '13:00',
    });
  });

  it('takes the later meal of a day when the earlier one is past its cut-off', () => {
    const site: StatusSite = {
      id: 9,
      Hours: [lunch(2), { day: 2, open: '17:00', close: '18:00' }],
    };
    // Tue 10:00, 2 hours' notice: lunch closed for booking at 9:30, supper by 15:00.
    expect(bookable(site, { reserveHours: 2 }, '2026-12-01T18:00:00Z')).toEqual({
      date: '2026-12-01',
      open: '17:00',
      byDate: '2026-12-01',
      byTime: '15:00',
    });
  });

  it('promises nothing without a deadline, during a closure until further notice, or without hours', () => {
    const now = '2026-12-01T18:00:00Z';
    expect(bookable(weekdays, {}, now)).toBeNull();
    const indefinite: StatusClosure = { ...christmas, startDate: '2026-12-02', endDate: null };
    expect(bookable(weekdays, dayBeforeBy1pm, now, [indefinite])).toBeNull();
    expect(bookable({ id: 10, Hours: [] }, dayBeforeBy1pm, now)).toBeNull();
    const closingStatus: StatusSite = { ...weekdays, CovidStatuses: [{ name: 'Closed', closesSite: true }] };
    expect(bookable(closingStatus, dayBeforeBy1pm, now)).toBeNull();
  });
});

describe('reservationCutoff', () => {
  it.each([
    [
      { reserveDays: 1, reserveBy: '13:00' },
      { date: '2026-12-01', time: '13:00' },
    ],
    [
      { reserveDays: 0, reserveBy: '09:00' },
      { date: '2026-12-02', time: '09:00' },
    ],
    [{ reserveDays: 3 }, { date: '2026-11-29', time: '11:30' }],
    [{ reserveHours: 1.5 }, { date: '2026-12-02', time: '10:00' }],
    [{ reserveHours: 48 }, { date: '2026-11-30', time: '11:30' }],
    [{ reserveHours: 12 }, { date: '2026-12-01', time: '23:30' }],
  ] as const)('%o', (ahead, expected) => {
    expect(reservationCutoff({ date: '2026-12-02', open: '11:30' }, ahead)).toEqual(expected);
  });
  it('is unknown without hours or days', () => {
    expect(reservationCutoff({ date: '2026-12-02', open: '11:30' }, { reserveBy: '13:00' })).toBeUndefined();
  });
});
