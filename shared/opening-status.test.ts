import { describe, expect, it } from 'vitest';
import { agencyMoment } from './agency-time.ts';
import {
  closuresForSite,
  isOpenToday,
  nextOpening,
  type SiteStatus,
  type StatusClosure,
  type StatusHours,
  type StatusSite,
  siteStatus,
  siteStatusAt,
  type WeekOfMonth,
} from './opening-status.ts';

// Instants are UTC ISO strings; the comments give the agency's wall clock. The suite passes identically
// whatever the device's zone (run it with TZ=Asia/Tokyo and TZ=UTC too).
const LA = 'America/Los_Angeles';
const TOKYO = 'Asia/Tokyo';
const SYDNEY = 'Australia/Sydney';

const SUN = 0;
const MON = 1;
const TUE = 2;
const WED = 3;
const THU = 4;
const FRI = 5;

const h = (day: number, open: string, close: string, weeks?: WeekOfMonth[]): StatusHours =>
  weeks ? { day, open, close, weeks } : { day, open, close };
const site = (id: number, Hours: StatusHours[], CovidStatuses?: StatusSite['CovidStatuses']): StatusSite =>
  CovidStatuses ? { id, Hours, CovidStatuses } : { id, Hours };
const closure = (
  startDate: string,
  endDate: string | null,
  reason: string,
  siteIds: number[] | 'all',
  id?: number,
): StatusClosure => ({
  ...(id === undefined ? {} : { id }),
  startDate,
  endDate,
  reason,
  allSites: siteIds === 'all',
  siteIds: siteIds === 'all' ? [] : siteIds,
});
const status = (s: StatusSite, closures: StatusClosure[], iso: string, zone = LA): SiteStatus =>
  siteStatus(s, closures, new Date(iso), zone);

const open = (until: string): SiteStatus => ({ kind: 'open', until });
const opensLater = (at: string): SiteStatus => ({ kind: 'opens-later', at });
const closedToday = (next: [string, number, string] | null): SiteStatus => ({
  kind: 'closed-today',
  next: next && { date: next[0], weekday: next[1], open: next[2] },
});

const thursdayLunch = site(1, [h(THU, '11:30', '13:30')]);
const weekdayLunch = site(
  2,
  [MON, TUE, WED, THU, FRI].map((day) => h(day, '11:30', '13:30')),
);
const thanksgiving2026 = closure('2026-11-26', '2026-11-26', 'Thanksgiving', 'all', 1);
const thanksgiving2027 = closure('2027-11-25', '2027-11-25', 'Thanksgiving', 'all', 2);

