import { describe, expect, it } from 'vitest';
import type { HoursInterval } from './hours.ts';
import { formatHoursText, parseHoursText } from './hours-text.ts';

const weekdays = (open: string, close: string, days = [1, 2, 3, 4, 5]): HoursInterval[] =>
  days.map((day) => ({ day, open, close }));

describe('parseHoursText: hours as people write them', () => {
  it.each<[string, HoursInterval[]]>([
    ['', []],
    ['Closed', []],
    ['  closed ', []],
    ['Mon–Fri 11:30–13:30', weekdays('11:30', '13:30')],
    ['Mon-Fri 11:30-13:30', weekdays('11:30', '13:30')],
    ['mon - fri 11:30 - 13:30', weekdays('11:30', '13:30')],
    ['Monday to Friday 11:30 to 13:30', weekdays('11:30', '13:30')],
    [
      'Mon–Fri 11:30–13:30; Sat 9:00–12:00',
      [...weekdays('11:30', '13:30'), { day: 6, open: '09:00', close: '12:00' }],
    ],
    ['Sat 9–12', [{ day: 6, open: '09:00', close: '12:00' }]],
    ['Tue 11:30am–1pm', [{ day: 2, open: '11:30', close: '13:00' }]],
    ['Tue 11:30 AM – 1:00 PM', [{ day: 2, open: '11:30', close: '13:00' }]],
    ['Tue 11:30–1:30 p.m.', [{ day: 2, open: '11:30', close: '13:30' }]],
    ['Tue 1–3 PM', [{ day: 2, open: '13:00', close: '15:00' }]],
    ['Thu 12pm–12:45pm', [{ day: 4, open: '12:00', close: '12:45' }]],
    [
      'Mon, Wed, Fri 9:00–10:00, 14:00–15:00',
      [
        { day: 1, open: '09:00', close: '10:00' },
        { day: 1, open: '14:00', close: '15:00' },
        { day: 3, open: '09:00', close: '10:00' },
        { day: 3, open: '14:00', close: '15:00' },
        { day: 5, open: '09:00', close: '10:00' },
        { day: 5, open: '14:00', close: '15:00' },
      ],
    ],
    ['1st & 3rd Wed 11:00–13:00', [{ day: 3, open: '11:00', close: '13:00', weeks: [1, 3] }]],
    ['Last Fri 10:00–12:00', [{ day: 5, open: '10:00', close: '12:00', weeks: [-1] }]],
    ['2nd, 4th & last Tue 10:00–12:00', [{ day: 2, open: '10:00', close: '12:00', weeks: [2, 4, -1] }]],
    [
      'Sat–Sun 10:00–11:00',
      [
        { day: 6, open: '10:00', close: '11:00' },
        { day: 0, open: '10:00', close: '11:00' },
      ],
    ],
    [
      'Mon 9:00–10:00\nTue 9:00–10:00',
      [
        { day: 1, open: '09:00', close: '10:00' },
        { day: 2, open: '09:00', close: '10:00' },
      ],
    ],
    // Order is the schema's rule (close_not_after_open), not the reader's.
    ['Mon 13:30–11:30', [{ day: 1, open: '13:30', close: '11:30' }]],
  ])('%j', (text, hours) => {
    const result = parseHoursText(text);
    expect(result).toEqual({ ok: true, hours: expect.arrayContaining(hours) });
    expect(result.ok && result.hours).toHaveLength(hours.length);
  });

  it.each([
    'Mon',
    '11:30–13:30',
    'Someday 9–10',
    'Mon 25:00–26:00',
    'Mon 9:75–10:00',
    'Mon 13pm–14pm',
    'Mon 9:00',
    'open most days',
    '5th Mon 9–10',
  ])('%j cannot be read', (text) => {
    expect(parseHoursText(text)).toEqual({ ok: false });
  });
});

describe('formatHoursText writes what parseHoursText reads', () => {
  it.each<[HoursInterval[], string]>([
    [[], ''],
    [weekdays('11:30', '13:30'), 'Mon–Fri 11:30–13:30'],
    [
      [...weekdays('11:30', '13:30'), { day: 6, open: '09:00', close: '12:00' }],
      'Mon–Fri 11:30–13:30; Sat 9:00–12:00',
    ],
    [weekdays('09:00', '10:00', [1, 3, 5]), 'Mon, Wed, Fri 9:00–10:00'],
    [weekdays('09:00', '10:00', [1, 2, 3, 5]), 'Mon–Wed, Fri 9:00–10:00'],
    [[{ day: 3, open: '11:00', close: '13:00', weeks: [1, 3] }], '1st & 3rd Wed 11:00–13:00'],
    [[{ day: 2, open: '10:00', close: '12:00', weeks: [2, 4, -1] }], '2nd, 4th & last Tue 10:00–12:00'],
    [
      [
        { day: 3, open: '09:00', close: '10:00' },
        { day: 3, open: '14:00', close: '15:00', weeks: [1] },
        { day: 0, open: '10:00', close: '11:00' },
      ],
      'Wed 9:00–10:00; 1st Wed 14:00–15:00; Sun 10:00–11:00',
    ],
  ])('%j → %j and back', (hours, text) => {
    expect(formatHoursText(hours)).toBe(text);
    const back = parseHoursText(text);
    expect(back.ok && back.hours).toEqual(expect.arrayContaining(hours));
    expect(back.ok && back.hours).toHaveLength(hours.length);
  });
});
