import { describe, expect, it } from 'vitest';
import { buildSiteRecord } from '#testing/factories.ts';
import { buildDataset, fixedUtcOffset, foldForSearch } from './build.ts';

const options = {
  namespace: '45891432-3e1c-44d3-8be0-a3ca534ef0ea',
  baseUrl: 'https://meals.example.org/',
  publisherName: 'Community Meal Sites',
  timeZone: 'America/Los_Angeles',
  today: '2026-11-24',
};
const lists = { nutritionpartners: [], populations: [], mealtypes: [], services: [], covidstatuses: [] };

describe('fixedUtcOffset', () => {
  it.each([
    ['UTC', 0],
    ['Asia/Hong_Kong', 8],
    ['Asia/Kolkata', 5.5],
    ['Pacific/Honolulu', -10],
    ['America/Los_Angeles', undefined],
    ['Australia/Sydney', undefined],
  ])('%s → %s', (zone, offset) => {
    expect(fixedUtcOffset(zone, 2026)).toBe(offset);
  });
});

describe('foldForSearch', () => {
  it('drops case and accents, keeps other scripts', () => {
    expect(foldForSearch('Café SEÑOR Ünïcode')).toBe('cafe senor unicode');
    expect(foldForSearch('華埠用餐點')).toBe('華埠用餐點');
  });
});

describe('buildDataset', () => {
  const site = buildSiteRecord({ id: 7, Hours: [{ day: 0, open: '08:00', close: '09:00' }] });

  it('gives a schedule the zone offset only where it never changes', () => {
    const schedule = (timeZone: string) =>
      buildDataset({ sites: [site], lists, closures: [] }, { ...options, timeZone }).services[0]!
        .schedules[0]!;
    expect(schedule('Asia/Hong_Kong')).toMatchObject({ timezone: 8, byday: 'SU' });
    expect(schedule('America/Los_Angeles')).not.toHaveProperty('timezone');
  });

  it('derives the same ids from the same data, and a schedule id from the interval, not its row', () => {
    const once = buildDataset({ sites: [site], lists, closures: [] }, options);
    const twice = buildDataset({ sites: [structuredClone(site)], lists, closures: [] }, options);
    expect(twice.services[0]).toEqual(once.services[0]);
    const moved = buildDataset(
      { sites: [{ ...site, Hours: [{ day: 0, open: '08:00', close: '09:30' }] }], lists, closures: [] },
      options,
    );
    expect(moved.services[0]!.schedules[0]!.id).not.toBe(once.services[0]!.schedules[0]!.id);
    expect(moved.services[0]!.service.id).toBe(once.services[0]!.service.id);
    expect(once.services[0]!.service.url).toBe('https://meals.example.org/sites/7');
  });
});
