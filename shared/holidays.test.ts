import { describe, expect, it } from 'vitest';
import { weekdayOf } from './agency-time.ts';
import { usualHolidays } from './holidays.ts';

// Checked against a calendar.
describe('usualHolidays: by rule, actual dates (no weekend observance)', () => {
  it('2026', () => {
    expect(usualHolidays(2026)).toEqual([
      { key: 'newYear', date: '2026-01-01' },
      { key: 'mlkDay', date: '2026-01-19' },
      { key: 'presidentsDay', date: '2026-02-16' },
      { key: 'memorialDay', date: '2026-05-25' },
      { key: 'juneteenth', date: '2026-06-19' },
      { key: 'independenceDay', date: '2026-07-04' }, // a Saturday, not moved to Friday
      { key: 'laborDay', date: '2026-09-07' },
      { key: 'indigenousPeoplesDay', date: '2026-10-12' },
      { key: 'veteransDay', date: '2026-11-11' },
      { key: 'thanksgiving', date: '2026-11-26' },
      { key: 'dayAfterThanksgiving', date: '2026-11-27' },
      { key: 'christmas', date: '2026-12-25' },
    ]);
  });

  it('2027', () => {
    expect(usualHolidays(2027)).toEqual([
      { key: 'newYear', date: '2027-01-01' },
      { key: 'mlkDay', date: '2027-01-18' },
      { key: 'presidentsDay', date: '2027-02-15' },
      { key: 'memorialDay', date: '2027-05-31' }, // May has five Mondays
      { key: 'juneteenth', date: '2027-06-19' }, // a Saturday
      { key: 'independenceDay', date: '2027-07-04' }, // a Sunday
      { key: 'laborDay', date: '2027-09-06' },
      { key: 'indigenousPeoplesDay', date: '2027-10-11' },
      { key: 'veteransDay', date: '2027-11-11' },
      { key: 'thanksgiving', date: '2027-11-25' },
      { key: 'dayAfterThanksgiving', date: '2027-11-26' },
      { key: 'christmas', date: '2027-12-25' }, // a Saturday
    ]);
  });

  it.each([2024, 2025, 2026, 2027, 2028, 2029, 2030, 2033])(
    '%i: weekday rules hold and the list is in date order',
    (year) => {
      const holidays = usualHolidays(year);
      expect(holidays).toHaveLength(12);
      expect(holidays.map((x) => x.date)).toEqual(holidays.map((x) => x.date).sort());
      for (const { date } of holidays) expect(date.startsWith(`${year}-`)).toBe(true);
      const on = Object.fromEntries(holidays.map((x) => [x.key, x.date]));
      const day = (key: string) => Number(on[key]!.slice(8));
      expect(weekdayOf(on.mlkDay!)).toBe(1);
      expect(day('mlkDay')).toBeGreaterThanOrEqual(15);
      expect(day('mlkDay')).toBeLessThanOrEqual(21);
      expect(weekdayOf(on.presidentsDay!)).toBe(1);
      expect(day('presidentsDay')).toBeGreaterThanOrEqual(15);
      expect(day('presidentsDay')).toBeLessThanOrEqual(21);
      expect(weekdayOf(on.memorialDay!)).toBe(1);
      expect(day('memorialDay')).toBeGreaterThanOrEqual(25);
      expect(weekdayOf(on.laborDay!)).toBe(1);
      expect(day('laborDay')).toBeLessThanOrEqual(7);
      expect(weekdayOf(on.indigenousPeoplesDay!)).toBe(1);
      expect(day('indigenousPeoplesDay')).toBeGreaterThanOrEqual(8);
      expect(day('indigenousPeoplesDay')).toBeLessThanOrEqual(14);
      expect(weekdayOf(on.thanksgiving!)).toBe(4);
      expect(day('thanksgiving')).toBeGreaterThanOrEqual(22);
      expect(day('thanksgiving')).toBeLessThanOrEqual(28);
      expect(weekdayOf(on.dayAfterThanksgiving!)).toBe(5);
    },
  );

  it('a year whose 1st of the month is the holiday weekday (Labor Day 2025-09-01, Thanksgiving 2029-11-22)', () => {
    const on = (year: number) => Object.fromEntries(usualHolidays(year).map((x) => [x.key, x.date]));
    expect(on(2025).laborDay).toBe('2025-09-01');
    expect(on(2029).thanksgiving).toBe('2029-11-22');
    expect(on(2033).thanksgiving).toBe('2033-11-24');
    expect(on(2028).thanksgiving).toBe('2028-11-23');
  });

  it('refuses what is not a year', () => {
    expect(() => usualHolidays(2026.5)).toThrow(RangeError);
    expect(() => usualHolidays(0)).toThrow(RangeError);
  });
});
