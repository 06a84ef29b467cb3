import { describe, expect, it } from 'vitest';
import {
  addInterval,
  displayHours,
  editorHours,
  errorsByInterval,
  focusAfterRemoval,
  intervalKey,
  removeInterval,
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

describe('addInterval', () => {
  it('adds a valid interval and keeps the list in stored order (day, then open)', () => {
    const result = addInterval([monday, saturday], { day: 0, open: '8:00', close: '10:00' });
    expect(result).toEqual({ kind: 'added', hours: [sundayEarly, monday, saturday], interval: sundayEarly });
  });

  it('orders two intervals of one day by opening time', () => {
    const result = addInterval([sundayLate], sundayEarly);
    expect(result.kind === 'added' && result.hours).toEqual([sundayEarly, sundayLate]);
  });

  it.each([
    [
      { day: 1, open: '17:00', close: '09:00' },
      'close',
      'must be after the opening time',
      'close_not_after_open',
    ],
    [
      { day: 1, open: '09:00', close: '09:00' },
      'close',
      'must be after the opening time',
      'close_not_after_open',
    ],
    [{ day: 1, open: '', close: '09:00' }, 'open', 'must be a time like 9:00 or 17:30', 'invalid_time'],
    [
      { day: 7, open: '09:00', close: '10:00' },
      'day',
      'must be a weekday from 0 (Sunday) to 6 (Saturday)',
      'invalid_weekday',
    ],
  ])('refuses %j with the API message and code on %s', (candidate, path, message, code) => {
    const result = addInterval([], candidate);
    expect(result.kind).toBe('invalid');
    expect(result.kind === 'invalid' && result.errors).toContainEqual({ path, message, code });
  });

  it('refuses an exact duplicate', () => {
    expect(addInterval([monday], { day: 1, open: '9:00', close: '17:00' })).toEqual({ kind: 'duplicate' });
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
