import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { MAX_PACKAGE_ENTRIES, readHsdsPackage } from './package.ts';

const csv = (rows: string[][]) => strToU8(rows.map((row) => row.join(',')).join('\r\n'));

describe('readHsdsPackage (R641)', () => {
  it('joins the tables by the standard’s names when there is no descriptor, ids in any case', () => {
    const data = readHsdsPackage(
      zipSync({
        'export/services.csv': csv([
          ['id', 'name', 'status'],
          ['S1', 'Hot Lunch', 'active'],
        ]),
        'export/locations.csv': csv([
          ['id', 'name', 'latitude', 'longitude'],
          ['L1', 'Hall', '37.5', '-122.5'],
        ]),
        'export/service_at_location.csv': csv([
          ['id', 'service_id', 'location_id'],
          ['SAL1', 's1', 'l1'],
        ]),
        'export/addresses.csv': csv([
          ['id', 'location_id', 'address_1', 'city', 'state_province', 'postal_code'],
          ['A1', 'L1', '1 Main St', 'Springfield', 'IL', '62701'],
        ]),
        'export/schedules.csv': csv([
          ['id', 'service_at_location_id', 'byday', 'opens_at', 'closes_at'],
          ['X1', 'SAL1', 'MO', '11:30', '13:00'],
        ]),
        'export/phones.csv': csv([
          ['id', 'location_id', 'service_id', 'number'],
          ['P1', 'L1', 'S1', '217-555-0100'],
          ['P2', '', 'S1', '217-555-0199'],
        ]),
      }),
    );
    expect(data.services).toHaveLength(1);
    const [service] = data.services;
    expect(service!.service_at_locations![0]!.location).toMatchObject({
      name: 'Hall',
      addresses: [{ address_1: '1 Main St' }],
      phones: [{ number: '217-555-0100' }],
    });
    expect(service!.service_at_locations![0]!.schedules).toEqual([
      expect.objectContaining({ byday: 'MO', opens_at: '11:30' }),
    ]);
    expect(service!.phones).toEqual([expect.objectContaining({ number: '217-555-0199' })]);
  });

  it('refuses a zip without services or locations, one with too many entries, and bytes that are no zip', () => {
    expect(() => readHsdsPackage(zipSync({ 'readme.csv': csv([['a'], ['b']]) }))).toThrow(/not_hsds/);
    const many = Object.fromEntries(
      Array.from({ length: MAX_PACKAGE_ENTRIES + 1 }, (_, i) => [`t${i}.csv`, strToU8('id\n1')]),
    );
    expect(() => readHsdsPackage(zipSync(many))).toThrow(/not_hsds/);
    expect(() => readHsdsPackage(strToU8('not a zip at all, just text'))).toThrow(/not_hsds/);
  });
});