describe('siteStatus from the hours alone (Los Angeles)', () => {
  it.each<[string, string, SiteStatus]>([
    ['Thursday midnight', '2026-11-19T08:00:00Z', opensLater('11:30')],
    ['Wednesday last minute', '2026-11-19T07:59:00Z', closedToday(['2026-11-19', THU, '11:30'])],
    ['one minute before opening', '2026-11-19T19:29:00Z', opensLater('11:30')],
    ['the interval starts now (11:30)', '2026-11-19T19:30:00Z', open('13:30')],
    ['noon', '2026-11-19T20:00:00Z', open('13:30')],
    ['the last minute of the interval (13:29)', '2026-11-19T21:29:00Z', open('13:30')],
    ['13:29:59', '2026-11-19T21:29:59Z', open('13:30')],
    ['closed at 13:30', '2026-11-19T21:30:00Z', closedToday(['2026-11-26', THU, '11:30'])],
    ['Thursday last minute', '2026-11-20T07:59:00Z', closedToday(['2026-11-26', THU, '11:30'])],
    ['a Friday', '2026-11-20T20:00:00Z', closedToday(['2026-11-26', THU, '11:30'])],
  ])('%s', (_label, iso, expected) => {
    expect(status(thursdayLunch, [], iso)).toEqual(expected);
  });

  it('several intervals in a day: between them it opens later; overlapping or back-to-back ones join', () => {
    const twoMeals = site(3, [h(THU, '17:00', '18:30'), h(THU, '08:00', '09:00')]);
    expect(status(twoMeals, [], '2026-11-19T16:30:00Z')).toEqual(open('09:00')); // 08:30
    expect(status(twoMeals, [], '2026-11-19T18:00:00Z')).toEqual(opensLater('17:00')); // 10:00
    expect(status(twoMeals, [], '2026-11-20T01:00:00Z')).toEqual(open('18:30')); // 17:00
    const overlapping = site(4, [
      h(THU, '12:30', '14:00'),
      h(THU, '11:00', '13:00'),
      h(THU, '14:00', '15:00'),
    ]);
    expect(status(overlapping, [], '2026-11-19T19:00:00Z')).toEqual(open('15:00')); // 11:00
    expect(status(overlapping, [], '2026-11-19T21:30:00Z')).toEqual(open('15:00')); // 13:30
    expect(status(overlapping, [], '2026-11-19T22:59:00Z')).toEqual(open('15:00')); // 14:59
    expect(status(overlapping, [], '2026-11-19T23:00:00Z')).toEqual(
      closedToday(['2026-11-26', THU, '11:00']),
    );
  });

  it('an interval from midnight is open at midnight', () => {
    const early = site(5, [h(THU, '00:00', '01:00')]);
    expect(status(early, [], '2026-11-19T08:00:00Z')).toEqual(open('01:00'));
    expect(status(early, [], '2026-11-19T09:00:00Z')).toEqual(closedToday(['2026-11-26', THU, '00:00']));
  });

  it('no hours at all is "unknown" (call for hours), never closed today', () => {
    for (const iso of ['2026-11-19T08:00:00Z', '2026-11-19T20:00:00Z', '2026-11-20T07:59:00Z']) {
      expect(status(site(6, []), [], iso)).toEqual({ kind: 'unknown' });
    }
    expect(isOpenToday({ kind: 'unknown' })).toBe(false);
  });
});

describe('daylight-saving days in Los Angeles', () => {
  const sundayLunch = site(7, [h(SUN, '11:30', '13:30')]);
  const sundayNight = site(8, [h(SUN, '01:00', '04:00')]);
  const missingHour = site(9, [h(SUN, '02:00', '02:30')]);
  const repeatedHour = site(10, [h(SUN, '01:00', '02:00')]);

  it.each<[string, StatusSite, string, SiteStatus]>([
    // Spring forward, 2026-03-08: clocks jump from 01:59 PST to 03:00 PDT.
    ['spring: 12:30 PDT is open', sundayLunch, '2026-03-08T19:30:00Z', open('13:30')],
    ['spring: 13:29 PDT is open', sundayLunch, '2026-03-08T20:29:00Z', open('13:30')],
    [
      'spring: 13:30 PDT is closed',
      sundayLunch,
      '2026-03-08T20:30:00Z',
      closedToday(['2026-03-15', SUN, '11:30']),
    ],
    ['spring: 01:59 PST inside 01:00-04:00', sundayNight, '2026-03-08T09:59:00Z', open('04:00')],
    ['spring: 03:00 PDT inside 01:00-04:00', sundayNight, '2026-03-08T10:00:00Z', open('04:00')],
    [
      'spring: 04:00 PDT closed',
      sundayNight,
      '2026-03-08T11:00:00Z',
      closedToday(['2026-03-15', SUN, '01:00']),
    ],
    ['spring: 02:00-02:30 still ahead at 01:59', missingHour, '2026-03-08T09:59:00Z', opensLater('02:00')],
    [
      'spring: 02:00-02:30 never happened at 03:00',
      missingHour,
      '2026-03-08T10:00:00Z',
      closedToday(['2026-03-15', SUN, '02:00']),
    ],
    // Fall back, 2026-11-01: 01:00-02:00 happens twice (PDT then PST).
    ['fall: 12:00 PST is open', sundayLunch, '2026-11-01T20:00:00Z', open('13:30')],
    ['fall: 13:29 PST is open', sundayLunch, '2026-11-01T21:29:00Z', open('13:30')],
    [
      'fall: 13:30 PST is closed',
      sundayLunch,
      '2026-11-01T21:30:00Z',
      closedToday(['2026-11-08', SUN, '11:30']),
    ],
    [
      'fall: 11:30 PST opens (19:30 UTC, not 18:30)',
      sundayLunch,
      '2026-11-01T18:30:00Z',
      opensLater('11:30'),
    ],
    ['fall: first 01:30 (PDT)', repeatedHour, '2026-11-01T08:30:00Z', open('02:00')],
    ['fall: second 01:30 (PST)', repeatedHour, '2026-11-01T09:30:00Z', open('02:00')],
    [
      'fall: 02:00 PST closed',
      repeatedHour,
      '2026-11-01T10:00:00Z',
      closedToday(['2026-11-08', SUN, '01:00']),
    ],
  ])('%s', (_label, s, iso, expected) => {
    expect(status(s, [], iso)).toEqual(expected);
  });
});

