import { describe, expect, it } from 'vitest';
import {
  groupHoursByDay,
  type HoursInterval,
  isTime,
  minutesOf,
  normalizeTime,
  sortHours,
  sortHoursMondayFirst,
} from './hours.ts';

describe('normalizeTime: H:mm or HH:mm in, HH:mm out', () => {
  it.each([
    ['9:00', '09:00'],
    ['09:00', '09:00'],
    ['0:00', '00:00'],
    ['00:00', '00:00'],
    ['13:30', '13:30'],
    ['23:59', '23:59'],
    [' 7:05 ', '07:05'],
    ['19:00', '19:00'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeTime(input)).toBe(expected);
  });

  it.each([
    '24:00',
    '25:00',
    '9:60',
    '9:5',
    '9',
    '0900',
    '009:00',
    '9:000',
    '-1:00',
    '9.00',
    '9:00 am',
    'noon',
    '',
    ' ',
  ])('%j is not a time', (input) => {
    expect(normalizeTime(input)).toBeUndefined();
    expect(isTime(input)).toBe(false);
  });
});

describe('minutesOf', () => {
  it.each([
    ['00:00', 0],
    ['09:00', 540],
    ['9:30', 570],
    ['23:59', 1439],
  ])('%j → %i', (time, minutes) => {
    expect(minutesOf(time)).toBe(minutes);
  });
});

const h = (day: number, open: string, close: string): HoursInterval => ({ day, open, close });
const label = (hours: HoursInterval[]) => hours.map((x) => `${x.day}@${x.open}`);

describe('sortHoursMondayFirst: Monday first', () => {
  it.each<[string, HoursInterval[], string[]]>([
    ['empty', [], []],
    ['one interval', [h(3, '11:00', '13:00')], ['3@11:00']],
    [
      'Sunday goes last, Monday first',
      [h(0, '10:00', '12:00'), h(6, '10:00', '12:00'), h(1, '10:00', '12:00')],
      ['1@10:00', '6@10:00', '0@10:00'],
    ],
    [
      'a whole week out of order',
      [0, 6, 5, 4, 3, 2, 1].map((d) => h(d, '09:00', '17:00')),
      ['1@09:00', '2@09:00', '3@09:00', '4@09:00', '5@09:00', '6@09:00', '0@09:00'],
    ],
    [
      'within a day by open time, compared as times (9:00 before 10:00)',
      [h(2, '17:00', '19:00'), h(2, '10:00', '12:00'), h(2, '9:00', '9:30')],
      ['2@9:00', '2@10:00', '2@17:00'],
    ],
  ])('%s', (_label, input, expected) => {
    const copy = structuredClone(input);
    expect(label(sortHoursMondayFirst(input))).toEqual(expected);
    // Pure: the input is left as it was.
    expect(input).toEqual(copy);
  });

  it('keeps the extra fields of each interval', () => {
    const sorted = sortHoursMondayFirst([
      { id: 2, day: 0, open: '09:00', close: '10:00' },
      { id: 1, day: 1, open: '09:00', close: '10:00' },
    ]);
    expect(sorted.map((x) => x.id)).toEqual([1, 2]);
  });
});

describe('sortHours (as stored: day 0 first, then open time)', () => {
  it('orders Sunday first, then by open time', () => {
    expect(
      label(sortHours([h(1, '12:00', '13:00'), h(0, '09:00', '10:00'), h(1, '08:00', '09:00')])),
    ).toEqual(['0@09:00', '1@08:00', '1@12:00']);
  });
});

describe('groupHoursByDay', () => {
  it.each<[string, HoursInterval[], { day: number; opens: string[] }[]]>([
    ['empty', [], []],
    [
      'two intervals on one day are grouped, days without hours left out',
      [h(3, '17:00', '19:00'), h(1, '11:00', '13:00'), h(3, '11:00', '13:00')],
      [
        { day: 1, opens: ['11:00'] },
        { day: 3, opens: ['11:00', '17:00'] },
      ],
    ],
    [
      'Sunday is the last group',
      [h(0, '10:00', '12:00'), h(5, '10:00', '12:00'), h(0, '08:00', '09:00')],
      [
        { day: 5, opens: ['10:00'] },
        { day: 0, opens: ['08:00', '10:00'] },
      ],
    ],
  ])('%s', (_label, input, expected) => {
    expect(
      groupHoursByDay(input).map((g) => ({ day: g.day, opens: g.intervals.map((x) => x.open) })),
    ).toEqual(expected);
  });

  it('returns each day once, even when the input interleaves days', () => {
    const groups = groupHoursByDay([h(2, '09:00', '10:00'), h(4, '09:00', '10:00'), h(2, '12:00', '13:00')]);
    expect(groups.map((g) => g.day)).toEqual([2, 4]);
  });
});
