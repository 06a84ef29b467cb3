import { describe, expect, it } from 'vitest';
import {
  addIntervals,
  displayHours,
  editorHours,
  errorsByInterval,
  focusAfterRemoval,
  hoursPayload,
  intervalKey,
  normalizeWeeks,
  removeInterval,
  updateInterval,
} from './hours.ts';

const monday = { day: 1, open: '09:00', close: '17:00' };
const sundayLate = { day: 0, open: '12:00', close: '14:00' };
const sundayEarly = { day: 0, open: '08:00', close: '10:00' };
const saturday = { day: 6, open: '10:00', close: '12:00' };

describe('editorHours', () => {
  it('normalises times to HH:mm, drops exact duplicates and sorts by day then opening time', () => {
    expect(editorHours([{ day: 1, open: '9:00', close: '17:00' }, monday, sundayLate, sundayEarly])).toEqual([
      sundayEarly,
      sundayLate,
      monday,
    ]);
  });
});

const one = (day: number, open: string, close: string) => ({ days: [day], open, close });

describe('addIntervals', () => {
  it('adds a valid interval and keeps the list in stored order (day, then open)', () => {
    const result = addIntervals([monday, saturday], one(0, '8:00', '10:00'));
    expect(result).toEqual({ kind: 'added', hours: [sundayEarly, monday, saturday], added: [sundayEarly] });
  });

  it('orders two intervals of one day by opening time', () => {
    const result = addIntervals([sundayLate], one(0, '08:00', '10:00'));
    expect(result.kind === 'added' && result.hours).toEqual([sundayEarly, sundayLate]);
  });

  it('adds one interval to each chosen weekday in one action (Monday to Friday, 11:30 to 13:30)', () => {
    const result = addIntervals([sundayEarly], { days: [5, 1, 2, 3, 4], open: '11:30', close: '13:30' });
    const lunch = (day: number) => ({ day, open: '11:30', close: '13:30' });
    expect(result).toEqual({
      kind: 'added',
      hours: [sundayEarly, lunch(1), lunch(2), lunch(3), lunch(4), lunch(5)],
      added: [lunch(1), lunch(2), lunch(3), lunch(4), lunch(5)],
    });
  });

  it('skips the days that already have the interval, and refuses only when all of them do', () => {
    const result = addIntervals([monday], { days: [1, 2], open: '09:00', close: '17:00' });
    expect(result.kind === 'added' && result.added).toEqual([{ ...monday, day: 2 }]);
    expect(addIntervals([monday], { days: [1], open: '9:00', close: '17:00' })).toEqual({
      kind: 'duplicate',
    });
  });

  it('refuses no day at all', () => {
    const result = addIntervals([], { days: [], open: '09:00', close: '10:00' });
    expect(result.kind === 'invalid' && result.errors.map((e) => e.path)).toEqual(['days']);
  });

  it('keeps the weeks of the month, in order, and drops them when they are every week', () => {
    const first = addIntervals([], { days: [2], open: '09:00', close: '11:00', weeks: [3, 1] });
    expect(first.kind === 'added' && first.added).toEqual([
      { day: 2, open: '09:00', close: '11:00', weeks: [1, 3] },
    ]);
    const all = addIntervals([], { days: [2], open: '09:00', close: '11:00', weeks: [-1, 1, 2, 3, 4] });
    expect(all.kind === 'added' && all.added).toEqual([{ day: 2, open: '09:00', close: '11:00' }]);
    // The same times on other weeks are another interval, not a duplicate.
    const other = addIntervals(first.kind === 'added' ? first.hours : [], {
      days: [2],
      open: '09:00',
      close: '11:00',
      weeks: [-1],
    });
    expect(other.kind === 'added' && other.hours).toHaveLength(2);
  });

  it.each([
    [one(1, '17:00', '09:00'), 'close', 'must be after the opening time', 'close_not_after_open'],
    [one(1, '09:00', '09:00'), 'close', 'must be after the opening time', 'close_not_after_open'],
    [one(1, '', '09:00'), 'open', 'must be a time like 9:00 or 17:30', 'invalid_time'],
    [one(7, '09:00', '10:00'), 'day', 'must be a weekday from 0 (Sunday) to 6 (Saturday)', 'invalid_weekday'],
  ])('refuses %j with the API message and code on %s', (candidate, path, message, code) => {
    const result = addIntervals([], candidate);
    expect(result.kind).toBe('invalid');
    expect(result.kind === 'invalid' && result.errors).toContainEqual({ path, message, code });
  });
});