describe('other agency zones', () => {
  it.each<[string, string, string, SiteStatus]>([
    ['Tokyo 11:30 Thursday', TOKYO, '2026-11-19T02:30:00Z', open('13:30')],
    ['Tokyo 13:29 Thursday', TOKYO, '2026-11-19T04:29:00Z', open('13:30')],
    ['Tokyo 13:30 Thursday', TOKYO, '2026-11-19T04:30:00Z', closedToday(['2026-11-26', THU, '11:30'])],
    // 20:00 UTC on a Thursday is Friday 05:00 in Tokyo
    ['Tokyo Friday 05:00', TOKYO, '2026-11-19T20:00:00Z', closedToday(['2026-11-26', THU, '11:30'])],
    // Sydney on its daylight-saving days: 2026-04-05 (ends) is a Sunday; a Thursday in each season
    ['Sydney 11:30 Thursday AEDT (UTC+11)', SYDNEY, '2026-03-26T00:30:00Z', open('13:30')],
    ['Sydney 11:29 Thursday AEDT', SYDNEY, '2026-03-26T00:29:00Z', opensLater('11:30')],
    ['Sydney 13:29 Thursday AEST (UTC+10)', SYDNEY, '2026-04-09T03:29:00Z', open('13:30')],
    ['Sydney 13:30 Thursday AEST', SYDNEY, '2026-04-09T03:30:00Z', closedToday(['2026-04-16', THU, '11:30'])],
  ])('%s', (_label, zone, iso, expected) => {
    expect(status(thursdayLunch, [], iso, zone)).toEqual(expected);
  });

  it("an all-sites closure is the agency's date: Tokyo's Thanksgiving starts 17 hours before Los Angeles'", () => {
    const tokyoMidnight = '2026-11-25T15:00:00Z'; // Thursday 00:00 in Tokyo, Wednesday 07:00 in Los Angeles
    expect(status(thursdayLunch, [thanksgiving2026], tokyoMidnight, TOKYO)).toMatchObject({
      kind: 'closure',
    });
    expect(status(thursdayLunch, [thanksgiving2026], tokyoMidnight, LA)).toEqual(
      closedToday(['2026-12-03', THU, '11:30']),
    );
  });
});

