import { describe, expect, it } from 'vitest';
import { weekdayOf } from './agency-time.ts';
import { holidayCalendar, observedDate, parseHolidayRules, usualHolidays } from './holidays.ts';

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

describe('holidayCalendar: observed days, Saturday → Friday and Sunday → Monday', () => {
  const observed = (year: number) =>
    Object.fromEntries(
      holidayCalendar(`${year}-01-01`, 365 + (year % 4 === 0 ? 1 : 0))
        .filter((x) => x.actualDate.startsWith(String(year)))
        .map((x) => [x.key, x.date]),
    );

  it.each([
    [
      2026,
      {
        newYear: '2026-01-01',
        mlkDay: '2026-01-19',
        presidentsDay: '2026-02-16',
        memorialDay: '2026-05-25',
        juneteenth: '2026-06-19',
        independenceDay: '2026-07-03', // Saturday 4 July → Friday
        laborDay: '2026-09-07',
        indigenousPeoplesDay: '2026-10-12',
        veteransDay: '2026-11-11',
        thanksgiving: '2026-11-26',
        dayAfterThanksgiving: '2026-11-27',
        christmas: '2026-12-25',
      },
    ],
    [
      2027,
      {
        newYear: '2027-01-01',
        mlkDay: '2027-01-18',
        presidentsDay: '2027-02-15',
        memorialDay: '2027-05-31',
        juneteenth: '2027-06-18', // Saturday → Friday
        independenceDay: '2027-07-05', // Sunday → Monday
        laborDay: '2027-09-06',
        indigenousPeoplesDay: '2027-10-11',
        veteransDay: '2027-11-11',
        thanksgiving: '2027-11-25',
        dayAfterThanksgiving: '2027-11-26',
        christmas: '2027-12-24', // Saturday → Friday
      },
    ],
    [
      2028,
      {
        mlkDay: '2028-01-17',
        presidentsDay: '2028-02-21',
        memorialDay: '2028-05-29',
        juneteenth: '2028-06-19',
        independenceDay: '2028-07-04',
        laborDay: '2028-09-04',
        indigenousPeoplesDay: '2028-10-09',
        veteransDay: '2028-11-10', // Saturday → Friday
        thanksgiving: '2028-11-23',
        dayAfterThanksgiving: '2028-11-24',
        christmas: '2028-12-25',
      },
    ],
  ])('%i', (year, expected) => {
    const got = observed(year);
    // New Year's Day 2028 (a Saturday) is observed in 2027: checked below.
    delete got.newYear;
    const { newYear: _n, ...rest } = expected as Record<string, string>;
    expect(got).toEqual(rest);
    if (year !== 2028) expect(observed(year).newYear).toBe((expected as Record<string, string>).newYear);
  });

  it('observes New Year’s Day 2028 (a Saturday) on Friday 31 December 2027', () => {
    const days = holidayCalendar('2027-12-01', 60);
    expect(days.find((x) => x.key === 'newYear')).toEqual({
      key: 'newYear',
      date: '2027-12-31',
      actualDate: '2028-01-01',
      names: { en: 'New Year’s Day', es: 'Año Nuevo', zh: '元旦' },
    });
    expect(days.map((x) => x.date)).toEqual(['2027-12-24', '2027-12-31', '2028-01-17']);
  });

  it('gives the next twelve months from a day, that day included', () => {
    const days = holidayCalendar('2026-11-26');
    expect(days[0]).toMatchObject({ key: 'thanksgiving', date: '2026-11-26' });
    // 365 days on: next year's Thanksgiving (25 November 2027) is still inside.
    expect(days.at(-1)).toMatchObject({ key: 'thanksgiving', date: '2027-11-25' });
    expect(days).toHaveLength(13);
    expect(observedDate('2026-11-26')).toBe('2026-11-26');
  });

  it('leaves out the removed holidays and adds a deployment’s own, observed the same way', () => {
    const parsed = parseHolidayRules(
      '-dayAfterThanksgiving; 03-31 César Chávez Day | Día de César Chávez | 凱撒·查維斯日 ; 02-29 Leap',
    );
    if (!('rules' in parsed)) throw new Error('not parsed');
    const days = holidayCalendar('2027-01-01', 365, parsed.rules);
    expect(days.some((x) => x.key === 'dayAfterThanksgiving')).toBe(false);
    expect(days.find((x) => x.key === 'fixed-03-31')).toEqual({
      key: 'fixed-03-31',
      date: '2027-03-31',
      actualDate: '2027-03-31',
      names: { en: 'César Chávez Day', es: 'Día de César Chávez', zh: '凱撒·查維斯日' },
    });
    expect(days.some((x) => x.key === 'fixed-02-29')).toBe(false);
    // 2029-03-31 is a Saturday.
    expect(holidayCalendar('2029-01-01', 365, parsed.rules).find((x) => x.key === 'fixed-03-31')?.date).toBe(
      '2029-03-30',
    );
  });

  it('refuses an entry it cannot read, saying how to write one', () => {
    expect(parseHolidayRules('-easter; 13-01 Nope; 02-30 Nope; 07-01')).toEqual({
      errors: [
        expect.stringContaining('-easter'),
        expect.any(String),
        expect.any(String),
        expect.any(String),
      ],
    });
    expect(parseHolidayRules('')).toEqual({ rules: { remove: [], add: [] } });
  });
});
