import { describe, expect, it } from 'vitest';
import { byDistance, distanceMiles } from './geo.ts';

const cityHall = { lat: 37.7793, lng: -122.4193 };

describe('distanceMiles', () => {
  it('is zero from a point to itself and the same both ways', () => {
    expect(distanceMiles(cityHall, cityHall)).toBe(0);
    const ferry = { lat: 37.7955, lng: -122.3937 };
    expect(distanceMiles(cityHall, ferry)).toBeCloseTo(distanceMiles(ferry, cityHall), 10);
  });

  it('matches known distances: San Francisco to Los Angeles ~347 miles, one degree of latitude ~69 miles', () => {
    expect(distanceMiles(cityHall, { lat: 34.0522, lng: -118.2437 })).toBeCloseTo(347, -1);
    expect(distanceMiles({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(69.09, 1);
  });

  it('stays finite across the antimeridian and between antipodes', () => {
    expect(distanceMiles({ lat: 0, lng: 179.5 }, { lat: 0, lng: -179.5 })).toBeCloseTo(69.09, 1);
    expect(distanceMiles({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(Math.PI * 3958.8, 3);
  });
});

describe('byDistance', () => {
  const sites = [
    { name: 'far', lat: 37.8, lng: -122.27 },
    { name: 'unplaced', lat: null, lng: null },
    { name: 'near', lat: 37.78, lng: -122.42 },
    { name: 'half-placed', lat: 37.7, lng: null },
    { name: 'middle', lat: 37.76, lng: -122.45 },
  ];

  it('puts the nearest first and the sites without a position last, in their own order', () => {
    const ordered = byDistance(sites, cityHall);
    expect(ordered.map((entry) => entry.site.name)).toEqual([
      'near',
      'middle',
      'far',
      'unplaced',
      'half-placed',
    ]);
    expect(ordered[0]!.miles).toBeLessThan(0.1);
    expect(ordered[3]!.miles).toBeUndefined();
  });

  it('leaves the given array as it was', () => {
    const copy = [...sites];
    byDistance(sites, cityHall);
    expect(sites).toEqual(copy);
  });
});