describe('dated closures', () => {
  it.each<[string, string, SiteStatus]>([
    [
      'the day before Thanksgiving: next opening skips it',
      '2026-11-25T20:00:00Z',
      closedToday(['2026-12-03', THU, '11:30']),
    ],
    [
      'Thanksgiving midnight',
      '2026-11-26T08:00:00Z',
      {
        kind: 'closure',
        reason: 'Thanksgiving',
        endDate: '2026-11-26',
        next: { date: '2026-12-03', weekday: THU, open: '11:30' },
      },
    ],
    [
      'Thanksgiving at lunch time',
      '2026-11-26T20:00:00Z',
      {
        kind: 'closure',
        reason: 'Thanksgiving',
        endDate: '2026-11-26',
        next: { date: '2026-12-03', weekday: THU, open: '11:30' },
      },
    ],
    [
      'Thanksgiving last minute',
      '2026-11-27T07:59:00Z',
      {
        kind: 'closure',
        reason: 'Thanksgiving',
        endDate: '2026-11-26',
        next: { date: '2026-12-03', weekday: THU, open: '11:30' },
      },
    ],
    ['the day after: no longer a closure', '2026-11-27T08:00:00Z', closedToday(['2026-12-03', THU, '11:30'])],
    ['the next Thursday: open again', '2026-12-03T20:00:00Z', open('13:30')],
    [
      "2027's Thanksgiving (2027-11-25)",
      '2027-11-25T20:00:00Z',
      {
        kind: 'closure',
        reason: 'Thanksgiving',
        endDate: '2027-11-25',
        next: { date: '2027-12-02', weekday: THU, open: '11:30' },
      },
    ],
    ['the Thursday before 2027 Thanksgiving', '2027-11-18T20:00:00Z', open('13:30')],
  ])('all sites, Thanksgiving: %s', (_label, iso, expected) => {
    const got = status(thursdayLunch, [thanksgiving2026, thanksgiving2027], iso);
    expect(got).toEqual(expected);
  });

  const repair = closure('2026-12-21', '2026-12-23', 'Kitchen repair', [2, 99], 3);
  const reopens = { date: '2026-12-24', weekday: THU, open: '11:30' };
  it.each<[string, string, SiteStatus]>([
    ['the Friday before', '2026-12-18T20:00:00Z', open('13:30')],
    ['the Friday before, after closing', '2026-12-18T22:00:00Z', closedToday(['2026-12-24', THU, '11:30'])],
    [
      'the first day at midnight (inclusive)',
      '2026-12-21T08:00:00Z',
      { kind: 'closure', reason: 'Kitchen repair', endDate: '2026-12-23', next: reopens },
    ],
    [
      'the first day at lunch',
      '2026-12-21T20:00:00Z',
      { kind: 'closure', reason: 'Kitchen repair', endDate: '2026-12-23', next: reopens },
    ],
    [
      'the last day at lunch (inclusive)',
      '2026-12-23T20:00:00Z',
      { kind: 'closure', reason: 'Kitchen repair', endDate: '2026-12-23', next: reopens },
    ],
    [
      'the last day, last minute',
      '2026-12-24T07:59:00Z',
      { kind: 'closure', reason: 'Kitchen repair', endDate: '2026-12-23', next: reopens },
    ],
    ['the day after at midnight: reopens later today', '2026-12-24T08:00:00Z', opensLater('11:30')],
    ['the day after at lunch: open', '2026-12-24T20:00:00Z', open('13:30')],
  ])('one site, several days: %s', (_label, iso, expected) => {
    expect(status(weekdayLunch, [repair], iso)).toEqual(expected);
  });

  it("another site's closure changes nothing", () => {
    const elsewhere = closure('2026-11-19', '2026-11-19', 'Elsewhere', [99, 100]);
    expect(status(thursdayLunch, [elsewhere], '2026-11-19T20:00:00Z')).toEqual(open('13:30'));
  });

  it('a closure starting tomorrow leaves today alone and moves the next opening', () => {
    const tomorrow = closure('2026-11-20', '2026-11-20', 'Staff training', [2]);
    expect(status(weekdayLunch, [tomorrow], '2026-11-19T20:00:00Z')).toEqual(open('13:30'));
    expect(status(weekdayLunch, [tomorrow], '2026-11-19T22:00:00Z')).toEqual(
      closedToday(['2026-11-23', MON, '11:30']),
    );
  });

  it('a closure ending yesterday is over', () => {
    const past = closure('2026-11-10', '2026-11-18', 'Past', 'all');
    expect(status(thursdayLunch, [past], '2026-11-19T20:00:00Z')).toEqual(open('13:30'));
  });

  it('two dated closures over today: the one lasting longer says when, and the next opening skips both', () => {
    const renovation = closure('2026-11-23', '2026-11-30', 'Renovation', [1]);
    const got = status(thursdayLunch, [thanksgiving2026, renovation], '2026-11-26T20:00:00Z');
    expect(got).toEqual({
      kind: 'closure',
      reason: 'Renovation',
      endDate: '2026-11-30',
      next: { date: '2026-12-03', weekday: THU, open: '11:30' },
    });
  });

  it('back-to-back closures: the next opening is after both', () => {
    const week1 = closure('2026-12-03', '2026-12-03', 'Week 1', [1]);
    const week2 = closure('2026-12-04', '2026-12-10', 'Week 2', [1]);
    expect(status(thursdayLunch, [thanksgiving2026, week1, week2], '2026-11-26T20:00:00Z')).toEqual({
      kind: 'closure',
      reason: 'Thanksgiving',
      endDate: '2026-11-26',
      next: { date: '2026-12-17', weekday: THU, open: '11:30' },
    });
  });

  it('a closure over a site without hours is still a closure (precedence), with no next opening', () => {
    expect(status(site(6, []), [thanksgiving2026], '2026-11-26T20:00:00Z')).toEqual({
      kind: 'closure',
      reason: 'Thanksgiving',
      endDate: '2026-11-26',
      next: null,
    });
  });
});

