import { describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatInstant,
  formatInterval,
  formatTime,
  hoursOnOneLine,
  intlLocale,
  weekdayName,
  weeklyHours,
} from './format-hours.ts';

/** ICU separates '1:30' and 'PM' with a narrow no-break space; compare with plain spaces. */
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('intlLocale', () => {
  it.each([
    ['en', 'en-US'],
    ['es', 'es-US'],
    ['zh', 'zh-Hant-US'],
    ['zh-TW', 'zh-Hant-US'],
    ['ES-mx', 'es-US'],
    ['fr', 'en-US'],
    [undefined, 'en-US'],
  ])('%s → %s', (language, expected) => {
    expect(intlLocale(language)).toBe(expected);
  });
});

describe('weekdayName', () => {
  it.each([
    [0, 'en', 'Sunday'],
    [1, 'en', 'Monday'],
    [6, 'en', 'Saturday'],
    [1, 'es', 'Lunes'],
    [3, 'es', 'Miércoles'],
    [6, 'es', 'Sábado'],
    [0, 'zh', '星期日'],
    [1, 'zh', '星期一'],
    [5, 'zh', '星期五'],
    [1, 'xx', 'Monday'],
  ])('day %i in %s → %s', (day, language, expected) => {
    expect(weekdayName(day, language)).toBe(expected);
  });
});

describe('formatTime', () => {
  it.each([
    ['13:30', 'en', '1:30 PM'],
    ['09:00', 'en', '9:00 AM'],
    ['9:05', 'en', '9:05 AM'],
    ['00:00', 'en', '12:00 AM'],
    ['12:00', 'en', '12:00 PM'],
    ['13:30', 'es', '1:30 p.m.'],
    ['09:00', 'es', '9:00 a.m.'],
    ['13:30', 'zh', '下午1:30'],
    ['09:00', 'zh', '上午9:00'],
    ['25:00', 'en', '25:00'],
    ['noon', 'zh', 'noon'],
  ])('%s in %s → %s', (time, language, expected) => {
    expect(plain(formatTime(time, language))).toBe(expected);
  });
});

describe('formatInterval', () => {
  it.each([
    ['en', '11:00 AM – 1:00 PM'],
    ['es', '11:00 a.m. – 1:00 p.m.'],
    ['zh', '上午11:00 – 下午1:00'],
  ])('%s', (language, expected) => {
    expect(plain(formatInterval({ open: '11:00', close: '13:00' }, language))).toBe(expected);
  });
});

describe('weeklyHours', () => {
  const hours = [
    { day: 0, open: '10:00', close: '12:00' },
    { day: 3, open: '16:00', close: '18:00' },
    { day: 1, open: '11:00', close: '13:00' },
    { day: 3, open: '09:00', close: '11:00' },
    { day: 6, open: '08:00', close: '09:30' },
  ];

  it('lists Monday first and Sunday last, each day once with its intervals in order', () => {
    const week = weeklyHours(hours, 'en').map((d) => ({ ...d, intervals: d.intervals.map(plain) }));
    expect(week).toEqual([
      { day: 1, dayName: 'Monday', intervals: ['11:00 AM – 1:00 PM'] },
      { day: 3, dayName: 'Wednesday', intervals: ['9:00 AM – 11:00 AM', '4:00 PM – 6:00 PM'] },
      { day: 6, dayName: 'Saturday', intervals: ['8:00 AM – 9:30 AM'] },
      { day: 0, dayName: 'Sunday', intervals: ['10:00 AM – 12:00 PM'] },
    ]);
  });

  it.each([
    ['es', ['Lunes', 'Miércoles', 'Sábado', 'Domingo']],
    ['zh', ['星期一', '星期三', '星期六', '星期日']],
  ])('names the days in %s', (language, names) => {
    expect(weeklyHours(hours, language).map((d) => d.dayName)).toEqual(names);
  });

  it('is empty without hours', () => {
    expect(weeklyHours([], 'en')).toEqual([]);
  });
});

describe('formatInstant and formatCalendarDate: one format for every screen', () => {
  // 23:05 UTC on 24 November is 3:05 PM in San Francisco.
  const instant = '2026-11-24T23:05:00.000Z';
  it.each([
    ['en', 'Nov 24, 2026, 3:05 PM'],
    ['es', /24 nov 2026.*3:05 p\.\s?m\./],
    ['zh', /2026年11月24日.*下午3:05/],
  ])('writes an instant on the agency clock, on the %s reader’s 12-hour clock', (language, expected) => {
    const text = formatInstant(instant, language, 'America/Los_Angeles');
    if (typeof expected === 'string') expect(text).toBe(expected);
    else expect(text).toMatch(expected);
  });

  it('writes the date only, long, and leaves an unreadable instant as given', () => {
    expect(formatInstant(instant, 'en', 'America/Los_Angeles', { length: 'long', withTime: false })).toBe(
      'November 24, 2026',
    );
    expect(formatInstant('soon', 'en', 'America/Los_Angeles')).toBe('soon');
  });

  it('writes a calendar date whatever the device zone, with its weekday when asked', () => {
    expect(formatCalendarDate('2026-11-26', 'en')).toBe('Nov 26, 2026');
    expect(formatCalendarDate('2026-11-26', 'en', { weekday: true })).toBe('Thursday, Nov 26, 2026');
  });
});

describe('hoursOnOneLine', () => {
  it('writes the week Monday first, intervals of a day together, days apart with "; "', () => {
    const line = hoursOnOneLine(
      [
        { day: 3, open: '11:00', close: '13:00' },
        { day: 1, open: '17:00', close: '18:30' },
        { day: 1, open: '11:30', close: '13:00' },
      ],
      'en',
    );
    expect(line).toBe('Monday 11:30 AM – 1:00 PM, 5:00 PM – 6:30 PM; Wednesday 11:00 AM – 1:00 PM');
  });
});
