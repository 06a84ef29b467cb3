import { describe, expect, it } from 'vitest';
import { convertSource, intervalsOf } from './convert.ts';
import type { SourceData } from './source.ts';

describe('intervalsOf: an HSDS schedule as weekly hours (R643)', () => {
  it.each([
    [
      { freq: 'WEEKLY', byday: 'MO,WE', opens_at: '11:30', closes_at: '13:00' },
      [
        { day: 1, open: '11:30', close: '13:00' },
        { day: 3, open: '11:30', close: '13:00' },
      ],
    ],
    [
      { byday: 'fr', opens_at: '09:00:00', closes_at: '12:00:00' },
      [{ day: 5, open: '09:00', close: '12:00' }],
    ],
    [
      { freq: 'MONTHLY', interval: 1, byday: '3TU,1TU', opens_at: '9:00', closes_at: '10:00' },
      [{ day: 2, open: '09:00', close: '10:00', weeks: [1, 3] }],
    ],
    [
      { freq: 'MONTHLY', byday: '-1SA', opens_at: '09:00', closes_at: '12:00' },
      [{ day: 6, open: '09:00', close: '12:00', weeks: [-1] }],
    ],
  ])('reads %j', (schedule, hours) => {
    expect(intervalsOf(schedule)).toEqual(hours);
  });

  it.each([
    [{ valid_from: '2026-12-24', valid_to: '2026-12-26' }, 'schedule.valid_from'],
    [{ byday: 'MO' }, 'schedule.opens_at'],
    [{ freq: 'DAILY', opens_at: '09:00', closes_at: '10:00' }, 'schedule.freq'],
    [{ interval: 2, byday: 'MO', opens_at: '09:00', closes_at: '10:00' }, 'schedule.interval'],
    [{ byday: 'Monday', opens_at: '09:00', closes_at: '10:00' }, 'schedule.byday'],
    [{ freq: 'MONTHLY', byday: '5MO', opens_at: '09:00', closes_at: '10:00' }, 'schedule.byday'],
    [{ opens_at: '25:00', closes_at: '10:00', byday: 'MO' }, 'schedule.opens_at'],
  ])('does not read %j (%s)', (schedule, reason) => {
    expect(intervalsOf(schedule)).toBe(reason);
  });
});

const SOURCE: SourceData = {
  organizations: 2,
  terms: [
    { code: 'veg', name: 'Vegetarian', taxonomy: 'Meal types', language: 'en' },
    { code: 'veg', name: 'Vegetariano', taxonomy: 'Meal types', language: 'es' },
    { code: 'veg', name: '素食', taxonomy: 'Meal types', language: 'zh-Hant' },
  ],
  services: [
    {
      id: 'S1',
      name: 'Hot Lunch',
      description: 'Lunch for older adults',
      url: 'https://publisher.example/services/S1',
      email: 'lunch@example.org',
      status: 'active',
      attributes: [
        { taxonomy_term: { code: 'veg', name: 'Vegetarian', taxonomy: 'Meal types', language: 'en' } },
        { link_type: 'population', taxonomy_term: { name: 'Seniors 60+' } },
        { taxonomy_term: { name: 'Food pantry', taxonomy: 'Open Eligibility' } },
      ],
      languages: [{ code: 'es' }, { code: 'xx-unknown' }],
      cost_options: [{ option: 'Everyone', amount: 0, amount_description: 'Free' }],
      service_at_locations: [
        {
          id: 'SAL-1',
          location: {
            id: 'L1',
            name: 'North Hall',
            latitude: '37.5',
            longitude: -122.25,
            addresses: [
              {
                address_1: '1 Main St',
                address_2: 'Suite 2',
                city: 'Springfield',
                state_province: 'IL',
                postal_code: '62701',
                address_type: 'postal',
              },
            ],
            phones: [{ number: '(217) 555-0100', extension: 12 }, { number: '217-555-0199' }],
            accessibility: [{ description: 'Step-free entrance' }, { description: 'Ramp at the side door' }],
          },
          schedules: [
            { freq: 'WEEKLY', byday: 'MO,TU', opens_at: '11:30', closes_at: '13:00' },
            { valid_from: '2026-12-25' },
          ],
        },
        { id: 'SAL-2', location: { id: 'L2', name: 'South Hall', addresses: [{ address_1: '9 Elm St' }] } },
      ],
    },
    { id: 'S2', name: 'Gone', status: 'defunct' },
    { id: 'S3', name: 'Nowhere', status: 'active', service_at_locations: [] },
  ],
};

describe('convertSource: services as the importer’s rows (R642–R644)', () => {
  const { table, externalIds, unmapped } = convertSource(SOURCE, {
    publisherPages: ['https://publisher.example'],
  });

  it('makes a row per service at a location, named by the location when the service has several', () => {
    expect(table.rows.map((row) => row.cells.name)).toEqual(['North Hall', 'South Hall']);
    expect([...externalIds.values()]).toEqual(['sal-1', 'sal-2']);
  });

  it('fills the site’s cells from the location, its address, first phone, schedules and attributes', () => {
    expect(table.rows[0]!.cells).toMatchObject({
      address: '1 Main St, Suite 2, Springfield, IL 62701',
      phoneNumber: '(217) 555-0100',
      phoneExtension: '12',
      email: 'lunch@example.org',
      website: '',
      lat: '37.5',
      lng: '-122.25',
      hours: expect.stringContaining('11:30–13:00'),
      mealTypes: 'Vegetarian',
      mealTypesEs: 'Vegetariano',
      mealTypesZh: '素食',
      populations: 'Seniors 60+',
      languages: 'es',
      cost: 'free',
      stepFree: 'yes',
      accessNote: 'Ramp at the side door',
    });
  });

  it('lists what it could not map, by the standard’s names, with counts', () => {
    expect(unmapped).toEqual(
      expect.arrayContaining([
        { what: 'organization', count: 2 },
        { what: 'service.status=defunct', count: 1 },
        { what: 'service (without a location)', count: 1 },
        { what: 'service.description', count: 1 },
        { what: 'service.url', count: 2 },
        { what: 'schedule.valid_from', count: 1 },
        { what: 'attribute', count: 1 },
        { what: 'language', count: 1 },
        { what: 'phone', count: 1 },
      ]),
    );
  });
});