describe('temporarily closed', () => {
  const untilFurtherNotice = closure('2026-12-01', null, 'Flood damage', [2]);

  it.each<[string, string, SiteStatus]>([
    ['the day before it starts, open', '2026-11-30T20:00:00Z', open('13:30')],
    ['the day before, after closing: no next opening to promise', '2026-11-30T22:00:00Z', closedToday(null)],
    [
      'its first day',
      '2026-12-01T08:00:00Z',
      { kind: 'temporarily-closed', until: null, reason: 'Flood damage' },
    ],
    [
      'at lunch time',
      '2026-12-01T20:00:00Z',
      { kind: 'temporarily-closed', until: null, reason: 'Flood damage' },
    ],
    [
      'a year on',
      '2027-12-01T20:00:00Z',
      { kind: 'temporarily-closed', until: null, reason: 'Flood damage' },
    ],
  ])('an open-ended closure: %s', (_label, iso, expected) => {
    expect(status(weekdayLunch, [untilFurtherNotice], iso)).toEqual(expected);
  });

  it('a status that closes the site wins over the hours, whenever', () => {
    const closed = site(
      11,
      [h(THU, '11:30', '13:30')],
      [{ name: 'Open for takeout' }, { name: 'Temporarily closed', closesSite: true }],
    );
    for (const iso of ['2026-11-19T08:00:00Z', '2026-11-19T20:00:00Z', '2026-11-19T22:00:00Z']) {
      expect(status(closed, [], iso)).toEqual({
        kind: 'temporarily-closed',
        until: null,
        reason: 'Temporarily closed',
      });
    }
    expect(nextOpening(closed, [], '2026-11-19', 0)).toBeNull();
  });

  it('a status with closesSite false (or absent) changes nothing', () => {
    const takeout = site(
      12,
      [h(THU, '11:30', '13:30')],
      [{ name: 'Open for takeout', closesSite: false }, { name: 'Masks required' }],
    );
    expect(status(takeout, [], '2026-11-19T20:00:00Z')).toEqual(open('13:30'));
  });

  it('a closing status wins over a dated closure and over having no hours', () => {
    const statuses = [{ name: 'Temporarily closed', closesSite: true }];
    expect(
      status(site(1, [h(THU, '11:30', '13:30')], statuses), [thanksgiving2026], '2026-11-26T20:00:00Z'),
    ).toEqual({
      kind: 'temporarily-closed',
      until: null,
      reason: 'Temporarily closed',
    });
    expect(status(site(13, [], statuses), [], '2026-11-26T20:00:00Z')).toEqual({
      kind: 'temporarily-closed',
      until: null,
      reason: 'Temporarily closed',
    });
  });

  it("an open-ended closure and a closing status: the closure's own reason is given", () => {
    const both = site(2, [h(THU, '11:30', '13:30')], [{ name: 'Temporarily closed', closesSite: true }]);
    expect(status(both, [untilFurtherNotice], '2026-12-03T20:00:00Z')).toEqual({
      kind: 'temporarily-closed',
      until: null,
      reason: 'Flood damage',
    });
  });

  it('an open-ended closure wins over a dated one covering the same day', () => {
    expect(
      status(
        weekdayLunch,
        [thanksgiving2026, closure('2026-11-20', null, 'Lease ended', 'all')],
        '2026-11-26T20:00:00Z',
      ),
    ).toEqual({
      kind: 'temporarily-closed',
      until: null,
      reason: 'Lease ended',
    });
  });
});

