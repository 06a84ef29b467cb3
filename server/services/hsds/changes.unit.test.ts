import { describe, expect, it } from 'vitest';
import { USUAL_HOLIDAY_KEYS, USUAL_HOLIDAY_RULES } from '#shared/holidays.ts';
import type { Closure } from '#shared/schemas/closures.ts';
import { agencyDayStart, defunctCutoff, type FeedChanges, modifiedTimes } from './changes.ts';

const zone = 'America/Los_Angeles';
const noHolidays = { remove: [...USUAL_HOLIDAY_KEYS], add: [] };

function closure(overrides: Partial<Closure>): Closure {
  return {
    id: 1,
    startDate: '2026-11-01',
    endDate: null,
    reason: 'Repairs',
    translations: {},
    allSites: false,
    siteIds: [],
    version: 1,
    updatedAt: '2026-10-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('agencyDayStart', () => {
  it.each([
    ['2026-11-24', 'America/Los_Angeles', '2026-11-24T08:00:00.000Z'],
    ['2026-07-01', 'America/Los_Angeles', '2026-07-01T07:00:00.000Z'],
    // The days daylight-saving time begins and ends in the zone (at 02:00, after midnight).
    ['2026-03-08', 'America/Los_Angeles', '2026-03-08T08:00:00.000Z'],
    ['2026-11-01', 'America/Los_Angeles', '2026-11-01T07:00:00.000Z'],
    ['2026-11-24', 'Asia/Kolkata', '2026-11-23T18:30:00.000Z'],
    ['2026-11-24', 'UTC', '2026-11-24T00:00:00.000Z'],
  ])('%s in %s begins at %s', (date, timeZone, instant) => {
    expect(new Date(agencyDayStart(date, timeZone)).toISOString()).toBe(instant);
  });

  it('gives the cutoff of tombstones 90 days back', () => {
    expect(defunctCutoff('2026-11-24', zone)).toBe('2026-08-26T07:00:00.000Z');
  });
});

describe('modifiedTimes', () => {
  const changes: FeedChanges = {
    sites: [
      { id: 1, modifiedAt: '2026-11-01T12:00:00.000Z', lastEnded: null },
      { id: 2, modifiedAt: '2026-11-01T12:00:00.000Z', lastEnded: '2026-11-20' },
      { id: 3, modifiedAt: '2026-11-01T12:00:00.000Z', lastEnded: null },
    ],
    everySite: { changedAt: null, lastEnded: null },
    deleted: [],
  };
  const options = { today: '2026-11-24', timeZone: zone, holidays: noHolidays };
  const at = (iso: string) => Date.parse(iso);

  it("is a site's own time when nothing else happened", () => {
    expect(modifiedTimes(changes, [], options).of(1)).toBe(at('2026-11-01T12:00:00.000Z'));
  });

  it('moves to the midnight after a closure of the site ended, or when one until further notice began', () => {
    const times = modifiedTimes(
      changes,
      [
        closure({ startDate: '2026-11-22', siteIds: [3] }),
        closure({ startDate: '2026-12-01', siteIds: [1] }),
      ],
      options,
    );
    expect(times.of(2)).toBe(at('2026-11-21T08:00:00.000Z'));
    expect(times.of(3)).toBe(at('2026-11-22T08:00:00.000Z'));
    // Not begun yet: nothing has changed.
    expect(times.of(1)).toBe(at('2026-11-01T12:00:00.000Z'));
  });

  it('moves every site to a change of all of them', () => {
    const times = modifiedTimes(
      { ...changes, everySite: { changedAt: '2026-11-10T00:00:00.000Z', lastEnded: '2026-11-12' } },
      [],
      options,
    );
    expect(times.of(1)).toBe(at('2026-11-13T08:00:00.000Z'));
    expect(times.of(2)).toBe(at('2026-11-21T08:00:00.000Z'));
  });

  it('moves every site to the day after the last holiday, or the day the newest one came within twelve months', () => {
    const times = modifiedTimes(changes, [], { ...options, holidays: USUAL_HOLIDAY_RULES });
    // Veterans Day (2026-11-11) was the last holiday before the 24th, and Veterans Day 2027 came within
    // the next twelve months the day after it.
    expect(times.of(1)).toBe(at('2026-11-12T08:00:00.000Z'));
    // Thanksgiving of 2027 (2027-11-25) comes within the next twelve months on 2026-11-26.
    const later = modifiedTimes(changes, [], {
      ...options,
      today: '2026-11-26',
      holidays: USUAL_HOLIDAY_RULES,
    });
    expect(later.of(1)).toBe(at('2026-11-26T08:00:00.000Z'));
  });
});
