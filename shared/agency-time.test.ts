import { describe, expect, it } from 'vitest';
import {
  type AgencyMoment,
  addDays,
  agencyMoment,
  DEFAULT_AGENCY_TIME_ZONE,
  isTimeZone,
  weekdayOf,
  weekOfMonth,
} from './agency-time.ts';

// Every instant is a UTC ISO string; the expected moment is the agency's wall clock there. The suite
// passes identically whatever the device's zone (run it with TZ=Asia/Tokyo and TZ=UTC too).
const LA = 'America/Los_Angeles';
const TOKYO = 'Asia/Tokyo';
const SYDNEY = 'Australia/Sydney';

const m = (date: string, weekday: number, hhmm: string): AgencyMoment => {
  const [h, min] = hhmm.split(':').map(Number);
  return { date, weekday, minutes: h! * 60 + min! };
};

describe('agencyMoment: the agency wall clock at an instant', () => {
  it.each<[string, string, string, AgencyMoment]>([
    // Los Angeles, standard time (UTC-8)
    ['LA midnight of Thanksgiving', LA, '2026-11-26T08:00:00Z', m('2026-11-26', 4, '00:00')],
    ['LA last minute of the day before', LA, '2026-11-26T07:59:00Z', m('2026-11-25', 3, '23:59')],
    ['LA 13:29', LA, '2026-11-19T21:29:00Z', m('2026-11-19', 4, '13:29')],
    ['LA 13:29:59.999 is still 13:29', LA, '2026-11-19T21:29:59.999Z', m('2026-11-19', 4, '13:29')],
    ['LA 13:30', LA, '2026-11-19T21:30:00Z', m('2026-11-19', 4, '13:30')],
    ['LA new year', LA, '2027-01-01T08:00:00Z', m('2027-01-01', 5, '00:00')],
    [
      'LA old year last minute (already 2027 in UTC)',
      LA,
      '2027-01-01T07:59:00Z',
      m('2026-12-31', 4, '23:59'),
    ],
    // Spring forward, Sunday 2026-03-08: 02:00-03:00 does not exist
    ['LA spring-forward midnight (PST)', LA, '2026-03-08T08:00:00Z', m('2026-03-08', 0, '00:00')],
    ['LA spring-forward 01:59 PST', LA, '2026-03-08T09:59:00Z', m('2026-03-08', 0, '01:59')],
    ['LA spring-forward next minute is 03:00 PDT', LA, '2026-03-08T10:00:00Z', m('2026-03-08', 0, '03:00')],
    ['LA spring-forward noon (PDT, UTC-7)', LA, '2026-03-08T19:00:00Z', m('2026-03-08', 0, '12:00')],
    ['LA spring-forward last minute (PDT)', LA, '2026-03-09T06:59:00Z', m('2026-03-08', 0, '23:59')],
    ['LA midnight after spring-forward', LA, '2026-03-09T07:00:00Z', m('2026-03-09', 1, '00:00')],
    // Fall back, Sunday 2026-11-01: 01:00-02:00 happens twice
    ['LA fall-back midnight (PDT)', LA, '2026-11-01T07:00:00Z', m('2026-11-01', 0, '00:00')],
    ['LA fall-back first 01:30 (PDT)', LA, '2026-11-01T08:30:00Z', m('2026-11-01', 0, '01:30')],
    ['LA fall-back second 01:30 (PST)', LA, '2026-11-01T09:30:00Z', m('2026-11-01', 0, '01:30')],
    ['LA fall-back 02:00 PST', LA, '2026-11-01T10:00:00Z', m('2026-11-01', 0, '02:00')],
    ['LA fall-back noon (PST, UTC-8)', LA, '2026-11-01T20:00:00Z', m('2026-11-01', 0, '12:00')],
    ['LA fall-back last minute', LA, '2026-11-02T07:59:00Z', m('2026-11-01', 0, '23:59')],
    ['LA midnight after fall-back', LA, '2026-11-02T08:00:00Z', m('2026-11-02', 1, '00:00')],
    // Tokyo (UTC+9, no daylight saving)
    ['Tokyo midnight of 2026-11-26', TOKYO, '2026-11-25T15:00:00Z', m('2026-11-26', 4, '00:00')],
    ['Tokyo last minute of 2026-11-25', TOKYO, '2026-11-25T14:59:00Z', m('2026-11-25', 3, '23:59')],
    ['Tokyo 13:29', TOKYO, '2026-11-26T04:29:00Z', m('2026-11-26', 4, '13:29')],
    // Sydney (southern hemisphere: daylight saving from October to April)
    ['Sydney midnight new year (AEDT, UTC+11)', SYDNEY, '2026-12-31T13:00:00Z', m('2027-01-01', 5, '00:00')],
    ['Sydney 2026-04-05 first 02:30 (AEDT)', SYDNEY, '2026-04-04T15:30:00Z', m('2026-04-05', 0, '02:30')],
    ['Sydney 2026-04-05 second 02:30 (AEST)', SYDNEY, '2026-04-04T16:30:00Z', m('2026-04-05', 0, '02:30')],
    ['Sydney 2026-04-05 noon (AEST, UTC+10)', SYDNEY, '2026-04-05T02:00:00Z', m('2026-04-05', 0, '12:00')],
    ['Sydney 2026-10-04 01:59 AEST', SYDNEY, '2026-10-03T15:59:00Z', m('2026-10-04', 0, '01:59')],
    [
      'Sydney 2026-10-04 next minute is 03:00 AEDT',
      SYDNEY,
      '2026-10-03T16:00:00Z',
      m('2026-10-04', 0, '03:00'),
    ],
    // UTC
    ['UTC midnight', 'UTC', '2026-11-26T00:00:00Z', m('2026-11-26', 4, '00:00')],
    ['UTC last minute', 'UTC', '2026-11-26T23:59:00Z', m('2026-11-26', 4, '23:59')],
  ])('%s', (_label, zone, iso, expected) => {
    expect(agencyMoment(new Date(iso), zone)).toEqual(expected);
    expect(agencyMoment(Date.parse(iso), zone)).toEqual(expected);
  });

  it('answers each instant of a minute alike, the next minute anew, and in each zone its own (remembered per minute)', () => {
    const start = Date.parse('2026-11-26T19:59:00Z');
    expect(agencyMoment(start, LA)).toEqual(m('2026-11-26', 4, '11:59'));
    const asked = agencyMoment(start + 59_999, LA);
    expect(asked).toEqual(m('2026-11-26', 4, '11:59'));
    asked.minutes = -1; // a caller's change does not reach the next caller
    expect(agencyMoment(start + 30_000, LA)).toEqual(m('2026-11-26', 4, '11:59'));
    expect(agencyMoment(start + 60_000, LA)).toEqual(m('2026-11-26', 4, '12:00'));
    expect(agencyMoment(start + 60_000, TOKYO)).toEqual(m('2026-11-27', 5, '05:00'));
    expect(agencyMoment(start - 1, LA)).toEqual(m('2026-11-26', 4, '11:58'));
  });

  it('refuses an invalid instant and an unknown zone', () => {
    expect(() => agencyMoment(Number.NaN, LA)).toThrow(RangeError);
    expect(() => agencyMoment(new Date('not a date'), LA)).toThrow(RangeError);
    expect(() => agencyMoment(0, 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('isTimeZone', () => {
  it.each([DEFAULT_AGENCY_TIME_ZONE, LA, TOKYO, SYDNEY, 'UTC', 'Europe/London', 'America/New_York'])(
    '%j is a time zone',
    (name) => {
      expect(isTimeZone(name)).toBe(true);
    },
  );

  it.each(['', ' ', 'Mars/Olympus_Mons', 'America/Los Angeles', ' UTC', 'UTC ', '+05:00', '-08:00', 'local'])(
    '%j is not a time zone',
    (name) => {
      expect(isTimeZone(name)).toBe(false);
    },
  );

  it('the default is Los Angeles', () => {
    expect(DEFAULT_AGENCY_TIME_ZONE).toBe('America/Los_Angeles');
  });
});

describe('addDays: calendar arithmetic on dates', () => {
  it.each<[string, number, string]>([
    ['2026-11-26', 0, '2026-11-26'],
    ['2026-11-26', 1, '2026-11-27'],
    ['2026-02-28', 1, '2026-03-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2027-01-01', -1, '2026-12-31'],
    ['2026-03-08', 1, '2026-03-09'],
    ['2026-03-07', 1, '2026-03-08'],
    ['2026-11-01', 1, '2026-11-02'],
    ['2026-11-02', -1, '2026-11-01'],
    ['2026-11-26', 42, '2027-01-07'],
    ['2026-11-26', -365, '2025-11-26'],
    ['0050-01-01', 1, '0050-01-02'],
  ])('%s %+i → %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it('refuses what is not a date', () => {
    expect(() => addDays('26-11-2026', 1)).toThrow(RangeError);
  });
});

describe('weekdayOf', () => {
  it.each<[string, number]>([
    ['2026-11-26', 4],
    ['2027-11-25', 4],
    ['2026-03-08', 0],
    ['2026-11-01', 0],
    ['2026-12-29', 2],
    ['2027-01-01', 5],
    ['2026-11-28', 6],
  ])('%s → %i', (date, weekday) => {
    expect(weekdayOf(date)).toBe(weekday);
  });
});

describe('weekOfMonth', () => {
  it.each<[string, { nth: 1 | 2 | 3 | 4 | 5; last: boolean }]>([
    ['2026-12-01', { nth: 1, last: false }], // 1st Tuesday
    ['2026-12-08', { nth: 2, last: false }],
    ['2026-12-15', { nth: 3, last: false }],
    ['2026-12-22', { nth: 4, last: false }], // 4th Tuesday, not the last
    ['2026-12-29', { nth: 5, last: true }], // 5th Tuesday, the last
    ['2026-11-27', { nth: 4, last: true }], // last Friday of November (a 4th)
    ['2026-12-25', { nth: 4, last: true }], // last Friday of December
    ['2026-02-28', { nth: 4, last: true }],
    ['2028-02-29', { nth: 5, last: true }],
    ['2026-11-30', { nth: 5, last: true }],
    ['2026-01-31', { nth: 5, last: true }],
    ['2026-01-24', { nth: 4, last: false }],
    ['2026-01-07', { nth: 1, last: false }],
  ])('%s → %j', (date, expected) => {
    expect(weekOfMonth(date)).toEqual(expected);
  });
});