describe('weeks of the month', () => {
  // December 2026 Tuesdays: 1, 8, 15, 22, 29 (a 5th). January 2027 Tuesdays: 5, 12, 19, 26.
  const firstAndThirdTuesday = site(20, [h(TUE, '11:00', '13:00', [1, 3])]);
  const lastTuesday = site(21, [h(TUE, '11:00', '13:00', [-1])]);
  const fourthTuesday = site(22, [h(TUE, '11:00', '13:00', [4])]);
  const lastFriday = site(23, [h(FRI, '11:00', '13:00', [-1])]);
  const noon = (date: string) => `${date}T20:00:00Z`;

  it.each<[string, StatusSite, string, SiteStatus]>([
    ['1st and 3rd: the 1st Tuesday', firstAndThirdTuesday, '2026-12-01', open('13:00')],
    [
      '1st and 3rd: the 2nd Tuesday',
      firstAndThirdTuesday,
      '2026-12-08',
      closedToday(['2026-12-15', TUE, '11:00']),
    ],
    ['1st and 3rd: the 3rd Tuesday', firstAndThirdTuesday, '2026-12-15', open('13:00')],
    [
      '1st and 3rd: the 4th Tuesday',
      firstAndThirdTuesday,
      '2026-12-22',
      closedToday(['2027-01-05', TUE, '11:00']),
    ],
    [
      '1st and 3rd: a 5th Tuesday',
      firstAndThirdTuesday,
      '2026-12-29',
      closedToday(['2027-01-05', TUE, '11:00']),
    ],
    [
      'last: a 4th Tuesday that is not the last',
      lastTuesday,
      '2026-12-22',
      closedToday(['2026-12-29', TUE, '11:00']),
    ],
    ['last: a 5th Tuesday matches -1', lastTuesday, '2026-12-29', open('13:00')],
    ['last: a 4th Tuesday that is the last', lastTuesday, '2027-01-26', open('13:00')],
    ['4th: a 4th Tuesday', fourthTuesday, '2026-12-22', open('13:00')],
    [
      '4th: a 5th Tuesday matches only -1',
      fourthTuesday,
      '2026-12-29',
      closedToday(['2027-01-26', TUE, '11:00']),
    ],
    ['last Friday: November 27', lastFriday, '2026-11-27', open('13:00')],
    ['last Friday: November 20', lastFriday, '2026-11-20', closedToday(['2026-11-27', FRI, '11:00'])],
    ['last Friday: a Thursday', lastFriday, '2026-11-26', closedToday(['2026-11-27', FRI, '11:00'])],
  ])('%s', (_label, s, date, expected) => {
    expect(status(s, [], noon(date))).toEqual(expected);
  });

  it('only hours two weeks away: found as the next opening', () => {
    const firstTuesday = site(24, [h(TUE, '11:00', '13:00', [1])]);
    expect(status(firstTuesday, [], noon('2026-11-17'))).toEqual(closedToday(['2026-12-01', TUE, '11:00']));
    expect(nextOpening(firstTuesday, [], '2026-11-17', 0)).toEqual({
      date: '2026-12-01',
      weekday: TUE,
      open: '11:00',
    });
  });

  it('the next opening skips closures and non-matching weeks, and gives up after 42 days', () => {
    const dayAfter = closure('2026-11-27', '2026-11-27', 'Day after Thanksgiving', 'all');
    const christmas = closure('2026-12-25', '2026-12-25', 'Christmas', 'all');
    // Last Fridays: 2026-11-27 (closed), 2026-12-25 (35 days on), 2027-01-29 (70 days on).
    expect(status(lastFriday, [dayAfter], noon('2026-11-20'))).toEqual(
      closedToday(['2026-12-25', FRI, '11:00']),
    );
    expect(status(lastFriday, [dayAfter, christmas], noon('2026-11-20'))).toEqual(closedToday(null));
    expect(status(lastFriday, [dayAfter, christmas], noon('2026-11-27'))).toEqual({
      kind: 'closure',
      reason: 'Day after Thanksgiving',
      endDate: '2026-11-27',
      next: null,
    });
    expect(status(lastFriday, [dayAfter, christmas], noon('2026-12-26'))).toEqual(
      closedToday(['2027-01-29', FRI, '11:00']),
    );
  });

  it('an empty weeks list is every week, like no list', () => {
    expect(status(site(25, [h(TUE, '11:00', '13:00', [])]), [], noon('2026-12-08'))).toEqual(open('13:00'));
  });
});

