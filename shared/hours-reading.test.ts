import { describe, expect, it } from 'vitest';
import type { HoursInterval } from './hours.ts';
import { type HoursGuess, readHoursText } from './hours-reading.ts';
import { formatHoursText } from './hours-text.ts';

const on = (days: number[], open: string, close: string): HoursInterval[] =>
  days.map((day) => ({ day, open, close }));
const WEEKDAYS = [1, 2, 3, 4, 5];
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 0];

describe('readHoursText: hours as meal programmes write them (R600–R606)', () => {
  it.each<[string, HoursInterval[], HoursGuess[]]>([
    // Day ranges and lists in English.
    ['M-F 11:30-1:00', on(WEEKDAYS, '11:30', '13:00'), ['afternoon', 'day_abbreviation']],
    ['Mon-Fri 11:30-13:00', on(WEEKDAYS, '11:30', '13:00'), []],
    ['Mon through Fri 11:30am-1pm', on(WEEKDAYS, '11:30', '13:00'), []],
    ['Mon thru Fri 11:30 a.m. - 1 p.m.', on(WEEKDAYS, '11:30', '13:00'), []],
    ['Monday to Friday 11:30-13:00', on(WEEKDAYS, '11:30', '13:00'), []],
    ['Weekdays 11-1', on(WEEKDAYS, '11:00', '13:00'), ['afternoon', 'day_range']],
    ['Daily 12-1', on(EVERY_DAY, '12:00', '13:00'), ['afternoon', 'day_range']],
    ['Every day 11:30-12:30', on(EVERY_DAY, '11:30', '12:30'), ['day_range']],
    ['Tue/Thu 11:30-12:30', on([2, 4], '11:30', '12:30'), []],
    ['Tue & Thu 11:30-12:30', on([2, 4], '11:30', '12:30'), []],
    ['M,W,F 11:30-1', on([1, 3, 5], '11:30', '13:00'), ['afternoon', 'day_abbreviation']],
    ['MWF noon-1:30', on([1, 3, 5], '12:00', '13:30'), ['afternoon', 'day_abbreviation']],
    ['TTh 12 noon-1 pm', on([2, 4], '12:00', '13:00'), ['day_abbreviation']],
    ['Sat & Sun 9-12', on([6, 0], '09:00', '12:00'), []],
    ['Weekends 9-12', on([6, 0], '09:00', '12:00'), ['day_range']],
    ['Fri–Mon 9–10', on([5, 6, 0, 1], '09:00', '10:00'), ['day_range']],
    // Spanish.
    ['Lunes a viernes 11:30-13:00', on(WEEKDAYS, '11:30', '13:00'), []],
    ['de lunes a viernes de 11:30 a 13:00', on(WEEKDAYS, '11:30', '13:00'), []],
    ['lun-vie 11:30-1:00', on(WEEKDAYS, '11:30', '13:00'), ['afternoon']],
    ['martes y jueves 12:00-13:00', on([2, 4], '12:00', '13:00'), []],
    ['todos los días 12-1', on(EVERY_DAY, '12:00', '13:00'), ['afternoon', 'day_range']],
    ['Sábado 9:00-12:00', on([6], '09:00', '12:00'), []],
    ['miércoles 11:30 a. m. - 1 p. m.', on([3], '11:30', '13:00'), []],
    // Chinese.
    ['週一至週五 11:30-13:00', on(WEEKDAYS, '11:30', '13:00'), []],
    ['星期一至五 上午11時30分至下午1時', on(WEEKDAYS, '11:30', '13:00'), []],
    ['星期二、四 中午12時至下午1時', on([2, 4], '12:00', '13:00'), []],
    ['週一、三、五 11:30-13:00', on([1, 3, 5], '11:30', '13:00'), []],
    ['每日 11:30-13:00', on(EVERY_DAY, '11:30', '13:00'), ['day_range']],
    ['星期六 上午9時至中午12時', on([6], '09:00', '12:00'), []],
    ['週一至週五 １１：３０～１３：００', on(WEEKDAYS, '11:30', '13:00'), []],
    // Times.
    ['Mon noon-1pm', on([1], '12:00', '13:00'), []],
    ['Mon midday-1:30pm', on([1], '12:00', '13:30'), []],
    ['Mon 11-1:30', on([1], '11:00', '13:30'), ['afternoon']],
    ['Mon 11.30-13.00', on([1], '11:30', '13:00'), []],
    ['Mon 11:30am-1pm', on([1], '11:30', '13:00'), []],
    ['Mon 11am-1', on([1], '11:00', '13:00'), ['afternoon']],
    ['Mon 5pm-7', on([1], '17:00', '19:00'), ['afternoon']],
    ['Mon 1 p.m.-3 p.m.', on([1], '13:00', '15:00'), []],
    ['Mon 13:00-14:00', on([1], '13:00', '14:00'), []],
    // The afternoon rule (R602): an open from 1 to 6 with a close up to 9 is after noon…
    ['Mon 5-7', on([1], '17:00', '19:00'), ['afternoon']],
    ['Mon 1-3', on([1], '13:00', '15:00'), ['afternoon']],
    ['Mon 9-5', on([1], '09:00', '17:00'), ['afternoon']],
    // …a morning stays a morning, and a close past 20:00 is not guessed.
    ['Mon 7-9', on([1], '07:00', '09:00'), []],
    ['Mon 5:00-7:00', on([1], '05:00', '07:00'), []],
    ['Mon 1-3:30', on([1], '13:00', '15:30'), ['afternoon']],
    ['Mon 8-10', on([1], '08:00', '10:00'), []],
    ['Mon 10-9', on([1], '10:00', '09:00'), []],
    ['Mon 13:30-11:30', on([1], '13:30', '11:30'), []],
    // Several parts and groups.
    [
      'M-F 11:30-1:00; Sat 9-12',
      [...on(WEEKDAYS, '11:30', '13:00'), ...on([6], '09:00', '12:00')],
      ['afternoon', 'day_abbreviation'],
    ],
    ['Mon 9-10, Wed 11-12', [...on([1], '09:00', '10:00'), ...on([3], '11:00', '12:00')], []],
    ['Tue 11:30-1\nThu 5-7', [...on([2], '11:30', '13:00'), ...on([4], '17:00', '19:00')], ['afternoon']],
    [
      'Mon, Wed 9:00–10:00, 14:00–15:00',
      [...on([1, 3], '09:00', '10:00'), ...on([1, 3], '14:00', '15:00')],
      [],
    ],
    ['1st & 3rd Wed 11-1', [{ day: 3, open: '11:00', close: '13:00', weeks: [1, 3] }], ['afternoon']],
    ['Closed', [], []],
    ['Cerrado', [], []],
    ['', [], []],
  ])('%j', (text, hours, guesses) => {
    const reading = readHoursText(text);
    expect(reading).toEqual({ ok: true, hours: expect.arrayContaining(hours), guesses });
    expect(reading.ok && reading.hours).toHaveLength(hours.length);
  });

  it.each<[string, string, string]>([
    ['Mon', 'Mon', 'Mon 11:30–13:30'],
    ['11:30–13:30', '11:30–13:30', 'Mon–Fri 11:30–13:30'],
    ['open most days', 'open most days', 'Mon–Fri 11:30–13:30'],
    ['M-F 11:30', 'M-F 11:30', 'Mon–Fri 11:30–13:30'],
    ['Tue/Thu lunch', 'Tue/Thu lunch', 'Tue, Thu 11:30–13:30'],
    ['Mon 9-10; Someday 9-10', 'Someday 9-10', 'Mon–Fri 11:30–13:30'],
    ['Mon 25:00-26:00', 'Mon 25:00-26:00', 'Mon 11:30–13:30'],
    ['Mon 13pm-14pm', 'Mon 13pm-14pm', 'Mon 11:30–13:30'],
    ['5th Mon 9-10', '5th Mon 9-10', 'Mon–Fri 11:30–13:30'],
    ['Mon 1130-1300', 'Mon 1130-1300', 'Mon–Fri 11:30–13:30'],
    ['Mon 11 noon-1', 'Mon 11 noon-1', 'Mon 11:30–13:30'],
    ['一至五 11:30-13:00', '一至五 11:30-13:00', 'Mon–Fri 11:30–13:30'],
    ['Mon–Fri 11:30–13:30 *', 'Mon–Fri 11:30–13:30 *', 'Mon–Fri 11:30–13:30'],
  ])('%j is refused at %j, suggesting %j', (text, part, example) => {
    expect(readHoursText(text)).toEqual({ ok: false, part, example });
  });

  it('shortens a long refused part', () => {
    const reading = readHoursText(`Mon ${'x'.repeat(200)}`);
    expect(reading.ok).toBe(false);
    expect(!reading.ok && reading.part).toHaveLength(60);
  });

  it('answers a 2,000-character hostile cell', () => {
    for (const cell of [
      `Mon ${'1'.repeat(1996)}`,
      `${'Mon-'.repeat(500)}`,
      `Mon ${'9-10, '.repeat(332)}x`,
      `${'m'.repeat(1999)}1`,
      `${' '.repeat(1998)}-x`,
      `Mon ${'1:00 '.repeat(399)}`,
      `${'週一至'.repeat(666)}五`,
      `Mon 11${':'.repeat(1990)}`,
    ]) {
      expect(cell.length).toBeGreaterThan(1900);
      expect(cell.length).toBeLessThanOrEqual(2000);
      expect(readHoursText(cell).ok).toBe(false);
    }
    const long = `Mon 9-10${', 9-10'.repeat(398)}`;
    expect(readHoursText(long).ok).toBe(true);
  });

  it('reads what formatHoursText writes back unchanged', () => {
    const hours: HoursInterval[] = [
      ...on(WEEKDAYS, '11:30', '13:00'),
      { day: 6, open: '09:00', close: '12:00' },
      { day: 3, open: '14:00', close: '15:00', weeks: [1, -1] },
      { day: 0, open: '17:00', close: '19:00' },
      { day: 2, open: '06:00', close: '08:00' },
      { day: 4, open: '01:00', close: '03:00' },
      { day: 4, open: '12:00', close: '13:00' },
    ];
    const text = formatHoursText(hours);
    const reading = readHoursText(text);
    expect(reading).toEqual({ ok: true, hours: expect.arrayContaining(hours), guesses: [] });
    expect(reading.ok && formatHoursText(reading.hours)).toBe(text);
  });
});