describe('updateInterval', () => {
  it('changes an interval in place: new times and weeks, the list still in stored order', () => {
    const result = updateInterval([sundayEarly, monday], intervalKey(monday), {
      day: 1,
      open: '10:00',
      close: '12:00',
      weeks: [2, 4],
    });
    expect(result).toEqual({
      kind: 'updated',
      hours: [sundayEarly, { day: 1, open: '10:00', close: '12:00', weeks: [2, 4] }],
      interval: { day: 1, open: '10:00', close: '12:00', weeks: [2, 4] },
    });
  });

  it('refuses a change that makes it equal to another interval, and a close before the open', () => {
    expect(updateInterval([sundayEarly, sundayLate], intervalKey(sundayLate), sundayEarly)).toEqual({
      kind: 'duplicate',
    });
    const result = updateInterval([monday], intervalKey(monday), { ...monday, close: '08:00' });
    expect(result.kind === 'invalid' && result.errors.map((e) => e.code)).toEqual(['close_not_after_open']);
  });

  it('accepts the interval unchanged', () => {
    expect(updateInterval([monday], intervalKey(monday), monday).kind).toBe('updated');
  });
});

describe('hoursPayload and normalizeWeeks', () => {
  it('sends weeks only on intervals that do not apply every week', () => {
    expect(
      hoursPayload([{ ...monday, weeks: [-1, 1] }, sundayEarly, { ...saturday, weeks: [1, 2, 3, 4, -1] }]),
    ).toEqual([sundayEarly, { ...monday, weeks: [1, -1] }, saturday]);
  });

  it('reads no weeks, or all five, as every week', () => {
    expect(normalizeWeeks(undefined)).toBeUndefined();
    expect(normalizeWeeks([])).toBeUndefined();
    expect(normalizeWeeks([4, 3, 2, 1, -1])).toBeUndefined();
    expect(normalizeWeeks([-1, 3, 3])).toEqual([3, -1]);
  });
});

describe('removeInterval and focusAfterRemoval', () => {
  const hours = [sundayEarly, monday, saturday];

  it('removes only the chosen interval', () => {
    expect(removeInterval(hours, intervalKey(monday))).toEqual([sundayEarly, saturday]);
  });

  it.each([
    // Shown Monday first: monday, saturday, sundayEarly.
    [monday, saturday],
    [saturday, sundayEarly],
    [sundayEarly, saturday],
  ])('after removing %j focus goes to %j', (removed, next) => {
    expect(focusAfterRemoval(hours, intervalKey(removed))).toBe(intervalKey(next));
  });

  it('has nowhere to go when the last interval is removed', () => {
    expect(focusAfterRemoval([monday], intervalKey(monday))).toBeUndefined();
  });
});

describe('displayHours', () => {
  it('shows Monday first and Sunday last, each day by opening time', () => {
    expect(displayHours([sundayLate, saturday, sundayEarly, monday])).toEqual([
      monday,
      saturday,
      sundayEarly,
      sundayLate,
    ]);
  });
});

describe('errorsByInterval', () => {
  it('maps Hours.N.field (N in sent order) to the interval it names, whatever order it is shown in', () => {
    const hours = [saturday, monday, sundayEarly]; // sent as sunday, monday, saturday
    const errors = errorsByInterval(
      { 'Hours.0.close': 'Must be after the opening time.', 'Hours.2': 'Bad.', name: 'Is required.' },
      hours,
    );
    expect(errors).toEqual({
      [intervalKey(sundayEarly)]: [{ field: 'close', message: 'Must be after the opening time.' }],
      [intervalKey(saturday)]: [{ field: '', message: 'Bad.' }],
    });
  });

  it('ignores indexes past the end', () => {
    expect(errorsByInterval({ 'Hours.5.open': 'X.' }, [monday])).toEqual({});
  });
});
