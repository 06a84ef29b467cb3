import { describe, expect, it } from 'vitest';
import { hasPosition, joinNames, namesWithBracketed, withPosition } from './site-display.ts';

const named = (...names: string[]) => names.map((name) => ({ name }));

describe('joinNames', () => {
  it.each([
    [[], ''],
    [['Seniors 60+'], 'Seniors 60+'],
    [['Seniors 60+', 'Adults with disabilities'], 'Seniors 60+ | Adults with disabilities'],
    [['A', 'B', 'C'], 'A | B | C'],
  ])('%j → %j', (names, expected) => {
    expect(joinNames(named(...names))).toBe(expected);
  });
});

describe('namesWithBracketed', () => {
  it.each([
    [[], [], ''],
    [['Seniors'], [], 'Seniors'],
    [['Seniors', 'Adults'], ['Takeout only'], 'Seniors | Adults (Takeout only)'],
    [['Lunch'], ['Delivery', 'Takeout'], 'Lunch (Delivery, Takeout)'],
    [[], ['Takeout only'], '(Takeout only)'],
  ])('%j with %j → %j', (main, bracketed, expected) => {
    expect(namesWithBracketed(named(...main), named(...bracketed))).toBe(expected);
  });
});

describe('hasPosition', () => {
  it.each([
    [{ lat: 37.7, lng: -122.4 }, true],
    [{ lat: 0, lng: 0 }, true],
    [{ lat: null, lng: -122.4 }, false],
    [{ lat: 37.7, lng: null }, false],
    [{ lat: null, lng: null }, false],
    [{}, false],
  ])('%j → %s', (site, expected) => {
    expect(hasPosition(site)).toBe(expected);
  });

  it('keeps only the sites with both coordinates', () => {
    const sites = [
      { id: 1, lat: 1, lng: 2 },
      { id: 2, lat: null, lng: 2 },
      { id: 3, lat: 3, lng: 4 },
    ];
    expect(withPosition(sites).map((s) => s.id)).toEqual([1, 3]);
  });
});