describe('nextOpening', () => {
  it.each<[string, string, number, [string, number, string] | null]>([
    ['an interval starting exactly then counts', '2026-11-19', 11 * 60 + 30, ['2026-11-19', THU, '11:30']],
    ['from midnight', '2026-11-19', 0, ['2026-11-19', THU, '11:30']],
    ['a minute after it opened: next week', '2026-11-19', 11 * 60 + 31, ['2026-11-26', THU, '11:30']],
    ['from another day', '2026-11-20', 0, ['2026-11-26', THU, '11:30']],
    ['across the year end', '2026-12-25', 0, ['2026-12-31', THU, '11:30']],
    ['across a daylight-saving change', '2026-11-01', 0, ['2026-11-05', THU, '11:30']],
  ])('%s', (_label, fromDate, fromMinutes, expected) => {
    expect(nextOpening(thursdayLunch, [], fromDate, fromMinutes)).toEqual(
      expected && { date: expected[0], weekday: expected[1], open: expected[2] },
    );
  });

  it('skips a closure and stops at one until further notice', () => {
    expect(nextOpening(thursdayLunch, [thanksgiving2026], '2026-11-26', 0)).toEqual({
      date: '2026-12-03',
      weekday: THU,
      open: '11:30',
    });
    expect(
      nextOpening(thursdayLunch, [closure('2026-11-25', null, 'Closed', [1])], '2026-11-20', 0),
    ).toBeNull();
  });

  it('none without hours', () => {
    expect(nextOpening(site(6, []), [], '2026-11-19', 0)).toBeNull();
  });
});

describe('closuresForSite', () => {
  const all = closure('2026-11-26', '2026-11-26', 'Thanksgiving', 'all', 1);
  const mine = closure('2026-12-01', '2026-12-02', 'Mine', [5, 7], 2);
  const twice = closure('2026-12-03', '2026-12-03', 'Named twice', [7, 7], 3);
  const other = closure('2026-12-04', null, 'Other', [8], 4);
  const closures = [all, mine, twice, other];

  it.each<[number, StatusClosure[]]>([
    [5, [all, mine]],
    [7, [all, mine, twice]],
    [8, [all, other]],
    [9, [all]],
  ])('site %i', (siteId, expected) => {
    expect(closuresForSite(siteId, closures)).toEqual(expected);
  });

  it('no closures, none', () => {
    expect(closuresForSite(5, [])).toEqual([]);
    expect(closuresForSite(5, [other])).toEqual([]);
  });

  it('a new list is read afresh', () => {
    expect(closuresForSite(8, [other])).toEqual([other]);
    expect(closuresForSite(8, [mine])).toEqual([]);
  });
});

describe('siteStatusAt with a precomputed moment', () => {
  it('gives what siteStatus gives, for many sites at one moment', () => {
    const sites = [
      thursdayLunch,
      weekdayLunch,
      site(6, []),
      site(11, [h(THU, '11:30', '13:30')], [{ name: 'Closed', closesSite: true }]),
    ];
    for (const iso of ['2026-11-19T20:00:00Z', '2026-11-26T20:00:00Z', '2026-11-20T07:59:00Z']) {
      const moment = agencyMoment(new Date(iso), LA);
      for (const s of sites) {
        expect(siteStatusAt(s, [thanksgiving2026], moment)).toEqual(status(s, [thanksgiving2026], iso));
      }
    }
  });

  it('accepts a number as the instant', () => {
    expect(siteStatus(thursdayLunch, [], Date.parse('2026-11-19T20:00:00Z'), LA)).toEqual(open('13:30'));
  });
});

describe('isOpenToday', () => {
  it.each<[SiteStatus, boolean]>([
    [open('13:30'), true],
    [opensLater('11:30'), true],
    [closedToday(null), false],
    [closedToday(['2026-12-03', THU, '11:30']), false],
    [{ kind: 'closure', reason: 'Thanksgiving', endDate: '2026-11-26', next: null }, false],
    [{ kind: 'temporarily-closed', until: null, reason: null }, false],
    [{ kind: 'unknown' }, false],
  ])('%j → %s', (s, expected) => {
    expect(isOpenToday(s)).toBe(expected);
  });
});
